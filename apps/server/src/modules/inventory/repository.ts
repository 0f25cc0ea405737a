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

    /**
     * Takes `quantity` units of a stocked variant: the UPDATE re-checks that enough remain, so concurrent orders can
     * never take more than the shelf holds. True when taken; false when fewer remain (or the variant is not stocked).
     */
    async takeVariant(variantId: number, quantity: number, at: string): Promise<boolean> {
      const result = await db
        .updateTable('variant_stock')
        .set((eb) => ({ quantity: eb('quantity', '-', quantity), updated_at: at }))
        .where('variant_id', '=', variantId)
        .where('quantity', '>=', quantity)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Units back on the shelf (an order cancelled, a hold run out). */
    async returnVariant(variantId: number, quantity: number, at: string): Promise<void> {
      await db
        .updateTable('variant_stock')
        .set((eb) => ({ quantity: eb('quantity', '+', quantity), updated_at: at }))
        .where('variant_id', '=', variantId)
        .execute();
    },

    /** Units on the shelf, by variant; a variant without a row is not stocked (made to order). */
    async variantStock(variantIds?: readonly number[]): Promise<Map<number, number>> {
      let query = db.selectFrom('variant_stock').select(['variant_id', 'quantity']);
      if (variantIds) {
        if (variantIds.length === 0) return new Map();
        query = query.where('variant_id', 'in', [...variantIds]);
      }
      const rows = await query.execute();
      return new Map(rows.map((r) => [Number(r.variant_id), Number(r.quantity)]));
    },

    /** Sets the units on the shelf of each variant (the seed, a stock import); held units are in orders, untouched. */
    async setVariantStock(rows: readonly { variantId: number; quantity: number }[], at: string): Promise<void> {
      for (const row of rows) {
        await db
          .insertInto('variant_stock')
          .values({ variant_id: row.variantId, quantity: row.quantity, updated_at: at })
          .onConflict((oc) => oc.column('variant_id').doUpdateSet({ quantity: row.quantity, updated_at: at }))
          .execute();
      }
    },

    async version(): Promise<string> {
      const row = await db.selectFrom('store_meta').select('value').where('key', '=', INVENTORY_VERSION_KEY).executeTakeFirst();
      return row?.value ?? '';
    },
  };
}
