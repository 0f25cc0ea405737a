/**
 * The kinds of line a cart and an order hold, without Zod (pages use them on first load). A loose diamond, a
 * product variant of the catalog, and a ring of the ring builder (a setting with its diamond). Adding a kind is a
 * member here, its schema in line-items.ts and its wire discount in pricing.ts: the compiler names every other place
 * that must say what it does with the new kind.
 */
export const LINE_ITEM_KINDS = ['diamond', 'product', 'ring'] as const;
export type LineItemKind = (typeof LINE_ITEM_KINDS)[number];

/** A loose diamond: one of a kind, so always one of it. */
export interface DiamondLine {
  kind: 'diamond';
  diamond_id: number;
  quantity: 1;
}

/**
 * A product variant (a setting, a preset ring, a band, earrings…): up to its stock when stocked. A ring's size
 * ('unknown' for one free resize later) and an engraving are the line's own.
 */
export interface ProductLine {
  kind: 'product';
  variant_id: number;
  quantity: number;
  ring_size: string | null;
  engraving: string | null;
}

/**
 * A ring built in the ring builder: a center stone from the loose-diamond inventory set in a setting's variant (its
 * metal, head shape and side stones' origin), in a ring size ('unknown' for one free resize later) with an optional
 * engraving. One ring, one of it: the stone is one of a kind.
 */
export interface RingLine {
  kind: 'ring';
  diamond_id: number;
  /** The setting's variant. */
  variant_id: number;
  quantity: 1;
  ring_size: string;
  engraving: string | null;
}

export type LineItem = DiamondLine | ProductLine | RingLine;

/** The one key of a line in a cart or an order: no two lines of one order share it. */
export function lineKey(line: LineItem): string {
  switch (line.kind) {
    case 'diamond':
      return `diamond:${line.diamond_id}`;
    case 'product':
      return `product:${line.variant_id}:${line.ring_size ?? ''}:${line.engraving ?? ''}`;
    case 'ring':
      // Keyed by its stone: a stone is in one ring at most, so a second ring with it is the same line.
      return `ring:${line.diamond_id}`;
  }
}
