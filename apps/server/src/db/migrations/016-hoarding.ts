import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What stops one client from holding large parts of the inventory (docs/security.md, "Hoarding or double-selling
 * stones"; decisions 007, 011, 015).
 *
 * stone_holds.client_56, client_48: digests of the holding client's IPv6 /56 and /48 (null for IPv4), beside
 * client_key (its address or /64): the builder's cap per client binds in each range, with the wider ranges' larger
 * allowances, so the 65,536 /64s of one /48 are not 65,536 clients. Holds taken before this have none; they end
 * within half an hour.
 *
 * custom_ring_images.client_key, client_56, client_48: the same digests for an upload, so each client has a share of
 * the store-wide room for waiting uploads (CUSTOM_RING_IMAGES.waitingPerClient) and one client's flood cannot pause
 * uploads for everyone. Uploads made before this have none; they are swept within a day.
 */
export function hoardingMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('stone_holds').addColumn('client_56', 'varchar(64)').execute();
      await db.schema.alterTable('stone_holds').addColumn('client_48', 'varchar(64)').execute();
      await db.schema.createIndex('stone_holds_client_56_idx').on('stone_holds').columns(['client_56', 'expires_at']).execute();
      await db.schema.createIndex('stone_holds_client_48_idx').on('stone_holds').columns(['client_48', 'expires_at']).execute();

      for (const column of ['client_key', 'client_56', 'client_48']) {
        await db.schema.alterTable('custom_ring_images').addColumn(column, 'varchar(64)').execute();
        await db.schema.createIndex(`custom_ring_images_${column}_idx`).on('custom_ring_images').columns([column, 'request_id']).execute();
      }
    },
  };
}
