/**
 * What an order costs, in integer cents, computed in one place: the cart, the checkout page, the order API and the
 * wallet all call `priceLines`. A line's unit price comes from the catalog (the server's records, or the record the
 * browser was given); what the lines add up to and what a bank wire takes off are decided here and nowhere else, and
 * the progress toward the free gift comes with them from the gift rule (gifts.ts), measured on the list subtotal.
 */
import { PROMOTIONS } from '../constants.ts';
import type { LineItemKind } from './line-kinds.ts';
import { dollarsToCents, formatCents } from '../money.ts';
import { giftProgress, type GiftProgress } from './gifts.ts';

/** What one unit of a line costs, as the catalog prices it. */
export interface UnitPrice {
  /** The list price of one unit, integer cents. */
  unitCents: number;
  /** What a bank wire takes off one unit, integer cents (§5: a loose diamond's wire price is its price less $5). */
  wireDiscountCents: number;
}

/** A line ready to be priced: its kind, how many, and its unit price. */
export interface PricedLineInput extends UnitPrice {
  kind: LineItemKind;
  quantity: number;
}

export interface LinePrice {
  unitCents: number;
  quantity: number;
  /** What the line costs with the chosen method: (unit − its wire discount when paying by wire, floored at 0) × quantity. */
  totalCents: number;
}

export interface Pricing {
  lines: LinePrice[];
  /** §3: the sum of price × quantity, at list prices. */
  subtotalCents: number;
  /** What the chosen method takes off the subtotal (a bank wire), 0 otherwise. */
  discountCents: number;
  /** What the lines cost with the chosen method (shipping is free, §9). Sales tax is added on these lines by the tax quote (`taxOf`, docs/taxes.md). */
  totalCents: number;
  /** §9: progress toward each gift tier, on the list subtotal (gifts.ts decides the gift itself). */
  gifts: GiftProgress[];
}

/** The payment method that pays the bank-wire price (§5, §4). */
export const WIRE_METHOD = 'pay-wire';

/** What a bank wire takes off one unit of each kind. */
const WIRE_DISCOUNT_CENTS: Record<LineItemKind, number> = {
  diamond: dollarsToCents(PROMOTIONS.bankWireDiscount),
  // §5's wire price is a loose diamond's; jewelry is the same price however it is paid.
  product: 0,
  // A ring's center stone keeps the wire price it has loose; its setting, like all jewelry, does not change.
  ring: dollarsToCents(PROMOTIONS.bankWireDiscount),
};

/**
 * The lowest price the back office's stone editor and the supplier import take: the wire discount, so that no
 * stone's bank-wire price is below nothing (priceLines floors it there all the same, for a stone priced before).
 */
export const MIN_STONE_PRICE_CENTS = WIRE_DISCOUNT_CENTS.diamond;
/** The highest price the stone editor and the supplier import take ($100,000,000.00): past it, a typing slip. */
export const MAX_STONE_PRICE_CENTS = 100_000_000_00;

/** What the stone editor and the supplier import say of a price under MIN_STONE_PRICE_CENTS, after naming the price. */
export const STONE_PRICE_TOO_LOW = `must be at least ${formatCents(MIN_STONE_PRICE_CENTS)}: a bank wire takes ${formatCents(WIRE_DISCOUNT_CENTS.diamond)} off every stone`;
/** What the stone editor and the supplier import say of a price that is not an amount they take, after naming it. */
export const STONE_PRICE_NOT_AN_AMOUNT = `must be an amount from ${formatCents(MIN_STONE_PRICE_CENTS)} to ${formatCents(MAX_STONE_PRICE_CENTS)}, such as 4250 or 4,250.00`;

/**
 * The list price of one unit of an order's line from what it was paid with `method`: a bank wire's discount added back
 * to a stone's line (the floor at $0 only meets a stone priced under MIN_STONE_PRICE_CENTS, which the store no longer
 * takes). What a return leaves the shopper is measured this way against the gift's threshold (gifts.ts).
 */
export function listUnitCentsOfPaid(kind: LineItemKind, paidUnitCents: number, method: string): number {
  return method === WIRE_METHOD ? paidUnitCents + WIRE_DISCOUNT_CENTS[kind] : paidUnitCents;
}

/** A loose diamond's unit price from its record's price (whole dollars and cents, §3). */
export function diamondUnitPrice(priceCents: number): UnitPrice {
  return { unitCents: priceCents, wireDiscountCents: WIRE_DISCOUNT_CENTS.diamond };
}

/** A product variant's unit price from its record's price in cents. */
export function productUnitPrice(priceCents: number): UnitPrice {
  return { unitCents: priceCents, wireDiscountCents: WIRE_DISCOUNT_CENTS.product };
}

/**
 * A built ring's unit price from its itemized price (ring-builder.ts `ringPrice`): the stone inside keeps its wire
 * price, so a wire takes off no more than the stone costs, never part of the setting.
 */
export function ringUnitPrice(price: { totalCents: number; stoneCents: number }): UnitPrice {
  const stoneCents = Number.isInteger(price.stoneCents) && price.stoneCents > 0 ? price.stoneCents : 0;
  return { unitCents: price.totalCents, wireDiscountCents: Math.min(WIRE_DISCOUNT_CENTS.ring, stoneCents) };
}

/**
 * The one pricing function. `method` is the payment method chosen (null before one is): a bank wire pays each
 * unit less its wire discount, but never less than nothing (a stone priced under the discount costs $0 by wire);
 * every other method pays list prices. The gifts are measured on the list subtotal.
 */
export function priceLines(lines: readonly PricedLineInput[], method: string | null): Pricing {
  const wire = method === WIRE_METHOD;
  const priced = lines.map((line) => {
    if (!Number.isInteger(line.unitCents) || line.unitCents < 0 || !Number.isInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`A line's unit price must be whole cents, 0 or more, and its quantity a positive whole number (got ${line.unitCents} × ${line.quantity})`);
    }
    if (!Number.isInteger(line.wireDiscountCents) || line.wireDiscountCents < 0) {
      throw new RangeError(`A line's wire discount must be whole cents, 0 or more (got ${line.wireDiscountCents})`);
    }
    const unitPaid = wire ? line.unitCents - Math.min(line.wireDiscountCents, line.unitCents) : line.unitCents;
    return { unitCents: line.unitCents, quantity: line.quantity, totalCents: unitPaid * line.quantity };
  });
  const subtotalCents = priced.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const totalCents = priced.reduce((sum, l) => sum + l.totalCents, 0);
  return { lines: priced, subtotalCents, discountCents: subtotalCents - totalCents, totalCents, gifts: giftProgress(subtotalCents) };
}
