import { useEffect, useState } from 'react';
import { Link, data, useSearchParams } from 'react-router';
import { WALLET_PAYMENT_METHOD, type PaymentMethod } from '@everstone/contract';
import { STORE_TERMS } from '@everstone/contract/core';
import type { Route } from './+types/checkout';
import { CheckoutForm } from '../features/checkout/checkout-form';
import { OrderSummary } from '../features/checkout/order-summary';
import { useCartCheck } from '../features/cart/use-cart-check';
import { useCart } from '../lib/cart';
import { cartTotals, unavailability } from '../features/cart/cart-check';
import { WALLET_CANCELLED_PARAM, orderTotal } from '../features/checkout/checkout';
import { pageMeta } from '../lib/seo';
import { api, useSession, type Session } from '../lib/session';
import checkoutHref from '../styles/checkout.css?url';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Checkout',
    description: 'Enter your delivery details and choose how to pay for your diamonds.',
    noindex: true,
  });

/**
 * Pay now pressed before the page's scripts ran (or with JavaScript off). The cart and the session live in the
 * browser (§3, §4), so the server cannot place an order from here; the body is not read.
 */
export function action() {
  return data({ needsScript: true }, { status: 400 });
}

/**
 * /checkout. The cart lives in the browser, so the server sends the page's frame (the form and an empty
 * summary) and the browser fills it in. The stored cart is the order, not the state CHECKOUT carried: it is
 * the same lines, and it survives a reload or a detour through sign-in. Its stones are checked again here.
 */
export default function Checkout({ actionData }: Route.ComponentProps) {
  const session = useSession();
  const lines = useCart();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const check = useCartCheck(lines, hydrated);
  const totals = cartTotals(lines, check.missing);
  const empty = hydrated && lines.length === 0;
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const walletCancelled = useWalletCancel(session, setMethod);

  return (
    <div className="checkout">
      {/* With a precedence, so they are sent ahead of the script preloads (root.tsx). */}
      <link rel="stylesheet" href={checkoutHref} precedence="default" />
      <div className="checkout__head">
        <h1 className="checkout__title">Checkout</h1>
        <ul className="checkout__promise" aria-label="Our promises">
          <li>Free insured shipping</li>
          <li>{`${STORE_TERMS.returnDays}-day returns`}</li>
          <li>Prices in USD</li>
        </ul>
      </div>
      {actionData?.needsScript && (
        <p className="form-banner form-banner--error checkout__noscript" role="alert">
          This page was still loading. Please try again: checkout needs JavaScript turned on in your browser.
        </p>
      )}
      {walletCancelled && (
        <p className="form-banner checkout-notice" role="status" data-testid="wallet-cancelled">
          You cancelled the PayPal payment, so nothing was charged. Your cart and details are just as you left them: choose PayPal again or
          another payment method and press Pay now.
        </p>
      )}
      {empty ? (
        <div className="checkout-empty">
          <h2 className="checkout-empty__title">Your cart is empty</h2>
          <p>There is nothing to check out yet. Choose a certified diamond to begin.</p>
          <Link className="button" to="/diamond">
            Shop diamonds
          </Link>
        </div>
      ) : (
        <div className="checkout__layout">
          <OrderSummary
            lines={hydrated ? lines : null}
            isUnavailable={(line) => unavailability(line, check.missing) !== null}
            subtotal={totals.subtotal}
            total={orderTotal(totals.payable, method)}
            checking={check.status === 'checking'}
          />
          <div className="checkout__main">
            <Extras />
            <CheckoutForm
              session={session}
              payable={totals.payable}
              method={method}
              setMethod={setMethod}
              unavailableCount={totals.unavailableCount}
              ready={hydrated}
              recheck={check.recheck}
            />
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * The wallet's cancel URL brings the shopper back here with ?payment=cancelled&token={orderID}: the page says
 * so, keeps PayPal chosen, and closes that payment at the store so an old approval tab can never complete it.
 */
function useWalletCancel(session: Session, setMethod: (method: PaymentMethod) => void): boolean {
  const [params] = useSearchParams();
  const cancelled = params.get(WALLET_CANCELLED_PARAM.name) === WALLET_CANCELLED_PARAM.value;
  const token = params.get('token');
  const signedIn = session.status === 'signed-in';
  useEffect(() => {
    if (!cancelled) return;
    setMethod(WALLET_PAYMENT_METHOD);
    if (!signedIn || !token) return;
    api('/api/paypal/cancel-order', { method: 'POST', body: { orderID: token } }).catch((err: unknown) => {
      // Nothing was captured either way; an open payment simply expires at the provider.
      console.error('Could not close the cancelled PayPal payment', err);
    });
  }, [cancelled, token, signedIn, setMethod]);
  return cancelled;
}

/**
 * Radiance Rewards and express checkout, as the spec has them: shown, and honestly unavailable (§1, §9: the
 * points box is disabled; the express buttons do nothing). aria-disabled keeps the buttons findable and says why.
 */
function Extras() {
  return (
    <>
      <section className="checkout-express" aria-labelledby="checkout-express-title">
        <h2 id="checkout-express-title" className="checkout-express__title">
          Express checkout
        </h2>
        <div className="checkout-express__buttons">
          {['PayPal', 'Apple Pay', 'Google Pay'].map((name) => (
            <button key={name} type="button" className="checkout-express__button" aria-disabled="true" aria-describedby="checkout-express-note">
              {name}
            </button>
          ))}
        </div>
        <p id="checkout-express-note" className="summary-note">
          Express checkout is not available yet. Please enter your details below.
        </p>
      </section>
      <p className="checkout-or" aria-hidden="true">
        <span>or</span>
      </p>
      <section className="checkout-points" aria-labelledby="checkout-points-title">
        <h2 id="checkout-points-title" className="checkout-points__title">
          Radiance Rewards
        </h2>
        <p className="summary-note" id="checkout-points-note">
          Redeeming points is not available at checkout yet. Your points stay in your account.
        </p>
        <div className="summary-discount__row">
          <label className="visually-hidden" htmlFor="checkout-points">
            Points to redeem
          </label>
          <input id="checkout-points" className="form-control" type="text" inputMode="numeric" placeholder="Points to redeem" disabled aria-describedby="checkout-points-note" />
          <button type="button" className="button summary-discount__apply" disabled>
            Redeem
          </button>
        </div>
      </section>
    </>
  );
}
