import { useId } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '@everstone/contract/core';
import type { CartLine } from '../../lib/cart';
import { giftProgress } from './cart-check';

interface CartSummaryProps {
  /** The lines checkout carries: every line that can still be bought. */
  payable: CartLine[];
  subtotal: number;
  unavailableCount: number;
}

/** The summary card (§2): subtotal, the progress toward the free gifts (§9), shipping and CHECKOUT. */
export function CartSummary({ payable, subtotal, unavailableCount }: CartSummaryProps) {
  const navigate = useNavigate();
  const blockedId = useId();
  const blocked = unavailableCount > 0 || payable.length === 0;
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="cart-summary__title">
        Order Summary
      </h2>
      <dl className="cart-summary__rows">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="cart-subtotal">{formatMoney(subtotal)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>Free insured shipping</dd>
        </div>
      </dl>

      <ul className="gift-progress" aria-label="Free gifts">
        {giftProgress(subtotal).map((g) => (
          <li key={g.gift} className={g.qualifies ? 'gift-progress__item gift-progress__item--done' : 'gift-progress__item'}>
            <p className="gift-progress__message">{g.message}</p>
            <div
              className="gift-progress__bar"
              role="progressbar"
              aria-label={`Progress toward a free ${g.gift}`}
              aria-valuemin={0}
              aria-valuemax={g.threshold}
              aria-valuenow={Math.min(subtotal, g.threshold)}
              aria-valuetext={`${formatMoney(Math.min(subtotal, g.threshold))} of ${formatMoney(g.threshold)}`}
            >
              <span style={{ width: `${Math.min(100, (subtotal / g.threshold) * 100)}%` }} />
            </div>
          </li>
        ))}
      </ul>

      {unavailableCount > 0 && (
        <p className="cart-summary__blocked" id={blockedId}>
          Remove the {unavailableCount === 1 ? 'diamond' : 'diamonds'} marked No longer available to check out.
        </p>
      )}
      <button
        type="button"
        className="button cart-summary__checkout"
        disabled={blocked}
        aria-describedby={unavailableCount > 0 ? blockedId : undefined}
        onClick={() => navigate('/checkout', { state: { items: payable, subtotal } })}
      >
        Checkout
      </button>
    </aside>
  );
}
