/**
 * Jewelry CSV import: one row per variant, grouped into products by slug. Each row is checked (every problem of
 * a row is listed with its line), each product is written in its own transaction (its product row, its variants
 * by SKU, priced by the price model, and their units on the shelf), so a bad row never half-writes a product and
 * the good products of a file still go in. A stock-only import sets units on hand by SKU.
 *
 * Units on hand are what the store physically holds, including units that open orders have taken but not yet
 * shipped; the shelf (what shoppers can still buy) is on hand less those, so an import never sells a unit twice.
 */
import { statSync } from 'node:fs';
import {
  COLLECTIONS,
  DESIGN_BOUNDS,
  GEMSTONES,
  GENDERS,
  METAL_IDS,
  PRODUCT_FAMILIES,
  PRODUCT_STYLES,
  RING_FAMILIES,
  SHAPES,
  centsToPrice,
  checkDesign,
  type AuditAction,
  type IncludedStone,
  type ProductFamily,
} from '@everstone/contract';
import type { Kysely } from 'kysely';
import type { Engine, ModuleDb } from '../../db/database.ts';
import type { NewProductVariant, ProductRow, ProductVariantRow } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { jewelryTables, type JewelryTables } from './tables.ts';
import { designJson, designOf, includedStoneOf } from './variant-json.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { readCsvFile, type CsvRecord } from '../../lib/csv.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { ProductDraft, VariantDraft } from './jewelry-data.ts';
import { changed } from './changes.ts';
import type { CenterStone } from './price-model.ts';
import { createProductRepository } from './repository.ts';
import { variantRow } from './seed.ts';

/** The columns of a jewelry file, with what each holds (`npm run import:products -- --help` prints them). */
export const PRODUCT_IMPORT_COLUMNS = {
  slug: { required: true, help: 'the product: lower-case words joined by dashes; rows with one slug are one product' },
  family: { required: true, help: PRODUCT_FAMILIES.join(', ') },
  style: { required: true, help: 'solitaire, halo, … plain, diamond-band, anniversary, eternity, gemstone, studs, hoops, …' },
  name: { required: true, help: 'the product name, up to 120 characters' },
  description: { required: true, help: 'up to 2,000 characters' },
  collection: { required: false, help: `blank or ${COLLECTIONS.map((c) => c.id).join(', ')}` },
  gender: { required: false, help: `${GENDERS.join(', ')} (default her)` },
  gem: { required: false, help: `main stone: ${GEMSTONES.map((g) => g.id).join(', ')}` },
  engravable: { required: false, help: 'yes or no (default: yes for rings but eternity bands, no otherwise)' },
  resizable: { required: false, help: 'yes or no (default: yes for rings but eternity bands)' },
  offer_percent: { required: false, help: 'a whole number 0–50 taken off the price (default 0)' },
  popularity: { required: false, help: 'a whole number: higher sells more, for "best selling" (default 0)' },
  published: { required: false, help: 'yes or no (default yes)' },
  sku: { required: true, help: 'the variant, unique in the store' },
  metal: { required: true, help: METAL_IDS.join(', ') },
  shape: { required: false, help: `a head's center shape: ${SHAPES.join(', ')}` },
  carat_total: { required: false, help: 'total carat weight, where the piece comes in several' },
  width_mm: { required: false, help: 'band width in mm, where the piece comes in several widths' },
  origin: { required: false, help: 'lab or natural (its diamonds)' },
  lead_days: { required: true, help: 'business days from order to shipping (made to order), or handling days (stocked)' },
  stock: { required: false, help: 'units on hand, open orders’ units included; blank for made to order' },
  design: { required: true, help: 'the PieceDesign the picture, specifications and price are made from (JSON)' },
  included_stone: { required: false, help: 'a certified center stone that comes with the piece (JSON)' },
  center_stones: { required: false, help: 'other diamonds priced with the piece, e.g. a pair of studs (JSON list)' },
  center_gem: { required: false, help: 'a center gemstone priced by weight, e.g. sapphire:1.5' },
  discontinued: { required: false, help: 'yes to withdraw the variant from sale (default no)' },
} as const;
export type ProductImportColumn = keyof typeof PRODUCT_IMPORT_COLUMNS;

export const STOCK_IMPORT_COLUMNS = {
  sku: { required: true, help: 'the variant' },
  on_hand: { required: true, help: 'units the store holds, open orders’ units included' },
} as const;

export interface RowError {
  line: number;
  problems: string[];
}

export interface ProductImportSummary {
  rows: number;
  products: { inserted: number; updated: number };
  variants: { inserted: number; updated: number };
  errors: RowError[];
}

export interface StockImportSummary {
  rows: number;
  updated: number;
  errors: RowError[];
}

/** The header names a column the file does not have, or lacks a required one. */
export class ProductImportHeaderError extends Error {}

/** Units of each variant that open orders have taken from the shelf and not yet shipped (the orders module's). */
export type HeldUnits = (trx: Handle, variantIds: readonly number[]) => Promise<Map<number, number>>;

/**
 * The audit entry of a product or variant an import added or changed, in the audit log's shape: the product's subject
 * (its page shows the entries, as it shows a staff member's edits; a variant's entry names its SKU on both sides), and
 * only the fields that changed.
 */
export interface JewelryImportEntry {
  action: Extract<AuditAction, 'product.import_add' | 'product.import_change' | 'variant.import_add' | 'variant.import_change'>;
  subject: { type: 'product'; id: string };
  /** Null for what the import added (`after` then holds every field). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}

/** Writes a product's or a stock row's entries with `trx`, the change's own transaction (the command line passes the audit log's). */
export type RecordJewelryImport = (trx: Handle, entries: readonly JewelryImportEntry[]) => Promise<void>;

export interface ProductImportOptions {
  inventory: InventoryService;
  heldUnits: HeldUnits;
  record: RecordJewelryImport;
  onProgress?: (bytesRead: number, totalBytes: number, rows: number) => void;
}

const bool = (n: number | undefined) => Number(n) === 1;

/** A product's fields as the import sets them and the log shows them (its design is the first variant's picture). */
function productFields(p: Pick<ProductRow, 'family' | 'style' | 'name' | 'description' | 'collection' | 'gender' | 'gem' | 'design_json' | 'engravable' | 'resizable' | 'offer_percent' | 'popularity' | 'published'>) {
  return {
    family: p.family,
    style: p.style,
    name: p.name,
    description: p.description,
    collection: p.collection,
    gender: p.gender,
    gem: p.gem,
    design: designOf(p) as unknown,
    engravable: bool(p.engravable),
    resizable: bool(p.resizable),
    offer_percent: Number(p.offer_percent),
    popularity: Number(p.popularity),
    published: bool(p.published),
  };
}

/** A variant's fields as the import sets them and the log shows them: its price in dollars, its units on hand (null: made to order). */
function variantFields(
  v: Pick<NewProductVariant, 'metal' | 'shape' | 'carat_total' | 'width_mm' | 'origin' | 'price_cents' | 'lead_days' | 'design_json' | 'included_stone_json' | 'discontinued'>,
  onHand: number | null,
) {
  return {
    metal: v.metal,
    shape: v.shape ?? null,
    carat_total: v.carat_total === null || v.carat_total === undefined ? null : Number(v.carat_total),
    width_mm: v.width_mm === null || v.width_mm === undefined ? null : Number(v.width_mm),
    origin: v.origin ?? null,
    price: centsToPrice(Number(v.price_cents)),
    lead_days: Number(v.lead_days),
    design: designOf(v) as unknown,
    included_stone: includedStoneOf({ included_stone_json: v.included_stone_json ?? null }) as unknown,
    discontinued: bool(v.discontinued),
    on_hand: onHand,
  };
}

/** Units on hand of each stocked variant of `ids` (the shelf and what open orders hold), null for made to order. */
async function unitsOnHand(trx: Kysely<JewelryTables>, variants: readonly Pick<ProductVariantRow, 'id' | 'stocked'>[], options: ProductImportOptions): Promise<Map<number, number | null>> {
  const ids = variants.map((v) => v.id);
  if (ids.length === 0) return new Map();
  const [shelf, held] = await Promise.all([options.inventory.variantStock(ids, trx), options.heldUnits(trx, ids)]);
  return new Map(variants.map((v) => [v.id, bool(v.stocked) ? (shelf.get(v.id) ?? 0) + (held.get(v.id) ?? 0) : null]));
}

/** The entry of a variant that changed, or null when the import left it as it was. */
function variantEntry(productId: number, sku: string, before: Record<string, unknown> | null, after: Record<string, unknown>): JewelryImportEntry | null {
  const subject = { type: 'product' as const, id: String(productId) };
  if (before === null) return { action: 'variant.import_add', subject, before: null, after: { sku, ...after } };
  const change = changed(before, after);
  if (Object.keys(change.after).length === 0) return null;
  return { action: 'variant.import_change', subject, before: { sku, ...change.before }, after: { sku, ...change.after } };
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const STYLE_IDS = PRODUCT_STYLES.map((s) => s.id) as readonly string[];
const yes = (v: string) => ['yes', 'y', 'true', '1'].includes(v.toLowerCase());
const yesNo = (v: string) => ['yes', 'y', 'true', '1', 'no', 'n', 'false', '0'].includes(v.toLowerCase());

function readHeader<C extends string>(fields: string[], columns: Record<C, { required: boolean }>): Map<C, number> {
  const header = new Map<C, number>();
  fields.forEach((raw, i) => {
    const name = raw.trim().toLowerCase().replace(/^\ufeff/, '') as C;
    if (!(name in columns)) throw new ProductImportHeaderError(`Unknown column "${raw.trim()}".`);
    if (header.has(name)) throw new ProductImportHeaderError(`The column "${name}" appears twice.`);
    header.set(name, i);
  });
  const missing = (Object.keys(columns) as C[]).filter((c) => columns[c].required && !header.has(c));
  if (missing.length > 0) throw new ProductImportHeaderError(`Missing required column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`);
  return header;
}

function json<T>(text: string, what: string, problems: string[]): T | null {
  if (text === '') return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    problems.push(`${what} is not valid JSON`);
    return null;
  }
}

interface ParsedRow {
  line: number;
  product: Omit<ProductDraft, 'variants' | 'ageDays'> & { published: boolean };
  variant: VariantDraft & { discontinued: boolean };
  /** Units on hand, null for made to order. */
  onHand: number | null;
}

function parseRow(record: CsvRecord, header: Map<ProductImportColumn, number>): ParsedRow | RowError {
  const get = (c: ProductImportColumn) => (header.has(c) ? (record.fields[header.get(c)!] ?? '').trim() : '');
  const problems: string[] = [];
  if (record.problem) return { line: record.line, problems: [record.problem === 'too-long' ? 'the row is too long' : 'a quoted field never closes'] };

  const slug = get('slug');
  if (!SLUG.test(slug) || slug.length > 120) problems.push('slug must be lower-case words joined by dashes, at most 120 characters');
  const family = get('family') as ProductFamily;
  if (!PRODUCT_FAMILIES.includes(family)) problems.push(`family must be one of ${PRODUCT_FAMILIES.join(', ')}`);
  const style = get('style');
  if (!STYLE_IDS.includes(style)) problems.push(`unknown style "${style}"`);
  const name = get('name');
  if (name === '' || name.length > 120) problems.push('name is required, at most 120 characters');
  const description = get('description');
  if (description === '' || description.length > 2000) problems.push('description is required, at most 2,000 characters');
  const collection = get('collection');
  if (collection !== '' && !COLLECTIONS.some((c) => c.id === collection)) problems.push(`unknown collection "${collection}"`);
  const gender = get('gender') || 'her';
  if (!(GENDERS as readonly string[]).includes(gender)) problems.push(`gender must be ${GENDERS.join(', ')}`);
  const gem = get('gem');
  if (gem !== '' && !GEMSTONES.some((g) => g.id === gem)) problems.push(`unknown gem "${gem}"`);
  for (const c of ['engravable', 'resizable', 'published', 'discontinued'] as const) {
    if (get(c) !== '' && !yesNo(get(c))) problems.push(`${c} must be yes or no`);
  }
  const eternity = style === 'eternity';
  const ring = RING_FAMILIES.includes(family);
  const whole = (c: ProductImportColumn, min: number, max: number, fallback: number) => {
    const v = get(c);
    if (v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) problems.push(`${c} must be a whole number from ${min} to ${max}`);
    return n;
  };
  const offerPercent = whole('offer_percent', 0, 50, 0);
  const popularity = whole('popularity', 0, 1_000_000, 0);
  const leadDays = whole('lead_days', 0, 180, 0);
  if (get('lead_days') === '') problems.push('lead_days is required');
  const stockText = get('stock');
  const onHand = stockText === '' ? null : whole('stock', 0, 100_000, 0);

  const sku = get('sku');
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(sku)) problems.push('sku must be 1–64 letters, digits, dots, dashes or underscores');
  const metal = get('metal');
  if (!(METAL_IDS as readonly string[]).includes(metal)) problems.push(`metal must be one of ${METAL_IDS.join(', ')}`);
  const shape = get('shape');
  if (shape !== '' && !(SHAPES as readonly string[]).includes(shape)) problems.push(`unknown shape "${shape}"`);
  const decimal = (c: ProductImportColumn, max: number) => {
    const v = get(c);
    if (v === '') return null;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0 || n > max) problems.push(`${c} must be a number above 0 and at most ${max}`);
    return n;
  };
  const caratTotal = decimal('carat_total', 100);
  // A band's width option is the width its design is drawn at, so it has the design's bound.
  const widthMm = decimal('width_mm', DESIGN_BOUNDS.ring.bandWidthMm.max);
  const origin = get('origin');
  if (origin !== '' && origin !== 'lab' && origin !== 'natural') problems.push('origin must be lab or natural');

  const designText = get('design');
  if (designText === '') problems.push('design is required');
  const designValue = json<unknown>(designText, 'design', problems);
  // The design the store keeps is the schema's reading of it (absent parts as null), not the file's text.
  const designCheck = designText !== '' && !problems.includes('design is not valid JSON') && PRODUCT_FAMILIES.includes(family) ? checkDesign(designValue, family) : null;
  if (designCheck?.problems) problems.push(...designCheck.problems);
  const included = json<IncludedStone>(get('included_stone'), 'included_stone', problems);
  const centerStones = json<CenterStone[]>(get('center_stones'), 'center_stones', problems) ?? [];
  if (!Array.isArray(centerStones)) problems.push('center_stones must be a JSON list');
  let centerGem: VariantDraft['centerGem'] = null;
  if (get('center_gem') !== '') {
    const [g, c] = get('center_gem').split(':');
    if (!GEMSTONES.some((x) => x.id === g && x.id !== 'diamond') || !(Number(c) > 0)) problems.push('center_gem must look like sapphire:1.5');
    else centerGem = { gem: g as Exclude<VariantDraft['centerGem'], null>['gem'], carat: Number(c) };
  }
  for (const stone of [...(included ? [included] : []), ...(Array.isArray(centerStones) ? centerStones : [])]) {
    if (!SHAPES.includes(stone.shape) || !(stone.carat > 0) || (stone.origin !== 'lab' && stone.origin !== 'natural')) problems.push('each stone needs a shape, a carat weight and an origin');
  }
  if (problems.length > 0) return { line: record.line, problems };

  return {
    line: record.line,
    product: {
      slug,
      family,
      style: style as ProductDraft['style'],
      name,
      description,
      collection: (collection || null) as ProductDraft['collection'],
      gender: gender as ProductDraft['gender'],
      gem: (gem || null) as ProductDraft['gem'],
      engravable: get('engravable') === '' ? ring && !eternity : yes(get('engravable')),
      resizable: get('resizable') === '' ? ring && !eternity : yes(get('resizable')),
      offerPercent,
      popularity,
      published: get('published') === '' || yes(get('published')),
    },
    variant: {
      sku,
      metal: metal as VariantDraft['metal'],
      shape: (shape || null) as VariantDraft['shape'],
      caratTotal,
      widthMm,
      origin: (origin || null) as VariantDraft['origin'],
      design: designCheck!.design!,
      included,
      centerStones: included ? [included, ...centerStones] : centerStones,
      centerGem,
      leadDays,
      stock: onHand,
      discontinued: get('discontinued') !== '' && yes(get('discontinued')),
    },
    onHand,
  };
}

const PRODUCT_FIELDS = ['family', 'style', 'name', 'description', 'collection', 'gender', 'gem', 'engravable', 'resizable', 'offerPercent', 'popularity', 'published'] as const;

/** Imports a jewelry file: each product in its own transaction; rows with problems are listed and skipped. */
export async function importProductsFile(on: { db: Handle; engine: Engine }, path: string, options: ProductImportOptions): Promise<ProductImportSummary> {
  const d: ModuleDb<JewelryTables> = { db: jewelryTables(on.db), engine: on.engine };
  const total = statSync(path).size;
  const summary: ProductImportSummary = { rows: 0, products: { inserted: 0, updated: 0 }, variants: { inserted: 0, updated: 0 }, errors: [] };
  let header: Map<ProductImportColumn, number> | null = null;
  const groups = new Map<string, ParsedRow[]>();
  const skus = new Map<string, number>();
  let bytes = 0;
  for await (const record of readCsvFile(path, (read) => (bytes = read))) {
    if (!header) {
      header = readHeader(record.fields, PRODUCT_IMPORT_COLUMNS);
      continue;
    }
    if (record.fields.every((f) => f.trim() === '') && !record.problem) continue;
    summary.rows++;
    const parsed = parseRow(record, header);
    if ('problems' in parsed) {
      summary.errors.push(parsed);
      continue;
    }
    const earlier = skus.get(parsed.variant.sku);
    if (earlier !== undefined) {
      summary.errors.push({ line: parsed.line, problems: [`sku ${parsed.variant.sku} is already on line ${earlier}`] });
      continue;
    }
    skus.set(parsed.variant.sku, parsed.line);
    const group = groups.get(parsed.product.slug) ?? [];
    const first = group[0];
    const differs = first ? PRODUCT_FIELDS.filter((f) => first.product[f] !== parsed.product[f]) : [];
    if (first && differs.length > 0) {
      summary.errors.push({ line: parsed.line, problems: [`${differs.join(', ')} differ from line ${first.line}, the product’s first row`] });
      continue;
    }
    group.push(parsed);
    groups.set(parsed.product.slug, group);
    options.onProgress?.(bytes, total, summary.rows);
  }
  if (!header) throw new ProductImportHeaderError('The file is empty: it needs a header row.');

  for (const rows of groups.values()) {
    const result = await writeProduct(d, rows, options);
    if ('problems' in result) {
      summary.errors.push(result);
      continue;
    }
    summary.products[result.product]++;
    summary.variants.inserted += result.variantsInserted;
    summary.variants.updated += result.variantsUpdated;
  }
  summary.errors.sort((a, b) => a.line - b.line);
  return summary;
}

async function writeProduct(
  d: ModuleDb<JewelryTables>,
  rows: ParsedRow[],
  options: ProductImportOptions,
): Promise<{ product: 'inserted' | 'updated'; variantsInserted: number; variantsUpdated: number } | RowError> {
  const { product } = rows[0]!;
  return writeTransaction(d, async (trx) => {
    const repo = createProductRepository(trx);
    // A SKU another product owns would move a variant between products: refused, naming the line.
    const existing = new Map<string, ProductVariantRow>();
    for (const row of rows) {
      const variant = await repo.findVariantBySku(row.variant.sku);
      if (variant) {
        const owner = await repo.findProductBySlug(product.slug);
        if (!owner || owner.id !== variant.product_id) return { line: row.line, problems: [`sku ${row.variant.sku} belongs to another product`] };
        existing.set(row.variant.sku, variant);
      }
    }
    const at = new Date().toISOString();
    const fields = {
      family: product.family,
      style: product.style,
      name: product.name,
      description: product.description,
      collection: product.collection,
      gender: product.gender,
      gem: product.gem,
      design_json: designJson(rows[0]!.variant.design),
      engravable: product.engravable ? 1 : 0,
      resizable: product.resizable ? 1 : 0,
      offer_percent: product.offerPercent,
      popularity: product.popularity,
      published: product.published ? 1 : 0,
      updated_at: at,
    };
    const found = await repo.findProductBySlug(product.slug);
    const productId = found ? found.id : await repo.insertProduct({ ...fields, slug: product.slug, created_at: at });
    if (found) await repo.updateProduct(found.id, fields);
    const entries: JewelryImportEntry[] = [];
    const subject = { type: 'product' as const, id: String(productId) };
    if (!found) entries.push({ action: 'product.import_add', subject, before: null, after: { slug: product.slug, ...productFields(fields) } });
    else {
      const change = changed(productFields(found), productFields(fields));
      if (Object.keys(change.after).length > 0) entries.push({ action: 'product.import_change', subject, ...change });
    }

    const metalPrices = await repo.metalPrices();
    let inserted = 0;
    let updated = 0;
    const stocked: { variantId: number; onHand: number }[] = [];
    const onHandBefore = await unitsOnHand(trx, [...existing.values()], options);
    const written: { sku: string; id: number; values: NewProductVariant; onHand: number | null }[] = [];
    for (const row of rows) {
      const values = { ...variantRow(product, row.variant, productId, metalPrices), discontinued: row.variant.discontinued ? 1 : 0 };
      const known = existing.get(row.variant.sku);
      let id: number;
      if (known) {
        await repo.updateVariant(known.id, values);
        id = known.id;
        updated++;
      } else {
        id = (await repo.insertVariants([values])).get(row.variant.sku)!;
        inserted++;
      }
      if (row.onHand !== null) stocked.push({ variantId: id, onHand: row.onHand });
      written.push({ sku: row.variant.sku, id, values, onHand: row.onHand });
    }
    const held = stocked.length > 0 ? await options.heldUnits(trx, stocked.map((s) => s.variantId)) : new Map<number, number>();
    if (stocked.length > 0) {
      await options.inventory.setVariantStock(
        trx,
        stocked.map((s) => ({ variantId: s.variantId, quantity: Math.max(0, s.onHand - (held.get(s.variantId) ?? 0)) })),
      );
    }
    for (const w of written) {
      const known = existing.get(w.sku);
      // What the store holds now: never fewer than open orders hold, whatever the file says.
      const onHand = w.onHand === null ? null : Math.max(w.onHand, held.get(w.id) ?? 0);
      const entry = variantEntry(productId, w.sku, known ? variantFields(known, onHandBefore.get(known.id) ?? null) : null, variantFields(w.values, onHand));
      if (entry) entries.push(entry);
    }
    if (entries.length > 0) await options.record(trx, entries);
    await repo.bumpVersion();
    return { product: found ? ('updated' as const) : ('inserted' as const), variantsInserted: inserted, variantsUpdated: updated };
  });
}

/** Sets units on hand by SKU; each row its own change, rows with problems listed and skipped. */
export async function importStockFile(on: { db: Handle; engine: Engine }, path: string, options: ProductImportOptions): Promise<StockImportSummary> {
  const d: ModuleDb<JewelryTables> = { db: jewelryTables(on.db), engine: on.engine };
  const summary: StockImportSummary = { rows: 0, updated: 0, errors: [] };
  let header: Map<keyof typeof STOCK_IMPORT_COLUMNS, number> | null = null;
  const wanted: { line: number; sku: string; onHand: number }[] = [];
  const total = statSync(path).size;
  for await (const record of readCsvFile(path, (read) => options.onProgress?.(read, total, summary.rows))) {
    if (!header) {
      header = readHeader(record.fields, STOCK_IMPORT_COLUMNS);
      continue;
    }
    if (record.fields.every((f) => f.trim() === '') && !record.problem) continue;
    summary.rows++;
    const sku = (record.fields[header.get('sku')!] ?? '').trim();
    const onHandText = (record.fields[header.get('on_hand')!] ?? '').trim();
    const onHand = Number(onHandText);
    const problems: string[] = [];
    if (record.problem) problems.push('the row could not be read');
    if (sku === '') problems.push('sku is required');
    if (onHandText === '' || !Number.isInteger(onHand) || onHand < 0 || onHand > 100_000) problems.push('on_hand must be a whole number from 0 to 100000');
    if (problems.length > 0) summary.errors.push({ line: record.line, problems });
    else wanted.push({ line: record.line, sku, onHand });
  }
  if (!header) throw new ProductImportHeaderError('The file is empty: it needs a header row.');
  for (const row of wanted) {
    const result = await writeTransaction(d, async (trx) => {
      const repo = createProductRepository(trx);
      const variant = await repo.findVariantBySku(row.sku);
      if (!variant) return `no variant has the sku ${row.sku}`;
      const before = (await unitsOnHand(trx, [variant], options)).get(variant.id) ?? null;
      if (variant.stocked !== 1) await repo.updateVariant(variant.id, { stocked: 1 });
      const held = (await options.heldUnits(trx, [variant.id])).get(variant.id) ?? 0;
      await options.inventory.setVariantStock(trx, [{ variantId: variant.id, quantity: Math.max(0, row.onHand - held) }]);
      const entry = variantEntry(variant.product_id, variant.sku, { on_hand: before }, { on_hand: Math.max(row.onHand, held) });
      if (entry) await options.record(trx, [entry]);
      await repo.bumpVersion();
      return null;
    });
    if (result) summary.errors.push({ line: row.line, problems: [result] });
    else summary.updated++;
  }
  summary.errors.sort((a, b) => a.line - b.line);
  return summary;
}

/** The demo catalog's first rows as a file to start from (`npm run import:products -- --example`). */
export function exampleRows(drafts: ProductDraft[], count = 6): string[][] {
  const columns = Object.keys(PRODUCT_IMPORT_COLUMNS) as ProductImportColumn[];
  const out: string[][] = [columns];
  for (const p of drafts) {
    for (const v of p.variants) {
      if (out.length > count) return out;
      const included = v.included;
      const others = included ? v.centerStones.slice(1) : v.centerStones;
      const values: Record<ProductImportColumn, string> = {
        slug: p.slug,
        family: p.family,
        style: p.style,
        name: p.name,
        description: p.description,
        collection: p.collection ?? '',
        gender: p.gender,
        gem: p.gem ?? '',
        engravable: p.engravable ? 'yes' : 'no',
        resizable: p.resizable ? 'yes' : 'no',
        offer_percent: String(p.offerPercent),
        popularity: String(p.popularity),
        published: 'yes',
        sku: v.sku,
        metal: v.metal,
        shape: v.shape ?? '',
        carat_total: v.caratTotal === null ? '' : String(v.caratTotal),
        width_mm: v.widthMm === null ? '' : String(v.widthMm),
        origin: v.origin ?? '',
        lead_days: String(v.leadDays),
        stock: v.stock === null ? '' : String(v.stock),
        design: JSON.stringify(v.design),
        included_stone: included ? JSON.stringify(included) : '',
        center_stones: others.length > 0 ? JSON.stringify(others) : '',
        center_gem: v.centerGem ? `${v.centerGem.gem}:${v.centerGem.carat}` : '',
        discontinued: 'no',
      };
      out.push(columns.map((c) => values[c]));
    }
  }
  return out;
}
