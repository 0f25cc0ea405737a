import type { OrderItemRow } from '../../db/schema.ts';
import { readStoredDesign, type GiftId, type LineTax, type OrderProduct, type OrderRing, type TaxComponent } from '@everstone/contract';
import type { NewOrderLine } from './repository.ts';

/** The variant a product or ring line was made from, and what the shopper chose for it. */
export interface LineVariant {
  id: number;
  sku: string;
  productSlug: string;
  metal: string;
  ringSize: string | null;
  engraving: string | null;
  /** The line takes units from the shelf (given back if the order is cancelled); otherwise it is made to order. */
  fromStock: boolean;
  leadDays: number;
}

/** A product line's piece as the order page and the emails show it; the line's own choices come from the line. */
export type OrderedProduct = Omit<OrderProduct, 'ring_size' | 'engraving' | 'lead_days' | 'made_to_order'>;

/**
 * A line the checkout has priced, as the orders module stores it: what it is, how many, what one unit cost with the
 * order's method, and the piece as it was ordered (a ring as a whole: its stone, setting, choices, itemized price and
 * design). §9's free gift is a product line at $0 naming its gift. The orders module alone turns it into its
 * table's row and JSON.
 */
export type OrderLineDraft = (
  | { kind: 'diamond'; quantity: number; unitCents: number; description: string; stone: { id: number; certificateNumber: string; type: number; carat: number } }
  | { kind: 'product'; quantity: number; unitCents: number; description: string; variant: LineVariant; product: OrderedProduct; gift?: GiftId }
  | { kind: 'ring'; quantity: number; unitCents: number; description: string; variant: LineVariant; ring: OrderRing }
) & {
  /** The line's sales tax on its total, by jurisdiction, as the checkout's tax quote gave it (none: no tax). */
  tax?: LineTax;
};

/** The order_items columns of a line's tax. */
function taxColumns(tax: LineTax | undefined) {
  if (!tax || tax.taxCents === 0) return { tax_cents: 0, taxes_json: null };
  return { tax_cents: tax.taxCents, taxes_json: JSON.stringify(tax.components.map((c) => ({ jurisdiction: c.jurisdiction, rate_millionths: c.rateMillionths, tax_cents: c.taxCents }))) };
}

/** A line's tax by jurisdiction, as its row keeps it (none before 029, or where none was charged). */
export function taxesOf(row: { taxes_json: string | null }): TaxComponent[] {
  if (!row.taxes_json) return [];
  return (JSON.parse(row.taxes_json) as { jurisdiction: string; rate_millionths: number; tax_cents: number }[]).map((c) => ({ jurisdiction: c.jurisdiction, rateMillionths: Number(c.rate_millionths), taxCents: Number(c.tax_cents) }));
}

const choices = (v: LineVariant) => ({
  variant_id: v.id,
  sku: v.sku,
  product_slug: v.productSlug,
  metal: v.metal,
  ring_size: v.ringSize,
  engraving: v.engraving,
  from_stock: v.fromStock ? 1 : 0,
  lead_days: v.leadDays,
});

/** The order_items row of a line. */
export function lineRow(line: OrderLineDraft): NewOrderLine {
  const common = { kind: line.kind, quantity: line.quantity, description: line.description, price_cents: line.unitCents, ...taxColumns(line.tax) };
  switch (line.kind) {
    case 'diamond':
      return { ...common, diamond_id: line.stone.id, certificate_number: line.stone.certificateNumber, type: line.stone.type, carat: line.stone.carat };
    case 'product': {
      const stone = line.product.included_stone;
      return { ...common, diamond_id: null, certificate_number: stone?.certificate_number ?? null, type: null, carat: stone?.carat ?? null, ...choices(line.variant), details_json: JSON.stringify(line.product), gift: line.gift ?? null };
    }
    case 'ring': {
      const { ring } = line;
      return { ...common, diamond_id: ring.diamond_id, certificate_number: ring.certificate_number, type: ring.type, carat: ring.carat, ...choices(line.variant), details_json: JSON.stringify(ring) };
    }
  }
}

/** A ring line's stone, setting and choices as the order keeps them (details_json); null on other kinds. */
export function ringOf(row: OrderItemRow): OrderRing | null {
  if (row.kind !== 'ring' || !row.details_json) return null;
  const ring = JSON.parse(row.details_json) as OrderRing;
  // The size, engraving and lead time have columns of their own (the desk and the emails read the same row).
  return { ...ring, design: readStoredDesign(ring.design), ring_size: row.ring_size ?? ring.ring_size, engraving: row.engraving, lead_days: row.lead_days ?? ring.lead_days };
}

/** A product line's piece as the order keeps it (details_json); null on other kinds. */
export function productOf(row: OrderItemRow): OrderedProduct | null {
  if (row.kind !== 'product' || !row.details_json) return null;
  const product = JSON.parse(row.details_json) as OrderedProduct;
  // The design as it was ordered, with what older designs left out read as the schema has it (never re-bounded).
  return { ...product, design: readStoredDesign(product.design) };
}
