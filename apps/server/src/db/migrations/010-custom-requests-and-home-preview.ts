import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';

/**
 * Two requests a shopper sends without buying.
 *
 * custom_ring_requests (custom-requests): a custom design to reply to within one business day (§1), with the day
 * promised. custom_ring_images (custom-requests): the reference pictures, uploaded one by one before the request
 * (each body is capped at 64 KB) and claimed by it; the bytes live here, are mailed to the store as attachments and
 * are never served. An upload no request claims is deleted after a day by the module's sweep.
 *
 * home_preview_requests and home_preview_rings (home-preview): replicas of one or two settings (§9), the deposit
 * the team takes by phone, the US address.
 *
 * mail_outbox.attachments (mail): files sent with a message (JSON, base64), dropped once it is sent.
 */
export function customRequestsAndHomePreviewMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      const id = (c: any) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());

      await db.schema
        .createTable('custom_ring_requests')
        .addColumn('id', 'integer', id)
        .addColumn('request_number', 'varchar(20)', (c) => c.notNull().unique())
        .addColumn('style', 'varchar(24)', (c) => c.notNull())
        .addColumn('budget', 'varchar(24)', (c) => c.notNull())
        .addColumn('center_shape', 'varchar(16)', (c) => c.notNull())
        .addColumn('center_origin', 'varchar(16)', (c) => c.notNull())
        .addColumn('center_carat', 'double precision')
        .addColumn('metal', 'varchar(16)', (c) => c.notNull())
        .addColumn('ring_size', 'varchar(8)', (c) => c.notNull())
        .addColumn('note', 'varchar(2000)')
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('phone', 'varchar(30)')
        // The store's calendar day promised for the reply (YYYY-MM-DD).
        .addColumn('reply_by', 'varchar(10)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('custom_ring_images')
        .addColumn('id', 'integer', id)
        .addColumn('token', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('content_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('bytes', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('byte_size', 'integer', (c) => c.notNull())
        .addColumn('request_id', 'integer', (c) => c.references('custom_ring_requests.id').onDelete('cascade'))
        .addColumn('position', 'integer')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('custom_ring_images_request_idx').on('custom_ring_images').columns(['request_id', 'position']).execute();
      await db.schema.createIndex('custom_ring_images_created_idx').on('custom_ring_images').columns(['created_at']).execute();

      await db.schema
        .createTable('home_preview_requests')
        .addColumn('id', 'integer', id)
        .addColumn('number', 'varchar(20)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('requested'))
        .addColumn('deposit_cents', 'integer', (c) => c.notNull())
        .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('street', 'varchar(200)', (c) => c.notNull())
        .addColumn('apartment', 'varchar(100)')
        .addColumn('city', 'varchar(100)', (c) => c.notNull())
        .addColumn('state', 'varchar(100)', (c) => c.notNull())
        .addColumn('zip', 'varchar(20)', (c) => c.notNull())
        .addColumn('country', 'varchar(32)', (c) => c.notNull())
        .addColumn('phone_number', 'varchar(30)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('cancelled_at', 'varchar(30)')
        .execute();
      await db.schema.createIndex('home_preview_requests_user_idx').on('home_preview_requests').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('home_preview_rings')
        .addColumn('id', 'integer', id)
        .addColumn('request_id', 'integer', (c) => c.notNull().references('home_preview_requests.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('variant_id', 'integer', (c) => c.notNull())
        .addColumn('sku', 'varchar(64)', (c) => c.notNull())
        .addColumn('product_slug', 'varchar(120)', (c) => c.notNull())
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('metal', 'varchar(16)', (c) => c.notNull())
        .addColumn('shape', 'varchar(16)')
        .addColumn('ring_size', 'varchar(8)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('home_preview_rings_request_idx').on('home_preview_rings').columns(['request_id', 'position']).execute();

      await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();
    },
  };
}
