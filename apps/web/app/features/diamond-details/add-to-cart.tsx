import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { builderPath, holdEndText, type Diamond, type RingBuild } from '@everstone/contract/core';
import { addToCart } from '../../domain/cart';
import { toggleWishlist, useWishlist } from '../../domain/wishlist';
import { HeartIcon } from '../../components/ui/icons';
import { ADD_TO_CART_DELAY_MS, DUPLICATE_MESSAGE, DUPLICATE_MESSAGE_MS, IN_RING_MESSAGE } from './offers';

const UNAVAILABLE: Record<Exclude<Diamond['status'], 'available'>, string> = {
  reserved: 'This diamond has been reserved',
  sold: 'This diamond has been sold',
  hidden: 'This diamond is not for sale at the moment',
};

/**
 * The ring builder's way on from this stone: to the settings that can hold it, or, when the build already has its
 * setting, straight to the finished ring.
 */
function ChooseDiamond({ diamond, build, settingName }: { diamond: Diamond; build: RingBuild; settingName: string | null }) {
  const chosen: RingBuild = { ...build, diamond: diamond.diamondid };
  const withSetting = build.setting !== null;
  return (
    <div className="dd-choose-block">
      <Link className="button dd-choose" to={builderPath(withSetting ? 3 : 2, chosen)}>
        Choose this diamond
      </Link>
      <p className="dd-choose-note">
        {withSetting
          ? `Next: your ring, with this diamond set in ${settingName ? `the ${settingName}` : 'your setting'}.`
          : 'Next: the settings that can hold it, each priced with it. Or buy it loose below.'}
      </p>
    </div>
  );
}

/**
 * A stone a shopper holds in the ring builder says until when (the time is the reader's own, so it is written once the
 * page runs in the browser). Nobody else can order it meanwhile; whoever holds it is never said.
 */
function HeldNote({ heldUntil }: { heldUntil: string | null | undefined }) {
  const [until, setUntil] = useState<string | null>(null);
  useEffect(() => {
    setUntil(heldUntil && Date.parse(heldUntil) > Date.now() ? holdEndText(heldUntil) : null);
  }, [heldUntil]);
  if (!until) return null;
  return (
    <p className="dd-held">
      On hold until {until}: a shopper is deciding on it in the ring builder. It can be ordered again after that if they do not buy it.
    </p>
  );
}

/**
 * §4 Add to cart: 'Processing...' with the button disabled and an overlay spinner for about 0.5 s, then
 * the stone is appended to the cart and the shopper goes to /cart. A stone already in the cart (same
 * certificate number) is not added again; 'This diamond is already in your cart.' shows for 5 s instead, and a stone
 * already set in a ring in the cart says so. A stone that is reserved or sold cannot be added. The heart saves the
 * stone to the wishlist. Above it, the ring builder's "Choose this diamond": the loose stone is the second way.
 */
export function AddToCart({ diamond, build, settingName = null }: { diamond: Diamond; build: RingBuild; settingName?: string | null }) {
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);
  const [duplicate, setDuplicate] = useState<string | null>(null);
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
    setDuplicate(null);
    timers.current.push(
      window.setTimeout(() => {
        // addToCart logs a storage failure itself and keeps the line in memory, so the cart still shows it.
        const result = addToCart(diamond);
        if (result === 'added') {
          void navigate('/cart');
          return;
        }
        setProcessing(false);
        setDuplicate(result === 'in-ring' ? IN_RING_MESSAGE : DUPLICATE_MESSAGE);
        timers.current.push(window.setTimeout(() => setDuplicate(null), DUPLICATE_MESSAGE_MS));
      }, ADD_TO_CART_DELAY_MS),
    );
  }

  return (
    <div className="dd-buy">
      <HeldNote heldUntil={diamond.held_until} />
      {unavailable ? (
        <p className="dd-unavailable">
          {unavailable}
        </p>
      ) : (
        <ChooseDiamond diamond={diamond} build={build} settingName={settingName} />
      )}
      <div className="dd-buy-row">
        <button
          type="button"
          className="button dd-add dd-add--loose"
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
          {duplicate}
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
