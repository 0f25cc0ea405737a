import { describe, expect, it } from 'vitest';
import {
  ENGRAVING_REMOVAL_CENTS,
  GIFT_LINE_NOTE,
  addMonths,
  afterSaleOf,
  giftNotReturnable,
  allowedReturnSteps,
  needsGiaRecheck,
  nextReturnFrom,
  returnRefundCents,
  returnRequestProblem,
  type AfterSaleFacts,
  type AfterSaleLine,
} from './after-sale.ts';

const line = (n: number, over: Partial<AfterSaleLine> = {}): AfterSaleLine => ({ line: n, kind: 'diamond', engraved: false, resizable: false, rma: null, resized: false, ...over });
// Delivered at noon Eastern on Nov 28: the window closes 30 days later, at noon on Dec 28.
const deliveredAt = '2026-11-28T17:00:00.000Z';
const facts = (over: Partial<AfterSaleFacts> = {}): AfterSaleFacts => ({
  order_status: 'delivered',
  payment_status: 'paid',
  delivered_at: deliveredAt,
  last_return_at: null,
  lines: [line(1)],
  ...over,
});

describe('what a delivered line may still become', () => {
  it('is returnable until the window closes, to the millisecond', () => {
    const [first] = afterSaleOf(facts(), new Date('2026-12-28T16:59:59.999Z'));
    expect(first).toMatchObject({ returnable: true, return_until: '2026-12-28T17:00:00.000Z', engraving_fee_cents: 0, next_return_from: null });
    expect(first!.notes).toEqual(['Returnable until Dec 28']);
    const [closed] = afterSaleOf(facts(), new Date('2026-12-28T17:00:00.000Z'));
    expect(closed!.returnable).toBe(false);
    expect(closed!.notes).toEqual([]);
  });

  it('names the engraving removal and its fee on an engraved line', () => {
    const [engraved] = afterSaleOf(facts({ lines: [line(1, { engraved: true })] }), new Date('2026-12-01T12:00:00Z'));
    expect(engraved!.returnable).toBe(true);
    expect(engraved!.engraving_fee_cents).toBe(ENGRAVING_REMOVAL_CENTS);
    expect(engraved!.notes).toContain('Engraved: returnable once the engraving is removed, for $40');
  });

  it('keeps to one return every six months per account, and says from when the next is possible', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const [stopped] = afterSaleOf(facts({ last_return_at: '2026-07-15T12:00:00.000Z' }), now);
    expect(stopped!.returnable).toBe(false);
    expect(stopped!.next_return_from).toBe('2027-01-15T12:00:00.000Z');
    expect(stopped!.notes).toContain('One return every six months: your next is possible from Jan 15, 2027');
    expect(returnRequestProblem([stopped!], [1], facts(), now)).toBe('One return every six months: your next is possible from Jan 15, 2027.');
    const [free] = afterSaleOf(facts({ last_return_at: '2026-06-01T11:00:00.000Z' }), now);
    expect(free!.returnable).toBe(true);
  });

  it('offers the first resize free on a ring, once', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const [ring, resized] = afterSaleOf(facts({ lines: [line(1, { kind: 'ring', resizable: true }), line(2, { kind: 'ring', resizable: true, resized: true })] }), now);
    expect(ring!.free_resize).toBe(true);
    expect(ring!.notes).toContain('First resize free within two sizes');
    expect(resized!.free_resize).toBe(false);
  });

  it('returns nothing of an order not delivered, not paid, or a line already in a return', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    expect(afterSaleOf(facts({ order_status: 'shipped', delivered_at: null }), now)[0]!.returnable).toBe(false);
    expect(afterSaleOf(facts({ payment_status: 'pending' }), now)[0]!.returnable).toBe(false);
    const [inReturn] = afterSaleOf(facts({ lines: [line(1, { rma: 'RMA-K7M3QXAB' })] }), now);
    expect(inReturn).toMatchObject({ returnable: false, rma: 'RMA-K7M3QXAB', notes: ['In return RMA-K7M3QXAB'] });
    expect(returnRequestProblem([inReturn!], [1], facts(), now)).toBe('Line 1 is already in return RMA-K7M3QXAB.');
  });

  it('says why a request cannot be taken, in the shopper’s words', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const eligibility = afterSaleOf(facts(), now);
    expect(returnRequestProblem(eligibility, [1], facts(), now)).toBeNull();
    expect(returnRequestProblem(eligibility, [], facts(), now)).toBe('Choose at least one piece to return.');
    expect(returnRequestProblem(eligibility, [1, 1], facts(), now)).toBe('Each piece can be chosen once.');
    expect(returnRequestProblem(eligibility, [2], facts(), now)).toBe('This order has no line 2.');
    expect(returnRequestProblem(eligibility, [1], facts(), new Date('2026-12-29T12:00:00Z'))).toBe('The 30-day return window closed on Dec 28.');
    expect(returnRequestProblem(eligibility, [1], facts({ order_status: 'completed' }), now)).toBe('Only a delivered order can be returned.');
  });

  it('never returns §9’s free gift on its own: the return that needs it adds it (gifts.ts)', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const withGift = facts({ lines: [line(1), line(2, { gift: true })] });
    const [bought, gift] = afterSaleOf(withGift, now);
    expect(bought!.returnable).toBe(true);
    expect(gift).toMatchObject({ returnable: false, notes: [GIFT_LINE_NOTE] });
    expect(returnRequestProblem([bought!, gift!], [2], withGift, now)).toBe(giftNotReturnable(2));
    expect(returnRequestProblem([bought!, gift!], [1], withGift, now)).toBeNull();
  });
});

describe('the return’s money and steps', () => {
  it('refunds the lines less their engraving removals, never below zero', () => {
    expect(returnRefundCents([{ total_cents: 250_000, engraving_fee_cents: 4_000 }, { total_cents: 40_000, engraving_fee_cents: 0 }])).toBe(286_000);
    expect(returnRefundCents([{ total_cents: 3_000, engraving_fee_cents: 4_000 }])).toBe(0);
  });

  it('asks a GIA re-check of a stone above 1.99 carats only', () => {
    expect(needsGiaRecheck(1.99)).toBe(false);
    expect(needsGiaRecheck(2)).toBe(true);
    expect(needsGiaRecheck(null)).toBe(false);
  });

  it('moves a return only forward', () => {
    expect(allowedReturnSteps('authorized')).toEqual(['receive', 'cancel']);
    expect(allowedReturnSteps('received')).toEqual(['inspect']);
    expect(allowedReturnSteps('inspected')).toEqual(['refund']);
    expect(allowedReturnSteps('refunded')).toEqual([]);
  });

  it('counts months by the calendar, to the end of a shorter month', () => {
    expect(addMonths('2026-08-31T10:00:00.000Z', 6)).toBe('2027-02-28T10:00:00.000Z');
    expect(nextReturnFrom('2026-01-15T00:00:00.000Z')).toBe('2026-07-15T00:00:00.000Z');
  });
});
