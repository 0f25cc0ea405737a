/**
 * The line item's schemas: what a cart and an order hold, one member per kind (line-kinds.ts lists the kinds and
 * says what adding one takes).
 */
import { z } from 'zod';
import { positiveId } from '../fields.ts';
import { LINE_ITEM_KINDS, type DiamondLine, type LineItem } from './line-kinds.ts';
import { productLineSchema } from '../jewelry/product-schemas.ts';
import { ringLineSchema } from '../ring-builder/ring-builder-schemas.ts';

/** A loose diamond, by its id. One of a kind: its quantity is 1 (and may be left out). */
export const diamondLineSchema = z.object({
  kind: z.literal('diamond'),
  diamond_id: positiveId('diamond id'),
  quantity: z.literal(1, { error: 'A diamond is one of a kind: its quantity is 1.' }).default(1),
});

export const lineItemSchema = z.discriminatedUnion('kind', [diamondLineSchema, productLineSchema, ringLineSchema], {
  error: `Each line needs a kind: ${LINE_ITEM_KINDS.join(', ')}.`,
});

/** §7's items_id named loose diamonds only: each id is a diamond line. */
export function diamondLineOf(diamondId: number): DiamondLine {
  return { kind: 'diamond', diamond_id: diamondId, quantity: 1 };
}

// The schema's output and the hand-written type are one shape; the compiler holds them together.
const sameShape: (line: z.output<typeof lineItemSchema>) => LineItem = (line) => line;
void sameShape;
