import { Link, useLocation } from 'react-router';
import { HOLD } from '@everstone/contract/core';
import { holdCountdown } from './rules';
import type { StoneHoldState } from './use-stone-hold';
import { VerificationLinkButton } from '../../components/ui/verification-link-button';

/**
 * "Hold this diamond while you decide": a signed-in shopper holds the ring's stone for HOLD.minutes, sees the time
 * it is held until with a countdown, and can let it go; a guest is asked to sign in (and comes back here); a stone
 * someone else holds says until when, and that an order for it is refused until then. Changes are announced.
 */
export function HoldPanel({ state, available }: { state: StoneHoldState; available: boolean }) {
  const location = useLocation();
  const { hold, session, now, busy, message } = state;
  const countdown = hold.status === 'none' || now === null ? null : holdCountdown(hold.expiresAt, now);

  let body: React.ReactNode = null;
  if (hold.status === 'other') {
    body = (
      <p className="rb-hold__state rb-hold__state--other">
        <strong>On hold by another shopper{countdown ? ` until ${countdown.until}` : ''}.</strong> You can still add this ring to your cart, but an order
        for it will be refused until the hold ends, if they do not buy it.
      </p>
    );
  } else if (hold.status === 'mine' && countdown) {
    body = (
      <>
        <p className="rb-hold__state rb-hold__state--mine">
          <strong>Held for you until {countdown.until}</strong>{' '}
          <span className="rb-hold__left">
            (<span aria-hidden="true">{countdown.left}</span>
            <span className="visually-hidden">{Math.ceil(countdown.secondsLeft / 60)} minutes</span> left)
          </span>
          . Nobody else can order it meanwhile.
        </p>
        <button type="button" className="rb-hold__button rb-hold__button--quiet" onClick={state.release} disabled={busy}>
          Let it go
        </button>
      </>
    );
  } else if (!available) {
    body = null;
  } else if (session === 'signed-in') {
    body = (
      <>
        <p className="rb-hold__state">Deciding? Hold this diamond so nobody else can order it meanwhile.</p>
        <button type="button" className="rb-hold__button" onClick={state.take} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Holding…' : `Hold this diamond for ${HOLD.minutes} minutes`}
        </button>
      </>
    );
  } else if (session === 'guest') {
    body = (
      <p className="rb-hold__state">
        Deciding? Signed-in shoppers can hold this diamond for {HOLD.minutes} minutes.{' '}
        <Link to="/signin" state={{ from: `${location.pathname}${location.search}` }} className="rb-text-link">
          Sign in to hold it
        </Link>
      </p>
    );
  }

  return (
    <section className="rb-hold" aria-label="Hold this diamond">
      {body}
      {/* Only what changes by the shopper's hand is announced, not the countdown's every second. */}
      <p className={message ? 'rb-hold__message' : 'visually-hidden'} role="status">
        {message ?? (hold.status === 'mine' && countdown ? `Held for you until ${countdown.until}.` : '')}
      </p>
      {state.needsVerification && <VerificationLinkButton label="Email me a link to verify my address" />}
    </section>
  );
}
