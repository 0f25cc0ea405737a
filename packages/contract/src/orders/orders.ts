/**
 * Contracts of orders (SPEC §3 Order payload, §4 Orders and Checkout, §7 POST /api/store-order, §9 Checkout).
 * The server trusts only the diamond ids, the payment method and what the shopper typed (contact, address, gift,
 * notes): prices, totals and item details are recomputed from the inventory.
 */
import { z } from 'zod';
import { DELIVERY_COUNTRIES } from '../accounts/accounts.ts';
import { MAX_HELD_STONES_PER_ACCOUNT, SHAPES, UNPAID_HOLD_HOURS } from '../constants.ts';
import { optionalMultilineText, optionalText, positiveId, requiredPhone, requiredText } from '../fields.ts';
import { diamondLineOf, lineItemSchema } from '../checkout/line-items.ts';
import { LINE_ITEM_KINDS, lineKey, type LineItem } from '../checkout/line-kinds.ts';
import { GIFT_CHOICES, GIFT_IDS, GIFT_OUTCOMES } from '../checkout/gifts.ts';
import { includedStoneSchema, priceBreakdownSchema } from '../jewelry/product-schemas.ts';
import { pieceDesignSchema } from '../jewelry/design-schemas.ts';
import { PRODUCT_FAMILIES } from '../jewelry/products.ts';
import { formatAmount, priceToCents } from '../money.ts';
import { METAL_IDS, RING_SIZES } from '../ring-builder/ring-choices.ts';
import { orderRingSchema } from '../ring-builder/ring-builder-schemas.ts';
import { CARRIERS, ORDER_STATUSES, PRODUCTION_STAGES, TIMELINE_STEPS } from './lifecycle.ts';
import { RETURN_NOTE_MAX, RETURN_REASONS, RETURN_STATUSES } from './after-sale.ts';
import { CARE_KINDS, CARE_NOTE_MAX, CARE_STATUSES } from './care-tickets.ts';


/** §4 Checkout: the payment methods, in the order the checkout page offers them, with their labels. */
export const PAYMENT_METHODS = [
  { id: 'cod', label: 'Cash on delivery' },
  { id: 'pay-credit', label: 'Credit card' },
  { id: 'pay-paypal', label: 'PayPal' },
  { id: 'pay-synchrony', label: 'Synchrony financing' },
  { id: 'pay-affirm', label: 'Affirm' },
  { id: 'pay-multiple', label: 'Multiple payment methods' },
  { id: 'pay-wire', label: 'Bank wire transfer' },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['id'];
export const PAYMENT_METHOD_IDS = PAYMENT_METHODS.map((m) => m.id) as [PaymentMethod, ...PaymentMethod[]];
export const PAYMENT_METHOD_LABELS = Object.fromEntries(PAYMENT_METHODS.map((m) => [m.id, m.label])) as Record<PaymentMethod, string>;
/** Paid online through the wallet's approval page (§4 Wallet payment): never placed by POST /api/store-order. */
export const WALLET_PAYMENT_METHOD: PaymentMethod = 'pay-paypal';

/**
 * §4: payments start 'pending'; 'expired' when the order's hold ran out unpaid and unconfirmed; 'under_review' while
 * PayPal holds a captured payment for review (the money is not final: nothing ships), then 'paid', or 'failed' when
 * PayPal denies it.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'under_review', 'expired', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** §9: the currency of every order. */
export const ORDER_CURRENCY = 'USD';
/** Stones in one order: §9 allows one ring or loose diamond order at a time; a few stones (a pair of studs) fit. */
export const MAX_ORDER_ITEMS = 10;
/** How many orders GET /api/orders lists, newest first. */
export const ORDER_LIST_LIMIT = 100;

/** The server's fixed texts, for the storefront to compare with or show. */
export const ORDER_MESSAGES = {
  /** §8: the storefront's alert for any failure saving the address or the order. */
  failed: 'Failed to process your order.',
  /** GET /api/orders/{number}: no such order, or another account's (the same answer, so neither is revealed). */
  noOrder: 'No order was found.',
  noItems: 'Your order has no diamonds. Please add a diamond to your cart.',
  duplicateItems: 'Each diamond can be ordered only once. Please remove the repeated diamond from your cart.',
  tooManyItems: `An order can hold at most ${MAX_ORDER_ITEMS} diamonds.`,
  walletElsewhere: 'PayPal payments are completed on PayPal’s page. Please choose PayPal again at checkout.',
  busy: 'The store is very busy right now. Please try again in a moment.',
  keyReused: 'This Idempotency-Key was already used for an order of other diamonds. Please send a new key for a new order.',
  badKey: 'The Idempotency-Key header must be 1 to 100 letters, digits, dashes, underscores, dots or colons.',
} as const;

/**
 * 409: the order would take the account past MAX_HELD_STONES_PER_ACCOUNT stones held unpaid. `held` stones are on
 * the account's open unpaid orders `orderNumbers`; the new order has `adding`.
 */
export function tooManyHeldMessage(held: number, adding: number, orderNumbers: readonly string[]): string {
  const cap = MAX_HELD_STONES_PER_ACCOUNT;
  // A made-to-order piece holds nothing anyone else could buy; diamonds and pieces from stock do.
  const units = (n: number) => `${n} diamond${n === 1 ? '' : 's'} or piece${n === 1 ? '' : 's'} from stock`;
  if (held === 0) {
    return `We hold at most ${units(cap)} per account until they are paid, and this order has ${adding}. Please order fewer at a time, pay with PayPal, or contact us and we will help.`;
  }
  const orders = `order${orderNumbers.length === 1 ? '' : 's'} ${orderNumbers.join(', ')}`;
  return (
    `Your open ${orders} already hold ${held} awaiting payment, and we hold at most ${units(cap)} per account until they are paid. ` +
    'Please complete the payment of an open order, or contact us to cancel one, and then place this order again.'
  );
}

/**
 * 409: the store-wide ceiling on what unpaid orders of accounts without a verified email and a paid order may hold
 * (UNPAID_CEILING) is reached for this account. The ways through: PayPal, paid at once, holds nothing unpaid; and,
 * when it would let the order through (`verifyHelps`), verifying the email address.
 */
export function ceilingReachedMessage(verifyHelps: boolean): string {
  const why = 'So many diamonds and pieces are being held for unpaid orders of new accounts that we cannot hold more for an order paid later right now.';
  return verifyHelps
    ? `${why} You can pay with PayPal, which is paid at once, or verify your email address (open the link we emailed you, or send a new one from your profile) and place the order again.`
    : `${why} You can pay with PayPal, which is paid at once, or try again later: those holds end every day.`;
}

/** 409: the stones (by certificate number) that are no longer available; nothing was reserved. */
export function unavailableMessage(certificateNumbers: readonly string[], pieces: readonly string[] = []): string {
  const one = certificateNumbers.length + pieces.length === 1;
  const parts: string[] = [];
  if (certificateNumbers.length > 0) parts.push(`${certificateNumbers.length === 1 ? 'The diamond' : 'The diamonds'} ${certificateNumbers.join(', ')}`);
  if (pieces.length > 0) parts.push(`${parts.length > 0 ? 'the' : 'The'} ${pieces.join(', the ')}`);
  return one
    ? `${parts[0]} is no longer available. Please remove it from your cart and choose another.`
    : `${parts.join(' and ')} are no longer available. Please remove them from your cart and choose others.`;
}

/**
 * 422: stones (by certificate number) in more than one line of one order, loose and in a ring or in two rings: a
 * stone is one of a kind, so it can be sold once.
 */
export function stoneInTwoLinesMessage(certificateNumbers: readonly string[]): string {
  const which = certificateNumbers.length === 1 ? `The diamond ${certificateNumbers[0]} is` : `The diamonds ${certificateNumbers.join(', ')} are`;
  return `A diamond can be in one line of an order only: loose, or set in one ring. ${which} in more than one line; please remove the extra line from your cart.`;
}

/** 422: a ring line whose variant is not a setting (a band, a preset ring, earrings): nothing to set the stone in. */
export function notASettingMessage(pieceName: string): string {
  return `The ${pieceName} is not a setting, so a diamond cannot be set in it. Please choose an engagement ring setting for your diamond.`;
}

/** 422: ids that name no diamond. */
export function unknownDiamondsMessage(ids: readonly number[]): string {
  return `We could not find the diamond${ids.length === 1 ? '' : 's'} with id ${ids.join(', ')}. Please remove ${ids.length === 1 ? 'it' : 'them'} from your cart.`;
}

/** 422: product lines whose variant the catalog does not have (a cart kept from an older catalog). */
export function unknownVariantsMessage(ids: readonly number[]): string {
  return `We could not find the piece${ids.length === 1 ? '' : 's'} with variant id ${ids.join(', ')}. Please remove ${ids.length === 1 ? 'it' : 'them'} from your cart.`;
}

/** 422: the payload's total is not the store's quote (prices, a wire's discount, tax); both figures are named. */
export function totalChangedMessage(serverTotal: string, sentTotal: string): string {
  return `The order total is ${formatAmount(serverTotal)}, not the ${formatAmount(sentTotal)} your cart sent. Please review your cart and try again.`;
}

/** Where a wire transfer goes: the store's bank account, from its configuration (WIRE_*, docs/configuration.md). */
export const wireTransferSchema = z.object({
  beneficiary: z.string(),
  bank: z.string(),
  /** The ABA routing number, 9 digits. */
  routing_number: z.string(),
  account_number: z.string(),
  /** The bank's SWIFT/BIC code, for transfers from abroad. */
  swift: z.string(),
});
export type WireTransfer = z.infer<typeof wireTransferSchema>;

/**
 * The example account a development or demo store shows (the bank and numbers do not exist). A production store
 * refuses to start without its own, unless it is a demo store (docs/configuration.md, "Payments").
 */
export const EXAMPLE_WIRE_TRANSFER: WireTransfer = {
  beneficiary: 'Everstone Fine Jewelry LLC',
  bank: 'Example National Bank, New York, NY',
  routing_number: '021000000',
  account_number: '000123456789',
  swift: 'EXNBUS33',
};

/** Methods whose orders are placed unpaid and hold their stones for a while (UNPAID_HOLD_HOURS). */
export type UnpaidMethod = keyof typeof UNPAID_HOLD_HOURS;

/** How long an order of `method` holds its stones unpaid, in milliseconds; null for PayPal, placed paid. */
export function unpaidHoldMs(method: PaymentMethod): number | null {
  return method in UNPAID_HOLD_HOURS ? UNPAID_HOLD_HOURS[method as UnpaidMethod] * 3_600_000 : null;
}

/** The wire-transfer hold of §9, in milliseconds. */
export const WIRE_HOLD_MS = UNPAID_HOLD_HOURS['pay-wire'] * 3_600_000;

/** §3 fields sent as JSON text; an object is accepted too. Text that is not JSON is a field error. */
const jsonText = <T extends z.ZodType>(label: string, inner: T) =>
  z
    .union([z.string(), z.record(z.string(), z.unknown())], { error: `The ${label} must be JSON text.` })
    .transform((v, ctx) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `The ${label} must be JSON text.` });
        return z.NEVER;
      }
    })
    .pipe(inner);

/** §3 Order payload: address, JSON text with apartment, street, city, zip, country. */
export const orderAddressSchema = z.object(
  {
    street: requiredText(200, 'street address'),
    apartment: optionalText(100, 'apartment'),
    city: requiredText(100, 'city'),
    state: optionalText(100, 'state'),
    zip: requiredText(20, 'zip code'),
    country: z.enum(DELIVERY_COUNTRIES, { error: 'Please choose United States or Canada.' }),
  },
  { error: 'The address field is required.' },
);
export type OrderAddress = z.output<typeof orderAddressSchema>;

/** §3 item_details: keyed by diamond id, each with type, price, quantity, weight. Read, never trusted. */
const itemDetailsSchema = z.record(z.string(), z.unknown(), { error: 'The item details must be JSON text keyed by diamond id.' });

const flag = (label: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false')], {
      error: `The ${label} choice must be 1 or 0.`,
    })
    .nullish()
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** The lines of an order: at least one, at most MAX_ORDER_ITEMS, none twice. */
const orderLinesField = z
  .array(lineItemSchema, { error: 'The lines must be a list of line items.' })
  .min(1, ORDER_MESSAGES.noItems)
  .max(MAX_ORDER_ITEMS, ORDER_MESSAGES.tooManyItems)
  .refine((lines) => new Set(lines.map(lineKey)).size === lines.length, ORDER_MESSAGES.duplicateItems);

/** §7's form of the same: the ids of loose diamonds. */
const legacyItemsField = z
  .array(positiveId('diamond id'), { error: 'The items must be a list of diamond ids.' })
  .min(1, ORDER_MESSAGES.noItems)
  .max(MAX_ORDER_ITEMS, ORDER_MESSAGES.tooManyItems)
  .refine((ids) => new Set(ids).size === ids.length, ORDER_MESSAGES.duplicateItems);

/**
 * The one adapter between §7's payload and the line item: a request carries `lines`, or §7's `items_id` (with its
 * `item_details`, read and never trusted). Either way the output has `lines`, and `itemsField` says which the
 * request used, so an error about an item is reported under the field the client sent.
 */
function withLines<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({ ...shape, lines: orderLinesField.optional(), items_id: legacyItemsField.optional(), item_details: jsonText('item details', itemDetailsSchema).optional() })
    .superRefine((v, ctx) => {
      const sent = v as { lines?: unknown; items_id?: unknown };
      if (sent.lines !== undefined && sent.items_id !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Send the order’s lines or its items_id, not both.' });
      }
    })
    .transform((v, ctx) => {
      const { lines, items_id, item_details: _details, ...rest } = v as typeof v & { lines?: LineItem[]; items_id?: number[]; item_details?: unknown };
      if (lines === undefined && items_id === undefined) {
        // Neither sent: §7's field is the one every client knows.
        ctx.addIssue({ code: 'custom', path: ['items_id'], message: 'The items must be a list of diamond ids.' });
        return z.NEVER;
      }
      return {
        ...(rest as Omit<typeof v, 'lines' | 'items_id' | 'item_details'>),
        lines: lines ?? items_id!.map(diamondLineOf),
        itemsField: (lines ? 'lines' : 'items_id') as 'lines' | 'items_id',
      };
    });
}

/** The fields of an order other than its lines: who, where, how it is paid. */
const orderFields = {
  user_id: positiveId('user id').optional(),
  user_name: requiredText(200, 'name'),
  contact_number: requiredPhone('phone'),
  address: jsonText('address', orderAddressSchema),
  is_gift: flag('gift'),
  notes: optionalMultilineText(2000, 'notes'),
  /** At the second gift tier, the free gift the shopper chose (gifts.ts); the bracelet when left out, ignored below it. */
  gift_choice: z.enum(GIFT_CHOICES, { error: 'The free gift must be the bracelet or the earrings.' }).nullable().default(null),
};

/**
 * §3 Order payload, as POST /api/store-order receives it: the lines (or §7's items_id), the method, what the shopper
 * typed. order_status and payment_status are accepted but not used: every order starts 'pending'. total_price is
 * the total the shopper saw; it must equal the server's.
 */
export const orderRequestSchema = withLines({
  ...orderFields,
  total_price: z
    .union([z.string(), z.number()], { error: 'The total price is required.' })
    .transform((v, ctx) => {
      const cents = priceToCents(v);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: 'The total price must be an amount such as 1890.00.' });
        return z.NEVER;
      }
      return cents;
    }),
  order_status: z.string().max(32).optional(),
  payment_mode: z.enum(PAYMENT_METHOD_IDS, { error: 'Please select a payment method' }),
  payment_status: z.string().max(32).optional(),
});
export type OrderRequest = z.input<typeof orderRequestSchema>;

/** A sales tax on a line or on the order: who levies it, at what rate ('8.875%'), and how much (2-decimal text). */
export const taxLineSchema = z.object({ jurisdiction: z.string(), rate: z.string(), amount: z.string() });
export type TaxLine = z.infer<typeof taxLineSchema>;

/** Where a quote's lines ship: its ZIP or postal code and country, as the order's address (JSON text) gives them. */
const quoteAddressSchema = z.object({ zip: requiredText(20, 'zip code'), country: z.enum(DELIVERY_COUNTRIES, { error: 'Please choose United States or Canada.' }) }, { error: 'The address field is required.' });

/**
 * POST /api/checkout/quote: what an order would be, before it is placed. The lines (or §7's items_id with its
 * item_details) and, when chosen, the payment method and the address (the order's JSON text; only its ZIP or postal
 * code and country are read).
 */
export const quoteRequestSchema = withLines({
  payment_mode: z.enum(PAYMENT_METHOD_IDS, { error: 'Please select a payment method' }).nullish(),
  /** §9's second tier: the bracelet (the default) or the earrings. */
  gift_choice: z.enum(GIFT_CHOICES, { error: 'The gift must be the bracelet or the earrings.' }).nullish(),
  address: jsonText('address', quoteAddressSchema).nullish(),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

/** What tax a quote could say: none asked yet (no address), collected, not collected there, or a code it cannot place. */
export const QUOTE_TAX_STATUSES = ['pending', 'collected', 'not_collected', 'invalid'] as const;

/**
 * The quote: the same amounts the order will have, 2-decimal text. `tax` is null until an address is given (the
 * checkout shows `tax_message`, "Enter shipping address") or while its code cannot be placed; `total` then leaves tax out.
 */
export const quoteSchema = z.object({
  lines: z.array(z.object({ total: z.string(), tax: z.string() })),
  subtotal: z.string(),
  /** What a bank wire takes off (§5), '0.00' for the other methods. */
  discount: z.string(),
  tax: z.string().nullable(),
  tax_status: z.enum(QUOTE_TAX_STATUSES),
  /** 'Enter shipping address', 'No sales tax is collected for Oregon', 'Enter a 5-digit ZIP code'…; null when collected. */
  tax_message: z.string().nullable(),
  /** Where the tax goes ('New York', 'Ontario'), once known. */
  tax_place: z.string().nullable(),
  /** The tax by jurisdiction and rate. */
  taxes: z.array(taxLineSchema),
  /**
   * §9's free gift this subtotal reaches ($0, never in the total), by the contract's rule (gifts.ts); whether the
   * account has received its one gift, or the gift is out of stock, is GET /api/free-gift's.
   */
  gift: z.enum(GIFT_IDS).nullable(),
  total: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** A loose diamond of an order, as it was when ordered (§3's item; other kinds of line add their own shapes). */
export const orderItemSchema = z.object({
  diamondid: z.number().int(),
  certificate_number: z.string(),
  /** e.g. '1.52 Carat Oval Lab Diamond, F VS1'. */
  description: z.string(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  carat_weight: z.number(),
  /** The price when ordered, 2-decimal text. */
  price: z.string(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** A product line of an order as it was ordered: the variant, the shopper's choices, the itemized price. */
export const orderProductSchema = z.object({
  variant_id: z.number().int(),
  sku: z.string(),
  slug: z.string(),
  name: z.string(),
  family: z.enum(PRODUCT_FAMILIES),
  metal: z.enum(METAL_IDS),
  shape: z.enum(SHAPES).nullable(),
  carat_total: z.number().nullable(),
  /** A band's width, where the piece comes in several (null otherwise, and on lines ordered before widths were options). */
  width_mm: z.number().nullable().default(null),
  origin: z.enum(['lab', 'natural']).nullable(),
  ring_size: z.string().nullable(),
  engraving: z.string().nullable(),
  /** Business days the piece takes to leave the workshop, as promised when ordered. */
  lead_days: z.number().int(),
  /** False when it came from stock. */
  made_to_order: z.boolean(),
  breakdown: priceBreakdownSchema,
  /** What the engraving added to one unit, cents (0 without one). */
  engraving_cents: z.number().int(),
  /**
   * The piece as it was ordered: its shape is checked, never its bounds, so an order placed under older bounds still
   * reads when they tighten (the orders module completes what older designs left out as it reads them).
   */
  design: pieceDesignSchema,
  included_stone: includedStoneSchema.nullable(),
});
export type OrderProduct = z.infer<typeof orderProductSchema>;

/** Every line of an order, whatever its kind, as it was ordered. */
export const orderLineSchema = z.object({
  kind: z.enum(LINE_ITEM_KINDS),
  description: z.string(),
  quantity: z.number().int(),
  /** What one unit cost with the order's method, 2-decimal text. */
  unit_price: z.string(),
  /** unit_price × quantity, 2-decimal text. */
  total: z.string(),
  /** A diamond line's stone (and a preset's own stone's certificate); null otherwise. */
  diamondid: z.number().int().nullable(),
  certificate_number: z.string().nullable(),
  product: orderProductSchema.nullable(),
  /** A ring line's stone, setting and choices, itemized; null on other kinds. */
  ring: orderRingSchema.nullable().default(null),
  /** The line's sales tax, on its own total, 2-decimal text ('0.00' where none is collected). */
  tax: z.string().default('0.00'),
  /** That tax by jurisdiction. */
  taxes: z.array(taxLineSchema).default([]),
  /** The free gift this $0 product line is (§9, gifts.ts); null for a line bought. */
  gift: z.enum(GIFT_IDS).nullable().default(null),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** One step of an order's life as its timeline shows it. */
export const timelineEntrySchema = z.object({
  step: z.enum(TIMELINE_STEPS),
  at: z.string(),
  /** The shopper's words for it, e.g. 'Shipped with UPS' or 'Workshop: Setting'. */
  label: z.string(),
  /** A workshop step's stage. */
  stage: z.enum(PRODUCTION_STAGES).nullable(),
  /** A delay's new ships-by day (YYYY-MM-DD), a shipment's tracking number; null otherwise. */
  detail: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** A parcel on its way to the shopper: the carrier, the tracking number and the carrier's own page for it. */
export const shipmentSchema = z.object({
  carrier: z.enum(CARRIERS),
  carrier_name: z.string(),
  tracking_number: z.string(),
  /** Built by the store from the carrier and the number. */
  tracking_url: z.string(),
  shipped_at: z.string(),
  delivered_at: z.string().nullable(),
  /** What the parcel is insured for, 2-decimal text. */
  insured_value: z.string(),
  signature_required: z.boolean(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/**
 * What the shopper may do with one top-level line of a delivered order, computed by the contract's `afterSaleOf`
 * (docs/decisions/021-returns-and-refunds.md): never typed by staff.
 */
export const lineAfterSaleSchema = z.object({
  /** The line's number on the order (1 is `lines[0]`). */
  line: z.number().int(),
  /** Whether a return of it may be requested now. */
  returnable: z.boolean(),
  /** The instant (ISO 8601) its return window closes, once delivered. */
  return_until: z.string().nullable(),
  /** What removing its engraving costs, taken from the refund (2-decimal text; '0.00' when not engraved). */
  engraving_removal_fee: z.string(),
  /** While the one-return-every-six-months rule stops it: the instant the account may return again. */
  next_return_from: z.string().nullable(),
  /** The return it is in, while that return is open or done. */
  rma: z.string().nullable(),
  /** Whether its first resize is still free (a ring). */
  free_resize: z.boolean(),
  /** The open resize or repair ticket it is in (RS-… or RP-…), if any. */
  ticket: z.string().nullable(),
  /** Whether a resize of it may be asked for now. */
  resizable: z.boolean(),
  /** The shopper's words: 'Returnable until Dec 28', 'First resize free within two sizes'… */
  notes: z.array(z.string()),
});
export type LineAfterSaleView = z.infer<typeof lineAfterSaleSchema>;

/** A return of some of an order's lines: its RMA, where it stands, and what it refunds. */
export const orderReturnSchema = z.object({
  rma: z.string(),
  status: z.enum(RETURN_STATUSES),
  /** 'Return authorized', 'Refunded'… */
  status_label: z.string(),
  reason: z.enum(RETURN_REASONS),
  reason_label: z.string(),
  /** The shopper's own words, if any. */
  note: z.string().nullable(),
  /** The order's line numbers in it. */
  lines: z.array(z.number().int()),
  /** What it refunds once inspected: the lines' totals less any engraving removal (2-decimal text). */
  refund: z.string(),
  /** The engraving removal taken from it (2-decimal text). */
  fee: z.string(),
  requested_at: z.string(),
  /** Until when its prepaid label may be used (ISO 8601). */
  label_expires_at: z.string(),
  received_at: z.string().nullable(),
  inspected_at: z.string().nullable(),
  /** Refunded, declined or cancelled: when. */
  closed_at: z.string().nullable(),
  /** The refund's reference with the money's route (PayPal's refund id, or the one staff recorded), once refunded. */
  refund_reference: z.string().nullable(),
  /** The shopper's new order it was refunded toward, when staff settled it as an exchange. */
  exchange_order_number: z.string().nullable(),
  /** Whether a diamond in it weighs above 1.99 ct, so its inspection passes only with a GIA re-check (`needsGiaRecheck`). */
  gia_recheck_needed: z.boolean(),
  /** The GIA re-check's reference the inspection recorded. */
  gia_recheck: z.string().nullable(),
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;

/** A resize or repair of one line: its number, where it stands, the sizes, what it costs, and its days. */
export const careTicketSchema = z.object({
  /** RS-… a resize, RP-… a repair. */
  number: z.string(),
  kind: z.enum(CARE_KINDS),
  status: z.enum(CARE_STATUSES),
  status_label: z.string(),
  /** The order's line number. */
  line: z.number().int(),
  /** A resize's sizes: the ring's as made ('unknown' when ordered without one) and the new one. */
  from_size: z.string().nullable(),
  to_size: z.string().nullable(),
  /** A repair's description, or the shopper's note on a resize. */
  description: z.string().nullable(),
  /** Free (the first resize within two sizes), else its fee once quoted (2-decimal text; null until then). */
  free: z.boolean(),
  fee: z.string().nullable(),
  requested_at: z.string(),
  received_at: z.string().nullable(),
  work_started_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** A shopper's resize: until when its prepaid label may be used. */
  label_expires_at: z.string().nullable(),
});
export type CareTicket = z.infer<typeof careTicketSchema>;

/** POST /api/orders/{order_number}/resizes: which ring line, its new size, and a note. */
export const resizeRequestSchema = z.object({
  line: z.number({ error: 'Please choose the ring to resize.' }).int('Please choose the ring to resize.').min(1, 'Please choose the ring to resize.').max(100, 'Please choose the ring to resize.'),
  to_size: z.string({ error: 'Please choose the new size, from 3 to 13.' }).refine((v) => RING_SIZES.includes(v), 'Please choose the new size, from 3 to 13.'),
  note: z.string().trim().max(CARE_NOTE_MAX, `The note must not be longer than ${CARE_NOTE_MAX} characters.`).optional().nullable(),
});
export type ResizeRequest = z.input<typeof resizeRequestSchema>;

/** POST /api/orders/{order_number}/returns: which lines (their numbers), why, and the shopper's note. */
export const returnRequestSchema = z.object({
  lines: z
    .array(z.number({ error: 'Each line must be a line number of the order.' }).int('Each line must be a line number of the order.').min(1, 'Each line must be a line number of the order.').max(100, 'Each line must be a line number of the order.'), {
      error: 'Please choose the pieces to return.',
    })
    .min(1, 'Please choose the pieces to return.')
    .max(100, 'Please choose the pieces to return.')
    .refine((lines) => new Set(lines).size === lines.length, 'Each piece can be chosen once.'),
  reason: z.enum(RETURN_REASONS, { error: 'Please tell us why you are returning it.' }),
  note: z.string().trim().max(RETURN_NOTE_MAX, `The note must not be longer than ${RETURN_NOTE_MAX} characters.`).optional().nullable(),
});
export type ReturnRequest = z.input<typeof returnRequestSchema>;

/** Where the prepaid label of a return is (a link that works without signing in, until it expires). */
export const returnLabelLinkSchema = z.object({
  /** The store's path of the label's PDF, e.g. /api/returns/labels/…; the token in it is the only key. */
  label_url: z.string(),
  label_expires_at: z.string(),
});

/** The free gift an order reached, and what became of it. */
export const orderGiftSchema = z.object({
  gift: z.enum(GIFT_IDS),
  name: z.string(),
  outcome: z.enum(GIFT_OUTCOMES),
  /** Whether the order still carries it: false once it was given back (the order cancelled, or the gift returned). */
  carried: z.boolean(),
  message: z.string(),
});
export type OrderGift = z.infer<typeof orderGiftSchema>;

/**
 * An order as the API answers it: POST /api/store-order (201), GET /api/orders/{order_number} and each entry of the
 * list. The store's internal row id never leaves the server: §3's `order_id` is the public order number, random
 * and not a count of the store's sales (docs/api.md, "Orders").
 */
export const orderSchema = z.object({
  /** §3's order_id: the public order number, the same as `order_number`. */
  order_id: z.string(),
  /** Human-friendly, e.g. 'EV-2026-K7M3QX'. */
  order_number: z.string(),
  /** 2-decimal text (§3): the lines' prices with the method's (less a wire's discount), plus the sales tax. */
  total_price: z.string(),
  /** The sales tax of the lines together, 2-decimal text ('0.00' where none is collected). */
  tax: z.string().default('0.00'),
  /** The order's tax by jurisdiction, each the sum of its lines'. */
  taxes: z.array(taxLineSchema).default([]),
  currency: z.literal(ORDER_CURRENCY),
  order_status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_mode: z.enum(PAYMENT_METHOD_IDS),
  /**
   * While the order is pending and unpaid: the instant (ISO 8601) its stones are released unless the payment is
   * recorded or the team confirms the order (UNPAID_HOLD_HOURS per method). Null once that hold has ended (paid,
   * confirmed, cancelled) and for PayPal orders.
   */
  hold_expires_at: z.string().nullable(),
  /** Where to send the transfer while a wire order awaits it (`awaitsWireTransfer`); else null. */
  wire_transfer: wireTransferSchema.nullable(),
  /** §3's items: the order's loose diamonds (a client that knows only diamonds reads these). */
  items: z.array(orderItemSchema),
  /** Every line of the order, each with its kind: diamonds, jewelry and built rings. */
  lines: z.array(orderLineSchema),
  user_name: z.string(),
  contact_number: z.string(),
  address: z.object({
    street: z.string(),
    apartment: z.string().nullable(),
    city: z.string(),
    state: z.string().nullable(),
    zip: z.string(),
    country: z.enum(DELIVERY_COUNTRIES),
  }),
  is_gift: z.boolean(),
  notes: z.string().nullable(),
  created_at: z.string(),
  /**
   * The day (YYYY-MM-DD, the store's calendar) the order is to leave the workshop: as promised when it was placed,
   * or the new date the store gave (`ships_by_changed`). Null once it has shipped or was cancelled.
   */
  ships_by: z.string().nullable(),
  /** True when the store moved the ships-by date after the order was placed (the shopper was emailed the new one). */
  ships_by_changed: z.boolean(),
  /** The workshop's last recorded stage of a made-to-order order, or null. */
  production_stage: z.enum(PRODUCTION_STAGES).nullable(),
  /** What happened to the order, oldest first, each with its instant: placed, paid, each workshop stage, shipped… */
  timeline: z.array(timelineEntrySchema),
  /** Each parcel sent for the order, with its carrier's own tracking page. */
  shipments: z.array(shipmentSchema),
  /** Per top-level line, what the shopper may do after delivery (return, resize) and until when. */
  after_sale: z.array(lineAfterSaleSchema),
  /** The order's returns, oldest first. */
  returns: z.array(orderReturnSchema),
  /** Its resize and repair tickets, oldest first. */
  tickets: z.array(careTicketSchema),
  /** What has been refunded of the total (2-decimal text). */
  refunded: z.string(),
  /**
   * §9's free gift, when the order's subtotal reached a tier: which gift, what became of it (given: a $0 line of the
   * order, `lines[].gift`; out_of_stock; already_received: the account's one gift is another order's), in words.
   */
  gift: orderGiftSchema.nullable().default(null),
});
export type Order = z.infer<typeof orderSchema>;

/** 201 to a return's request: its RMA, its label's link (shown once; a new one can be asked for) and the order now. */
export const returnCreatedSchema = returnLabelLinkSchema.extend({
  message: z.string(),
  rma: z.string(),
  order: orderSchema,
});
export type ReturnCreated = z.infer<typeof returnCreatedSchema>;

/** 201 to a resize's request: its ticket number, its label's link (shown once; emailed) and the order now. */
export const resizeCreatedSchema = returnLabelLinkSchema.extend({
  message: z.string(),
  number: z.string(),
  order: orderSchema,
});
export type ResizeCreated = z.infer<typeof resizeCreatedSchema>;

/** A ticket's number in a path, with its order's number. */
export const orderTicketParamSchema = z.object({ order_number: z.string(), number: z.string() });

/** A return's RMA in a path, with its order's number. */
export const orderReturnParamSchema = z.object({ order_number: z.string(), rma: z.string() });

export const orderListResponseSchema = z.object({ data: z.array(orderSchema) });

/** GET /api/orders/{order_number}: any text is looked up; what names none of the caller's orders is a 404. */
export const orderNumberParamSchema = z.object({ order_number: z.string() });
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;

/** The texts of the online wallet (§4 Wallet payment), for the storefront to show as the server sends them. */
export const WALLET_MESSAGES = {
  noPayment: 'We could not find this PayPal payment. Please choose PayPal again at checkout.',
  notYourPayment: 'This PayPal payment belongs to another account.',
  notApproved: 'Your PayPal payment has not been approved yet. Please approve it on PayPal’s page, or choose PayPal again at checkout.',
  declined: 'PayPal declined this payment and nothing was charged. Please choose PayPal again with another funding source, or choose another payment method.',
  cancelled: 'You cancelled this PayPal payment and nothing was charged. Please choose PayPal again at checkout.',
  unreachable: 'We could not reach PayPal just now. Please try again in a moment; you will never be charged twice.',
  expired: 'This PayPal payment was started more than three hours ago and has expired, so nothing was taken. Please check out again to see today’s prices.',
  amountChanged: 'PayPal reported a different amount than your order total, so nothing was kept: any amount taken is being refunded. Please check out again.',
  /** A payment due back (its stone sold meanwhile) that PayPal still holds for review: refunded once the review ends. */
  refundAfterReview: 'PayPal is still reviewing this payment, so it cannot be refunded yet. It will be refunded in full as soon as PayPal releases it, or never taken if PayPal declines it; we will email you either way.',
  /** That review ended in a denial: nothing was ever taken. */
  deniedBeforeRefund: 'PayPal did not complete this payment after its review, so nothing was charged and nothing needs refunding. Please choose another diamond.',
} as const;

/** 409 after approval: a stone sold while the shopper was on PayPal's page, so the payment was never taken. */
/** What was lost of an order: stones by certificate number, pieces of jewelry by name. */
export interface GoneLines {
  diamonds: string[];
  pieces: string[];
}

/** 'The diamond X was' / 'The diamonds X, Y and the Aria Engagement Ring were', and what to choose instead. */
function goneSubject(gone: GoneLines): { which: string; another: string } {
  const parts: string[] = [];
  if (gone.diamonds.length > 0) parts.push(`${gone.diamonds.length === 1 ? 'The diamond' : 'The diamonds'} ${gone.diamonds.join(', ')}`);
  if (gone.pieces.length > 0) parts.push(`${parts.length > 0 ? 'the' : 'The'} ${gone.pieces.join(', the ')}`);
  const one = gone.diamonds.length + gone.pieces.length === 1;
  return { which: `${parts.join(' and ')} ${one ? 'was' : 'were'}`, another: gone.pieces.length === 0 ? 'another diamond' : 'another' };
}

export function soldBeforeCaptureMessage(certificateNumbers: readonly string[], pieces: readonly string[] = []): string {
  const { which, another } = goneSubject({ diamonds: [...certificateNumbers], pieces: [...pieces] });
  return `${which} bought by another shopper while you were on PayPal’s page. Your PayPal payment was not taken; please choose ${another}.`;
}

/** 409 after capture: a stone sold in the moment the payment was taken, so the payment was refunded in full. */
export function refundedMessage(certificateNumbers: readonly string[], amount: string, pieces: readonly string[] = []): string {
  const { which, another } = goneSubject({ diamonds: [...certificateNumbers], pieces: [...pieces] });
  return `${which} bought by another shopper while your PayPal payment went through. We have refunded your ${formatAmount(amount)} in full; it returns to your PayPal account. Please choose ${another}.`;
}

/**
 * §7 POST /api/paypal/create-order: amount (2-decimal text), currency 'USD' and user_id, as §7 lists them, with
 * what the order will need once the payment is approved (the cart's diamond ids and the delivery details the
 * checkout form holds). The amount must equal the cart's real total: the server computes it from the inventory.
 */
export const walletOrderRequestSchema = withLines({
  user_name: orderFields.user_name,
  contact_number: orderFields.contact_number,
  address: orderFields.address,
  is_gift: orderFields.is_gift,
  notes: orderFields.notes,
  gift_choice: orderFields.gift_choice,
  user_id: positiveId('user id'),
  amount: z
    .union([z.string(), z.number()], { error: 'The amount is required.' })
    .transform((v, ctx) => {
      const cents = priceToCents(v);
      if (cents === null || cents === 0) {
        ctx.addIssue({ code: 'custom', message: 'The amount must be an amount such as 1890.00.' });
        return z.NEVER;
      }
      return cents;
    }),
  currency: z.literal(ORDER_CURRENCY, { error: `The currency must be '${ORDER_CURRENCY}'.` }),
});
export type WalletOrderRequest = z.input<typeof walletOrderRequestSchema>;

/** §3 Payment-provider order response. */
export const walletOrderResponseSchema = z.object({
  /** The provider's payment id (PayPal's order id); the return URL carries it back as ?token=. */
  orderID: z.string(),
  /** Where the browser goes to approve the payment. */
  approve_url: z.string(),
});
export type WalletOrderResponse = z.infer<typeof walletOrderResponseSchema>;

/** POST /api/paypal/capture-order and /api/paypal/cancel-order: the payment the return or cancel URL named. */
export const walletPaymentRequestSchema = z.object({
  orderID: z
    .string({ error: 'The orderID is required.' })
    .trim()
    .min(1, 'The orderID is required.')
    .max(64, 'The orderID is not a payment id.')
    .regex(/^[A-Za-z0-9-]+$/, 'The orderID is not a payment id.'),
});

/** GET /api/calendar: the store's time zone and the days besides weekends it neither makes nor ships (YYYY-MM-DD). */
export const storeCalendarSchema = z.object({
  time_zone: z.string(),
  closed_days: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
});
export type StoreCalendar = z.infer<typeof storeCalendarSchema>;
