import { z } from 'zod';
import { DIAMOND_STATUSES } from '../constants.ts';
import { DIAMOND_LOOKUP_MAX } from './search.ts';

const idName = z.object({ id: z.number().int(), name: z.string() });

export const shapeSchema = z.object({ id: z.number().int(), name: z.string(), image: z.string() });
export type Shape = z.infer<typeof shapeSchema>;
export const shapeListResponseSchema = z.object({ data: z.array(shapeSchema) });

export const fancyColorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  intensity: z.string(),
});

/** The diamond record of §3, as listed by the search and carried to the detail page and the cart. */
export const diamondSchema = z.object({
  diamondid: z.number().int(),
  certificate_number: z.string(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  shape: shapeSchema,
  carat_weight: z.number(),
  color: idName.nullable(),
  fancy_color: fancyColorSchema.nullable(),
  clarity: idName.nullable(),
  cut: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  certificate_company: z.object({ dl_name: z.string() }),
  polish: z.string().nullable(),
  symmetry: z.string().nullable(),
  fluorescence: z.string().nullable(),
  measurement_l: z.number().nullable(),
  measurement_w: z.number().nullable(),
  measurements: z.string().nullable(),
  table_diamond: z.number().nullable(),
  depth: z.number().nullable(),
  price: z.number(),
  is_superdeal: z.union([z.literal(0), z.literal(1)]),
  status: z.enum(DIAMOND_STATUSES),
  /**
   * When a shopper's hold on the stone in the ring builder ends (ISO 8601), or null when nobody holds it. A held
   * stone stays in the search; it cannot be ordered by anyone else until then. Absent from records stored before
   * holds existed (a cart's copy).
   */
  held_until: z.string().nullable().optional(),
});
export type Diamond = z.infer<typeof diamondSchema>;

export const diamondListResponseSchema = z.object({
  data: z.array(diamondSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
});
export type DiamondListResponse = z.infer<typeof diamondListResponseSchema>;

export const diamondResponseSchema = z.object({ data: diamondSchema });

export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** POST /api/diamonds/lookup: the cart re-checks its stones in one request. */
export const diamondLookupRequestSchema = z
  .object({
    ids: z
      .array(z.number().int('Each id must be a whole number.').positive('Each id must be a positive whole number.'))
      .min(1, 'Send at least one diamond id.')
      .max(DIAMOND_LOOKUP_MAX, `Send at most ${DIAMOND_LOOKUP_MAX} diamond ids.`),
  })
  .strict();
export type DiamondLookupRequest = z.infer<typeof diamondLookupRequestSchema>;

/** Every requested stone that exists, whatever its status, and the ids that do not. */
export const diamondLookupResponseSchema = z.object({
  data: z.array(diamondSchema),
  missing: z.array(z.number().int()),
});
export type DiamondLookupResponse = z.infer<typeof diamondLookupResponseSchema>;

/** One bar chart behind a slider: counts of stones per equal step of the slider, in the slider's units. */
export const histogramSchema = z.object({
  min: z.number(),
  max: z.number(),
  /** HISTOGRAM_BINS counts; bar k runs from min + k·step, the last one open-ended. */
  counts: z.array(z.number().int()),
});

/**
 * GET /api/diamond-facets: every count is taken with all of the search's filters except the one it belongs to, so a
 * shape's count is what choosing that shape alone would give, the rest as it is.
 */
export const diamondFacetsResponseSchema = z.object({
  /** Stones matching the search as it is. */
  total: z.number().int(),
  shapes: z.array(z.object({ id: z.number().int(), count: z.number().int() })),
  /** Per grade, in the order of the contract's SCALES (index 0 is grade id 1). */
  grades: z.object({
    cut: z.array(z.number().int()),
    color: z.array(z.number().int()),
    clarity: z.array(z.number().int()),
    polish: z.array(z.number().int()),
    symmetry: z.array(z.number().int()),
    fluorescence: z.array(z.number().int()),
  }),
  reports: z.object({ gia: z.number().int(), igi: z.number().int() }),
  /** Per fancy color, in the order of FANCY_COLORS (color diamonds). */
  fancy_colors: z.array(z.number().int()),
  histograms: z.object({ price: histogramSchema, carat: histogramSchema }),
});
export type DiamondFacetsResponse = z.infer<typeof diamondFacetsResponseSchema>;

/**
 * Where a stone's price sits among the similar stones on sale: the same type, shape, carat band, color (fancy color for
 * color diamonds), clarity and cut grade. `median` and `difference_pct` are null when fewer than five stones (this one
 * included) are similar, or the stone lacks one of those grades.
 */
export const priceBandSchema = z.object({
  diamondid: z.number().int(),
  /** Similar stones on sale, this one included. */
  similar: z.number().int(),
  /** Their median price in USD. */
  median: z.number().nullable(),
  /** This stone's price against the median, in whole percent: −12 is 12% below it. */
  difference_pct: z.number().int().nullable(),
  /** Similar stones priced below this one, and above it. */
  cheaper: z.number().int(),
  dearer: z.number().int(),
  /** The carat band: from `carat_from` up to, not including, `carat_to` (null: no upper end). */
  carat_from: z.number(),
  carat_to: z.number().nullable(),
});
export type PriceBand = z.infer<typeof priceBandSchema>;

/** At most this many ids in one request for price bands (a page of results at its largest). */
export const PRICE_BAND_IDS_MAX = 100;
/** The similar stones listed with a stone's band, cheapest first. */
export const SIMILAR_LIST_MAX = 60;

/** GET /api/diamond-price-bands?ids=…: the bands of the stones on sale among the ids (others are left out). */
export const priceBandListResponseSchema = z.object({ data: z.array(priceBandSchema) });
export type PriceBandListResponse = z.infer<typeof priceBandListResponseSchema>;

/** GET /api/diamonds/{id}/similar: the stone's band and its similar stones, cheapest first (at most SIMILAR_LIST_MAX). */
export const similarDiamondsResponseSchema = z.object({ band: priceBandSchema, data: z.array(diamondSchema) });
export type SimilarDiamondsResponse = z.infer<typeof similarDiamondsResponseSchema>;

/** One stone of the value chart: enough to draw and name it. */
export const valuePointSchema = z.object({
  diamondid: z.number().int(),
  carat: z.number(),
  price: z.number(),
  shape: z.string(),
  /** The D–Z grade, or the fancy color of a color diamond. */
  color: z.string().nullable(),
  clarity: z.string().nullable(),
  cut: z.string().nullable(),
  /** Against the median of its similar stones (as `priceBandSchema`), or null without one. */
  difference_pct: z.number().int().nullable(),
  /** Among the stones furthest below their similar stones' median of the whole search. */
  best: z.boolean(),
});

/** GET /api/diamond-value-chart: the search's stones as price against carat, sampled when there are many. */
export const valueChartResponseSchema = z.object({
  total: z.number().int(),
  points: z.array(valuePointSchema),
});
export type ValueChartResponse = z.infer<typeof valueChartResponseSchema>;
