import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { GENDERS, METAL_IDS, PRODUCT_FAMILIES } from '@everstone/contract';
import type { Engine } from '../database.ts';

const quoted = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/**
 * The jewelry catalog (docs/decisions/014-jewelry-catalog.md).
 *
 * products: a piece as the shopper meets it (a setting, a preset ring, a band, earrings…), with the design it is
 * drawn from. product_variants: what changes the product, and so its price and its picture: metal × head shape ×
 * total carat weight × band width × lab or natural. Ring size and engraving are the order line's, never a variant's. Each
 * variant keeps its price itemized in cents (metal, stones, center stone, craftsmanship, offer) as the price model
 * made it, so the page, the cart and the order all show the same figures.
 *
 * variant_stock (the inventory's): how many of a stocked variant are on the shelf. A made-to-order variant has no
 * row. An order takes units by decrementing the quantity where enough remain, in its transaction, so two shoppers
 * can never both buy the last one.
 *
 * order_items gain the product line's columns: the variant, its SKU and what the shopper chose for the line.
 */
export function productsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      const id = (c: any) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());

      await db.schema
        .createTable('products')
        .addColumn('id', 'integer', id)
        .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
        .addColumn('family', 'varchar(16)', (c) => c.notNull().check(sql`family in (${quoted(PRODUCT_FAMILIES)})`))
        .addColumn('style', 'varchar(24)', (c) => c.notNull())
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('description', 'varchar(2000)', (c) => c.notNull())
        .addColumn('collection', 'varchar(32)')
        .addColumn('gender', 'varchar(8)', (c) => c.notNull().defaultTo('unisex').check(sql`gender in (${quoted(GENDERS)})`))
        .addColumn('gem', 'varchar(24)')
        .addColumn('design_json', 'text', (c) => c.notNull())
        .addColumn('engravable', 'integer', (c) => c.notNull().defaultTo(0).check(sql`engravable in (0, 1)`))
        .addColumn('resizable', 'integer', (c) => c.notNull().defaultTo(1).check(sql`resizable in (0, 1)`))
        .addColumn('offer_percent', 'integer', (c) => c.notNull().defaultTo(0).check(sql`offer_percent between 0 and 50`))
        // Best-selling rank: higher sells more.
        .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1).check(sql`published in (0, 1)`))
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('products_family_idx').on('products').columns(['family', 'published']).execute();

      await db.schema
        .createTable('product_variants')
        .addColumn('id', 'integer', id)
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('sku', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('metal', 'varchar(16)', (c) => c.notNull().check(sql`metal in (${quoted(METAL_IDS)})`))
        .addColumn('shape', 'varchar(16)')
        .addColumn('carat_total', 'double precision')
        // A band's width, where the piece comes in several.
        .addColumn('width_mm', 'double precision')
        .addColumn('origin', 'varchar(8)', (c) => c.check(sql`origin in ('lab', 'natural')`))
        .addColumn('price_cents', 'bigint', (c) => c.notNull().check(sql`price_cents > 0`))
        .addColumn('metal_cents', 'bigint', (c) => c.notNull())
        .addColumn('stones_cents', 'bigint', (c) => c.notNull())
        .addColumn('center_cents', 'bigint', (c) => c.notNull())
        .addColumn('labor_cents', 'bigint', (c) => c.notNull())
        .addColumn('offer_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('metal_grams', 'double precision', (c) => c.notNull())
        // Business days from the order to the workshop's door: made-to-order pieces, or handling for stocked ones.
        .addColumn('lead_days', 'integer', (c) => c.notNull().check(sql`lead_days >= 0`))
        .addColumn('stocked', 'integer', (c) => c.notNull().defaultTo(0).check(sql`stocked in (0, 1)`))
        .addColumn('design_json', 'text', (c) => c.notNull())
        .addColumn('included_stone_json', 'text')
        .addColumn('discontinued', 'integer', (c) => c.notNull().defaultTo(0).check(sql`discontinued in (0, 1)`))
        .addCheckConstraint(
          'product_variants_itemized',
          sql`price_cents = metal_cents + stones_cents + center_cents + labor_cents + offer_cents`,
        )
        .execute();
      await db.schema.createIndex('product_variants_product_idx').on('product_variants').columns(['product_id', 'id']).execute();

      await db.schema
        .createTable('variant_stock')
        .addColumn('variant_id', 'integer', (c) => c.primaryKey().references('product_variants.id').onDelete('cascade'))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('order_items').addColumn('variant_id', 'integer').execute();
      await db.schema.alterTable('order_items').addColumn('sku', 'varchar(64)').execute();
      await db.schema.alterTable('order_items').addColumn('product_slug', 'varchar(120)').execute();
      await db.schema.alterTable('order_items').addColumn('metal', 'varchar(16)').execute();
      await db.schema.alterTable('order_items').addColumn('ring_size', 'varchar(8)').execute();
      await db.schema.alterTable('order_items').addColumn('engraving', 'varchar(64)').execute();
      // 1 when the line took units from variant_stock (given back if the order is cancelled); 0 when made to order.
      await db.schema.alterTable('order_items').addColumn('from_stock', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('order_items').addColumn('lead_days', 'integer').execute();
      await db.schema.alterTable('order_items').addColumn('details_json', 'text').execute();
    },
  };
}
