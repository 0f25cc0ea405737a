/**
 * Money, in one place: every conversion between the store's forms of an amount and every way a page, a mail or a
 * message shows one. Inside, an amount is integer cents. Two other forms cross the wire: §3's 2-decimal text
 * ('5000.00': order totals, line prices, the wallet's amount, the back office's figures) and a number of dollars
 * (§3's diamond records, `price: 5000`, and the stores' query bounds).
 *
 * What a malformed amount does, by where it comes from:
 * - A number typed as cents that is not a whole number of cents (NaN, Infinity, 12.5, beyond 2^53) is a bug in the
 *   caller, never data: every function here that takes cents throws a RangeError naming the value, rather than
 *   showing "$NaN" or a figure a cent off. Dollars must be finite for the same reason.
 * - Text is data (an API answer, a form, a file): `priceToCents` answers null for anything that is not an amount,
 *   each schema turns that into its own 422 message, and `formatAmount` shows NO_AMOUNT ('—') instead of a figure.
 *
 * This file imports nothing, so the storefront's first load (core.ts) and the schemas (index.ts) share it.
 */

/** What a page shows for text that is not an amount, in place of a figure it cannot know. */
export const NO_AMOUNT = '—';

/** U+2212, the minus sign the store prints before a deduction ('−$5.00'), not a hyphen. */
const MINUS = '\u2212';

// Whole dollars are grouped by Intl; the cents are appended from the integer, so no amount passes through a
// floating-point division on its way to the page ($90,071,992,547,409.91 prints as it is stored).
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Refuses a number that is not a whole number of cents (see the file's comment). */
function requireCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not an amount in whole cents: ${cents}`);
  return cents;
}

/** '1,890.50' for 189050, without a sign (the callers write it). */
function digits(absCents: number): string {
  return `${grouped.format(Math.floor(absCents / 100))}.${String(absCents % 100).padStart(2, '0')}`;
}

/* ---------- Conversions ---------- */

/**
 * Dollars (a number with at most two decimals, as §3's records carry them) as integer cents, exactly: 0.29 → 29,
 * not 28. A float cannot hold a third decimal faithfully, so one is rounded to the nearest cent.
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount in dollars: ${dollars}`);
  return requireCents(Math.round(dollars * 100));
}

/** Integer cents as a number of dollars, where one is wanted: §3's records, a progress bar's value. */
export function centsToDollars(cents: number): number {
  return requireCents(cents) / 100;
}

/**
 * Integer cents → §3's 2-decimal text, the wire form: 189000 → '1890.00', 29 → '0.29'. No amount on the wire is
 * negative (a price, a total, a payment), so a negative is refused like a fraction of a cent.
 */
export function centsToPrice(cents: number): string {
  if (requireCents(cents) < 0) throw new RangeError(`Not an amount for the wire (below zero): ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** An amount as people write it: digits, or digits grouped by commas in threes; then at most two decimals. */
const AMOUNT_TEXT = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/;

/**
 * §3's 2-decimal text, or an amount typed into a form ('4250', '4,250.00', ' 19.9 '), or a number → integer
 * cents, read digit by digit (no float arithmetic). Null when it is not an amount: empty, a sign, an exponent, a
 * third decimal (a fraction of a cent is not rounded away), commas that are not thousands ('42,50' could mean
 * $42.50 or $4,250), or more than a safe integer of cents.
 */
export function priceToCents(value: string | number): number | null {
  const match = AMOUNT_TEXT.exec(typeof value === 'number' ? String(value) : value.trim());
  if (!match) return null;
  const cents = Number(match[1]!.replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/* ---------- Display forms ---------- */

/** Integer cents as dollars with cents: 123450 → '$1,234.50'; a deduction, −500 → '−$5.00'. */
export function formatCents(cents: number): string {
  const sign = requireCents(cents) < 0 ? MINUS : '';
  return `${sign}$${digits(Math.abs(cents))}`;
}

/**
 * A price as a tag shows it (jewelry, deposits, the ring builder): whole dollars when there are no cents
 * ('$1,150'), with cents when there are ('$1,150.50').
 */
export function formatTagPrice(cents: number): string {
  return requireCents(cents) % 100 === 0 ? formatCents(cents).slice(0, -3) : formatCents(cents);
}

/** A number of dollars (a diamond's §3 price) with cents: 1234.5 → '$1,234.50'. */
export function formatMoney(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

/** A number of dollars as a tag shows it: '$4,250' for a whole-dollar price, '$4,250.50' otherwise. */
export function formatPrice(dollars: number): string {
  return formatTagPrice(dollarsToCents(dollars));
}

/**
 * §3's 2-decimal text from the API ('1890.50') as the pages show it: '$1,890.50'. Text that is not an amount is
 * shown as NO_AMOUNT ('—'), never as "$NaN" nor as the raw text.
 */
export function formatAmount(price: string): string {
  const cents = priceToCents(price);
  return cents === null ? NO_AMOUNT : formatCents(cents);
}

/** Two prices as a range, '$1,150.00 – $4,980.00', or the one price when both ends are the same. */
export function formatCentsRange(fromCents: number, toCents: number): string {
  return fromCents === toCents ? formatCents(fromCents) : `${formatCents(fromCents)} – ${formatCents(toCents)}`;
}

/** A chart axis's label, short enough for a phone: '$0', '$750', '$12.5k', '$1.2M' (one decimal at most). */
export function formatAxisCents(cents: number): string {
  const sign = requireCents(cents) < 0 ? MINUS : '';
  const dollars = Math.abs(cents) / 100;
  const short = (n: number) => String(Math.round(n * 10) / 10);
  // Promoted where rounding would reach the next unit: $999,990 reads '$1M', not '$1000k'.
  if (dollars >= 999_950) return `${sign}$${short(dollars / 1_000_000)}M`;
  if (dollars >= 999.5) return `${sign}$${short(dollars / 1_000)}k`;
  return `${sign}$${Math.round(dollars)}`;
}
