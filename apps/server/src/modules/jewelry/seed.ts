/**
 * Fills an empty catalog with the demo catalog (catalog-data.ts), priced by the price model, and puts the stocked
 * variants' units on the shelf through the inventory, all in one transaction.
 */
import type { Engine, ModuleDb } from '../../db/database.ts';
import type { NewProductVariant } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { jewelryTables, type JewelryTables } from './tables.ts';
import { designJson, includedStoneJson } from './variant-json.ts';
import { createInventoryService, type InventoryService } from '../inventory/index.ts';
import { demoJewelry, giftPieceDrafts, type ProductDraft, type VariantDraft } from './jewelry-data.ts';
import { priceProduct, type MetalPrices, type PriceInput } from './price-model.ts';
import { createProductRepository, variantPriceColumns } from './repository.ts';

export interface ProductSeedResult {
  products: number;
  variants: number;
  /** False when the catalog already held products (a seed never replaces a catalog). */
  seeded: boolean;
}

/** The day the demo catalog is dated from, so the same seed gives the same "newest" order anywhere. */
const CATALOG_EPOCH = Date.UTC(2026, 10, 1);

/** What the price model prices a drafted variant from (a piece without an origin choice has natural accents). */
export function priceInputOf(product: Pick<ProductDraft, 'family' | 'offerPercent'>, v: VariantDraft, metalPrices: MetalPrices): PriceInput {
  return {
    family: product.family,
    design: v.design,
    metal: v.metal,
    origin: v.origin ?? 'natural',
    centerStones: v.centerStones,
    centerGem: v.centerGem,
    offerPercent: product.offerPercent,
    metalCentsPerGram: metalPrices[v.metal],
  };
}

/** A variant's row: its design and stone as JSON, its price itemized by the price model at the metal prices in force. */
export function variantRow(product: Pick<ProductDraft, 'family' | 'offerPercent'>, v: VariantDraft, productId: number, metalPrices: MetalPrices): NewProductVariant {
  const priced = priceProduct(priceInputOf(product, v, metalPrices));
  return {
    product_id: productId,
    sku: v.sku,
    metal: v.metal,
    shape: v.shape,
    carat_total: v.caratTotal,
    width_mm: v.widthMm,
    origin: v.origin,
    ...variantPriceColumns(priced),
    lead_days: v.leadDays,
    stocked: v.stock === null ? 0 : 1,
    design_json: designJson(v.design),
    included_stone_json: includedStoneJson(v.included),
  };
}

/** Inserts `drafts` (products, their variants priced at the metal prices in force, their stocked units), inside `trx`. */
async function insertDrafts(trx: ModuleDb<JewelryTables>['db'], inventory: InventoryService, drafts: readonly ProductDraft[]): Promise<number> {
  const repo = createProductRepository(trx);
  const metalPrices = await repo.metalPrices();
  let variants = 0;
  const stock: { variantId: number; quantity: number }[] = [];
  for (const draft of drafts) {
    const created = new Date(CATALOG_EPOCH - draft.ageDays * 86_400_000).toISOString();
    const productId = await repo.insertProduct({
      slug: draft.slug,
      family: draft.family,
      style: draft.style,
      name: draft.name,
      description: draft.description,
      collection: draft.collection,
      gender: draft.gender,
      gem: draft.gem,
      design_json: designJson(draft.variants[0]!.design),
      engravable: draft.engravable ? 1 : 0,
      resizable: draft.resizable ? 1 : 0,
      offer_percent: draft.offerPercent,
      popularity: draft.popularity,
      created_at: created,
      updated_at: created,
    });
    const ids = await repo.insertVariants(draft.variants.map((v) => variantRow(draft, v, productId, metalPrices)));
    variants += draft.variants.length;
    for (const v of draft.variants) if (v.stock !== null) stock.push({ variantId: ids.get(v.sku)!, quantity: v.stock });
  }
  await inventory.setVariantStock(trx, stock);
  await repo.bumpVersion();
  return variants;
}

/** Seeds the demo catalog into an empty products table; a catalog that holds anything is left as it is. */
export async function seedProducts(on: { db: Handle; engine: Engine }, inventory: InventoryService, drafts: ProductDraft[] = demoJewelry()): Promise<ProductSeedResult> {
  const d: ModuleDb<JewelryTables> = { db: jewelryTables(on.db), engine: on.engine };
  return writeTransaction(d, async (trx) => {
    if ((await createProductRepository(trx).count()) > 0) return { products: 0, variants: 0, seeded: false };
    const variants = await insertDrafts(trx, inventory, drafts);
    return { products: drafts.length, variants, seeded: true };
  });
}

/**
 * A demo catalog seeded before §9's gift pieces existed gets them (docs/decisions/026-free-gifts.md): each gift
 * piece (the contract's GIFTS) whose slug the catalog lacks is added with its stock. Nothing else is touched, and a piece staff
 * renamed or withdrew keeps its slug, so it is never added twice. Answers how many pieces were added.
 */
export async function seedMissingGiftPieces(on: { db: Handle; engine: Engine }, inventory: InventoryService): Promise<number> {
  const d: ModuleDb<JewelryTables> = { db: jewelryTables(on.db), engine: on.engine };
  return writeTransaction(d, async (trx) => {
    const repo = createProductRepository(trx);
    const missing: ProductDraft[] = [];
    for (const draft of giftPieceDrafts()) if ((await repo.findProductBySlug(draft.slug)) === null) missing.push(draft);
    if (missing.length > 0) await insertDrafts(trx, inventory, missing);
    return missing.length;
  });
}

/**
 * The demo catalog into an empty catalog, for the tools (`npm run seed`, every demo start); a catalog seeded before
 * the free gift's pieces existed gets those pieces only (`giftPieces`).
 */
export async function seedDemoJewelry(d: { db: Handle; engine: Engine }): Promise<ProductSeedResult & { giftPieces: number }> {
  const inventory = createInventoryService({ db: d.db });
  const seeded = await seedProducts(d, inventory);
  return { ...seeded, giftPieces: seeded.seeded ? 0 : await seedMissingGiftPieces(d, inventory) };
}
