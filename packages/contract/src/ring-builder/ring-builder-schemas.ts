/**
 * The ring builder's API shapes: the ring line of a cart and an order, step 2's settings for a stone
 * (GET /api/builder/settings), step 3's ring (GET /api/builder/ring) and a stone's hold (/api/builder/holds).
 * docs/api.md, "Ring builder".
 */
import { z } from 'zod';
import { SHAPES } from '../constants.ts';
import { pieceDesignSchema } from '../jewelry/design-schemas.ts';
import { diamondSchema } from '../diamonds/diamonds.ts';
import { positiveId } from '../fields.ts';
import { engravingField, priceBreakdownSchema, productSummarySchema, ringSizeField } from '../jewelry/product-schemas.ts';
import { COLLECTIONS, PRODUCT_STYLES, type CollectionId, type ProductStyle } from '../jewelry/products.ts';
import { METAL_IDS } from './ring-choices.ts';

const styleIds = PRODUCT_STYLES.map((s) => s.id) as [ProductStyle, ...ProductStyle[]];
const collectionIds = COLLECTIONS.map((c) => c.id) as [CollectionId, ...CollectionId[]];

/** A ring built from a stone and a setting's variant: always one, always sized ('unknown' allowed), maybe engraved. */
export const ringLineSchema = z.object({
  kind: z.literal('ring'),
  diamond_id: positiveId('diamond id'),
  variant_id: positiveId('setting variant id'),
  quantity: z.literal(1, { error: 'A ring is one of a kind: its quantity is 1.' }).default(1),
  ring_size: ringSizeField,
  engraving: engravingField,
});

const ringPriceSchema = z.object({
  stone_cents: z.number().int(),
  setting_cents: z.number().int(),
  side_stones_cents: z.number().int(),
  engraving_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type RingPriceWire = z.infer<typeof ringPriceSchema>;

/**
 * GET /api/builder/settings?diamond={id}[&style=&metal=&sort=&page=]: step 2, the settings whose head can hold this
 * stone, each priced for it (the cheapest variant in the chosen metal, or in any), with the ring's total.
 */
export const builderSettingsQuerySchema = z.object({
  diamond: z.coerce.number({ error: 'diamond must be a diamond id.' }).int('diamond must be a diamond id.').positive('diamond must be a diamond id.'),
  style: z.enum(styleIds).optional(),
  metal: z.enum(METAL_IDS).optional(),
  sort: z.enum(['best', 'price_asc', 'price_desc']).default('best'),
  page: z.coerce.number().int().min(1).max(100).default(1),
});

export const builderSettingSchema = productSummarySchema.extend({
  /** The ring's total with this stone: the stone's price plus this setting's (price_cents). */
  ring_cents: z.number().int(),
});
export type BuilderSetting = z.infer<typeof builderSettingSchema>;

export const builderSettingsResponseSchema = z.object({
  diamond: diamondSchema,
  data: z.array(builderSettingSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** How many compatible settings each style has (the other filters as they are). */
  styles: z.array(z.object({ value: z.enum(styleIds), label: z.string(), count: z.number().int() })),
  /** Why no setting fits, when none does (no measurements, a shape no head takes). */
  none_reason: z.string().nullable(),
});
export type BuilderSettingsResponse = z.infer<typeof builderSettingsResponseSchema>;

/**
 * GET /api/builder/fit?setting={slug}: what a setting's heads hold, for step 1 after a setting (the search's
 * shapes and carat range are preset from it, and `setting={slug}` on /api/diamonds keeps only stones that fit).
 */
export const settingFitSchema = z.object({
  slug: z.string(),
  name: z.string(),
  shapes: z.array(z.object({ shape: z.enum(SHAPES), min_width_mm: z.number(), max_width_mm: z.number() })),
  min_center_carat: z.number(),
  /** The carat range that the mm windows come to for well-cut stones, for the carat slider's preset. */
  carat: z.object({ min: z.number(), max: z.number() }),
  design: pieceDesignSchema,
  metal: z.enum(METAL_IDS),
  price_cents: z.number().int(),
});
export type SettingFit = z.infer<typeof settingFitSchema>;

/** GET /api/builder/ring?diamond=&setting=&metal=&accents=&engraving=: step 3's ring, priced and checked by the server. */
export const builderRingQuerySchema = z.object({
  diamond: z.coerce.number({ error: 'diamond must be a diamond id.' }).int('diamond must be a diamond id.').positive('diamond must be a diamond id.'),
  setting: z.string().min(1).max(120),
  metal: z.enum(METAL_IDS).optional(),
  accents: z.enum(['lab', 'natural']).optional(),
  engraved: z.enum(['0', '1']).default('0'),
});

/** The stone's hold as others see it: who holds it is never said, only until when. */
export const stoneHoldSchema = z.object({
  diamond_id: z.number().int(),
  expires_at: z.string(),
  /** True when the asker holds it. */
  mine: z.boolean(),
});
export type StoneHold = z.infer<typeof stoneHoldSchema>;

export const builderRingResponseSchema = z.object({
  diamond: diamondSchema,
  setting: z.object({
    slug: z.string(),
    name: z.string(),
    style: z.enum(styleIds),
    collection: z.enum(collectionIds).nullable(),
    engravable: z.boolean(),
    resizable: z.boolean(),
    /** Metals and side-stone origins offered for this stone's shape. */
    metals: z.array(z.enum(METAL_IDS)),
    origins: z.array(z.enum(['lab', 'natural'])),
    discontinued: z.boolean(),
  }),
  variant: z.object({
    id: z.number().int(),
    sku: z.string(),
    metal: z.enum(METAL_IDS),
    shape: z.enum(SHAPES),
    origin: z.enum(['lab', 'natural']).nullable(),
    price_cents: z.number().int(),
    breakdown: priceBreakdownSchema,
    metal_grams: z.number(),
    lead_days: z.number().int(),
    /** The setting's design with the chosen stone in its head, at the certificate's length, width and depth. */
    design: pieceDesignSchema,
  }),
  price: ringPriceSchema,
  /** Business days until the ring leaves the workshop: the setting's lead time after the stone is in hand. */
  lead_days: z.number().int(),
  /** Null when the pairing fits; else why it does not (the ring cannot be ordered as built). */
  fit_problem: z.string().nullable(),
  /** Null when the stone is on sale; else what became of it ('sold', 'reserved'). */
  stone_problem: z.string().nullable(),
  hold: stoneHoldSchema.nullable(),
  /** When the stone or setting is gone: the nearest stones that fit this setting (same shape, closest carat and price). */
  alternatives: z.array(diamondSchema),
});
export type BuilderRingResponse = z.infer<typeof builderRingResponseSchema>;

/** POST /api/builder/holds {diamond_id}: hold a stone (signed in); DELETE /api/builder/holds/{diamond_id} lets it go. */
export const holdRequestSchema = z.object({ diamond_id: positiveId('diamond id') });
export const holdResponseSchema = stoneHoldSchema;

/** A ring line of an order as it was ordered: its stone, its setting and the shopper's choices, itemized. */
export const orderRingSchema = z.object({
  diamond_id: z.number().int(),
  certificate_number: z.string(),
  stone_description: z.string(),
  shape: z.enum(SHAPES),
  carat: z.number(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  length_mm: z.number().nullable(),
  width_mm: z.number().nullable(),
  depth_mm: z.number().nullable(),
  setting_variant_id: z.number().int(),
  setting_sku: z.string(),
  setting_slug: z.string(),
  setting_name: z.string(),
  metal: z.enum(METAL_IDS),
  origin: z.enum(['lab', 'natural']).nullable(),
  ring_size: z.string(),
  engraving: z.string().nullable(),
  lead_days: z.number().int(),
  price: ringPriceSchema,
  /** The setting with the stone in its head, for the pictures: as it was ordered (its shape is checked, not its bounds). */
  design: pieceDesignSchema,
});
export type OrderRing = z.infer<typeof orderRingSchema>;
