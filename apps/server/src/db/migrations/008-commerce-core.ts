import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';

/**
 * The commerce core (docs/decisions/013-line-items-and-checkout.md).
 *
 * users.role: customer (every account so far), staff or owner, for the back office to come.
 *
 * order_items become order lines: a `kind` (a loose diamond today; a product variant or a ring later), a quantity,
 * and a parent line for the parts of a ring. A line that is not a diamond has no diamond, certificate, diamond type
 * or carat, so those columns take null. PostgreSQL alters the columns in place; SQLite cannot drop NOT NULL or a
 * foreign key's column, so there the table is rebuilt (nothing references order_items, so it can be dropped), its
 * rows copied with their ids, and its indexes made again, the one-holder index of 004 included.
 */
export function commerceCoreMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('customer').check(sql`role in ('customer', 'staff', 'owner')`))
        .execute();

      if (engine === 'postgres') {
        for (const column of ['diamond_id', 'certificate_number', 'type', 'carat']) {
          await sql`alter table order_items alter column ${sql.ref(column)} drop not null`.execute(db);
        }
        await db.schema.alterTable('order_items').addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('diamond')).execute();
        await db.schema.alterTable('order_items').addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1).check(sql`quantity >= 1`)).execute();
        await db.schema.alterTable('order_items').addColumn('parent_line_id', 'integer', (c) => c.references('order_items.id').onDelete('cascade')).execute();
        // A diamond line names its diamond.
        await sql`alter table order_items add constraint order_items_diamond_line check (kind <> 'diamond' or diamond_id is not null)`.execute(db);
        return;
      }

      await db.schema.dropIndex('order_items_one_holder_idx').execute();
      await db.schema.dropIndex('order_items_order_idx').execute();
      await sql`alter table order_items rename to order_items_before_lines`.execute(db);
      await db.schema
        .createTable('order_items')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('diamond'))
        .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1).check(sql`quantity >= 1`))
        .addColumn('parent_line_id', 'integer', (c) => c.references('order_items.id').onDelete('cascade'))
        .addColumn('diamond_id', 'integer', (c) => c.references('diamonds.id'))
        .addColumn('certificate_number', 'varchar(64)')
        .addColumn('description', 'varchar(200)', (c) => c.notNull())
        .addColumn('type', 'smallint')
        .addColumn('carat', 'double precision')
        .addColumn('price_cents', 'bigint', (c) => c.notNull().check(sql`price_cents >= 0`))
        .addColumn('released_at', 'varchar(30)')
        .addCheckConstraint('order_items_diamond_line', sql`kind <> 'diamond' or diamond_id is not null`)
        .execute();
      await sql`
        insert into order_items (id, order_id, kind, quantity, diamond_id, certificate_number, description, type, carat, price_cents, released_at)
        select id, order_id, 'diamond', 1, diamond_id, certificate_number, description, type, carat, price_cents, released_at
        from order_items_before_lines
      `.execute(db);
      await db.schema.dropTable('order_items_before_lines').execute();
      await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();
      await db.schema
        .createIndex('order_items_one_holder_idx')
        .on('order_items')
        .column('diamond_id')
        .unique()
        .where(sql.ref('released_at'), 'is', null)
        .execute();
    },
  };
}
