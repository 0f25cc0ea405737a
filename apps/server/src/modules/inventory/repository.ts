import type { Kysely } from 'kysely';
import type { InventoryTables } from './tables.ts';
import { INVENTORY_VERSION_KEY } from './feed-repository.ts';

/** The largest id a stone's `integer` key can hold: a larger one names no stone (and PostgreSQL would refuse it). */
export const MAX_STONE_ID = 2_147_483_647;

/**
 * Stock: the stones' status and the inventory version. The only place that changes `diamonds.status` once a stone
 * is in the store (the import and the seed write whole records, also here in inventory/). `db` may be a transaction.
 */
export function createStockRepository(db: Kysely<InventoryTables>) {
  /** The stones of these ids that another account than `holderUserId` holds at `at` (any holder when null). */
  async function heldByOthers(diamondIds: readonly number[], holderUserId: number | null, at: string): Promise<number[]> {
    if (diamondIds.length === 0) return [];
    let query = db.selectFrom('stone_holds').select('diamond_id').where('diamond_id', 'in', [...diamondIds]).where('expires_at', '>', at);
    if (holderUserId !== null) query = query.where('user_id', '<>', holderUserId);
    return (await query.execute()).map((r) => Number(r.diamond_id));
  }

  return {
    /**
     * Takes one stone: the UPDATE re-checks `status = 'available'` itself, so of any number of concurrent
     * transactions exactly one changes the row (PostgreSQL re-reads the row after the winner commits; SQLite has
     * one writer at a time). A stone another account holds in the ring builder (a hold still running at `at`) is not
     * taken: `holderUserId`'s own hold does not stand in its way, and with no holder every running hold does.
     *
     * On PostgreSQL an UPDATE that waited for the row re-checks only the row itself, with the snapshot it started
     * with: a hold committed while it waited (the hold locks the stone's row too) would not be seen by the NOT EXISTS.
     * The second look, a new statement with a new snapshot, sees it, and the stone is given up (the caller's
     * transaction rolls back). True when this call took it.
     */
    async reserveDiamond(diamondId: number, holderUserId: number | null, at: string): Promise<boolean> {
      const result = await db
        .updateTable('diamonds')
        .set({ status: 'reserved' })
        .where('id', '=', diamondId)
        .where('status', '=', 'available')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('stone_holds')
                .select('stone_holds.diamond_id')
                .whereRef('stone_holds.diamond_id', '=', 'diamonds.id')
                .where('stone_holds.expires_at', '>', at)
                .$if(holderUserId !== null, (q) => q.where('stone_holds.user_id', '<>', holderUserId!)),
            ),
          ),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      if ((await heldByOthers([diamondId], holderUserId, at)).length > 0) return false;
      // The order's reservation takes the orderer's own hold over.
      if (holderUserId !== null) await db.deleteFrom('stone_holds').where('diamond_id', '=', diamondId).where('user_id', '=', holderUserId).execute();
      return true;
    },

    heldByOthers,

    /** Reserved stones back on sale. */
    async releaseDiamonds(diamondIds: readonly number[]): Promise<void> {
      if (diamondIds.length === 0) return;
      await db.updateTable('diamonds').set({ status: 'available' }).where('id', 'in', [...diamondIds]).where('status', '=', 'reserved').execute();
    },

    /** Sold stones back on sale (returned and inspected). */
    async resellDiamonds(diamondIds: readonly number[]): Promise<void> {
      if (diamondIds.length === 0) return;
      await db.updateTable('diamonds').set({ status: 'available' }).where('id', 'in', [...diamondIds]).where('status', '=', 'sold').execute();
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
