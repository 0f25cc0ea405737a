import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Diamond } from '@everstone/contract/core';
import { addToCart } from '../../lib/cart';
import { toggleWishlist, useWishlist } from '../../lib/wishlist';
import { HeartIcon } from '../../components/ui/icons';
import { ADD_TO_CART_DELAY_MS, DUPLICATE_MESSAGE, DUPLICATE_MESSAGE_MS } from './offers';

const UNAVAILABLE: Record<Exclude<Diamond['status'], 'available'>, string> = {
  reserved: 'This diamond has been reserved',
  sold: 'This diamond has been sold',
};

/**
 * §4 Add to cart: 'Processing...' with the button disabled and an overlay spinner for about 0.5 s, then
 * the stone is appended to the cart and the shopper goes to /cart. A stone already in the cart (same
 * certificate number) is not added again; 'This diamond is already in your cart.' shows for 5 s instead.
 * A stone that is reserved or sold cannot be added. The heart saves the stone to the wishlist.
 */
export function AddToCart({ diamond }: { diamond: Diamond }) {
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);
  const [duplicate, setDuplicate] = useState(false);
  const timers = useRef<number[]>([]);
  const saved = useWishlist().some((d) => d.diamondid === diamond.diamondid);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => window.clearTimeout(t));
  }, []);

  const unavailable = diamond.status === 'available' ? null : UNAVAILABLE[diamond.status];

  function add() {
    if (processing || unavailable) return;
    setProcessing(true);
    setDuplicate(false);
    timers.current.push(
      window.setTimeout(() => {
        // addToCart logs a storage failure itself and keeps the line in memory, so the cart still shows it.
        if (addToCart(diamond) === 'added') {
          void navigate('/cart');
          return;
        }
        setProcessing(false);
        setDuplicate(true);
        timers.current.push(window.setTimeout(() => setDuplicate(false), DUPLICATE_MESSAGE_MS));
      }, ADD_TO_CART_DELAY_MS),
    );
  }

  return (
    <div className="dd-buy">
      {unavailable ? (
        <p className="dd-unavailable">
          {unavailable}
        </p>
      ) : null}
      <div className="dd-buy-row">
        <button
          type="button"
          className="button dd-add"
          onClick={add}
          disabled={processing || unavailable !== null}
          aria-describedby={unavailable ? undefined : 'dd-ships-by'}
        >
          {processing ? 'Processing...' : 'Add to Cart'}
        </button>
        <button
          type="button"
          className="dd-heart"
          aria-pressed={saved}
          aria-label="Save to wishlist"
          onClick={() => toggleWishlist(diamond)}
        >
          <HeartIcon filled={saved} />
        </button>
      </div>
      {duplicate ? (
        <p className="dd-duplicate" role="alert">
          {DUPLICATE_MESSAGE}
        </p>
      ) : null}
      {processing ? (
        <div className="dd-overlay" aria-hidden="true">
          <span className="dd-spinner" />
        </div>
      ) : null}
      <span className="visually-hidden" role="status">
        {processing ? 'Adding the diamond to your cart' : ''}
      </span>
    </div>
  );
}
