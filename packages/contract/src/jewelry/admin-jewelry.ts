/**
 * Contracts of the back office's catalog (/admin/products and /api/admin/products, /api/admin/variants,
 * /api/admin/metal-prices): products and their variants as staff keep them, the price of each metal, and a variant's
 * picture parameters with the price they make. docs/decisions/018-back-office.md.
 */
import { z } from 'zod';
import { adminPageNumber, adminPageSize, auditEntrySchema } from '../admin/admin.ts';
import { formatCents, priceToCents } from '../money.ts';
import { priceBreakdownSchema, productDetailSchema, productSummarySchema, variantSchema } from './product-schemas.ts';
import { PRODUCT_FAMILIES } from './products.ts';
import { METAL_IDS } from '../ring-builder/ring-choices.ts';

/** The catalog list's filters on the published flag. */
export const PRODUCT_STATES = ['all', 'published', 'unpublished'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];
/** The catalog list's columns that sort. */
export const ADMIN_PRODUCT_SORTS = ['name', 'family', 'price', 'updated_at'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

export const adminProductListQuerySchema = z.object({
  /** A name, a slug or a SKU (or part of one). */
  q: z.string().trim().max(100, 'The search must not be longer than 100 characters.').optional(),
  family: z.enum(PRODUCT_FAMILIES, { error: `The family must be one of ${PRODUCT_FAMILIES.join(', ')}.` }).optional(),
  state: z.enum(PRODUCT_STATES, { error: 'The state must be all, published or unpublished.' }).default('all'),
  sort: z.enum(ADMIN_PRODUCT_SORTS, { error: `The sort must be one of ${ADMIN_PRODUCT_SORTS.join(', ')}.` }).default('name'),
  dir: z.enum(['asc', 'desc'], { error: 'The direction must be asc or desc.' }).default('asc'),
  page: adminPageNumber,
  per_page: adminPageSize,
});
export type AdminProductListQuery = z.input<typeof adminProductListQuerySchema>;
/** The list's query as the server reads it (defaults filled in). */
export type AdminProductListParams = z.output<typeof adminProductListQuerySchema>;

export const adminProductSummarySchema = productSummarySchema.pick({ id: true, slug: true, name: true, family: true, style: true, offer_percent: true }).extend({
  published: z.boolean(),
  /** Variants in all, and how many of them are withdrawn from sale. */
  variants: z.number().int(),
  discontinued: z.number().int(),
  /** The lowest and highest price of its variants on sale (all of them when none is). */
  price_from_cents: z.number().int(),
  price_to_cents: z.number().int(),
  /** Units on the shelf over its stocked variants; null when every variant is made to order. */
  on_shelf: z.number().int().nullable(),
  updated_at: z.string(),
});
export type AdminProductSummary = z.infer<typeof adminProductSummarySchema>;
export const adminProductListResponseSchema = z.object({
  products: z.array(adminProductSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AdminProductListResponse = z.infer<typeof adminProductListResponseSchema>;

/** A variant as staff see it: its price itemized, its picture's design, and its units (on hand = on the shelf + held by open orders). */
export const adminVariantSchema = variantSchema.omit({ stock: true, available: true }).extend({
  /** Made to order (false) or sold from units on the shelf (true). */
  stocked: z.boolean(),
  on_shelf: z.number().int().nullable(),
  /** Units open orders have taken and not yet shipped. */
  held: z.number().int(),
  on_hand: z.number().int().nullable(),
  discontinued: z.boolean(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

export const adminProductSchema = productDetailSchema
  .pick({ id: true, slug: true, name: true, description: true, family: true, style: true, collection: true, gender: true, gem: true, engravable: true, resizable: true, offer_percent: true })
  .extend({
    popularity: z.number().int(),
    published: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    variants: z.array(adminVariantSchema),
    history: z.array(auditEntrySchema),
  });
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductResponseSchema = z.object({ product: adminProductSchema });
export const adminProductSavedSchema = z.object({ message: z.string(), product: adminProductSchema });
export type AdminProductSaved = z.infer<typeof adminProductSavedSchema>;

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2000;
/** An offer takes at most this much off a piece's price. */
export const OFFER_PERCENT_MAX = 50;

/** PUT /api/admin/products/{id}: any of these; a changed offer re-prices every variant. */
export const adminProductEditRequestSchema = z
  .object({
    name: z
      .string({ error: 'The name must be text.' })
      .trim()
      .min(1, 'Please enter the product’s name.')
      .max(PRODUCT_NAME_MAX, `The name must not be longer than ${PRODUCT_NAME_MAX} characters.`)
      .optional(),
    description: z
      .string({ error: 'The description must be text.' })
      .trim()
      .min(1, 'Please enter a description.')
      .max(PRODUCT_DESCRIPTION_MAX, `The description must not be longer than ${PRODUCT_DESCRIPTION_MAX.toLocaleString('en-US')} characters.`)
      .optional(),
    offer_percent: z.coerce
      .number({ error: `The offer must be a whole number from 0 to ${OFFER_PERCENT_MAX}.` })
      .int(`The offer must be a whole number from 0 to ${OFFER_PERCENT_MAX}.`)
      .min(0, `The offer must be a whole number from 0 to ${OFFER_PERCENT_MAX}.`)
      .max(OFFER_PERCENT_MAX, `The offer must be a whole number from 0 to ${OFFER_PERCENT_MAX}.`)
      .optional(),
    popularity: z.coerce
      .number({ error: 'The popularity must be a whole number from 0 to 1,000,000.' })
      .int('The popularity must be a whole number from 0 to 1,000,000.')
      .min(0, 'The popularity must be a whole number from 0 to 1,000,000.')
      .max(1_000_000, 'The popularity must be a whole number from 0 to 1,000,000.')
      .optional(),
    published: z.boolean({ error: 'Published must be true or false.' }).optional(),
    engravable: z.boolean({ error: 'Engravable must be true or false.' }).optional(),
    resizable: z.boolean({ error: 'Resizable must be true or false.' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Send at least one field to change.');
export type AdminProductEditRequest = z.input<typeof adminProductEditRequestSchema>;

export const LEAD_DAYS_MAX = 180;

/**
 * A design sent to be saved or priced. Its rules depend on the variant's family, which only the server knows once it
 * has found the variant: the desk checks it with `designSchemaFor(family)` and refuses it whole with what is wrong
 * (422), as the import does, so it is any value here.
 */
const designToCheck = z.unknown();
export const ON_HAND_MAX = 100_000;

/**
 * PUT /api/admin/variants/{id}: any of the lead time, withdrawn from sale, units on hand (null makes it made to
 * order), and the design its picture and price are made from (the server checks it as the import does).
 */
export const adminVariantEditRequestSchema = z
  .object({
    lead_days: z.coerce
      .number({ error: `The lead time must be a whole number of business days from 0 to ${LEAD_DAYS_MAX}.` })
      .int(`The lead time must be a whole number of business days from 0 to ${LEAD_DAYS_MAX}.`)
      .min(0, `The lead time must be a whole number of business days from 0 to ${LEAD_DAYS_MAX}.`)
      .max(LEAD_DAYS_MAX, `The lead time must be a whole number of business days from 0 to ${LEAD_DAYS_MAX}.`)
      .optional(),
    discontinued: z.boolean({ error: 'Discontinued must be true or false.' }).optional(),
    on_hand: z
      .number({ error: `Units on hand must be a whole number from 0 to ${ON_HAND_MAX.toLocaleString('en-US')}, or null for made to order.` })
      .int(`Units on hand must be a whole number from 0 to ${ON_HAND_MAX.toLocaleString('en-US')}.`)
      .min(0, `Units on hand must be a whole number from 0 to ${ON_HAND_MAX.toLocaleString('en-US')}.`)
      .max(ON_HAND_MAX, `Units on hand must be a whole number from 0 to ${ON_HAND_MAX.toLocaleString('en-US')}.`)
      .nullable()
      .optional(),
    design: designToCheck.optional(),
  })
  .refine((v) => v.lead_days !== undefined || v.discontinued !== undefined || v.on_hand !== undefined || v.design !== undefined, 'Send a lead time, discontinued, units on hand or a design to change.');
export type AdminVariantEditRequest = z.input<typeof adminVariantEditRequestSchema>;

/** POST /api/admin/variants/{id}/price: what a design would cost, without saving it (the editor's live price). */
export const adminVariantPriceRequestSchema = z.object({ design: designToCheck });
export const adminVariantPriceResponseSchema = z.object({ price_cents: z.number().int(), breakdown: priceBreakdownSchema, metal_grams: z.number() });
export type AdminVariantPriceResponse = z.infer<typeof adminVariantPriceResponseSchema>;

/** A metal's price as the catalog works it into pieces: dollars a gram, and how many variants are made in it. */
export const adminMetalPriceSchema = z.object({
  metal: z.enum(METAL_IDS),
  label: z.string(),
  cents_per_gram: z.number().int(),
  variants: z.number().int(),
  updated_at: z.string(),
});
export type AdminMetalPrice = z.infer<typeof adminMetalPriceSchema>;
export const adminMetalPricesResponseSchema = z.object({ metals: z.array(adminMetalPriceSchema) });
export type AdminMetalPricesResponse = z.infer<typeof adminMetalPricesResponseSchema>;

/** The bounds of a metal's price a gram: a typing slip (a missing or extra digit) is refused, not priced in. */
export const METAL_PRICE_MIN_CENTS = 500;
export const METAL_PRICE_MAX_CENTS = 100_000;
const perGram = z.union([z.string(), z.number()], { error: 'The price a gram must be an amount such as 70 or 70.00.' }).transform((v, ctx) => {
  const cents = priceToCents(v);
  if (cents === null || cents < METAL_PRICE_MIN_CENTS || cents > METAL_PRICE_MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: `The price a gram must be an amount from ${formatCents(METAL_PRICE_MIN_CENTS)} to ${formatCents(METAL_PRICE_MAX_CENTS)}.` });
    return z.NEVER;
  }
  return cents;
});

/** PUT /api/admin/metal-prices (owners, password entered lately): new prices a gram; every variant in those metals is re-priced. */
export const adminMetalPricesRequestSchema = z.object({
  prices: z
    .array(z.object({ metal: z.enum(METAL_IDS, { error: 'The metal is not one the store works in.' }), per_gram: perGram }))
    .min(1, 'Send at least one metal’s price.')
    .max(METAL_IDS.length)
    .refine((list) => new Set(list.map((p) => p.metal)).size === list.length, 'Each metal may appear once.'),
});
export type AdminMetalPricesRequest = z.input<typeof adminMetalPricesRequestSchema>;
export const adminMetalPricesSavedSchema = adminMetalPricesResponseSchema.extend({ message: z.string(), repriced: z.number().int() });
export type AdminMetalPricesSaved = z.infer<typeof adminMetalPricesSavedSchema>;
