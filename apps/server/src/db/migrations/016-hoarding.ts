import { sql, type Kysely } from 'kysely';
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
 * users.email_verified_at: when the account's address was proven by a link emailed to it (the verification link, a
 * password reset, a staff invitation). An account holds no stone in the ring builder until then, and its unpaid
 * orders count toward the store-wide ceiling until it is verified and has a paid order.
 *
 * password_resets becomes email_links, with a purpose: 'password' (a reset link) or 'verify_email'. Both are the same
 * thing, a 256-bit token emailed to the account's address, kept as its SHA-256, used once within its time; one table
 * and one set of statements serve both, and a link of one purpose never works as the other.
 *
 * Accounts made before this: those with a paid order are taken as verified. Verification exists so that accounts
 * cost something to make; an account that paid real money has, and its owner is a customer the store has dealt
 * with, who should not be stopped in the builder by a link they were never sent. Every other account verifies on
 * its first need (the builder and the profile send the link). Staff who joined by their invitation's link proved
 * their address with it.
 *
 * orders.untrusted: 1 for an order placed unpaid by an account without a verified email and a paid order. What such
 * orders hold counts toward the store-wide ceiling (UNPAID_HOLD_CEILING, decision 011), taken with the order's own
 * transaction; the flag is fixed when the order is placed, so the count needs no other module's tables. Open unpaid
 * orders placed before this are flagged the same way from their accounts as they stand after the backfill above.
 *
 * custom_ring_images.client_key, client_56, client_48: the same digests for an upload, so each client has a share of
 * the store-wide room for waiting uploads (CUSTOM_RING_IMAGES.waitingPerClient) and one client's flood cannot pause
 * uploads for everyone. Uploads made before this have none; they are swept within a day.
 */
export function hoardingMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('email_verified_at', 'varchar(30)').execute();
      await db.schema.alterTable('password_resets').renameTo('email_links').execute();
      await db.schema.alterTable('email_links').addColumn('purpose', 'varchar(20)', (c) => c.notNull().defaultTo('password')).execute();
      const at = new Date().toISOString();
      await db
        .updateTable('users')
        .set({ email_verified_at: at })
        .where((eb) =>
          eb.or([
            eb.exists(eb.selectFrom('orders').select(sql.lit(1).as('one')).whereRef('orders.user_id', '=', 'users.id').where('orders.payment_status', '=', 'paid')),
            eb.exists(eb.selectFrom('staff_invitations').select(sql.lit(1).as('one')).whereRef('staff_invitations.user_id', '=', 'users.id').where('staff_invitations.accepted_at', 'is not', null)),
          ]),
        )
        .execute();

      await db.schema.alterTable('orders').addColumn('untrusted', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db
        .updateTable('orders')
        .set({ untrusted: 1 })
        .where('order_status', '=', 'pending')
        .where('payment_status', '=', 'pending')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('users')
                .select(sql.lit(1).as('one'))
                .whereRef('users.id', '=', 'orders.user_id')
                .where('users.email_verified_at', 'is not', null)
                .where((inner) => inner.exists(inner.selectFrom('orders as paid').select(sql.lit(1).as('one')).whereRef('paid.user_id', '=', 'users.id').where('paid.payment_status', '=', 'paid'))),
            ),
          ),
        )
        .execute();
      // The ceiling's count reads the open orders of untrusted accounts only.
      await db.schema.createIndex('orders_untrusted_idx').on('orders').columns(['untrusted', 'order_status', 'hold_expires_at']).execute();

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
