/**
 * The inventory version: a token in store_meta that changes with every change to the stones (seed, import,
 * reservation, sale). Readers that keep derived figures, like search totals, compare it to know whether
 * their figures still hold; it is a token rather than a counter so writers never read-modify-write it.
 */
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Handle } from '../../db/tables.ts';
import { inventoryTables, type InventoryTables } from './tables.ts';

export const INVENTORY_VERSION_KEY = 'inventory_version';

/** Changes kept in the feed: a reader further behind than this rereads every stone. */
export const STONE_CHANGES_KEPT = 200_000;

/**
 * Call inside the transaction that changes the stones, last, so the new version commits with them. Writing the
 * version row locks it until commit (PostgreSQL), so the changes this transaction's triggers logged get their places
 * in the feed (`seq`, after every committed one) in commit order (migration 012); old changes are dropped.
 */
export async function bumpInventoryVersion(trx: Kysely<InventoryTables>): Promise<void> {
  const value = randomUUID();
  await trx
    .insertInto('store_meta')
    .values({ key: INVENTORY_VERSION_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  await sql`
    update stone_changes
    set seq = (select coalesce(max(seq), 0) from stone_changes) + id - (select min(id) from stone_changes where seq is null) + 1
    where seq is null`.execute(trx);
  await sql`delete from stone_changes where seq < (select max(seq) from stone_changes) - ${STONE_CHANGES_KEPT}`.execute(trx);
}

/** One change of the feed: a stone's id, or null for "every stone may have changed". */
export interface StoneChange {
  seq: number;
  diamondId: number | null;
}

/** Every search asks for the feed's last place: the query is built once. */
const LATEST_CHANGE = CompiledQuery.raw('select max("seq") as "seq" from "stone_changes"', []);

/** The feed's last place (0 when empty). */
export async function latestStoneChange(handle: Handle): Promise<number> {
  const { rows } = await inventoryTables(handle).executeQuery<{ seq: number | null }>(LATEST_CHANGE);
  return Number(rows[0]?.seq ?? 0);
}

/**
 * Up to `limit` changes after `after`, in order; `complete` is false when changes after `after` were already dropped
 * (the reader must reread every stone).
 */
export async function stoneChangesSince(handle: Handle, after: number, limit: number): Promise<{ changes: StoneChange[]; complete: boolean }> {
  const db = inventoryTables(handle);
  const [rows, oldest] = await Promise.all([
    db.selectFrom('stone_changes').select(['seq', 'diamond_id']).where('seq', '>', after).orderBy('seq').limit(limit).execute(),
    db.selectFrom('stone_changes').select((eb) => eb.fn.min('seq').as('seq')).where('seq', 'is not', null).executeTakeFirst(),
  ]);
  const first = Number(oldest?.seq ?? 0);
  return {
    changes: rows.map((r) => ({ seq: Number(r.seq), diamondId: r.diamond_id === null ? null : Number(r.diamond_id) })),
    complete: first === 0 || first <= after + 1,
  };
}
