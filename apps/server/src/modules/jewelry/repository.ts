import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { METAL_IDS, type AdminProductListParams, type MetalId } from '@everstone/contract';
import { escapeLike } from '../../lib/like.ts';
import type { NewProduct, NewProductVariant, ProductRow, ProductVariantRow } from '../../db/schema.ts';
import type { JewelryTables } from './tables.ts';
import type { MetalPrices, Priced } from './price-model.ts';

/** The product_meta key whose value changes with every change to the catalog's records (seed, import, edits). */
export const PRODUCTS_VERSION_KEY = 'products_version';

const normalizeProduct = (row: ProductRow): ProductRow => ({
  ...row,
  id: Number(row.id),
  engravable: Number(row.engravable),
  resizable: Number(row.resizable),
  offer_percent: Number(row.offer_percent),
  popularity: Number(row.popularity),
  published: Number(row.published),
});

const normalizeVariant = (row: ProductVariantRow): ProductVariantRow => ({
  ...row,
  id: Number(row.id),
  product_id: Number(row.product_id),
  carat_total: row.carat_total === null ? null : Number(row.carat_total),
  width_mm: row.width_mm === null ? null : Number(row.width_mm),
  price_cents: Number(row.price_cents),
  metal_cents: Number(row.metal_cents),
  stones_cents: Number(row.stones_cents),
  center_cents: Number(row.center_cents),
  labor_cents: Number(row.labor_cents),
  offer_cents: Number(row.offer_cents),
  metal_grams: Number(row.metal_grams),
  lead_days: Number(row.lead_days),
  stocked: Number(row.stocked),
  discontinued: Number(row.discontinued),
});

/** A variant's price columns from the price model's answer. */
export function variantPriceColumns(priced: Priced): Pick<NewProductVariant, 'price_cents' | 'metal_cents' | 'stones_cents' | 'center_cents' | 'labor_cents' | 'offer_cents' | 'metal_grams'> {
  return {
    price_cents: priced.priceCents,
    metal_cents: priced.breakdown.metalCents,
    stones_cents: priced.breakdown.stonesCents,
    center_cents: priced.breakdown.centerCents,
    labor_cents: priced.breakdown.laborCents,
    offer_cents: priced.breakdown.offerCents,
    metal_grams: priced.metalGrams,
  };
}

/** The catalog's records: products and their variants. The only SQL of these tables. `db` may be a transaction. */
export function createProductRepository(db: Kysely<JewelryTables>) {
  return {
    /**
     * The back office's page of products: by name, slug or SKU, family and publishing, sorted on the server, with each
     * product's variant count, withdrawn count and price range (the range of what is still sold, when any is).
     */
    async searchProducts(q: AdminProductListParams) {
      const aggregates = db
        .selectFrom('product_variants')
        .select((eb) => [
          'product_id',
          eb.fn.countAll<number>().as('variants'),
          sql<number>`sum(discontinued)`.as('discontinued'),
          sql<number>`coalesce(min(case when discontinued = 0 then price_cents end), min(price_cents))`.as('price_from'),
          sql<number>`coalesce(max(case when discontinued = 0 then price_cents end), max(price_cents))`.as('price_to'),
        ])
        .groupBy('product_id')
        .as('a');
      let query = db.selectFrom('products as p').leftJoin(aggregates, 'a.product_id', 'p.id');
      const text = q.q?.toLowerCase();
      if (text) {
        const contains = `%${escapeLike(text)}%`;
        query = query.where((eb) =>
          eb.or([
            sql<boolean>`lower(p.name) like ${contains} escape '\\'`,
            sql<boolean>`p.slug like ${contains} escape '\\'`,
            eb.exists(
              eb
                .selectFrom('product_variants as s')
                .select('s.id')
                .whereRef('s.product_id', '=', 'p.id')
                .where(sql<boolean>`lower(s.sku) like ${contains} escape '\\'`),
            ),
          ]),
        );
      }
      if (q.family) query = query.where('p.family', '=', q.family);
      if (q.state !== 'all') query = query.where('p.published', '=', q.state === 'published' ? 1 : 0);
      const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const column = { name: 'p.name', family: 'p.family', price: 'a.price_from', updated_at: 'p.updated_at' } as const;
      const rows = await query
        .select(['p.id', 'p.slug', 'p.name', 'p.family', 'p.style', 'p.published', 'p.offer_percent', 'p.updated_at', 'a.variants', 'a.discontinued', 'a.price_from', 'a.price_to'])
        .orderBy(column[q.sort], q.dir)
        .orderBy('p.id', q.dir)
        .limit(q.per_page)
        .offset((q.page - 1) * q.per_page)
        .execute();
      return { rows, total: Number(total) };
    },

    /** Which variants of these products come from the shelf. */
    async stockFlagsOf(productIds: readonly number[]): Promise<{ id: number; product_id: number; stocked: number }[]> {
      if (productIds.length === 0) return [];
      const rows = await db.selectFrom('product_variants').select(['id', 'product_id', 'stocked']).where('product_id', 'in', [...productIds]).execute();
      return rows.map((r) => ({ id: Number(r.id), product_id: Number(r.product_id), stocked: Number(r.stocked) }));
    },

    async version(): Promise<string> {
      const row = await db.selectFrom('product_meta').select('value').where('key', '=', PRODUCTS_VERSION_KEY).executeTakeFirst();
      return row?.value ?? '';
    },

    /** Call inside the transaction that changed the records, so readers' snapshots on every instance renew. */
    async bumpVersion(): Promise<void> {
      const value = randomUUID();
      await db
        .insertInto('product_meta')
        .values({ key: PRODUCTS_VERSION_KEY, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Every product and variant (the snapshot the service reads from). */
    async all(): Promise<{ products: ProductRow[]; variants: ProductVariantRow[] }> {
      const products = (await db.selectFrom('products').selectAll().orderBy('id').execute()).map(normalizeProduct);
      const variants = (await db.selectFrom('product_variants').selectAll().orderBy('id').execute()).map(normalizeVariant);
      return { products, variants };
    },

    /** Variants with their products, by id, read through `db` (the checkout's transaction). */
    async variantsWithProducts(ids: readonly number[]): Promise<{ variant: ProductVariantRow; product: ProductRow }[]> {
      if (ids.length === 0) return [];
      const variants = (await db.selectFrom('product_variants').selectAll().where('id', 'in', [...ids]).execute()).map(normalizeVariant);
      if (variants.length === 0) return [];
      const productIds = [...new Set(variants.map((v) => v.product_id))];
      const products = new Map(
        (await db.selectFrom('products').selectAll().where('id', 'in', productIds).execute()).map((p) => {
          const row = normalizeProduct(p);
          return [row.id, row] as const;
        }),
      );
      return variants.map((variant) => ({ variant, product: products.get(variant.product_id)! }));
    },

    async findProductBySlug(slug: string): Promise<ProductRow | null> {
      const row = await db.selectFrom('products').selectAll().where('slug', '=', slug).executeTakeFirst();
      return row ? normalizeProduct(row) : null;
    },

    async insertProduct(product: NewProduct): Promise<number> {
      const row = await db.insertInto('products').values(product).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async updateProduct(id: number, product: Partial<NewProduct>): Promise<void> {
      await db.updateTable('products').set(product).where('id', '=', id).execute();
    },

    /** Inserts variants in batches; answers their ids by SKU. */
    async insertVariants(variants: readonly NewProductVariant[]): Promise<Map<string, number>> {
      const ids = new Map<string, number>();
      for (let i = 0; i < variants.length; i += 200) {
        const rows = await db.insertInto('product_variants').values(variants.slice(i, i + 200)).returning(['id', 'sku']).execute();
        for (const row of rows) ids.set(row.sku, Number(row.id));
      }
      return ids;
    },

    async findVariantBySku(sku: string): Promise<ProductVariantRow | null> {
      const row = await db.selectFrom('product_variants').selectAll().where('sku', '=', sku).executeTakeFirst();
      return row ? normalizeVariant(row) : null;
    },

    async updateVariant(id: number, variant: Partial<NewProductVariant>): Promise<void> {
      await db.updateTable('product_variants').set(variant).where('id', '=', id).execute();
    },

    async findProduct(id: number): Promise<ProductRow | null> {
      const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? normalizeProduct(row) : null;
    },

    async findVariant(id: number): Promise<ProductVariantRow | null> {
      const row = await db.selectFrom('product_variants').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? normalizeVariant(row) : null;
    },

    async variantsOf(productId: number): Promise<ProductVariantRow[]> {
      return (await db.selectFrom('product_variants').selectAll().where('product_id', '=', productId).orderBy('id').execute()).map(normalizeVariant);
    },

    /** Variants made in any of `metals`, with their products' family and offer (a metal's price changed). */
    async variantsInMetals(metals: readonly MetalId[]): Promise<{ variant: ProductVariantRow; family: string; offerPercent: number }[]> {
      if (metals.length === 0) return [];
      const rows = await db
        .selectFrom('product_variants as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .selectAll('v')
        .select(['p.family as product_family', 'p.offer_percent as product_offer_percent'])
        .where('v.metal', 'in', [...metals])
        .orderBy('v.id')
        .execute();
      return rows.map(({ product_family, product_offer_percent, ...variant }) => ({
        variant: normalizeVariant(variant as ProductVariantRow),
        family: product_family,
        offerPercent: Number(product_offer_percent),
      }));
    },

    /** The price of a gram of each metal in force. */
    async metalPrices(): Promise<MetalPrices> {
      const rows = await db.selectFrom('metal_prices').select(['metal', 'cents_per_gram']).execute();
      const prices = Object.fromEntries(rows.map((r) => [r.metal, Number(r.cents_per_gram)])) as Partial<MetalPrices>;
      const missing = METAL_IDS.filter((m) => !(prices[m]! > 0));
      if (missing.length > 0) throw new Error(`The metal_prices table has no price for ${missing.join(', ')}.`);
      return prices as MetalPrices;
    },

    async metalPriceRows(): Promise<{ metal: MetalId; cents_per_gram: number; updated_at: string }[]> {
      const rows = await db.selectFrom('metal_prices').selectAll().execute();
      return rows.map((r) => ({ metal: r.metal as MetalId, cents_per_gram: Number(r.cents_per_gram), updated_at: r.updated_at }));
    },

    async setMetalPrice(metal: MetalId, centsPerGram: number, at: string): Promise<void> {
      await db.updateTable('metal_prices').set({ cents_per_gram: centsPerGram, updated_at: at }).where('metal', '=', metal).execute();
    },

    /** How many variants are made in each metal. */
    async variantCountsByMetal(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('product_variants')
        .select((eb) => ['metal', eb.fn.countAll<number>().as('n')])
        .groupBy('metal')
        .execute();
      return new Map(rows.map((r) => [r.metal, Number(r.n)]));
    },
  };
}
