import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { INVENTORY_VERSION_KEY } from './version.ts';

/**
 * Stock: the stones' status and the inventory version. The only place that changes `diamonds.status` once a stone
 * is in the store (the import and the seed write whole records, also here in inventory/). `db` may be a transaction.
 */
export function createStockRepository(db: Kysely<Database>) {
  return {
    /**
     * Takes one stone: the UPDATE re-checks `status = 'available'` itself, so of any number of concurrent
     * transactions exactly one changes the row (PostgreSQL re-reads the row after the winner commits; SQLite has
     * one writer at a time). True when this call took it.
     */
    async reserveDiamond(diamondId: number): Promise<boolean> {
      const result = await db.updateTable('diamonds').set({ status: 'reserved' }).where('id', '=', diamondId).where('status', '=', 'available').executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Reserved stones back on sale. */
    async releaseDiamonds(diamondIds: readonly number[]): Promise<void> {
      if (diamondIds.length === 0) return;
      await db.updateTable('diamonds').set({ status: 'available' }).where('id', 'in', [...diamondIds]).where('status', '=', 'reserved').execute();
    },

    /** Reserved stones sold for good. */
    async sellDiamonds(diamondIds: readonly number[]): Promise<void> {
      if (diamondIds.length === 0) return;
      await db.updateTable('diamonds').set({ status: 'sold' }).where('id', 'in', [...diamondIds]).where('status', '=', 'reserved').execute();
    },

    /** The stones of these ids that are not available now (sold, reserved or gone), by id. */
    async unavailableDiamonds(diamondIds: readonly number[]): Promise<number[]> {
      if (diamondIds.length === 0) return [];
      const rows = await db.selectFrom('diamonds').select('id').where('id', 'in', [...diamondIds]).where('status', '=', 'available').execute();
      const available = new Set(rows.map((r) => Number(r.id)));
      return diamondIds.filter((id) => !available.has(id));
    },

    async version(): Promise<string> {
      const row = await db.selectFrom('store_meta').select('value').where('key', '=', INVENTORY_VERSION_KEY).executeTakeFirst();
      return row?.value ?? '';
    },
  };
}
