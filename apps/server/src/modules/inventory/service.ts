import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createStockRepository } from './repository.ts';
import { bumpInventoryVersion } from './version.ts';

/**
 * What a line takes from stock. A loose diamond today (one of a kind: reserved, released, sold); a product variant
 * counted in units joins it with the catalog. `label` names the unit to the shopper when it is gone (a diamond's
 * certificate number).
 */
export type StockUnit = { kind: 'diamond'; diamondId: number; label: string };

/** Some units could not be taken: another order has (or had) them. Nothing was taken. */
export class StockUnavailableError extends Error {
  readonly units: StockUnit[];
  constructor(units: StockUnit[]) {
    super(`Not available: ${units.map((u) => u.label).join(', ')}`);
    this.name = 'StockUnavailableError';
    this.units = units;
  }
}

const diamondIdsOf = (units: readonly StockUnit[]) => units.filter((u) => u.kind === 'diamond').map((u) => u.diamondId);

/**
 * The inventory's stock: every change to what is on sale goes through here, inside the caller's transaction, and
 * moves the inventory version with it, so the search's caches on every instance know at once
 * (docs/decisions/006-search-indexes-and-caches.md, 008-reserving-stones.md).
 */
export function createInventoryService({ db }: { db: Kysely<Database> }) {
  return {
    /**
     * Takes `units` for an order, inside `trx`, or throws StockUnavailableError naming every unit it could not take
     * (the caller's transaction then rolls back whatever was taken). Ascending ids: two orders sharing stones lock
     * them in the same order on PostgreSQL, so neither waits on the other in a cycle. The caller ends its
     * transaction with `changed(trx)`: the version row every order writes is then locked only for the moment before
     * commit, not for the whole order.
     */
    async reserve(trx: Kysely<Database>, units: readonly StockUnit[]): Promise<void> {
      const stock = createStockRepository(trx);
      const lost: StockUnit[] = [];
      for (const unit of [...units].sort((a, b) => a.diamondId - b.diamondId)) {
        if (!(await stock.reserveDiamond(unit.diamondId))) lost.push(unit);
      }
      if (lost.length > 0) throw new StockUnavailableError(units.filter((u) => lost.includes(u)));
    },

    /** Moves the inventory version, inside the transaction that changed the stones (last, after `reserve`). */
    changed: (trx: Kysely<Database>) => bumpInventoryVersion(trx),

    /** Reserved units back on sale (an order cancelled, a hold run out). */
    async release(trx: Kysely<Database>, units: readonly StockUnit[]): Promise<void> {
      if (units.length === 0) return;
      await createStockRepository(trx).releaseDiamonds(diamondIdsOf(units));
      await bumpInventoryVersion(trx);
    },

    /** Reserved units sold for good (an order delivered). */
    async sell(trx: Kysely<Database>, units: readonly StockUnit[]): Promise<void> {
      if (units.length === 0) return;
      await createStockRepository(trx).sellDiamonds(diamondIdsOf(units));
      await bumpInventoryVersion(trx);
    },

    /** The units of `units` that are not on sale now (a look before a payment is taken; reserve decides). */
    async unavailable(units: readonly StockUnit[]): Promise<StockUnit[]> {
      const gone = new Set(await createStockRepository(db).unavailableDiamonds(diamondIdsOf(units)));
      return units.filter((u) => gone.has(u.diamondId));
    },

    /** The token that changes with every change to the stones: readers' caches compare it. */
    version: () => createStockRepository(db).version(),
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
