/**
 * The inventory version: a token in store_meta that changes with every change to the stones (seed, import,
 * reservation, sale). Readers that keep derived figures, like search totals, compare it to know whether
 * their figures still hold; it is a token rather than a counter so writers never read-modify-write it.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const INVENTORY_VERSION_KEY = 'inventory_version';

/** Call inside the transaction that changes the stones, so the new version commits with them. */
export async function bumpInventoryVersion(trx: Kysely<Database> | Transaction<Database>): Promise<void> {
  const value = randomUUID();
  await trx
    .insertInto('store_meta')
    .values({ key: INVENTORY_VERSION_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
