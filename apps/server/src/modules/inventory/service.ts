import type { Handle } from '../../db/tables.ts';
import { createStockRepository } from './repository.ts';
import { inventoryTables } from './tables.ts';
import { bumpInventoryVersion } from './feed-repository.ts';

/**
 * What a line takes from stock: a loose diamond (one of a kind: reserved, released, sold), or units of a stocked
 * product variant (taken from the shelf, given back when an order is cancelled). Made-to-order variants take no
 * stock. `label` names the unit to the shopper when it is gone (a certificate number, a product's name).
 */
export type StockUnit =
  | { kind: 'diamond'; diamondId: number; label: string }
  | { kind: 'variant'; variantId: number; quantity: number; label: string };

/** Some units could not be taken: another order has (or had) them. Nothing was taken. */
export class StockUnavailableError extends Error {
  readonly units: StockUnit[];
  constructor(units: StockUnit[]) {
    super(`Not available: ${units.map((u) => u.label).join(', ')}`);
    this.name = 'StockUnavailableError';
    this.units = units;
  }
}

const diamondIdsOf = (units: readonly StockUnit[]) => units.flatMap((u) => (u.kind === 'diamond' ? [u.diamondId] : []));
const variantsOf = (units: readonly StockUnit[]) => units.flatMap((u) => (u.kind === 'variant' ? [u] : []));
/** A fixed order for taking units (diamonds by id, then variants by id): concurrent orders lock rows alike. */
const orderKey = (u: StockUnit) => (u.kind === 'diamond' ? u.diamondId : 2 ** 40 + u.variantId);

/**
 * The inventory's stock: every change to what is on sale goes through here, inside the caller's transaction, and
 * moves the inventory version with it, so the search's caches on every instance know at once
 * (docs/decisions/006-search-indexes-and-caches.md, 008-reserving-stones.md).
 */
export function createInventoryService(deps: { db: Handle; now?: () => Date }) {
  const db = inventoryTables(deps.db);
  const now = deps.now ?? (() => new Date());
  /** The stock through a handle another module holds (its transaction), opened as the inventory's tables. */
  const stockOf = (trx: Handle) => createStockRepository(inventoryTables(trx));
  return {
    /**
     * Takes `units` for an order, inside `trx`, or throws StockUnavailableError naming every unit it could not take
     * (the caller's transaction then rolls back whatever was taken). Ascending ids: two orders sharing stones lock
     * them in the same order on PostgreSQL, so neither waits on the other in a cycle. The caller ends its
     * transaction with `changed(trx)`: the version row every order writes is then locked only for the moment before
     * commit, not for the whole order.
     */
    async reserve(trx: Handle, units: readonly StockUnit[], holderUserId: number | null = null): Promise<void> {
      // `holderUserId`: the account ordering. A stone another account holds in the ring builder is not taken (it is
      // named with the lost units, as a taken stone is); the orderer's own hold on it becomes this reservation (holds.ts).
      const stock = stockOf(trx);
      const lost: StockUnit[] = [];
      const at = now().toISOString();
      for (const unit of [...units].sort((a, b) => orderKey(a) - orderKey(b))) {
        const taken =
          unit.kind === 'diamond' ? await stock.reserveDiamond(unit.diamondId, holderUserId, at) : await stock.takeVariant(unit.variantId, unit.quantity, at);
        if (!taken) lost.push(unit);
      }
      if (lost.length > 0) throw new StockUnavailableError(units.filter((u) => lost.includes(u)));
    },

    /** Moves the inventory version, inside the transaction that changed the stones (last, after `reserve`). */
    changed: (trx: Handle) => bumpInventoryVersion(inventoryTables(trx)),

    /** Reserved units back on sale (an order cancelled, a hold run out). */
    async release(trx: Handle, units: readonly StockUnit[]): Promise<void> {
      if (units.length === 0) return;
      const stock = stockOf(trx);
      await stock.releaseDiamonds(diamondIdsOf(units));
      const at = now().toISOString();
      for (const unit of variantsOf(units)) await stock.returnVariant(unit.variantId, unit.quantity, at);
      await bumpInventoryVersion(inventoryTables(trx));
    },

    /** Reserved units sold for good (an order delivered); a variant's units already left the shelf when taken. */
    async sell(trx: Handle, units: readonly StockUnit[]): Promise<void> {
      if (units.length === 0) return;
      await stockOf(trx).sellDiamonds(diamondIdsOf(units));
      await bumpInventoryVersion(inventoryTables(trx));
    },

    /** Units a return brought back, inspected: its stones on sale again (sold → available), a stocked piece's units back on the shelf. */
    async restock(trx: Handle, units: readonly StockUnit[]): Promise<void> {
      if (units.length === 0) return;
      const stock = stockOf(trx);
      await stock.resellDiamonds(diamondIdsOf(units));
      const at = now().toISOString();
      for (const unit of variantsOf(units)) await stock.returnVariant(unit.variantId, unit.quantity, at);
      await bumpInventoryVersion(inventoryTables(trx));
    },

    /**
     * The units of `units` that are not on sale now (a look before a payment is taken; reserve decides). Given the
     * account ordering (`holderUserId`, null for none), a stone another account holds in the ring builder counts as
     * not on sale too, as `reserve` would find it; left out, holds are not looked at.
     */
    async unavailable(units: readonly StockUnit[], holderUserId?: number | null): Promise<StockUnit[]> {
      const stock = createStockRepository(db);
      const ids = diamondIdsOf(units);
      const gone = new Set(await stock.unavailableDiamonds(ids));
      if (holderUserId !== undefined) for (const id of await stock.heldByOthers(ids, holderUserId, now().toISOString())) gone.add(id);
      const variants = variantsOf(units);
      const shelf = await stock.variantStock(variants.map((u) => u.variantId));
      return units.filter((u) => (u.kind === 'diamond' ? gone.has(u.diamondId) : (shelf.get(u.variantId) ?? 0) < u.quantity));
    },

    /**
     * Units on the shelf by variant (all stocked variants, or those of `variantIds`); made-to-order ones are absent.
     * Read through `trx` when the caller is about to change them in it.
     */
    variantStock: (variantIds?: readonly number[], trx: Handle = db) => stockOf(trx).variantStock(variantIds),

    /** Sets the shelf's units of each variant (the catalog's seed and stock import), inside `trx`; moves the version. */
    async setVariantStock(trx: Handle, rows: readonly { variantId: number; quantity: number }[]): Promise<void> {
      await stockOf(trx).setVariantStock(rows, now().toISOString());
      await bumpInventoryVersion(inventoryTables(trx));
    },

    /** The token that changes with every change to the stones: readers' caches compare it. */
    version: () => createStockRepository(db).version(),
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
