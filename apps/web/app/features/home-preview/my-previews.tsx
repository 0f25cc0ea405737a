import {
  HOME_PREVIEW,
  HOME_PREVIEW_STATUS_LABELS,
  METAL_LABELS,
  dayOfIso,
  formatShipDate,
  formatTagPrice,
  ringSizeLabel,
  storeToday,
  type HomePreview,
  type HomePreviewList,
} from '@everstone/contract/core';
import { Link } from 'react-router';

function remainingText(list: HomePreviewList): string {
  if (list.remaining === 0 && list.next_available_on) {
    return `You have placed your ${HOME_PREVIEW.maxRequests} Home Preview orders for now. You can place your next one on ${formatShipDate(dayOfIso(list.next_available_on))}.`;
  }
  const n = list.remaining;
  return `You may place ${n} more Home Preview order${n === 1 ? '' : 's'} in these six months.`;
}

function shipToText(a: HomePreview['ship_to']): string {
  const street = [a.street, a.apartment].filter(Boolean).join(', ');
  return `${a.first_name} ${a.last_name}, ${street}, ${a.city}, ${a.state} ${a.zip}`;
}

const dayOf = (iso: string) => formatShipDate(storeToday(new Date(iso)));

/** Where a request stands, in a sentence: what the store does next, or what the shopper does. */
export function progressText(p: HomePreview): string {
  switch (p.status) {
    case 'requested':
      return 'Our team will call you to take the refundable deposit before we ship.';
    case 'deposit_taken':
      return 'Your deposit is taken: we are preparing your replicas to ship.';
    case 'shipped':
      return p.return_by ? `On its way. The replicas are yours to try for ${HOME_PREVIEW.possessionDays} days once they arrive (until about ${dayOf(p.return_by)}).` : 'On its way.';
    case 'delivered':
      return `Delivered ${p.delivered_at ? dayOf(p.delivered_at) : ''}. Please send the replicas back by ${p.return_by ? dayOf(p.return_by) : `${HOME_PREVIEW.possessionDays} days after delivery`} with the prepaid return label in the box.`;
    case 'returned':
      return 'Your replicas are back with us: we are refunding your deposit.';
    case 'refunded':
      return `Your deposit of ${formatTagPrice(p.refunded_cents ?? p.deposit_cents)} was refunded${p.settled_at ? ` on ${dayOf(p.settled_at)}` : ''}. Thank you!`;
    case 'deposit_kept':
      return `${p.kept_reason ?? `We kept ${formatTagPrice(p.kept_cents ?? 0)} of the deposit for a replica not returned.`} Refunded: ${formatTagPrice(p.refunded_cents ?? 0)}.`;
    case 'cancelled':
      return 'Cancelled: it does not count toward your two every six months.';
  }
}

/** The shopper's own requests, with how many more they may place and, when none, from which day. */
export function MyPreviews({
  list,
  onCancel,
  busy,
}: {
  list: HomePreviewList;
  onCancel: (preview: HomePreview) => void;
  busy: string | null;
}) {
  return (
    <section className="hp-mine" aria-labelledby="hp-mine-title">
      <h2 id="hp-mine-title" className="hp-heading">
        Your Home Preview requests
      </h2>
      <p className="hp-remaining">{remainingText(list)}</p>
      {list.data.length === 0 ? (
        <p className="cr-fineprint">You have not requested a Home Preview yet.</p>
      ) : (
        <ul className="hp-mine-list">
          {list.data.map((p) => (
            <li key={p.number} className="hp-mine-item">
              <div className="hp-mine-head">
                <span className="hp-mine-number">{p.number}</span>
                <span className={`hp-status hp-status--${p.status}`}>{HOME_PREVIEW_STATUS_LABELS[p.status]}</span>
              </div>
              <p className="hp-progress">{progressText(p)}</p>
              {p.parcel && (
                <p className="cr-fineprint">
                  {p.parcel.carrier_name} tracking number {p.parcel.tracking_number} ·{' '}
                  <a href={p.parcel.tracking_url} target="_blank" rel="noreferrer">
                    Track your parcel on {p.parcel.carrier_name}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </p>
              )}
              <p className="cr-fineprint">
                Placed {formatShipDate(storeToday(new Date(p.created_at)))} · deposit {formatTagPrice(p.deposit_cents)}, refundable
              </p>
              {/* Here and not in the confirmation email, whose address nobody verified. */}
              <p className="cr-fineprint">
                Ships to {shipToText(p.ship_to)} · we call {p.ship_to.phone_number}
              </p>
              <ul className="hp-mine-rings">
                {p.rings.map((r) => (
                  <li key={r.variant_id}>
                    <Link to={`/jewelry/${r.product_slug}`}>{r.name}</Link>, {METAL_LABELS[r.metal]}
                    {r.shape ? `, ${r.shape}` : ''}, {ringSizeLabel(r.ring_size)}
                    {r.returned && p.status !== 'refunded' && p.status !== 'returned' ? ' · back with us' : ''}
                  </li>
                ))}
              </ul>
              {p.cancellable && (
                <button type="button" className="text-button" onClick={() => onCancel(p)} disabled={busy === p.number}>
                  {busy === p.number ? 'Cancelling...' : 'Cancel this request'}
                  <span className="visually-hidden"> {p.number}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
