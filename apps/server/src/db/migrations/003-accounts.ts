import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { DELIVERY_COUNTRIES, TITLES } from '@everstone/contract';
import type { Engine } from '../database.ts';

const quoted = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/**
 * Accounts: users, their sign-in tokens and password reset tokens (both kept only as SHA-256 hashes), saved
 * addresses, and the rate-limit counters used when no Redis is configured. Timestamps are ISO 8601 UTC text, as
 * in 002; calendar dates (birth, anniversary) are YYYY-MM-DD text.
 */
export function accountsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      const id = (c: any) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());

      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', id)
        // Lower-cased by the service, so the unique constraint is case-insensitive on both engines.
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('title', 'varchar(8)', (c) => c.notNull().check(sql`title in (${quoted(TITLES)})`))
        .addColumn('birth_date', 'varchar(10)')
        .addColumn('anniversary_date', 'varchar(10)')
        // scrypt$N$r$p$salt$hash: the parameters travel with the hash, so they can be raised later.
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('auth_tokens')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // SHA-256 (hex) of the token: a stolen copy of the table signs nobody in.
        .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auth_tokens_user_idx').on('auth_tokens').column('user_id').execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(30)')
        .execute();
      await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

      await db.schema
        .createTable('addresses')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('company', 'varchar(100)')
        .addColumn('country', 'varchar(32)', (c) => c.notNull().check(sql`country in (${quoted(DELIVERY_COUNTRIES)})`))
        .addColumn('street', 'varchar(200)', (c) => c.notNull())
        .addColumn('apartment', 'varchar(100)')
        .addColumn('city', 'varchar(100)', (c) => c.notNull())
        .addColumn('state', 'varchar(100)')
        .addColumn('zip', 'varchar(20)', (c) => c.notNull())
        .addColumn('phone_number', 'varchar(30)', (c) => c.notNull())
        .addColumn('is_get_offer', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_get_offer in (0, 1)`))
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0).check(sql`is_default in (0, 1)`))
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('addresses_user_idx').on('addresses').column('user_id').execute();
      // At most one default per user, kept by the database whatever the order of concurrent requests.
      await db.schema
        .createIndex('addresses_one_default_idx')
        .on('addresses')
        .column('user_id')
        .unique()
        .where(sql.ref('is_default'), '=', 1)
        .execute();

      // Fixed-window counters of the rate limits when REDIS_URL is unset (docs/decisions/007-rate-limits.md).
      await db.schema
        .createTable('rate_limits')
        // bucket:hash of the client or address; never the address itself.
        .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute();

      // A reset link must not outlive its use in the outbox: flagged messages lose their bodies once sent.
      await db.schema
        .alterTable('mail_outbox')
        .addColumn('scrub_after_send', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
