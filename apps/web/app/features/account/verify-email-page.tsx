import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_FALLBACK_MESSAGES } from '@everstone/contract';
import { AuthPage } from './auth-page';
import type { VerifyOutcome } from './email-verification';
import { VerificationLinkButton } from '../../components/ui/verification-link-button';
import { refreshSessionUser, useSession } from '../../lib/session';

/**
 * The page an emailed verification link opens: it says whether the address is now verified. A link that no longer
 * works is not a dead end: a signed-in shopper sends a new one from here, anyone else signs in first.
 */
export function VerifyEmailPage({ outcome }: { outcome: VerifyOutcome }) {
  const id = useId();
  const titleId = `${id}-heading`;
  const session = useSession();
  const signedIn = session.status === 'signed-in';

  // The header and the builder read the session's copy of the account: it is verified now.
  useEffect(() => {
    if (outcome.kind === 'verified' && signedIn) void refreshSessionUser();
  }, [outcome.kind, signedIn]);

  const verified = outcome.kind === 'verified';
  return (
    <AuthPage titleId={titleId} title={verified ? 'Email Address Verified' : 'Verify Your Email Address'}>
      {verified ? (
        <>
          <div role="status" className="form-banner form-banner--success">
            <p>{outcome.message}</p>
          </div>
          <p className="auth-switch">
            You can now hold a diamond in the ring builder while you decide.{' '}
            <Link className="auth-link" to="/diamond">
              Find your diamond
            </Link>
          </p>
        </>
      ) : (
        <>
          <div role="alert" className="form-banner form-banner--error">
            <p>{outcome.kind === 'rejected' ? outcome.message : ACCOUNT_FALLBACK_MESSAGES.generic}</p>
          </div>
          {signedIn ? (
            session.user.email_verified ? (
              <p className="auth-switch">Your email address {session.user.email} is verified already: there is nothing more to do.</p>
            ) : (
              <VerificationLinkButton label="Email me a new link" />
            )
          ) : session.status === 'guest' ? (
            <p className="auth-switch">
              <Link className="auth-link" to="/signin" state={{ from: '/profile?tab=details' }}>
                Sign in
              </Link>{' '}
              to check your address or to ask for a new link.
            </p>
          ) : null}
        </>
      )}
    </AuthPage>
  );
}
