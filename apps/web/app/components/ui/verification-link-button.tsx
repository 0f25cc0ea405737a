import { useState } from 'react';
import { requestVerificationLink, type VerificationLinkOutcome } from '../../lib/session';

/**
 * "Send me a new link": where the store asks a signed-in shopper to verify their email address (the ring builder's
 * hold, the checkout past the ceiling on unpaid orders, the profile, a verification link that no longer works), the
 * way to do it is on the spot. Says what happened in a live region.
 */
export function VerificationLinkButton({ label = 'Send me a new link', className = '' }: { label?: string; className?: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<VerificationLinkOutcome | null>(null);

  async function send() {
    if (busy) return;
    setBusy(true);
    setOutcome(await requestVerificationLink());
    setBusy(false);
  }

  return (
    <div className={`verify-link ${className}`.trim()}>
      {outcome?.kind !== 'verified' && (
        <button type="button" className="button button--small verify-link__button" onClick={() => void send()} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Sending…' : label}
        </button>
      )}
      <p role="status" className={outcome ? `verify-link__message verify-link__message--${outcome.kind}` : 'visually-hidden'}>
        {outcome?.message ?? ''}
      </p>
    </div>
  );
}
