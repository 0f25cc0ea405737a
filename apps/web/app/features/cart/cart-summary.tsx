import { useId } from 'react';
import { useNavigate } from 'react-router';
import { GIFT_CHOICE_HINT, centsToDollars, formatCents, giftFor, giftNotice, type GiftStanding, type Pricing } from '@everstone/contract/core';
import type { CartLine } from '../../domain/cart';

interface CartSummaryProps {
  /** The lines checkout carries: every line that can still be bought. */
  payable: CartLine[];
  /** The payable lines priced (no payment method is chosen yet). */
  pricing: Pricing;
  /** What must change before checkout (`checkoutBlocker`), or null. */
  blocker: string | null;
  /** The store's word on the free gift (out of stock, already received), null until it answers. */
  giftStanding: GiftStanding | null;
}

/** The summary card (§2): subtotal, the progress toward the free gifts (§9), shipping and CHECKOUT. */
export function CartSummary({ payable, pricing, blocker, giftStanding }: CartSummaryProps) {
  const navigate = useNavigate();
  const blockedId = useId();
  const blocked = blocker !== null || payable.length === 0;
  const { subtotalCents } = pricing;
  // One gift per customer: an account that has received its gift is told so instead of being promised one.
  const received = giftStanding?.receivedWith != null;
  const notice = giftStanding ? giftNotice(subtotalCents, giftStanding) : null;
  const choice = !received && giftFor(subtotalCents) === 'bracelet';
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="cart-summary__title">
        Order Summary
      </h2>
      <dl className="cart-summary__rows">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="cart-subtotal">{formatCents(subtotalCents)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>Free insured shipping</dd>
        </div>
      </dl>

      {!received && (
        <ul className="gift-progress" aria-label="Free gifts">
          {pricing.gifts.map((g) => {
            const reached = Math.min(subtotalCents, g.thresholdCents);
            return (
              <li key={g.gift} className={g.qualifies && !g.superseded ? 'gift-progress__item gift-progress__item--done' : 'gift-progress__item'}>
                <p className="gift-progress__message">{g.message}</p>
                <div
                  className="gift-progress__bar"
                  role="progressbar"
                  aria-label={`Progress toward a free ${g.gift}`}
                  aria-valuemin={0}
                  aria-valuemax={centsToDollars(g.thresholdCents)}
                  aria-valuenow={centsToDollars(reached)}
                  aria-valuetext={`${formatCents(reached)} of ${formatCents(g.thresholdCents)}`}
                >
                  <span style={{ width: `${Math.min(100, (subtotalCents / g.thresholdCents) * 100)}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {choice && <p className="gift-progress__hint">{GIFT_CHOICE_HINT}</p>}
      {notice && (
        <p className="gift-progress__notice" role="status" data-testid="gift-notice">
          {notice}
        </p>
      )}

      {blocker && (
        <p className="cart-summary__blocked" id={blockedId}>
          {blocker}
        </p>
      )}
      <button
        type="button"
        className="button cart-summary__checkout"
        disabled={blocked}
        aria-describedby={blocker ? blockedId : undefined}
        // §2: checkout is carried the cart's items and subtotal, in dollars as §3's records are (checkout itself
        // reads the stored cart, which holds the same lines).
        onClick={() => navigate('/checkout', { state: { items: payable, subtotal: centsToDollars(subtotalCents) } })}
      >
        Checkout
      </button>
    </aside>
  );
}
