/**
 * The API shapes of a custom ring request (POST /api/custom-ring-requests and its images) and of Home Preview
 * (/api/home-preview/requests). Their words and limits are in special-requests.ts.
 */
import { z } from 'zod';
import { SHAPES } from '../constants.ts';
import { NAME_MAX_LENGTH } from '../accounts/accounts.ts';
import { emailField, optionalMultilineText, optionalText, positiveId, requiredPhone, requiredText } from '../fields.ts';
import { METAL_IDS, RING_SIZE_UNKNOWN, RING_SIZES } from '../ring-builder/ring-choices.ts';
import {
  CUSTOM_RING_BUDGETS,
  CUSTOM_RING_IMAGES,
  CUSTOM_RING_LIMITS,
  CUSTOM_RING_MESSAGES,
  CUSTOM_RING_STYLES,
  HOME_PREVIEW,
  HOME_PREVIEW_MESSAGES,
  STONE_ORIGIN_CHOICES,
  UNDECIDED,
} from './special-requests.ts';
import { HOME_PREVIEW_STATUSES } from './home-preview-lifecycle.ts';
import { CARRIERS } from '../orders/lifecycle.ts';

const ids = <T extends readonly { id: string }[]>(list: T) => list.map((x) => x.id) as [T[number]['id'], ...T[number]['id'][]];

const ringSizeField = (message: string) =>
  z.string({ error: message }).refine((v) => v === RING_SIZE_UNKNOWN || RING_SIZES.includes(v), message);

/** An upload's id: 16 random bytes, base64url. It names the upload and nothing else. */
export const IMAGE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The base64 text of the largest image accepted. */
const MAX_BASE64_LENGTH = Math.ceil(CUSTOM_RING_IMAGES.maxBytes / 3) * 4;

/** POST /api/custom-ring-requests/images: one downsized picture, base64 in JSON (so it stays under the 64 KB cap). */
export const customRingImageUploadSchema = z.object({
  content_type: z.enum(CUSTOM_RING_IMAGES.contentTypes, { error: CUSTOM_RING_MESSAGES.imageType }),
  data: z
    .string({ error: CUSTOM_RING_MESSAGES.imageData })
    .max(MAX_BASE64_LENGTH, CUSTOM_RING_MESSAGES.imageTooLarge)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, CUSTOM_RING_MESSAGES.imageData),
});
export type CustomRingImageUpload = z.input<typeof customRingImageUploadSchema>;

export const customRingImageResponseSchema = z.object({
  id: z.string(),
  content_type: z.enum(CUSTOM_RING_IMAGES.contentTypes),
  bytes: z.number().int(),
});
export type CustomRingImageResponse = z.infer<typeof customRingImageResponseSchema>;

const caratField = z
  .union([z.number(), z.string().trim(), z.null()], { error: CUSTOM_RING_MESSAGES.carat })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return null;
    const n = typeof v === 'number' ? v : /^\d*\.?\d+$/.test(v) ? Number(v) : NaN;
    if (!Number.isFinite(n) || n < CUSTOM_RING_LIMITS.minCarat || n > CUSTOM_RING_LIMITS.maxCarat) {
      ctx.addIssue({ code: 'custom', message: CUSTOM_RING_MESSAGES.carat });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

/** POST /api/custom-ring-requests. */
export const customRingRequestSchema = z.object({
  style: z.enum(ids(CUSTOM_RING_STYLES), { error: CUSTOM_RING_MESSAGES.style }),
  budget: z.enum(ids(CUSTOM_RING_BUDGETS), { error: CUSTOM_RING_MESSAGES.budget }),
  center_shape: z.enum([...SHAPES, UNDECIDED], { error: CUSTOM_RING_MESSAGES.shape }),
  center_origin: z.enum(ids(STONE_ORIGIN_CHOICES), { error: CUSTOM_RING_MESSAGES.origin }),
  center_carat: caratField,
  metal: z.enum([...METAL_IDS, UNDECIDED], { error: CUSTOM_RING_MESSAGES.metal }),
  ring_size: ringSizeField(CUSTOM_RING_MESSAGES.ringSize),
  note: optionalMultilineText(CUSTOM_RING_LIMITS.noteMaxLength, 'note'),
  name: requiredText(NAME_MAX_LENGTH, 'name'),
  email: emailField,
  phone: optionalText(30, 'phone').refine((v) => v === null || /^[0-9+()\s.-]*$/.test(v), CUSTOM_RING_MESSAGES.phone),
  images: z
    .array(z.string({ error: CUSTOM_RING_MESSAGES.unknownImage }).regex(IMAGE_ID_PATTERN, CUSTOM_RING_MESSAGES.unknownImage), {
      error: CUSTOM_RING_MESSAGES.unknownImage,
    })
    .max(CUSTOM_RING_IMAGES.maxPerRequest, CUSTOM_RING_MESSAGES.tooManyImages)
    .refine((list) => new Set(list).size === list.length, CUSTOM_RING_MESSAGES.sameImageTwice)
    .optional()
    .transform((v) => v ?? []),
});
export type CustomRingRequest = z.input<typeof customRingRequestSchema>;

export const customRingRequestResponseSchema = z.object({
  /** The request's number, e.g. CR-2026-K7M3QX: the shopper quotes it, the store's email carries it. */
  request_number: z.string(),
  /** The store's calendar day by which it replies (end of day, Eastern Time). */
  reply_by: z.string(),
  /** 'We will reply by Tuesday, December 1'. */
  reply_by_text: z.string(),
  message: z.string(),
});
export type CustomRingRequestResponse = z.infer<typeof customRingRequestResponseSchema>;

/* ------------------------------------------------------------------------------------------------------------ */

const US_ZIP = /^\d{5}(-\d{4})?$/;

/** Where the replicas go: a US address (§9), typed in or copied from the address book. */
export const homePreviewShipToSchema = z
  .object(
    {
      first_name: requiredText(NAME_MAX_LENGTH, 'first name'),
      last_name: requiredText(NAME_MAX_LENGTH, 'last name'),
      street: requiredText(200, 'street address'),
      apartment: optionalText(100, 'apartment'),
      city: requiredText(100, 'city'),
      state: requiredText(100, 'state'),
      zip: requiredText(20, 'ZIP code'),
      country: z.string({ error: HOME_PREVIEW_MESSAGES.usOnly }).refine((v) => v === HOME_PREVIEW.country, HOME_PREVIEW_MESSAGES.usOnly),
      phone_number: requiredPhone('phone number'),
    },
    { error: 'The delivery address is required.' },
  )
  .superRefine((v, ctx) => {
    if (typeof v.zip === 'string' && v.zip !== '' && v.zip.length <= 20 && !US_ZIP.test(v.zip)) {
      ctx.addIssue({ code: 'custom', path: ['zip'], message: HOME_PREVIEW_MESSAGES.zip });
    }
  });
export type HomePreviewShipTo = z.output<typeof homePreviewShipToSchema>;

/** POST /api/home-preview/requests. */
export const homePreviewRequestSchema = z.object({
  rings: z
    .array(
      z.object({
        variant_id: positiveId('setting'),
        ring_size: ringSizeField(CUSTOM_RING_MESSAGES.ringSize),
      }),
      { error: HOME_PREVIEW_MESSAGES.noRings },
    )
    .min(1, HOME_PREVIEW_MESSAGES.noRings)
    .max(HOME_PREVIEW.maxRings, HOME_PREVIEW_MESSAGES.tooManyRings)
    .refine((rings) => new Set(rings.map((r) => r.variant_id)).size === rings.length, HOME_PREVIEW_MESSAGES.sameRingTwice),
  ship_to: homePreviewShipToSchema,
});
export type HomePreviewRequestBody = z.input<typeof homePreviewRequestSchema>;

export const homePreviewRingSchema = z.object({
  variant_id: z.number().int(),
  product_slug: z.string(),
  name: z.string(),
  metal: z.enum(METAL_IDS),
  shape: z.enum(SHAPES).nullable(),
  ring_size: z.string(),
  /** Whether this replica is back with the store. */
  returned: z.boolean(),
});
export type HomePreviewRing = z.infer<typeof homePreviewRingSchema>;

export const homePreviewSchema = z.object({
  /** HP-2026-K7M3QX. */
  number: z.string(),
  status: z.enum(HOME_PREVIEW_STATUSES),
  rings: z.array(homePreviewRingSchema),
  /** $100 per replica, taken by phone before shipping and refunded on return. */
  deposit_cents: z.number().int(),
  ship_to: z.object({
    first_name: z.string(),
    last_name: z.string(),
    street: z.string(),
    apartment: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    country: z.string(),
    phone_number: z.string(),
  }),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
  /** Whether the shopper may still cancel it here. */
  cancellable: z.boolean(),
  /** The parcel once shipped: the carrier, its tracking number and the carrier's tracking page (built by the store). */
  parcel: z
    .object({ carrier: z.enum(CARRIERS), carrier_name: z.string(), tracking_number: z.string(), tracking_url: z.string() })
    .nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** When the three days of possession end (from the delivery, or the shipment plus the transit), once shipped. */
  return_by: z.string().nullable(),
  /** When the last replica came back. */
  returned_at: z.string().nullable(),
  /** Once settled: what was refunded and what was kept ($100 per replica not returned), in cents. */
  refunded_cents: z.number().int().nullable(),
  kept_cents: z.number().int().nullable(),
  /** Why part of the deposit was kept, in the words of the shopper's email. */
  kept_reason: z.string().nullable(),
  settled_at: z.string().nullable(),
});
export type HomePreview = z.infer<typeof homePreviewSchema>;

export const homePreviewCreatedSchema = z.object({
  message: z.string(),
  next_steps: z.array(z.string()),
  request: homePreviewSchema,
});
export type HomePreviewCreated = z.infer<typeof homePreviewCreatedSchema>;

/** GET /api/home-preview/requests: the shopper's own requests, newest first, and how many they may still place. */
export const homePreviewListSchema = z.object({
  data: z.array(homePreviewSchema),
  /** Requests the account may still place now (0 to 2). */
  remaining: z.number().int(),
  /** When `remaining` is 0: the store's day from which the next one may be placed (YYYY-MM-DD); else null. */
  next_available_on: z.string().nullable(),
});
export type HomePreviewList = z.infer<typeof homePreviewListSchema>;

export const homePreviewNumberParamSchema = z.object({
  number: z.string().max(40),
});
