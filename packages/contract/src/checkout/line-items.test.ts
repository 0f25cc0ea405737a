import { describe, expect, it } from 'vitest';
import { ENGRAVING_MESSAGES, RING_SIZE_MESSAGES } from '../ring-builder/ring-choices.ts';
import { lineItemSchema } from './line-items.ts';
import { lineKey } from './line-kinds.ts';
import { ORDER_MESSAGES, orderRequestSchema, walletOrderRequestSchema } from '../orders/orders.ts';

const ADDRESS = JSON.stringify({ street: '580 Fifth Avenue', apartment: '', city: 'New York', zip: '10036', country: 'United States' });
const order = (items: Record<string, unknown>) => ({ user_name: 'Ann Lee', contact_number: '212-555-0100', address: ADDRESS, total_price: '1890.00', payment_mode: 'cod', ...items });

describe('the line item', () => {
  it('is a diamond by its id, one of a kind', () => {
    expect(lineItemSchema.parse({ kind: 'diamond', diamond_id: 42 })).toEqual({ kind: 'diamond', diamond_id: 42, quantity: 1 });
    expect(lineItemSchema.parse({ kind: 'diamond', diamond_id: '42', quantity: 1 })).toEqual({ kind: 'diamond', diamond_id: 42, quantity: 1 });
    expect(lineItemSchema.safeParse({ kind: 'diamond', diamond_id: 42, quantity: 2 }).error?.issues[0]?.message).toBe('A diamond is one of a kind: its quantity is 1.');
    expect(lineItemSchema.safeParse({ kind: 'diamond', diamond_id: -1 }).success).toBe(false);
  });

  it('names the kinds it knows when the kind is missing or unknown', () => {
    expect(lineItemSchema.safeParse({ kind: 'necklace', id: 1 }).error?.issues[0]?.message).toBe('Each line needs a kind: diamond, product, ring.');
    expect(lineItemSchema.safeParse({ diamond_id: 1 }).success).toBe(false);
  });

  it('has one key per thing sold', () => {
    expect(lineKey({ kind: 'diamond', diamond_id: 7, quantity: 1 })).toBe('diamond:7');
    // A ring's size and engraving belong to the line: the same variant in two sizes is two lines.
    const ring = { kind: 'product', variant_id: 9, quantity: 1, ring_size: '6', engraving: null } as const;
    expect(lineKey(ring)).not.toBe(lineKey({ ...ring, ring_size: '7' }));
    expect(lineKey(ring)).not.toBe(lineKey({ ...ring, engraving: 'A & B' }));
    expect(lineKey(ring)).toBe(lineKey({ ...ring, quantity: 2 }));
  });

  it('reads a product line: quantity up to ten, a US ring size or unknown, an engraving a jeweler can cut', () => {
    const ok = lineItemSchema.parse({ kind: 'product', variant_id: '12', ring_size: '6.5', engraving: '  Always & Forever ' });
    expect(ok).toEqual({ kind: 'product', variant_id: 12, quantity: 1, ring_size: '6.5', engraving: 'Always & Forever' });
    expect(lineItemSchema.parse({ kind: 'product', variant_id: 3, ring_size: 'unknown' })).toMatchObject({ ring_size: 'unknown', engraving: null });
    const message = (line: object) => lineItemSchema.safeParse(line).error?.issues[0]?.message;
    expect(message({ kind: 'product', variant_id: 3, quantity: 11 })).toBe('The quantity must be at most 10.');
    expect(message({ kind: 'product', variant_id: 3, quantity: 0 })).toBe('The quantity must be at least 1.');
    expect(message({ kind: 'product', variant_id: 3, ring_size: '6.25' })).toBe(RING_SIZE_MESSAGES.invalid);
    expect(message({ kind: 'product', variant_id: 3, ring_size: '13.5' })).toBe(RING_SIZE_MESSAGES.invalid);
    expect(message({ kind: 'product', variant_id: 3, engraving: 'Seventeen letters' })).toBe(ENGRAVING_MESSAGES.tooLong);
    expect(message({ kind: 'product', variant_id: 3, engraving: 'Love <3' })).toBe(ENGRAVING_MESSAGES.characters);
    expect(lineItemSchema.parse({ kind: 'product', variant_id: 3, engraving: 'J ♥ K 06.12.2026' })).toMatchObject({ engraving: 'J ♥ K 06.12.2026' });
  });
});

describe('the order request', () => {
  it('takes lines', () => {
    const parsed = orderRequestSchema.parse(order({ lines: [{ kind: 'diamond', diamond_id: 3 }, { kind: 'diamond', diamond_id: 5 }] }));
    expect(parsed.lines).toEqual([
      { kind: 'diamond', diamond_id: 3, quantity: 1 },
      { kind: 'diamond', diamond_id: 5, quantity: 1 },
    ]);
    expect(parsed.itemsField).toBe('lines');
  });

  it('still takes §7’s items_id and item_details, translated into lines', () => {
    const parsed = orderRequestSchema.parse(order({ items_id: [3, '5'], item_details: JSON.stringify({ 3: { type: 2, price: 1000, quantity: 1, weight: 1.01 } }) }));
    expect(parsed.lines).toEqual([
      { kind: 'diamond', diamond_id: 3, quantity: 1 },
      { kind: 'diamond', diamond_id: 5, quantity: 1 },
    ]);
    expect(parsed.itemsField).toBe('items_id');
    expect(parsed).not.toHaveProperty('items_id');
    expect(walletOrderRequestSchema.parse({ ...order({ items_id: [9] }), user_id: 1, amount: '10.00', currency: 'USD' }).lines).toEqual([{ kind: 'diamond', diamond_id: 9, quantity: 1 }]);
  });

  it('refuses no items, both forms at once, a line twice and too many lines, each under the field sent', () => {
    const issues = (body: object) => orderRequestSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues(order({}))).toEqual([['items_id', 'The items must be a list of diamond ids.']]);
    expect(issues(order({ lines: [] }))).toEqual([['lines', ORDER_MESSAGES.noItems]]);
    expect(issues(order({ items_id: [1], lines: [{ kind: 'diamond', diamond_id: 1 }] }))).toEqual([['lines', 'Send the order’s lines or its items_id, not both.']]);
    expect(issues(order({ lines: [{ kind: 'diamond', diamond_id: 1 }, { kind: 'diamond', diamond_id: 1 }] }))).toEqual([['lines', ORDER_MESSAGES.duplicateItems]]);
    expect(issues(order({ items_id: [1, 1] }))).toEqual([['items_id', ORDER_MESSAGES.duplicateItems]]);
    expect(issues(order({ lines: Array.from({ length: 11 }, (_, i) => ({ kind: 'diamond', diamond_id: i + 1 })) }))).toEqual([['lines', ORDER_MESSAGES.tooManyItems]]);
  });
});
