import { Link } from 'react-router';
import type { CartNotice } from './cart-check';

/**
 * What the cart's check found (a new price, a stone gone, with the way on where there is one). The live region is always in the page, so a
 * screen reader announces the messages when they arrive.
 */
export function CartNotices({ notices }: { notices: CartNotice[] }) {
  return (
    <div className="cart-notices" role="status">
      {notices.length > 0 && (
        <ul>
          {notices.map((n, i) => (
            <li key={`${n.kind}-${n.key}-${i}`} className={`cart-notice cart-notice--${n.kind}`}>
              {n.message}
              {n.action && (
                <>
                  {' '}
                  <Link className="cart-notice__action" to={n.action.to}>
                    {n.action.label}
                  </Link>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The check could not reach the store: the cart still works, on the prices saved with it. */
export function CartCheckFailed({ onRetry }: { onRetry(): void }) {
  return (
    <div className="cart-check-failed" role="alert">
      <p>We could not confirm today&apos;s prices and availability. The prices shown are the ones saved with your cart.</p>
      <button type="button" className="cart-check-failed__retry" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
