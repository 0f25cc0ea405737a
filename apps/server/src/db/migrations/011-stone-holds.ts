import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';
import { searchIndexes } from './001-catalog.ts';

/** The face measurements the ring builder's "fits this setting" reads, carried at the end of the shape-led index. */
const FIT_COLUMNS = ['measurement_w', 'measurement_l'];

/**
 * The ring builder's holds on a stone (inventory; docs/decisions/015-ring-builder.md, "Holding a stone").
 *
 * stone_holds: at most one hold per stone (its primary key is the stone), by one account, from one client (a digest of
 * the address as the rate limits count it: an IPv4 address, an IPv6 /64), until expires_at. A hold that has run out
 * is a row whose time has passed: every reader compares expires_at with the clock, so no sweeper is needed, and
 * writers delete such rows as they pass.
 *
 * stone_hold_log: one row per new hold (a renewal adds none), kept a day, for the cap on how often one account may
 * hold the same stone in a day.
 *
 * diamonds_filter_shape_idx (catalog) also carries the stones' length and width: the search's `setting` filter
 * (a stone's width within a head's window) is then tested inside the index that counts it, as every other filter
 * is (006), instead of reading each candidate's row: 30 ms → 8 ms for a count over 100,000 stones on SQLite.
 */
export function stoneHoldsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stone_holds')
        .addColumn('diamond_id', 'integer', (c) => c.primaryKey().references('diamonds.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('client_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stone_holds_user_idx').on('stone_holds').columns(['user_id']).execute();
      await db.schema.createIndex('stone_holds_client_idx').on('stone_holds').columns(['client_key', 'expires_at']).execute();
      await db.schema.createIndex('stone_holds_expires_idx').on('stone_holds').columns(['expires_at']).execute();

      await db.schema
        .createTable('stone_hold_log')
        .addColumn('id', 'integer', (c) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey()))
        .addColumn('diamond_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stone_hold_log_user_idx').on('stone_hold_log').columns(['user_id', 'diamond_id', 'created_at']).execute();
      await db.schema.createIndex('stone_hold_log_created_idx').on('stone_hold_log').columns(['created_at']).execute();

      const shapeLed = searchIndexes().find((i) => i.name === 'diamonds_filter_shape_idx')!;
      await db.schema.dropIndex(shapeLed.name).execute();
      await db.schema.createIndex(shapeLed.name).on('diamonds').columns([...shapeLed.columns, ...FIT_COLUMNS]).execute();
    },
  };
}
