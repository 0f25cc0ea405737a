import { useCallback, useEffect, useState } from 'react';
import { Link, data } from 'react-router';
import type { PaymentMethod } from '@everstone/contract';
import { DEFAULT_GIFT_CHOICE, STORE_TERMS, type GiftChoice } from '@everstone/contract/core';
import type { Route } from './+types/checkout';
import { CheckoutForm } from '../features/checkout/checkout-form';
import { OrderSummary, type LineMark } from '../features/checkout/order-summary';
import { useCartCheck } from '../features/cart/use-cart-check';
import { cartLineKey, priceCart, useCart, type CartLine } from '../domain/cart';
import { useGiftStanding } from '../domain/gift-standing';
import { lineProblem, payableLines, ringUnavailability, ringUnavailabilityReason, unavailability, unavailabilityTitle } from '../features/cart/cart-check';
import { CartNotices } from '../features/cart/cart-notices';
import { CheckoutExtras } from '../features/checkout/checkout-extras';
import { markedLinesBlocker } from '../features/checkout/checkout';
import { useWalletCancel } from '../features/checkout/use-wallet-cancel';
import { renewedHoldText, useRenewedHolds } from '../features/checkout/use-renewed-holds';
import { useQuote, type Destination } from '../features/checkout/use-quote';
import { pageMeta } from '../lib/seo';
import { useSession } from '../lib/session';
import checkoutHref from '../styles/checkout.css?url';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Checkout',
    description: 'Enter your delivery details and choose how to pay for your order.',
    noindex: true,
  });

/**
 * Pay now pressed before the page's scripts ran (or with JavaScript off). The cart and the session live in the
 * browser (§3, §4), so the server cannot place an order from here; the body is not read.
 */
export function action() {
  return data({ needsScript: true }, { status: 400 });
}

/** A piece the store refused, with the line as it was then: once the line changes, the refusal no longer applies. */
type Refusal = { message: string; line: string };

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
  const { payable } = payableLines(lines, check.missing);
  const empty = hydrated && lines.length === 0;
  const [refusals, setRefusals] = useState<ReadonlyMap<string, Refusal>>(new Map());
  const onRefused = useCallback((refused: Map<string, string>) => {
    const current = new Map(lines.map((l) => [cartLineKey(l), l]));
    setRefusals(new Map([...refused].map(([key, message]) => [key, { message, line: JSON.stringify(current.get(key)) }])));
  }, [lines]);
  const markOf = (line: CartLine): LineMark | null => {
    if (line.kind === 'ring') {
      // A ring says which of its parts is gone.
      const gone = ringUnavailability(line, check.missing);
      if (gone) return { text: `${unavailabilityTitle(gone.reason)}. ${ringUnavailabilityReason(gone)}`, excluded: true };
    }
    const reason = unavailability(line, check.missing);
    if (reason) return { text: `${unavailabilityTitle(reason)}.`, excluded: true };
    const problem = lineProblem(line);
    if (problem) return { text: problem, excluded: false };
    const refusal = refusals.get(cartLineKey(line));
    return refusal && refusal.line === JSON.stringify(line) ? { text: refusal.message, excluded: false } : null;
  };
  const blocker = markedLinesBlocker(lines.filter((l) => markOf(l) !== null));
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const giftStanding = useGiftStanding();
  const [giftChoice, setGiftChoice] = useState<GiftChoice>(DEFAULT_GIFT_CHOICE);
  const walletCancelled = useWalletCancel(session, setMethod);
  const renewedHolds = useRenewedHolds(hydrated ? lines : [], session.status === 'signed-in');
  // The sales tax follows the ZIP or postal code as it is typed (the store's quote, asked after a pause).
  const [destination, setDestination] = useState<Destination | null>(null);
  const pricing = priceCart(payable, method);
  const tax = useQuote(hydrated ? payable : [], pricing, method, destination);

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
      <CartNotices notices={check.notices} />
      {renewedHolds.length > 0 && (
        <div className="form-banner checkout-notice" role="status" data-testid="renewed-holds">
          {renewedHolds.map((hold) => (
            <p key={hold.certificate}>{renewedHoldText(hold)}</p>
          ))}
        </div>
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
            markOf={markOf}
            pricing={pricing}
            tax={tax}
            checking={check.status === 'checking'}
            gift={{ standing: giftStanding, choice: giftChoice, onChoose: setGiftChoice }}
          />
          <div className="checkout__main">
            <CheckoutExtras />
            <CheckoutForm
              session={session}
              payable={payable}
              method={method}
              setMethod={setMethod}
              blocker={blocker}
              ready={hydrated}
              recheck={check.recheck}
              onRefused={onRefused}
              onDestination={setDestination}
              giftChoice={giftChoice}
            />
          </div>
        </div>
      )}
    </div>
  );
}
