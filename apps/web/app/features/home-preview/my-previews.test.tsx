import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import type { HomePreview, HomePreviewList } from '@everstone/contract/core';
import { MyPreviews, progressText } from './my-previews';

const base: HomePreview = {
  number: 'HP-2026-K7M3QX',
  status: 'shipped',
  rings: [
    { variant_id: 1, product_slug: 'aurora', name: 'The Aurora', metal: '14k-white', shape: null, ring_size: '6', returned: false },
    { variant_id: 2, product_slug: 'celeste', name: 'The Celeste', metal: '14k-white', shape: null, ring_size: '6', returned: false },
  ],
  deposit_cents: 20_000,
  ship_to: { first_name: 'Ann', last_name: 'Lee', street: '580 Fifth Avenue', apartment: null, city: 'New York', state: 'NY', zip: '10036', country: 'United States', phone_number: '212-555-0100' },
  created_at: '2026-01-05T15:00:00.000Z',
  cancelled_at: null,
  cancellable: false,
  parcel: { carrier: 'ups', carrier_name: 'UPS', tracking_number: '1Z999AA10123456784', tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
  shipped_at: '2026-01-06T15:00:00.000Z',
  delivered_at: null,
  return_by: '2026-01-16T15:00:00.000Z',
  returned_at: null,
  refunded_cents: null,
  kept_cents: null,
  kept_reason: null,
  settled_at: null,
};

function draw(list: HomePreviewList): string {
  const Page = createRoutesStub([{ path: '/', Component: () => <MyPreviews list={list} onCancel={() => {}} busy={null} /> }]);
  return renderToStaticMarkup(<Page />);
}

describe('the shopper’s Home Preview requests', () => {
  it('show where a shipped request stands and link the carrier’s tracking page, with no cancel button', () => {
    const html = draw({ data: [base], remaining: 1, next_available_on: null });
    expect(html).toContain('>Shipped</span>');
    expect(html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(html).toContain('Track your parcel on UPS');
    expect(html).toContain('(until about Friday, January 16)');
    expect(html).not.toContain('Cancel this request');
  });

  it('say each state in words: delivered with the day to send back, refunded, kept with why', () => {
    expect(progressText({ ...base, status: 'delivered', delivered_at: '2026-01-08T20:00:00.000Z', return_by: '2026-01-11T20:00:00.000Z' })).toBe(
      'Delivered Thursday, January 8. Please send the replicas back by Sunday, January 11 with the prepaid return label in the box.',
    );
    expect(progressText({ ...base, status: 'refunded', refunded_cents: 20_000, settled_at: '2026-01-14T15:00:00.000Z' })).toBe('Your deposit of $200 was refunded on Wednesday, January 14. Thank you!');
    expect(progressText({ ...base, status: 'deposit_kept', kept_cents: 10_000, refunded_cents: 10_000, kept_reason: 'The replica 2 (The Celeste) was not back.' })).toBe(
      'The replica 2 (The Celeste) was not back. Refunded: $100.',
    );
    expect(progressText({ ...base, status: 'requested', parcel: null })).toContain('take the refundable deposit');
  });
});
