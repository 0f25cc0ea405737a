/**
 * How a diamond's figures are shown (SPEC §3, §5): one set of rules for the search table, the detail page,
 * the comparison view, the wishlist and the cart.
 */
import { DIAMOND_TYPE_LABELS, STORE_TERMS, type DiamondTypeId } from '../constants.ts';
import type { Diamond } from './diamonds.ts';
import { centsToDollars, dollarsToCents, formatPrice } from '../money.ts';
import { WIRE_METHOD, diamondUnitPrice, priceLines } from '../checkout/pricing.ts';

/** §3: optional attributes (polish, symmetry, fluorescence, table, depth, measurements) show a dash. */
export const DASH = '-';
/** §3: other missing attributes show NA. */
export const NA = 'NA';

/** §5: carat to 2 decimals; a missing weight shows '00'. */
export function formatCarat(carat: number | null | undefined): string {
  return carat == null || !Number.isFinite(carat) ? '00' : carat.toFixed(2);
}

/** §5: length ÷ width to 2 decimals, only when the width is above 0; else N/A. */
export function formatRatio(length: number | null | undefined, width: number | null | undefined): string {
  if (length == null || width == null || !(width > 0)) return 'N/A';
  return (length / width).toFixed(2);
}

/** §5: the bank-wire price is the price minus 5, with 2 decimals, as the one pricing function has it (never below 0). */
export function bankWirePrice(price: number): number {
  return centsToDollars(priceLines([{ kind: 'diamond', quantity: 1, ...diamondUnitPrice(dollarsToCents(price)) }], WIRE_METHOD).totalCents);
}

/**
 * What a stone costs per carat, in whole dollars ('$4,120/ct' beside its price), or null for a stone without a
 * positive weight, which has no such figure.
 */
export function pricePerCarat(price: number, carat: number | null | undefined): number | null {
  if (carat == null || !(carat > 0) || !Number.isFinite(price)) return null;
  return Math.round(price / carat);
}

/**
 * §9's financing line beside a price, in cents: the monthly it starts from and the interest-free months, or, below
 * the purchase financing starts at, what that is. The diamond page and the ring builder say it in these words.
 */
export function financingText(priceCents: number): string {
  const f = STORE_TERMS.financing;
  return priceCents >= dollarsToCents(f.minimumPurchase)
    ? `Financing from ${formatPrice(f.fromMonthly)}/mo at ${f.apr}% APR · no interest for ${f.interestFreeMonths} months`
    : `Financing with no interest for ${f.interestFreeMonths} months on purchases of ${formatPrice(f.minimumPurchase)} or more`;
}

/** An optional attribute, or a dash. */
export function optional(value: string | number | null | undefined, suffix = ''): string {
  return value == null || value === '' ? DASH : `${value}${suffix}`;
}

/** Any other attribute, or NA. */
export function orNA(value: string | number | null | undefined): string {
  return value == null || value === '' ? NA : String(value);
}

/** 'Natural', 'Lab' or 'Color', as titles and the cart say it. */
export function typeLabel(type: number): string {
  return DIAMOND_TYPE_LABELS[type as DiamondTypeId] ?? NA;
}

/** The color a shopper reads: the D–H grade, or the fancy color with its intensity. */
export function colorLabel(d: Pick<Diamond, 'color' | 'fancy_color'>): string {
  if (d.fancy_color) return `${d.fancy_color.intensity} ${d.fancy_color.name}`;
  return d.color?.name ?? NA;
}

/** The detail page's title (§2): '{carat} Carat {Shape} {Natural|Lab|Color} Diamond'. */
export function diamondTitle(d: Pick<Diamond, 'carat_weight' | 'shape' | 'type'>): string {
  return `${formatCarat(d.carat_weight)} Carat ${d.shape?.name ?? NA} ${typeLabel(d.type)} Diamond`;
}
