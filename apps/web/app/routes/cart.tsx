import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/cart';
import { pageMeta } from '../lib/seo';
import { cartLineKey, priceCart, useCart } from '../domain/cart';
import { checkoutBlocker, payableLines } from '../features/cart/cart-check';
import { CartLineItem } from '../features/cart/cart-line';
import { CartCheckFailed, CartNotices } from '../features/cart/cart-notices';
import { CartSummary } from '../features/cart/cart-summary';
import { useCartCheck } from '../features/cart/use-cart-check';
import { useGiftStanding } from '../domain/gift-standing';
import cartHref from '../styles/cart.css?url';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Shopping Cart',
    description: 'The diamonds and jewelry in your shopping cart, kept on this device.',
    noindex: true,
  });

/**
 * The cart lives in the browser (§3), so the server sends the page's frame and the browser fills it in;
 * the frame keeps the room the cart will take, so nothing jumps when it does.
 */
export default function Cart() {
  const lines = useCart();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const check = useCartCheck(lines, hydrated);
  const giftStanding = useGiftStanding();
  const { payable } = payableLines(lines, check.missing);
  const empty = hydrated && lines.length === 0;
  const loading = !hydrated || (!empty && !check.settled);

  return (
    <section className="cart" aria-labelledby="cart-title">
      {/* With a precedence, so it is sent ahead of the script preloads (root.tsx). */}
      <link rel="stylesheet" href={cartHref} precedence="default" />
      <h1 id="cart-title" className="cart__title">
        {empty ? 'Shopping Cart is Empty' : 'Shopping Cart'}
      </h1>
      <CartNotices notices={check.notices} />
      {check.status === 'failed' && lines.length > 0 && <CartCheckFailed onRetry={check.retry} />}
      {loading ? (
        <div key="loading" className="cart__body cart__body--loading">
          <p>Loading your cart…</p>
        </div>
      ) : empty ? (
        <div key="empty" className="cart__body cart__body--empty">
          <p>You have no items in your shopping cart</p>
          <Link className="button" to="/diamond">
            Continue shopping
          </Link>
        </div>
      ) : (
        <div key="filled" className="cart__body cart__body--filled">
          <div className="cart__lines">
            <p className="cart__count">
              {lines.length} {lines.length === 1 ? 'item' : 'items'}
            </p>
            <ul className="cart__list" aria-label="Items in your cart" aria-busy={check.status === 'checking'}>
              {lines.map((line) => (
                <CartLineItem key={cartLineKey(line)} line={line} missing={check.missing} />
              ))}
            </ul>
            <p className="cart__continue">
              <Link to="/diamond">Continue shopping</Link>
            </p>
          </div>
          <CartSummary payable={payable} pricing={priceCart(payable, null)} blocker={checkoutBlocker(lines, check.missing)} giftStanding={giftStanding} />
        </div>
      )}
    </section>
  );
}
