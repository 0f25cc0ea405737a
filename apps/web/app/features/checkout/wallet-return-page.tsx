import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { clearCart } from '../../domain/cart';
import { captureWalletPayment, walletOutcomeOf, type WalletOutcome } from './wallet-capture';
import { useSession } from '../../lib/session';
import checkoutHref from '../../styles/checkout.css?url';

/**
 * /checkout/paypal-return: where the wallet sends the shopper after approving (§4 Wallet payment), with
 * ?token={orderID}. The store captures the payment and places the order; on success the cart is emptied and
 * the shopper lands on /thankyou with the order, as after any order. Sending the capture again (a reload, the
 * Try again button, a second tab) is safe: the store answers the same order and never charges twice.
 */
export function WalletReturnPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [outcome, setOutcome] = useState<WalletOutcome>({ kind: 'working' });
  const started = useRef(false);

  const capture = useCallback(async () => {
    if (!token) {
      setOutcome({ kind: 'no-payment' });
      return;
    }
    setOutcome({ kind: 'working' });
    const res = await captureWalletPayment(token);
    if (!res.ok) {
      console.error(`The PayPal payment could not be completed (${res.status})`, res.message);
      setOutcome(walletOutcomeOf(res));
      return;
    }
    // As after any order (§4): the order to the thank-you page, then the cart emptied.
    await navigate('/thankyou', { replace: true, state: { order: res.data } });
    clearCart();
  }, [token, navigate]);

  useEffect(() => {
    if (session.status === 'loading' || started.current) return;
    started.current = true;
    if (session.status === 'guest') setOutcome({ kind: 'sign-in' });
    else void capture();
  }, [session.status, capture]);

  const here = `${location.pathname}${location.search}`;
  return (
    <section className="thankyou wallet-return" aria-labelledby="wallet-return-title" aria-busy={outcome.kind === 'working' || undefined}>
      <link rel="stylesheet" href={checkoutHref} precedence="default" />
      {outcome.kind === 'working' ? (
        <>
          <div className="wallet-return__spinner" aria-hidden="true" />
          <h1 id="wallet-return-title" className="thankyou__title">
            Completing your payment
          </h1>
          <p className="thankyou__lead" role="status">
            We are confirming your PayPal payment and placing your order. Please keep this page open.
          </p>
        </>
      ) : outcome.kind === 'sign-in' ? (
        <>
          <h1 id="wallet-return-title" className="thankyou__title">
            Please sign in to finish
          </h1>
          <p className="thankyou__lead">Your PayPal payment is waiting. Sign in to the account you checked out with and your order will be placed.</p>
          <div className="thankyou__actions">
            <Link className="button" to="/signin" state={{ from: here }}>
              Sign in
            </Link>
          </div>
        </>
      ) : outcome.kind === 'no-payment' ? (
        <>
          <h1 id="wallet-return-title" className="thankyou__title">
            No payment to complete
          </h1>
          <p className="thankyou__lead">This page finishes a PayPal payment, but no payment was named. Your cart is as you left it.</p>
          <div className="thankyou__actions">
            <Link className="button" to="/checkout">
              Back to checkout
            </Link>
          </div>
        </>
      ) : (
        <>
          <h1 id="wallet-return-title" className="thankyou__title">
            {outcome.kind === 'sold' ? 'Part of your order is no longer available' : 'Your order was not placed'}
          </h1>
          <div role="alert" className="thankyou__lead wallet-return__message">
            <p>{outcome.message}</p>
          </div>
          <div className="thankyou__actions">
            {outcome.kind === 'retry' ? (
              <button type="button" className="button" onClick={() => void capture()}>
                Try again
              </button>
            ) : outcome.kind === 'sold' ? (
              <Link className="button" to="/cart">
                Review your cart
              </Link>
            ) : (
              <Link className="button" to="/checkout">
                Back to checkout
              </Link>
            )}
            <Link className="button button--ghost" to="/diamond">
              Continue shopping
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
