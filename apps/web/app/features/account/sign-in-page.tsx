import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_FALLBACK_MESSAGES } from '@everstone/contract';
import { AuthPage } from './auth-page';
import { SocialSignIn } from './social-sign-in';
import { returnPathFromState } from './return-path';
import type { ApiFailure } from '../../lib/api';
import { greeting, signIn, signOut, useSession } from '../../lib/session';

const NEEDS_SCRIPT = 'This page was still loading. Please try again: signing in needs JavaScript turned on in your browser.';

type Phase = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'signed-in' } | { kind: 'failed'; message: string };

/**
 * §8: any failure shows 'Invalid email or password.' One exception, on purpose: a 429 shows the server's own
 * message ("Too many sign-in attempts. Please try again in 42 seconds."). Told only that the password is
 * wrong, a shopper with the right password would keep retrying and keep the lock on; the server's message
 * reveals nothing about the account (the limit counts tries, whoever's address they name).
 */
function failureMessage(failure: ApiFailure): string {
  if (failure.status === 429 && failure.message) return failure.message;
  return ACCOUNT_FALLBACK_MESSAGES.signIn;
}

/** §2 Sign In: the form, or, for someone already signed in, who they are. `needsScript` after a post without scripts. */
export function SignInPage({ needsScript }: { needsScript: boolean }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const titleId = `${id}-heading`;
  const [phase, setPhase] = useState<Phase>(needsScript ? { kind: 'failed', message: NEEDS_SCRIPT } : { kind: 'idle' });
  const submitting = phase.kind === 'submitting' || phase.kind === 'signed-in';
  // The sign-up and password pages keep the way back, so a detour through them still returns the shopper.
  const carry = location.state && typeof location.state === 'object' ? location.state : undefined;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    setPhase({ kind: 'submitting' });
    const result = await signIn(email, password);
    if (!result.ok) {
      console.error(`Sign-in failed (${result.status})`);
      setPhase({ kind: 'failed', message: failureMessage(result) });
      return;
    }
    setPhase({ kind: 'signed-in' });
    // §2: back to the page the shopper came from, or /. Replaced, so Back does not return to this form.
    await navigate(returnPathFromState(location.state), { replace: true });
  }

  // Someone already signed in (another tab, or Back after signing in) is told so, not asked again.
  if (session.status === 'signed-in' && !submitting) {
    return (
      <AuthPage
        titleId={titleId}
        title="You are signed in"
        lead={
          <>
            {`${greeting(session.user)}. You are signed in as `}
            <strong className="auth-email">{session.user.email}</strong>.
          </>
        }
      >
        <div className="auth-actions">
          <Link className="button auth-submit" to="/profile">
            Go to My Account
          </Link>
          <p className="auth-switch">
            Not you?{' '}
            <button type="button" className="text-button" onClick={() => void signOut()}>
              Sign out
            </button>
          </p>
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage titleId={titleId} title="Sign In" lead="Welcome back. Sign in to see your orders, saved addresses and account details.">
      <form className="auth-form" method="post" onSubmit={submit} aria-labelledby={titleId}>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-email`}>
            Email
          </label>
          <input id={`${id}-email`} name="email" className="form-control" type="email" autoComplete="username" required maxLength={254} />
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-password`}>
            Password
          </label>
          <input id={`${id}-password`} name="password" className="form-control" type="password" autoComplete="current-password" required maxLength={256} />
          <Link className="auth-link auth-forgot" to="/resetpassword" state={carry}>
            Forgot your password?
          </Link>
        </div>
        <div role="alert" className="form-live">
          {phase.kind === 'failed' && <p className="form-banner form-banner--error">{phase.message}</p>}
        </div>
        <button type="submit" className="button auth-submit" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <SocialSignIn verb="Sign in" />
      <p className="auth-switch">
        New to Everstone?{' '}
        <Link className="auth-link" to="/signup" state={carry}>
          Sign up
        </Link>
      </p>
    </AuthPage>
  );
}
