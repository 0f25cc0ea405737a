import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The free gift (docs/decisions/026-free-gifts.md).
 *
 * orders.gift: the gift the order's subtotal reached (necklace, bracelet, earrings), null below the first tier;
 * orders.gift_outcome: given, out_of_stock or already_received (null with no gift reached). orders.gift_holder_id:
 * the account whose one gift this order carries, while it carries it (cleared when the order is cancelled or
 * expires, or the gift is returned). A unique index on it is the rule "one gift per customer": two orders of one
 * account placed at once cannot both hold the gift. order_items.gift: the line that is the gift, a $0 product line.
 */
export function freeGiftsMigration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('gift', 'varchar(16)').execute();
      await db.schema.alterTable('orders').addColumn('gift_outcome', 'varchar(20)').execute();
      await db.schema.alterTable('orders').addColumn('gift_holder_id', 'integer').execute();
      await sql`create unique index orders_one_gift_per_account on orders (gift_holder_id) where gift_holder_id is not null`.execute(db);
      await db.schema.alterTable('order_items').addColumn('gift', 'varchar(16)').execute();
    },
  };
}
