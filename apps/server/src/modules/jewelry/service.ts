import {
  COLLECTIONS,
  GIFTS,
  GIFT_IDS,
  type GiftId,
  FIT_MESSAGES,
  GEMSTONES,
  METALS,
  METAL_IDS,
  PRODUCT_PAGE_SIZE,
  PRODUCT_STYLE_LABELS,
  RING_FAMILIES,
  SETTING_STYLES,
  SHAPES,
  departmentOf,
  dollarsToCents,
  fitProblem,
  headFitOf,
  ringDesignWithStone,
  type AccentOrigin,
  type BuilderSettingsResponse,
  type HeadFit,
  type SettingFit,
  type Department,
  type FacetValue,
  type GemstoneId,
  type Gender,
  type IncludedStone,
  type MetalId,
  type PieceDesign,
  type ProductDetail,
  type ProductFamily,
  type ProductListResponse,
  type ProductQuery,
  type ProductStyle,
  type ProductSummary,
  type ShapeName,
  type Variant,
  type VariantLookupResponse,
  type VariantPicture,
} from '@everstone/contract';
import type { ProductRow, ProductVariantRow } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { jewelryTables } from './tables.ts';
import { designOf, includedStoneOf } from './variant-json.ts';
import { NotFoundError } from '../../errors.ts';
import type { InventoryService } from '../inventory/index.ts';
import { stoneSize } from './jewelry-data.ts';
import { createProductRepository } from './repository.ts';

/** A variant as the catalog holds it in memory. */
export interface VariantRecord {
  id: number;
  productId: number;
  sku: string;
  metal: MetalId;
  shape: ShapeName | null;
  caratTotal: number | null;
  widthMm: number | null;
  origin: 'lab' | 'natural' | null;
  priceCents: number;
  breakdown: Variant['breakdown'];
  metalGrams: number;
  leadDays: number;
  stocked: boolean;
  design: PieceDesign;
  included: IncludedStone | null;
  discontinued: boolean;
}

export interface ProductRecord {
  id: number;
  slug: string;
  family: ProductFamily;
  style: ProductStyle;
  name: string;
  description: string;
  collection: ProductSummary['collection'];
  gender: Gender;
  gem: GemstoneId | null;
  engravable: boolean;
  resizable: boolean;
  offerPercent: number;
  popularity: number;
  published: boolean;
  createdAt: string;
  variants: VariantRecord[];
}

/** A variant the checkout can price: its product's rules and what the order keeps of both. */
export interface VariantForSale {
  variant: VariantRecord;
  product: ProductRecord;
}

interface Snapshot {
  version: string;
  products: ProductRecord[];
  bySlug: Map<string, ProductRecord>;
}

function toVariantRecord(row: ProductVariantRow): VariantRecord {
  return {
    id: row.id,
    productId: row.product_id,
    sku: row.sku,
    metal: row.metal as MetalId,
    shape: row.shape as ShapeName | null,
    caratTotal: row.carat_total,
    widthMm: row.width_mm,
    origin: row.origin as VariantRecord['origin'],
    priceCents: row.price_cents,
    breakdown: {
      metal_cents: row.metal_cents,
      stones_cents: row.stones_cents,
      center_cents: row.center_cents,
      labor_cents: row.labor_cents,
      offer_cents: row.offer_cents,
    },
    metalGrams: row.metal_grams,
    leadDays: row.lead_days,
    stocked: row.stocked === 1,
    design: designOf(row),
    included: includedStoneOf(row),
    discontinued: row.discontinued === 1,
  };
}

function toProductRecord(row: ProductRow, variants: VariantRecord[]): ProductRecord {
  return {
    id: row.id,
    slug: row.slug,
    family: row.family as ProductFamily,
    style: row.style as ProductStyle,
    name: row.name,
    description: row.description,
    collection: row.collection as ProductRecord['collection'],
    gender: row.gender as Gender,
    gem: row.gem as GemstoneId | null,
    engravable: row.engravable === 1,
    resizable: row.resizable === 1,
    offerPercent: row.offer_percent,
    popularity: row.popularity,
    published: row.published === 1,
    createdAt: row.created_at,
    variants,
  };
}

/** Variant-level filters of a query, as one predicate; `skip` leaves one dimension out (for its facet's counts). */
type Dimension = 'style' | 'metal' | 'shape' | 'origin' | 'collection' | 'gem' | 'ready' | 'price' | 'carat';

const METAL_ORDER = new Map(METAL_IDS.map((m, i) => [m, i]));
const SHAPE_ORDER = new Map(SHAPES.map((s, i) => [s, i]));

/** A center stone as the ring builder matches settings to it: its certificate's shape, weight and size, its origin and price. */
export interface StoneForSetting {
  shape: string;
  carat: number;
  lengthMm: number | null;
  widthMm: number | null;
  /** Total depth % (the ring's picture draws the stone at it); null when the certificate leaves it out. */
  depthPct: number | null;
  origin: AccentOrigin;
  priceCents: number;
}

/** Step 2's choices: a style, a metal, the order and the page. */
export interface SettingsForStoneQuery {
  style?: ProductStyle;
  metal?: MetalId;
  sort: 'best' | 'price_asc' | 'price_desc';
  page: number;
}

/** A setting's variant for a stone's shape, as step 3 builds the ring from it. */
export interface RingVariantChoice {
  product: ProductRecord;
  variant: VariantRecord;
  /** Metals and side-stone origins the setting is offered in for this shape. */
  metals: MetalId[];
  origins: AccentOrigin[];
  /** The setting is no longer made (unpublished, or every variant discontinued). */
  discontinued: boolean;
  /** False when the setting has no head for this shape (`variant` is then its default, for the picture). */
  shapeOffered: boolean;
}

/** A setting's head as the search filters stones by it (catalog's SettingWindow). */
export interface HeadWindow {
  shape: ShapeName;
  minWidthMm: number;
  maxWidthMm: number;
  minCarat: number;
}

/** The head a ring variant's design has, as the builder checks it; null for a piece without one. */
function headOf(v: VariantRecord): HeadFit | null {
  return v.design.form === 'ring' && v.design.head ? headFitOf(v.design.head) : null;
}

/** The weight of a well-cut stone of `shape` that is `widthMm` wide (the inverse of the catalog's stoneSize). */
function caratForWidth(shape: ShapeName, widthMm: number): number {
  let low = 0.001;
  let high = 100;
  for (let i = 0; i < 50; i++) {
    const mid = (low + high) / 2;
    if (stoneSize(shape, mid).widthMm < widthMm) low = mid;
    else high = mid;
  }
  return high;
}

const mmText = (n: number) => `${n.toFixed(2)} mm`;

/** Why no setting can hold `stone`, given every head on offer. */
function noSettingReason(stone: StoneForSetting, heads: readonly HeadFit[]): string {
  const shape = stone.shape.toLowerCase();
  const forShape = heads.filter((h) => h.shapes.includes(stone.shape as ShapeName));
  if (forShape.length === 0) {
    return `None of our settings is made for ${shape} center stones yet. Our jewelers can make a ring around this diamond: ask for a custom ring.`;
  }
  if (stone.lengthMm === null || stone.widthMm === null) return FIT_MESSAGES.noMeasurements;
  const width = Math.min(stone.lengthMm, stone.widthMm);
  const smallest = Math.min(...forShape.map((h) => h.minWidthMm));
  const largest = Math.max(...forShape.map((h) => h.maxWidthMm));
  if (width < smallest) return `This diamond is ${mmText(width)} wide; our settings hold ${shape} stones from ${mmText(smallest)}.`;
  if (width > largest) return `This diamond is ${mmText(width)} wide; our settings hold ${shape} stones up to ${mmText(largest)}. Our jewelers can make a ring around it: ask for a custom ring.`;
  return fitProblem(forShape[0]!, stone) ?? FIT_MESSAGES.noMeasurements;
}

export interface JewelryServiceDeps {
  db: Handle;
  inventory: InventoryService;
}

/**
 * The jewelry catalog's read side: listings with filters, counts and sorts, a product with its variants, and the
 * variants the checkout prices. It holds the whole catalog in memory (a few hundred products, a few thousand
 * variants), renewed when the catalog's version changes; stock comes from the inventory, renewed with its version,
 * so a sold-out piece leaves the listings on every instance at once. docs/decisions/014-jewelry-catalog.md.
 */
export function createJewelryService(deps: JewelryServiceDeps) {
  const repo = createProductRepository(jewelryTables(deps.db));
  let snapshot: Snapshot | null = null;
  /** The load under way, with the version it was started for: a request that saw a newer version never joins it. */
  let loading: { version: string; promise: Promise<Snapshot> } | null = null;
  let shelf: { version: string; stock: Map<number, number> } | null = null;

  async function catalog(): Promise<Snapshot> {
    const version = await repo.version();
    if (snapshot?.version === version) return snapshot;
    if (loading?.version !== version) {
      const promise = (async () => {
        const { products, variants } = await repo.all();
        const byProduct = new Map<number, VariantRecord[]>();
        for (const row of variants) {
          const list = byProduct.get(row.product_id) ?? [];
          list.push(toVariantRecord(row));
          byProduct.set(row.product_id, list);
        }
        const records = products.map((row) => toProductRecord(row, byProduct.get(row.id) ?? []));
        return { version, products: records, bySlug: new Map(records.map((p) => [p.slug, p])) };
      })();
      loading = { version, promise };
      void promise
        .finally(() => {
          if (loading?.promise === promise) loading = null;
        })
        .catch(() => {});
    }
    const fresh = await loading.promise;
    snapshot = fresh;
    return fresh;
  }

  async function stock(): Promise<Map<number, number>> {
    const version = await deps.inventory.version();
    if (shelf?.version === version) return shelf.stock;
    const fresh = await deps.inventory.variantStock();
    shelf = { version, stock: fresh };
    return fresh;
  }

  const stockOf = (v: VariantRecord, onShelf: Map<number, number>) => (v.stocked ? (onShelf.get(v.id) ?? 0) : null);
  const isAvailable = (v: VariantRecord, onShelf: Map<number, number>) => !v.discontinued && (!v.stocked || (onShelf.get(v.id) ?? 0) > 0);
  const isReady = (v: VariantRecord, onShelf: Map<number, number>) => v.stocked && (onShelf.get(v.id) ?? 0) > 0;

  function inDepartment(p: ProductRecord, dept: Department): boolean {
    if (!p.published || !dept.families.includes(p.family)) return false;
    if (dept.genders && !dept.genders.includes(p.gender)) return false;
    if (dept.styles && !dept.styles.includes(p.style)) return false;
    if (dept.collectionsOnly && p.collection === null) return false;
    if (dept.onOffer && p.offerPercent === 0) return false;
    return true;
  }

  /** Whether a product passes the product-level filters and which of its variants pass the variant-level ones. */
  function matching(p: ProductRecord, q: ProductQuery, dept: Department, onShelf: Map<number, number>, skip: Dimension | null): VariantRecord[] {
    if (skip !== 'style' && q.styles.length > 0 && !q.styles.includes(p.style)) return [];
    if (skip !== 'collection' && q.collections.length > 0 && (p.collection === null || !q.collections.includes(p.collection))) return [];
    if (skip !== 'gem' && q.gems.length > 0 && (p.gem === null || !q.gems.includes(p.gem))) return [];
    const minCents = q.priceMin === null ? null : dollarsToCents(q.priceMin);
    const maxCents = q.priceMax === null ? null : dollarsToCents(q.priceMax);
    return p.variants.filter((v) => {
      if (!isAvailable(v, onShelf)) return false;
      if (dept.maxPriceCents !== undefined && v.priceCents > dept.maxPriceCents) return false;
      if (skip !== 'metal' && q.metals.length > 0 && !q.metals.includes(v.metal)) return false;
      if (skip !== 'shape' && q.shapes.length > 0 && (v.shape === null || !q.shapes.includes(v.shape))) return false;
      if (skip !== 'origin' && q.origins.length > 0 && (v.origin === null || !q.origins.includes(v.origin))) return false;
      if (skip !== 'ready' && q.readyToShip && !isReady(v, onShelf)) return false;
      if (skip !== 'price' && minCents !== null && v.priceCents < minCents) return false;
      if (skip !== 'price' && maxCents !== null && v.priceCents > maxCents) return false;
      if (skip !== 'carat' && (q.caratMin !== null || q.caratMax !== null)) {
        if (v.caratTotal === null) return false;
        if (q.caratMin !== null && v.caratTotal < q.caratMin) return false;
        if (q.caratMax !== null && v.caratTotal > q.caratMax) return false;
      }
      return true;
    });
  }

  /** A listing's card: the cheapest matching variant, preferring 14K white gold (the most wanted metal) on a tie. */
  function summary(p: ProductRecord, variants: VariantRecord[], onShelf: Map<number, number>): ProductSummary {
    const shown = [...variants].sort((a, b) => a.priceCents - b.priceCents || (METAL_ORDER.get(a.metal)! - METAL_ORDER.get(b.metal)!))[0]!;
    const listCents = shown.breakdown.offer_cents < 0 ? shown.priceCents - shown.breakdown.offer_cents : null;
    return {
      id: p.id,
      slug: p.slug,
      name: p.name,
      family: p.family,
      style: p.style,
      collection: p.collection,
      gender: p.gender,
      gem: p.gem,
      variant_id: shown.id,
      metal: shown.metal,
      shape: shown.shape,
      carat_total: shown.caratTotal,
      width_mm: shown.widthMm,
      origin: shown.origin,
      price_cents: shown.priceCents,
      list_cents: listCents,
      offer_percent: p.offerPercent,
      design: shown.design,
      // Every metal the piece can be ordered in, whatever the filters: the card's swatches say what it comes in.
      metals: [...new Set(p.variants.filter((v) => isAvailable(v, onShelf)).map((v) => v.metal))].sort((a, b) => METAL_ORDER.get(a)! - METAL_ORDER.get(b)!),
      ready_to_ship: variants.some((v) => isReady(v, onShelf)),
      lead_days: Math.min(...variants.map((v) => v.leadDays)),
    };
  }

  function facet<T extends string>(
    products: readonly ProductRecord[],
    q: ProductQuery,
    dept: Department,
    onShelf: Map<number, number>,
    dimension: Dimension,
    values: readonly { value: T; label: string }[],
    has: (p: ProductRecord, v: VariantRecord, value: T) => boolean,
  ): FacetValue[] {
    const counts = new Map<T, number>();
    for (const p of products) {
      const variants = matching(p, q, dept, onShelf, dimension);
      if (variants.length === 0) continue;
      for (const { value } of values) if (variants.some((v) => has(p, v, value))) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    // Values the department never has are left out; those the other filters rule out show 0.
    return values.filter(({ value }) => products.some((p) => p.variants.some((v) => has(p, v, value)))).map(({ value, label }) => ({ value, label, count: counts.get(value) ?? 0 }));
  }

  return {
    /** A page of a listing with the counts each filter value would give. */
    async list(q: ProductQuery): Promise<ProductListResponse> {
      const [{ products: all }, onShelf] = await Promise.all([catalog(), stock()]);
      const dept = departmentOf(q.department)!;
      const products = all.filter((p) => inDepartment(p, dept));

      const found: { product: ProductRecord; card: ProductSummary }[] = [];
      for (const p of products) {
        const variants = matching(p, q, dept, onShelf, null);
        if (variants.length > 0) found.push({ product: p, card: summary(p, variants, onShelf) });
      }
      const byId = (a: { product: ProductRecord }, b: { product: ProductRecord }) => a.product.id - b.product.id;
      const sorters: Record<ProductQuery['sort'], (a: (typeof found)[number], b: (typeof found)[number]) => number> = {
        best: (a, b) => b.product.popularity - a.product.popularity || byId(a, b),
        newest: (a, b) => b.product.createdAt.localeCompare(a.product.createdAt) || byId(a, b),
        price_asc: (a, b) => a.card.price_cents - b.card.price_cents || byId(a, b),
        price_desc: (a, b) => b.card.price_cents - a.card.price_cents || byId(a, b),
      };
      found.sort(sorters[q.sort]);

      const available = products.flatMap((p) => p.variants.filter((v) => isAvailable(v, onShelf)));
      const prices = available.map((v) => v.priceCents);
      const carats = available.flatMap((v) => (v.caratTotal === null ? [] : [v.caratTotal]));
      const styles = [...new Set(products.map((p) => p.style))].map((value) => ({ value, label: PRODUCT_STYLE_LABELS[value] }));
      const start = (q.page - 1) * PRODUCT_PAGE_SIZE;
      return {
        data: found.slice(start, start + PRODUCT_PAGE_SIZE).map((f) => f.card),
        total: found.length,
        page: q.page,
        per_page: PRODUCT_PAGE_SIZE,
        sort: q.sort,
        facets: {
          style: facet(products, q, dept, onShelf, 'style', styles, (p, _v, value) => p.style === value),
          metal: facet(products, q, dept, onShelf, 'metal', METALS.map((m) => ({ value: m.id, label: m.label })), (_p, v, value) => v.metal === value),
          shape: facet(products, q, dept, onShelf, 'shape', SHAPES.map((s) => ({ value: s, label: s })), (_p, v, value) => v.shape === value),
          origin: facet(products, q, dept, onShelf, 'origin', [{ value: 'lab', label: 'Lab-grown diamonds' }, { value: 'natural', label: 'Natural diamonds' }], (_p, v, value) => v.origin === value),
          collection: facet(products, q, dept, onShelf, 'collection', COLLECTIONS.map((c) => ({ value: c.id, label: c.label })), (p, _v, value) => p.collection === value),
          gem: facet(products, q, dept, onShelf, 'gem', GEMSTONES.map((g) => ({ value: g.id, label: g.label })), (p, _v, value) => p.gem === value),
          ready: products.filter((p) => matching(p, { ...q, readyToShip: true }, dept, onShelf, null).length > 0).length,
          price: { min: prices.length > 0 ? Math.floor(Math.min(...prices) / 100) : 0, max: prices.length > 0 ? Math.ceil(Math.max(...prices) / 100) : 0 },
          carat: carats.length > 0 ? { min: Math.min(...carats), max: Math.max(...carats) } : null,
        },
      };
    },

    /** A product with every variant, its options and related pieces; 404 when unknown or unpublished. */
    async detail(slug: string): Promise<ProductDetail> {
      const [{ products, bySlug }, onShelf] = await Promise.all([catalog(), stock()]);
      const p = bySlug.get(slug);
      if (!p || !p.published) throw new NotFoundError('This piece is not in the catalog.');
      const variants = p.variants.filter((v) => !v.discontinued);
      const offered = variants.filter((v) => isAvailable(v, onShelf));
      const pool = offered.length > 0 ? offered : variants;
      const preferred = pool.filter((v) => v.metal === '14k-white');
      const byPrice = (a: VariantRecord, b: VariantRecord) => a.priceCents - b.priceCents;
      const first = [...(preferred.length > 0 ? preferred : pool)].sort(byPrice)[0] ?? p.variants[0]!;
      const related = products
        .filter((o) => o.id !== p.id && o.published && o.family === p.family && (o.style === p.style || (p.collection !== null && o.collection === p.collection)))
        .sort((a, b) => b.popularity - a.popularity || a.id - b.id)
        .flatMap((o) => {
          const vs = o.variants.filter((v) => isAvailable(v, onShelf));
          return vs.length > 0 ? [summary(o, vs, onShelf)] : [];
        })
        .slice(0, 8);
      const distinct = <T>(values: T[]) => [...new Set(values)];
      return {
        id: p.id,
        slug: p.slug,
        name: p.name,
        description: p.description,
        family: p.family,
        style: p.style,
        collection: p.collection,
        gender: p.gender,
        gem: p.gem,
        engravable: p.engravable,
        resizable: p.resizable,
        ring: RING_FAMILIES.includes(p.family),
        offer_percent: p.offerPercent,
        options: {
          metal: distinct(variants.map((v) => v.metal)).sort((a, b) => METAL_ORDER.get(a)! - METAL_ORDER.get(b)!),
          shape: distinct(variants.flatMap((v) => (v.shape ? [v.shape] : []))).sort((a, b) => SHAPE_ORDER.get(a)! - SHAPE_ORDER.get(b)!),
          carat_total: p.family === 'preset' ? [] : distinct(variants.flatMap((v) => (v.caratTotal === null ? [] : [v.caratTotal]))).sort((a, b) => a - b),
          width_mm: distinct(variants.flatMap((v) => (v.widthMm === null ? [] : [v.widthMm]))).sort((a, b) => a - b),
          origin: distinct(variants.flatMap((v) => (v.origin ? [v.origin] : []))).sort(),
        },
        default_variant_id: first.id,
        variants: variants.map((v) => ({
          id: v.id,
          sku: v.sku,
          metal: v.metal,
          shape: v.shape,
          carat_total: v.caratTotal,
          width_mm: v.widthMm,
          origin: v.origin,
          price_cents: v.priceCents,
          breakdown: v.breakdown,
          metal_grams: v.metalGrams,
          lead_days: v.leadDays,
          stock: stockOf(v, onShelf),
          available: isAvailable(v, onShelf),
          design: v.design,
          included_stone: v.included,
        })),
        related,
      };
    },

    /**
     * The variants of `ids` with their products, read through `trx` (the checkout's transaction, so the price is the
     * one committed with the order). Unknown ids are absent. Whether units remain is the inventory's `reserve` to say.
     */
    async variantsForSale(trx: Handle, ids: readonly number[]): Promise<Map<number, VariantForSale>> {
      const rows = await createProductRepository(jewelryTables(trx)).variantsWithProducts(ids);
      return new Map(
        rows.map(({ variant, product }) => {
          const v = toVariantRecord(variant);
          return [v.id, { variant: v, product: toProductRecord(product, []) }];
        }),
      );
    },

    /**
     * §9's gift pieces (the contract's GIFTS, by slug): for each the variant a gift takes (its first stocked one still
     * made, published or not, so staff may keep a gift piece off the listings) and its units on the shelf. A gift whose
     * piece is missing is not in the map: nobody can be given it.
     */
    async giftPieces(): Promise<Map<GiftId, { variantId: number; onShelf: number }>> {
      const [{ products }, onShelf] = await Promise.all([catalog(), stock()]);
      const pieces = new Map<GiftId, { variantId: number; onShelf: number }>();
      for (const gift of GIFT_IDS) {
        const variant = products.find((p) => p.slug === GIFTS[gift].slug)?.variants.find((v) => v.stocked && !v.discontinued);
        if (variant) pieces.set(gift, { variantId: variant.id, onShelf: onShelf.get(variant.id) ?? 0 });
      }
      return pieces;
    },

    /**
     * Read through `trx` (an order's transaction): the variant of `gift`'s piece an order's gift takes (the same one
     * `giftPieces` names), with its product; null when the piece is missing or has no stocked variant still made.
     */
    async giftVariantForSale(trx: Handle, gift: GiftId): Promise<VariantForSale | null> {
      const r = createProductRepository(jewelryTables(trx));
      const product = await r.findProductBySlug(GIFTS[gift].slug);
      const variant = product ? (await r.variantsOf(product.id)).find((v) => v.stocked === 1 && v.discontinued === 0) : undefined;
      if (!product || !variant) return null;
      return { variant: toVariantRecord(variant), product: toProductRecord(product, []) };
    },

    /** The cart's pieces as they stand now: price, shelf, whether they can be ordered; ids the catalog lacks are `missing`. */
    async lookupVariants(ids: readonly number[]): Promise<VariantLookupResponse> {
      const [{ products }, onShelf] = await Promise.all([catalog(), stock()]);
      const wanted = new Set(ids);
      const data: VariantLookupResponse['data'] = [];
      for (const p of products) {
        for (const v of p.variants) {
          if (!wanted.has(v.id)) continue;
          const discontinued = v.discontinued || !p.published;
          data.push({
            id: v.id,
            slug: p.slug,
            name: p.name,
            price_cents: v.priceCents,
            stones_cents: v.breakdown.stones_cents,
            stock: stockOf(v, onShelf),
            available: !discontinued && isAvailable(v, onShelf),
            discontinued,
            lead_days: v.leadDays,
          });
        }
      }
      const found = new Set(data.map((d) => d.id));
      return { data, missing: [...wanted].filter((id) => !found.has(id)) };
    },

    /** What a variant's picture is drawn from; 404 when the catalog has no such published variant. */
    async picture(id: number): Promise<VariantPicture> {
      const { products } = await catalog();
      for (const p of products) {
        if (!p.published) continue;
        const v = p.variants.find((x) => x.id === id);
        if (v) return { id: v.id, name: p.name, metal: v.metal, design: v.design };
      }
      throw new NotFoundError('This piece is not in the catalog.');
    },

    /**
     * Step 2 of the ring builder: the published settings with a head that holds `stone`, each shown by its cheapest
     * fitting variant (in `metal` when chosen), with side stones of the stone's own origin where the setting offers
     * both, drawn holding the stone, and the ring's total. Style counts keep the metal and drop the style;
     * `none_reason` says why, when no setting fits at all. The stone itself is the caller's (the route adds it).
     */
    async settingsForStone(stone: StoneForSetting, q: SettingsForStoneQuery): Promise<Omit<BuilderSettingsResponse, 'diamond'>> {
      const [{ products }, onShelf] = await Promise.all([catalog(), stock()]);
      const heads: HeadFit[] = [];
      const fitting: { product: ProductRecord; variants: VariantRecord[] }[] = [];
      for (const p of products) {
        if (!p.published || p.family !== 'setting') continue;
        const offered = p.variants.filter((v) => isAvailable(v, onShelf));
        const fits = offered.filter((v) => {
          const head = headOf(v);
          if (head) heads.push(head);
          return head !== null && fitProblem(head, stone) === null;
        });
        if (fits.length === 0) continue;
        const sameOrigin = fits.filter((v) => v.origin === stone.origin);
        fitting.push({ product: p, variants: sameOrigin.length > 0 ? sameOrigin : fits });
      }

      const inMetal = fitting.flatMap(({ product, variants }) => {
        const chosen = q.metal ? variants.filter((v) => v.metal === q.metal) : variants;
        return chosen.length > 0 ? [{ product, variants, chosen }] : [];
      });
      const styles = SETTING_STYLES.map(({ id, label }) => ({ value: id, label, count: inMetal.filter((f) => f.product.style === id).length }));
      const cards = inMetal
        .filter((f) => !q.style || f.product.style === q.style)
        .map(({ product, variants, chosen }) => {
          const card = summary(product, chosen, onShelf);
          const shown = chosen.find((v) => v.id === card.variant_id)!;
          const design =
            shown.design.form === 'ring' && stone.lengthMm !== null && stone.widthMm !== null
              ? ringDesignWithStone(shown.design, { shape: stone.shape as ShapeName, lengthMm: stone.lengthMm, widthMm: stone.widthMm, depthPct: stone.depthPct })
              : shown.design;
          // The metals this setting comes in for this stone, whatever the metal chosen: the card's swatches.
          const metals = [...new Set(variants.map((v) => v.metal))].sort((a, b) => METAL_ORDER.get(a)! - METAL_ORDER.get(b)!);
          return { product, card: { ...card, design, metals, ring_cents: stone.priceCents + card.price_cents } };
        });
      const byId = (a: (typeof cards)[number], b: (typeof cards)[number]) => a.product.id - b.product.id;
      const sorters: Record<SettingsForStoneQuery['sort'], (a: (typeof cards)[number], b: (typeof cards)[number]) => number> = {
        best: (a, b) => b.product.popularity - a.product.popularity || byId(a, b),
        price_asc: (a, b) => a.card.price_cents - b.card.price_cents || byId(a, b),
        price_desc: (a, b) => b.card.price_cents - a.card.price_cents || byId(a, b),
      };
      cards.sort(sorters[q.sort]);
      const start = (q.page - 1) * PRODUCT_PAGE_SIZE;
      return {
        data: cards.slice(start, start + PRODUCT_PAGE_SIZE).map((c) => c.card),
        total: cards.length,
        page: q.page,
        per_page: PRODUCT_PAGE_SIZE,
        styles,
        none_reason: fitting.length === 0 ? noSettingReason(stone, heads) : null,
      };
    },

    /**
     * The heads of a published setting, one window per shape it is made for (from its variants still offered), for
     * the search's "fits this setting"; null when `slug` names no published setting.
     */
    async settingWindows(slug: string): Promise<HeadWindow[] | null> {
      const { bySlug } = await catalog();
      const p = bySlug.get(slug);
      if (!p || !p.published || p.family !== 'setting') return null;
      const windows = new Map<string, HeadWindow>();
      for (const v of p.variants) {
        const head = v.discontinued ? null : headOf(v);
        if (!head) continue;
        for (const shape of head.shapes) {
          const w = { shape, minWidthMm: head.minWidthMm, maxWidthMm: head.maxWidthMm, minCarat: head.minCenterCarat };
          windows.set(JSON.stringify(w), w);
        }
      }
      return [...windows.values()].sort((a, b) => SHAPE_ORDER.get(a.shape)! - SHAPE_ORDER.get(b.shape)! || a.minWidthMm - b.minWidthMm);
    },

    /**
     * What a setting holds, for step 1 after a setting: per shape its window in mm, the Luxe minimum, the carat range
     * the windows come to for well-cut stones, and its picture in its default metal. 404 for an unknown slug.
     */
    async settingFit(slug: string): Promise<SettingFit> {
      const [{ bySlug }, onShelf] = await Promise.all([catalog(), stock()]);
      const p = bySlug.get(slug);
      if (!p || !p.published || p.family !== 'setting') throw new NotFoundError(`No setting '${slug.slice(0, 120)}' is in the catalog.`);
      const offered = p.variants.filter((v) => isAvailable(v, onShelf) && headOf(v) !== null);
      const pool = offered.length > 0 ? offered : p.variants.filter((v) => headOf(v) !== null);
      if (pool.length === 0) throw new NotFoundError(`No setting '${slug.slice(0, 120)}' is in the catalog.`);
      const byShape = new Map<ShapeName, { min: number; max: number }>();
      let minCenter = 0;
      for (const v of pool) {
        const head = headOf(v)!;
        minCenter = Math.max(minCenter, head.minCenterCarat);
        for (const shape of head.shapes) {
          const w = byShape.get(shape);
          byShape.set(shape, { min: Math.min(w?.min ?? Infinity, head.minWidthMm), max: Math.max(w?.max ?? 0, head.maxWidthMm) });
        }
      }
      const shapes = [...byShape].sort(([a], [b]) => SHAPE_ORDER.get(a)! - SHAPE_ORDER.get(b)!);
      const caratMin = Math.min(...shapes.map(([shape, w]) => caratForWidth(shape, w.min)));
      const caratMax = Math.max(...shapes.map(([shape, w]) => caratForWidth(shape, w.max)));
      const preferred = pool.filter((v) => v.metal === '14k-white');
      const shown = [...(preferred.length > 0 ? preferred : pool)].sort((a, b) => a.priceCents - b.priceCents || a.id - b.id)[0]!;
      return {
        slug: p.slug,
        name: p.name,
        shapes: shapes.map(([shape, w]) => ({ shape, min_width_mm: w.min, max_width_mm: w.max })),
        min_center_carat: minCenter,
        // Whole hundredths, rounded outwards so the slider's preset never cuts off a stone that fits.
        carat: { min: Math.max(minCenter, Math.floor(caratMin * 100) / 100), max: Math.ceil(caratMax * 100) / 100 },
        design: shown.design,
        metal: shown.metal,
        price_cents: shown.priceCents,
      };
    },

    /**
     * Step 3's setting variant for a stone of `shape`: in `metal` and with side stones of `origin` when the setting
     * comes so for that shape, else its default metal (14K white gold where offered) and the stone's origin. A setting
     * no longer made is still found (`discontinued`), so a shared build can say so; 404 when `slug` names no setting.
     */
    async ringVariant(slug: string, shape: string, choice: { metal?: MetalId; origin?: AccentOrigin; stoneOrigin: AccentOrigin }): Promise<RingVariantChoice> {
      const [{ bySlug }, onShelf] = await Promise.all([catalog(), stock()]);
      const p = bySlug.get(slug);
      const rings = p && p.family === 'setting' ? p.variants.filter((v) => headOf(v) !== null) : [];
      if (!p || rings.length === 0) throw new NotFoundError(`No setting '${slug.slice(0, 120)}' is in the catalog.`);
      const offered = p.published ? rings.filter((v) => isAvailable(v, onShelf)) : [];
      const discontinued = offered.length === 0;
      const pool = discontinued ? rings : offered;
      const forShape = pool.filter((v) => v.shape === shape);
      const candidates = forShape.length > 0 ? forShape : pool;
      const metals = [...new Set(candidates.map((v) => v.metal))].sort((a, b) => METAL_ORDER.get(a)! - METAL_ORDER.get(b)!);
      const origins = [...new Set(candidates.flatMap((v) => (v.origin ? [v.origin] : [])))].sort();
      const metal = choice.metal && metals.includes(choice.metal) ? choice.metal : metals.includes('14k-white') ? '14k-white' : metals[0]!;
      const wanted = [choice.origin, choice.stoneOrigin].find((o) => o !== undefined && origins.includes(o));
      const inMetal = candidates.filter((v) => v.metal === metal).sort((a, b) => a.priceCents - b.priceCents || a.id - b.id);
      const variant = inMetal.find((v) => v.origin === (wanted ?? null)) ?? inMetal.find((v) => v.origin === origins[0]) ?? inMetal[0]!;
      return { product: p, variant, metals, origins, discontinued, shapeOffered: forShape.length > 0 };
    },

    /** Every published product's slug and when it changed (the sitemap). */
    async slugs(): Promise<{ slug: string; family: ProductFamily }[]> {
      const { products } = await catalog();
      return products.filter((p) => p.published).map((p) => ({ slug: p.slug, family: p.family }));
    },
  };
}

export type JewelryService = ReturnType<typeof createJewelryService>;
