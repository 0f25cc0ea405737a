/**
 * The jewelry catalog's API shapes: a listing (GET /api/products), a product (GET /api/products/{slug}) and the
 * product line of a cart and an order.
 */
import { z } from 'zod';
import { SHAPES } from '../constants.ts';
import { pieceDesignSchema } from './design-schemas.ts';
import { positiveId } from '../fields.ts';
import { PRODUCT_SORTS } from './product-query.ts';
import {
  COLLECTIONS,
  GEMSTONES,
  GENDERS,
  PRODUCT_FAMILIES,
  PRODUCT_STYLES,
  type CollectionId,
  type GemstoneId,
  type ProductStyle,
} from './products.ts';
import { METAL_IDS, RING_SIZE_MESSAGES, RING_SIZE_UNKNOWN, RING_SIZES, engravingProblem } from '../ring-builder/ring-choices.ts';

const styleIds = PRODUCT_STYLES.map((s) => s.id) as [ProductStyle, ...ProductStyle[]];
const collectionIds = COLLECTIONS.map((c) => c.id) as [CollectionId, ...CollectionId[]];
const gemIds = GEMSTONES.map((g) => g.id) as [GemstoneId, ...GemstoneId[]];

export const priceBreakdownSchema = z.object({
  metal_cents: z.number().int(),
  stones_cents: z.number().int(),
  center_cents: z.number().int(),
  labor_cents: z.number().int(),
  offer_cents: z.number().int(),
});
export type PriceBreakdownWire = z.infer<typeof priceBreakdownSchema>;

export const includedStoneSchema = z.object({
  certificate_number: z.string(),
  lab: z.enum(['IGI', 'GIA']),
  origin: z.enum(['lab', 'natural']),
  shape: z.enum(SHAPES),
  carat: z.number(),
  color: z.string(),
  clarity: z.string(),
  cut: z.string(),
  length_mm: z.number(),
  width_mm: z.number(),
  depth_mm: z.number(),
});

/** One purchasable version of a product. */
export const variantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  metal: z.enum(METAL_IDS),
  shape: z.enum(SHAPES).nullable(),
  carat_total: z.number().nullable(),
  /** A band's width in mm, where the piece comes in several widths. */
  width_mm: z.number().nullable(),
  origin: z.enum(['lab', 'natural']).nullable(),
  price_cents: z.number().int(),
  breakdown: priceBreakdownSchema,
  metal_grams: z.number(),
  /** Business days from the order to the piece leaving the workshop. */
  lead_days: z.number().int(),
  /** Units on the shelf for a stocked variant; null when it is made to order. */
  stock: z.number().int().nullable(),
  /** False when it cannot be ordered now (sold out, or discontinued). */
  available: z.boolean(),
  design: pieceDesignSchema,
  included_stone: includedStoneSchema.nullable(),
});
export type Variant = z.infer<typeof variantSchema>;

/** A product as a listing shows it: the variant that matches the filters best (the cheapest), drawn and priced. */
export const productSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  family: z.enum(PRODUCT_FAMILIES),
  style: z.enum(styleIds),
  collection: z.enum(collectionIds).nullable(),
  gender: z.enum(GENDERS),
  gem: z.enum(gemIds).nullable(),
  /** The variant shown: its id, metal, price (the lowest of the matching ones) and picture. */
  variant_id: z.number().int(),
  metal: z.enum(METAL_IDS),
  shape: z.enum(SHAPES).nullable(),
  carat_total: z.number().nullable(),
  width_mm: z.number().nullable(),
  origin: z.enum(['lab', 'natural']).nullable(),
  price_cents: z.number().int(),
  /** The price before the offer, when there is one. */
  list_cents: z.number().int().nullable(),
  offer_percent: z.number().int(),
  design: pieceDesignSchema,
  metals: z.array(z.enum(METAL_IDS)),
  ready_to_ship: z.boolean(),
  lead_days: z.number().int(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const facetValueSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValueSchema>;

/** GET /api/products: a page of a listing, with how many each filter value would give (the other filters as they are). */
export const productListResponseSchema = z.object({
  data: z.array(productSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  sort: z.enum(PRODUCT_SORTS.map((s) => s.id) as ['best', 'newest', 'price_asc', 'price_desc']),
  facets: z.object({
    style: z.array(facetValueSchema),
    metal: z.array(facetValueSchema),
    shape: z.array(facetValueSchema),
    origin: z.array(facetValueSchema),
    collection: z.array(facetValueSchema),
    gem: z.array(facetValueSchema),
    ready: z.number().int(),
    /** The department's price and carat ranges in whole dollars and carats (for the sliders' bounds). */
    price: z.object({ min: z.number(), max: z.number() }),
    carat: z.object({ min: z.number(), max: z.number() }).nullable(),
  }),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** GET /api/products/{slug}. */
export const productDetailSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  family: z.enum(PRODUCT_FAMILIES),
  style: z.enum(styleIds),
  collection: z.enum(collectionIds).nullable(),
  gender: z.enum(GENDERS),
  gem: z.enum(gemIds).nullable(),
  engravable: z.boolean(),
  resizable: z.boolean(),
  /** Worn on a finger: a line of it needs a ring size. */
  ring: z.boolean(),
  offer_percent: z.number().int(),
  /** Which choices exist and, for each, its values in display order. */
  options: z.object({
    metal: z.array(z.enum(METAL_IDS)),
    shape: z.array(z.enum(SHAPES)),
    carat_total: z.array(z.number()),
    width_mm: z.array(z.number()),
    origin: z.array(z.enum(['lab', 'natural'])),
  }),
  /** The variant the page opens on (the best-selling metal, the cheapest of it). */
  default_variant_id: z.number().int(),
  variants: z.array(variantSchema),
  related: z.array(productSummarySchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productSlugParamSchema = z.object({ slug: z.string().max(200) });

/** GET /api/products/variants/{id}: what a variant's picture is drawn from. */
export const variantPictureSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  metal: z.enum(METAL_IDS),
  design: pieceDesignSchema,
});
export type VariantPicture = z.infer<typeof variantPictureSchema>;

/** GET /api/sitemap/products: every published piece's slug (the sitemap lists their pages). */
export const productSlugsResponseSchema = z.object({ data: z.array(z.object({ slug: z.string() })) });

/** How many of one variant a line may hold. */
export const MAX_LINE_QUANTITY = 10;

/** A US ring size from 3 to 13 in halves, or 'unknown' (one free resize later): a product's or a built ring's line. */
export const ringSizeField = z.string({ error: RING_SIZE_MESSAGES.required }).refine((v) => v === RING_SIZE_UNKNOWN || RING_SIZES.includes(v), RING_SIZE_MESSAGES.invalid);

/** An engraving a jeweler can cut, trimmed; empty or absent is none (null). */
export const engravingField = z
  .string()
  .trim()
  .max(64)
  .superRefine((v, ctx) => {
    const problem = engravingProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * A product line: a variant, how many, and what the shopper chose for it. A ring's size ('unknown' when not known
 * yet: one free resize) and an engraving belong to the line, so two lines of one variant may differ in them.
 */
export const productLineSchema = z.object({
  kind: z.literal('product'),
  variant_id: positiveId('variant id'),
  quantity: z
    .number({ error: 'The quantity must be a whole number.' })
    .int('The quantity must be a whole number.')
    .min(1, 'The quantity must be at least 1.')
    .max(MAX_LINE_QUANTITY, `The quantity must be at most ${MAX_LINE_QUANTITY}.`)
    .default(1),
  ring_size: ringSizeField.nullish().transform((v) => v ?? null),
  engraving: engravingField,
});


/** At most this many variants are looked up at once (a cart holds far fewer lines). */
export const VARIANT_LOOKUP_MAX = 50;

/** POST /api/products/variants/lookup: the cart re-checks its pieces' prices and stock in one request. */
export const variantLookupRequestSchema = z
  .object({
    ids: z
      .array(z.number().int('Each id must be a whole number.').positive('Each id must be a positive whole number.'))
      .min(1, 'Send at least one variant id.')
      .max(VARIANT_LOOKUP_MAX, `Send at most ${VARIANT_LOOKUP_MAX} variant ids.`),
  })
  .strict();

/** A variant as the cart needs it now: its price, whether it can be ordered, how many are on the shelf. */
export const variantStateSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  price_cents: z.number().int(),
  /** Units on the shelf for a stocked variant; null when made to order. */
  stock: z.number().int().nullable(),
  available: z.boolean(),
  /** Withdrawn from sale (or its product unpublished): it cannot be ordered again. */
  discontinued: z.boolean(),
  lead_days: z.number().int(),
  /**
   * The variant's own small stones in its price, cents (its breakdown's stones_cents), so the cart splits a built
   * ring's renewed price as the builder does (ring-builder.ts `ringPrice`). Absent from a store that does not send it;
   * the cart then keeps the split it was given.
   */
  stones_cents: z.number().int().optional(),
});
export type VariantState = z.infer<typeof variantStateSchema>;

export const variantLookupResponseSchema = z.object({
  data: z.array(variantStateSchema),
  missing: z.array(z.number().int()),
});
export type VariantLookupResponse = z.infer<typeof variantLookupResponseSchema>;
