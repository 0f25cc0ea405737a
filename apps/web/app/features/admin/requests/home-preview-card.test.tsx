import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import type { AdminHomePreview } from '@everstone/contract';
import { ReauthProvider } from '../kit/reauth';
import { HomePreviewCard } from './home-preview-card';
import { keepSplit } from './home-preview-steps';

const preview: AdminHomePreview = {
  number: 'HP-2026-K7M3QX',
  status: 'delivered',
  created_at: '2026-01-05T15:00:00.000Z',
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone_number: '212-555-0100',
  address: '580 Fifth Avenue, New York, NY 10036, United States',
  deposit: '200.00',
  rings: [
    { replica: 1, name: 'The Aurora', sku: 'AUR-1', metal: '14K White Gold', ring_size: '6', returned_at: '2026-01-12T15:00:00.000Z' },
    { replica: 2, name: 'The Celeste', sku: 'CEL-1', metal: '14K White Gold', ring_size: '6', returned_at: null },
  ],
  steps: ['receive', 'keep'],
  deposit_reference: 'POS-1',
  deposit_taken_at: '2026-01-05T16:00:00.000Z',
  parcel: { carrier: 'fedex', carrier_name: 'FedEx', tracking_number: '123456789012', tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=123456789012' },
  shipped_at: '2026-01-06T15:00:00.000Z',
  delivered_at: '2026-01-07T15:00:00.000Z',
  possession_ends_at: '2026-01-10T15:00:00.000Z',
  keep_from: '2026-01-17T15:00:00.000Z',
  returned_at: null,
  refunded: null,
  kept: null,
  refund_reference: null,
  settled_at: null,
  cancelled_at: null,
  history: [{ at: '2026-01-05T15:00:00.000Z', what: 'Requested by the shopper', by: null }],
};

function draw(p: AdminHomePreview): string {
  const Page = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <ReauthProvider email="staff@example.com">
          <HomePreviewCard initial={p} heading="h3" />
        </ReauthProvider>
      ),
    },
  ]);
  return renderToStaticMarkup(<Page />);
}

describe('the back office’s Home Preview card', () => {
  it('offers exactly the steps the request can take, each named for its request, and links the carrier’s page', () => {
    const html = draw(preview);
    const buttons = [...html.matchAll(/<button[^>]*aria-haspopup="dialog"[^>]*>(.*?)<\/button>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));
    expect(buttons).toEqual(['Record replicas received: Home Preview HP-2026-K7M3QX', 'Keep deposit for missing replicas: Home Preview HP-2026-K7M3QX']);
    expect(html).toContain('href="https://www.fedex.com/fedextrack/?trknbr=123456789012"');
    expect(html).toContain('Delivered</span>');
  });

  it('offers no button once the request is settled', () => {
    const html = draw({ ...preview, status: 'refunded', steps: [], refunded: '200.00', kept: '0.00', settled_at: '2026-01-14T15:00:00.000Z' });
    expect(html).not.toContain('aria-haspopup="dialog"');
  });

  it('keeps $100 for each replica not back and refunds the rest', () => {
    expect(keepSplit(preview)).toEqual({ keptCents: 10_000, refundCents: 10_000 });
    expect(keepSplit({ ...preview, rings: preview.rings.map((r) => ({ ...r, returned_at: null })) })).toEqual({ keptCents: 20_000, refundCents: 0 });
  });
});
