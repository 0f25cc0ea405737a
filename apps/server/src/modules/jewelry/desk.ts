import {
  METALS,
  centsToPrice,
  checkDesign,
  designRefusal,
  type AdminMetalPrice,
  type AdminProduct,
  type AdminProductListParams,
  type AdminProductSummary,
  type AdminVariant,
  type MetalId,
  type PieceDesign,
  type ProductFamily,
} from '@everstone/contract';
import type { Engine, ModuleDb } from '../../db/database.ts';
import type { ProductRow, ProductVariantRow } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import type { InventoryService } from '../inventory/index.ts';
import { changed, type JewelryChange } from './changes.ts';
import type { HeldUnits } from './import.ts';
import { repriceVariant, type MetalPrices, type Priced } from './price-model.ts';
import { createProductRepository, variantPriceColumns } from './repository.ts';
import { jewelryTables, type JewelryTables } from './tables.ts';
import { designJson, designOf, includedStoneOf, sameDesign } from './variant-json.ts';

/** Writes the change's audit entry inside its transaction (the admin routes pass the audit log's). */
export type RecordJewelryChange = (trx: Handle, subject: { type: 'product' | 'metal'; id: string }, change: JewelryChange) => Promise<void>;

export interface ProductEdit {
  name?: string;
  description?: string;
  offer_percent?: number;
  popularity?: number;
  published?: boolean;
  engravable?: boolean;
  resizable?: boolean;
}

export interface VariantEdit {
  lead_days?: number;
  discontinued?: boolean;
  /** Units the store holds, open orders' units included; null makes the variant made to order. */
  on_hand?: number | null;
  /** Any value: it is checked here against the product's family (designSchemaFor), which the request cannot know. */
  design?: unknown;
}

const bool = (n: number) => n === 1;

/** The row's figures that price it, for repricing. */
const storedPrice = (v: ProductVariantRow, family: string) => ({
  family: family as ProductFamily,
  design: designOf(v),
  metal: v.metal as MetalId,
  origin: (v.origin ?? 'natural') as 'lab' | 'natural',
  stonesCents: v.stones_cents,
  centerCents: v.center_cents,
});

/** The design to store for a product of `family`, or a 422 saying everything that is wrong with it. */
function requireDesign(value: unknown, family: ProductFamily): PieceDesign {
  const check = checkDesign(value, family);
  if (check.problems) throw new ValidationError({ design: check.problems }, designRefusal(check.problems));
  return check.design;
}

/** A design's price, refused (422) when its figures make no price: the check of a design is the last word on it, not the only one. */
function priced(quote: Priced): Priced {
  const figures = [quote.priceCents, quote.metalGrams, ...Object.values(quote.breakdown)];
  if (!figures.every(Number.isFinite) || quote.priceCents <= 0) throw new ValidationError({ design: ['The design does not make a price.'] }, 'The design cannot be drawn and priced: its figures do not make a price.');
  return quote;
}

/** A product's fields as the audit log and the back office name them. */
const productFields = (p: ProductRow) => ({
  name: p.name,
  description: p.description,
  offer_percent: p.offer_percent,
  popularity: p.popularity,
  published: bool(p.published),
  engravable: bool(p.engravable),
  resizable: bool(p.resizable),
});

/**
 * The catalog as staff keep it (back office): products found and paged, one product with every variant's price,
 * design and units; a product's words, offer and publishing; a variant's lead time, withdrawal, units on hand and
 * design; and the price of each metal. Every change is one transaction: its rows, the variants it re-prices, the
 * catalog's version (every instance's snapshot renews), and its audit entry through `record`. The prices a change
 * makes are the price model's, at the metal prices in force.
 */
export function createJewelryDesk(deps: { db: { db: Handle; engine: Engine }; inventory: InventoryService; heldUnits: HeldUnits; now: () => Date }) {
  const d: ModuleDb<JewelryTables> = { db: jewelryTables(deps.db.db), engine: deps.db.engine };

  async function units(variantIds: number[]): Promise<{ shelf: Map<number, number>; held: Map<number, number> }> {
    const [shelf, held] = await Promise.all([deps.inventory.variantStock(variantIds), deps.heldUnits(d.db, variantIds)]);
    return { shelf, held };
  }

  function toAdminVariant(v: ProductVariantRow, shelf: Map<number, number>, held: Map<number, number>): AdminVariant {
    const heldUnits = held.get(v.id) ?? 0;
    const onShelf = bool(v.stocked) ? (shelf.get(v.id) ?? 0) : null;
    return {
      id: v.id,
      sku: v.sku,
      metal: v.metal as MetalId,
      shape: v.shape as AdminVariant['shape'],
      carat_total: v.carat_total,
      width_mm: v.width_mm,
      origin: v.origin as AdminVariant['origin'],
      price_cents: v.price_cents,
      breakdown: { metal_cents: v.metal_cents, stones_cents: v.stones_cents, center_cents: v.center_cents, labor_cents: v.labor_cents, offer_cents: v.offer_cents },
      metal_grams: v.metal_grams,
      lead_days: v.lead_days,
      stocked: bool(v.stocked),
      on_shelf: onShelf,
      held: heldUnits,
      on_hand: onShelf === null ? null : onShelf + heldUnits,
      discontinued: bool(v.discontinued),
      design: designOf(v),
      included_stone: includedStoneOf(v),
    };
  }

  /** A product as the back office shows it (its history is the audit log's, added by the route). */
  async function product(id: number): Promise<Omit<AdminProduct, 'history'>> {
    const repo = createProductRepository(d.db);
    const row = await repo.findProduct(id);
    if (!row) throw new NotFoundError(`No product with id ${id} exists.`);
    const variants = await repo.variantsOf(id);
    const { shelf, held } = await units(variants.map((v) => v.id));
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      family: row.family as ProductFamily,
      style: row.style as AdminProduct['style'],
      collection: row.collection as AdminProduct['collection'],
      gender: row.gender as AdminProduct['gender'],
      gem: row.gem as AdminProduct['gem'],
      engravable: bool(row.engravable),
      resizable: bool(row.resizable),
      offer_percent: row.offer_percent,
      popularity: row.popularity,
      published: bool(row.published),
      created_at: row.created_at,
      updated_at: row.updated_at,
      variants: variants.map((v) => toAdminVariant(v, shelf, held)),
    };
  }

  return {
    /** A page of products: by name, slug or SKU, family and publishing, sorted on the server. */
    async list(q: AdminProductListParams): Promise<{ products: AdminProductSummary[]; total: number }> {
      const repo = createProductRepository(d.db);
      const { rows, total } = await repo.searchProducts(q);
      const variants = await repo.stockFlagsOf(rows.map((r) => Number(r.id)));
      const shelf = await deps.inventory.variantStock(variants.filter((v) => Number(v.stocked) === 1).map((v) => Number(v.id)));
      const onShelf = new Map<number, number>();
      for (const v of variants) {
        if (Number(v.stocked) !== 1) continue;
        const pid = Number(v.product_id);
        onShelf.set(pid, (onShelf.get(pid) ?? 0) + (shelf.get(Number(v.id)) ?? 0));
      }
      return {
        total: Number(total),
        products: rows.map((r) => ({
          id: Number(r.id),
          slug: r.slug,
          name: r.name,
          family: r.family as ProductFamily,
          style: r.style as AdminProductSummary['style'],
          published: Number(r.published) === 1,
          variants: Number(r.variants ?? 0),
          discontinued: Number(r.discontinued ?? 0),
          price_from_cents: Number(r.price_from ?? 0),
          price_to_cents: Number(r.price_to ?? 0),
          offer_percent: Number(r.offer_percent),
          on_shelf: onShelf.has(Number(r.id)) ? onShelf.get(Number(r.id))! : null,
          updated_at: r.updated_at,
        })),
      };
    },

    product,

    /** Changes a product's words, offer or publishing; a new offer re-prices each of its variants. */
    async editProduct(id: number, edit: ProductEdit, record: RecordJewelryChange): Promise<void> {
      await writeTransaction(d, async (trx) => {
        const repo = createProductRepository(trx);
        const row = await repo.findProduct(id);
        if (!row) throw new NotFoundError(`No product with id ${id} exists.`);
        const before = productFields(row);
        const after = { ...before, ...Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined)) };
        const change = changed(before, after);
        if (Object.keys(change.after).length === 0) return;
        await repo.updateProduct(id, {
          name: after.name,
          description: after.description,
          offer_percent: after.offer_percent,
          popularity: after.popularity,
          published: after.published ? 1 : 0,
          engravable: after.engravable ? 1 : 0,
          resizable: after.resizable ? 1 : 0,
          updated_at: deps.now().toISOString(),
        });
        if (after.offer_percent !== before.offer_percent) {
          const prices = await repo.metalPrices();
          for (const v of await repo.variantsOf(id)) {
            const priced = repriceVariant(storedPrice(v, row.family), { metalCentsPerGram: prices[v.metal as MetalId], offerPercent: after.offer_percent });
            await repo.updateVariant(v.id, variantPriceColumns(priced));
          }
        }
        await repo.bumpVersion();
        await record(trx, { type: 'product', id: String(id) }, change);
      });
    },

    /**
     * Changes a variant. A new design is checked as the import checks one (it must draw and price) and re-prices the
     * variant. Units on hand are what the store holds, open orders' units included: the shelf becomes on hand less
     * those, so an edit never sells a unit twice. Null makes it made to order.
     */
    async editVariant(id: number, edit: VariantEdit, record: RecordJewelryChange): Promise<number> {
      return writeTransaction(d, async (trx) => {
        const repo = createProductRepository(trx);
        const v = await repo.findVariant(id);
        if (!v) throw new NotFoundError(`No variant with id ${id} exists.`);
        const owner = (await repo.findProduct(v.product_id))!;
        const held = (await deps.heldUnits(trx, [id])).get(id) ?? 0;
        const shelf = bool(v.stocked) ? ((await deps.inventory.variantStock([id], trx)).get(id) ?? 0) : null;
        const before: Record<string, unknown> = { lead_days: v.lead_days, discontinued: bool(v.discontinued), on_hand: shelf === null ? null : shelf + held };
        const after: Record<string, unknown> = { ...before };
        const columns: Parameters<typeof repo.updateVariant>[1] = {};
        if (edit.lead_days !== undefined) after.lead_days = columns.lead_days = edit.lead_days;
        if (edit.discontinued !== undefined) {
          after.discontinued = edit.discontinued;
          columns.discontinued = edit.discontinued ? 1 : 0;
        }
        if (edit.design !== undefined) {
          const design = requireDesign(edit.design, owner.family as ProductFamily);
          const old = designOf(v);
          if (!sameDesign(old, design)) {
            const prices = await repo.metalPrices();
            const quote = priced(repriceVariant(storedPrice(v, owner.family), { design, metalCentsPerGram: prices[v.metal as MetalId], offerPercent: owner.offer_percent }));
            Object.assign(columns, variantPriceColumns(quote), { design_json: designJson(design) });
            before.design = old;
            before.price = centsToPrice(v.price_cents);
            after.design = design;
            after.price = centsToPrice(quote.priceCents);
          }
        }
        if (edit.on_hand !== undefined) {
          after.on_hand = edit.on_hand;
          if (edit.on_hand === null) columns.stocked = 0;
          else {
            if (edit.on_hand < held) {
              throw new ValidationError(
                { on_hand: [`Open orders hold ${held} of this piece: units on hand cannot be fewer than ${held}.`] },
                `Open orders hold ${held} of this piece: units on hand cannot be fewer than ${held}.`,
              );
            }
            columns.stocked = 1;
            await deps.inventory.setVariantStock(trx, [{ variantId: id, quantity: edit.on_hand - held }]);
          }
        }
        const change = changed(before, after);
        if (Object.keys(change.after).length === 0) return v.product_id;
        if (Object.keys(columns).length > 0) await repo.updateVariant(id, columns);
        await repo.updateProduct(v.product_id, { updated_at: deps.now().toISOString() });
        await repo.bumpVersion();
        await record(trx, { type: 'product', id: String(v.product_id) }, { before: { sku: v.sku, ...change.before }, after: { sku: v.sku, ...change.after } });
        return v.product_id;
      });
    },

    /** What a design would cost for a variant, at the metal prices in force, without saving it. */
    async priceDesign(id: number, value: unknown) {
      const repo = createProductRepository(d.db);
      const v = await repo.findVariant(id);
      if (!v) throw new NotFoundError(`No variant with id ${id} exists.`);
      const owner = (await repo.findProduct(v.product_id))!;
      const design = requireDesign(value, owner.family as ProductFamily);
      const prices = await repo.metalPrices();
      return priced(repriceVariant(storedPrice(v, owner.family), { design, metalCentsPerGram: prices[v.metal as MetalId], offerPercent: owner.offer_percent }));
    },

    async metalPrices(): Promise<AdminMetalPrice[]> {
      const repo = createProductRepository(d.db);
      const [rows, counts] = await Promise.all([repo.metalPriceRows(), repo.variantCountsByMetal()]);
      const byMetal = new Map(rows.map((r) => [r.metal, r]));
      return METALS.flatMap((m) => {
        const row = byMetal.get(m.id);
        return row ? [{ metal: m.id, label: m.label, cents_per_gram: row.cents_per_gram, variants: counts.get(m.id) ?? 0, updated_at: row.updated_at }] : [];
      });
    },

    /** New prices a gram; every variant made in a metal whose price moved is priced again, in the same transaction. */
    async setMetalPrices(changes: readonly { metal: MetalId; per_gram: number }[], record: RecordJewelryChange): Promise<{ moved: number; repriced: number }> {
      return writeTransaction(d, async (trx) => {
        const repo = createProductRepository(trx);
        const prices: MetalPrices = await repo.metalPrices();
        const moved = changes.filter((c) => prices[c.metal] !== c.per_gram);
        if (moved.length === 0) return { moved: 0, repriced: 0 };
        const at = deps.now().toISOString();
        const before = Object.fromEntries(moved.map((c) => [c.metal, centsToPrice(prices[c.metal])]));
        for (const c of moved) {
          await repo.setMetalPrice(c.metal, c.per_gram, at);
          prices[c.metal] = c.per_gram;
        }
        const variants = await repo.variantsInMetals(moved.map((c) => c.metal));
        for (const { variant, family, offerPercent } of variants) {
          const priced = repriceVariant(storedPrice(variant, family), { metalCentsPerGram: prices[variant.metal as MetalId], offerPercent });
          if (priced.priceCents !== variant.price_cents || priced.breakdown.metalCents !== variant.metal_cents) await repo.updateVariant(variant.id, variantPriceColumns(priced));
        }
        await repo.bumpVersion();
        const after = Object.fromEntries(moved.map((c) => [c.metal, centsToPrice(c.per_gram)]));
        await record(trx, { type: 'metal', id: moved.map((c) => c.metal).join(',') }, { before, after: { ...after, variants_repriced: variants.length } });
        return { moved: moved.length, repriced: variants.length };
      });
    },
  };
}

export type JewelryDesk = ReturnType<typeof createJewelryDesk>;
