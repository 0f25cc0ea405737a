import { describe, expect, it } from 'vitest';
import {
  HOME_PREVIEW_COUNTED_STATUSES,
  HOME_PREVIEW_STATUSES,
  homePreviewKeepFrom,
  homePreviewKeptCents,
  homePreviewPossessionEndsAt,
  homePreviewSteps,
  type HomePreviewFacts,
} from './home-preview-lifecycle.ts';

const DAY = 86_400_000;
const shippedAt = '2026-01-06T15:00:00.000Z';
const at = (ms: number) => new Date(new Date(shippedAt).getTime() + ms);
const facts = (f: Partial<HomePreviewFacts>): HomePreviewFacts => ({ status: 'shipped', shipped_at: shippedAt, delivered_at: null, rings: 2, rings_returned: 0, ...f });

describe('Home Preview’s lifecycle', () => {
  it('offers each state its steps, and none once settled or cancelled', () => {
    expect(homePreviewSteps(facts({ status: 'requested', shipped_at: null }), at(0))).toEqual(['deposit', 'cancel']);
    expect(homePreviewSteps(facts({ status: 'deposit_taken', shipped_at: null }), at(0))).toEqual(['ship', 'cancel_refund']);
    expect(homePreviewSteps(facts({}), at(0))).toEqual(['deliver', 'receive']);
    expect(homePreviewSteps(facts({ status: 'returned', rings_returned: 2 }), at(0))).toEqual(['refund']);
    for (const status of ['refunded', 'deposit_kept', 'cancelled'] as const) expect(homePreviewSteps(facts({ status }), at(100 * DAY))).toEqual([]);
  });

  it('counts the three days from the delivery, or from the shipment plus the transit, and allows a keep only after the return transit too', () => {
    expect(homePreviewPossessionEndsAt(facts({}))).toBe(at(10 * DAY).toISOString());
    expect(homePreviewKeepFrom(facts({}))).toBe(at(17 * DAY).toISOString());
    const delivered = facts({ status: 'delivered', delivered_at: at(2 * DAY).toISOString() });
    expect(homePreviewPossessionEndsAt(delivered)).toBe(at(5 * DAY).toISOString());
    expect(homePreviewKeepFrom(delivered)).toBe(at(12 * DAY).toISOString());
    expect(homePreviewSteps(delivered, at(12 * DAY - 1))).toEqual(['receive']);
    expect(homePreviewSteps(delivered, at(12 * DAY))).toEqual(['receive', 'keep']);
    expect(homePreviewPossessionEndsAt(facts({ shipped_at: null }))).toBeNull();
  });

  it('keeps $100 a missing replica, and counts every state but cancelled toward the two every six months', () => {
    expect([homePreviewKeptCents(1), homePreviewKeptCents(2)]).toEqual([10_000, 20_000]);
    expect(HOME_PREVIEW_COUNTED_STATUSES).toEqual(HOME_PREVIEW_STATUSES.filter((s) => s !== 'cancelled'));
    expect(HOME_PREVIEW_COUNTED_STATUSES).toContain('deposit_kept');
  });
});
