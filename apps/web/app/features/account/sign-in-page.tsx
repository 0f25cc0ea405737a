import { Link, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_FALLBACK_MESSAGES } from '@everstone/contract';
import { AuthPage } from './auth-page';
import { SocialSignIn } from './social-sign-in';
import { returnPathFromState } from './return-path';
import { Field, useForm, type FormAnswer } from '../../components/ui/form';
import type { ApiFailure } from '../../lib/api';
import { greeting, signIn, signOut, useSession } from '../../lib/session';

export const SIGN_IN_FIELDS = ['email', 'password'] as const;
export type SignInAnswer = FormAnswer<(typeof SIGN_IN_FIELDS)[number]>;

/**
 * What the page's action answers a sign-in posted before the scripts ran, or with JavaScript off: the session lives
 * in the browser's storage (§4), so the page's server cannot sign anyone in.
 */
export const NEEDS_SCRIPT: SignInAnswer = {
  status: 400,
  ok: false,
  notice: { kind: 'error', text: 'This page was still loading. Please try again: signing in needs JavaScript turned on in your browser.' },
  errors: {},
  values: {},
};

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

/** §2 Sign In: the form, or, for someone already signed in, who they are. `answer` after a post without scripts. */
export function SignInPage({ answer }: { answer?: SignInAnswer }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  // The token the API gives lands in the browser's storage, so the call leaves from the browser.
  const form = useForm({
    answer,
    fields: SIGN_IN_FIELDS,
    resetOnSuccess: false,
    send: async ({ email, password }) => {
      const result = await signIn(email, password);
      if (!result.ok) {
        console.error(`Sign-in failed (${result.status})`);
        return { status: result.status, ok: false, notice: { kind: 'error', text: failureMessage(result) }, errors: {}, values: {} };
      }
      // §2: back to the page the shopper came from, or /. Replaced, so Back does not return to this form.
      await navigate(returnPathFromState(location.state), { replace: true });
      return { status: 200, ok: true, notice: null, errors: {}, values: {} };
    },
  });
  const titleId = `${form.id}-heading`;
  // Signed in and on the way back: the form stays as it is until the page changes.
  const submitting = form.busy || form.answer?.ok === true;
  // The sign-up and password pages keep the way back, so a detour through them still returns the shopper.
  const carry = location.state && typeof location.state === 'object' ? location.state : undefined;

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

  const notice = form.notice;
  return (
    <AuthPage titleId={titleId} title="Sign In" lead="Welcome back. Sign in to see your orders, saved addresses and account details.">
      <form.Form {...form.props} className="auth-form" aria-labelledby={titleId}>
        <Field form={form} name="email" label="Email" type="email" autoComplete="username" required maxLength={254} />
        {/* Drawn by hand: the kit's Field has no room for the link that sits under the password box. */}
        <div className="form-field">
          <label className="form-label" htmlFor={`${form.id}-password`}>
            Password
          </label>
          <input id={`${form.id}-password`} name="password" className="form-control" type="password" autoComplete="current-password" required maxLength={256} />
          <Link className="auth-link auth-forgot" to="/resetpassword" state={carry}>
            Forgot your password?
          </Link>
        </div>
        <div role="alert" className="form-live">
          {notice?.kind === 'error' && <p className="form-banner form-banner--error">{notice.text}</p>}
        </div>
        <button type="submit" className="button auth-submit" disabled={submitting}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </button>
      </form.Form>
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
