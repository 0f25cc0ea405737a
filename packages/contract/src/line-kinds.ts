/**
 * The kinds of line a cart and an order hold, without Zod (pages use them on first load). A loose diamond today;
 * the catalog adds a product variant and the ring builder a ring (a setting with its diamond). Adding a kind is a
 * member here, its schema in line-items.ts and its wire discount in pricing.ts: the compiler names every other place
 * that must say what it does with the new kind.
 */
export const LINE_ITEM_KINDS = ['diamond'] as const;
export type LineItemKind = (typeof LINE_ITEM_KINDS)[number];

/** A loose diamond: one of a kind, so always one of it. */
export interface DiamondLine {
  kind: 'diamond';
  diamond_id: number;
  quantity: 1;
}

export type LineItem = DiamondLine;

/** The one key of a line in a cart or an order: no two lines of one order share it. */
export function lineKey(line: LineItem): string {
  switch (line.kind) {
    case 'diamond':
      return `diamond:${line.diamond_id}`;
  }
}
