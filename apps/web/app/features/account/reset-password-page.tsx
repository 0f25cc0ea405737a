import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_TIMINGS, PASSWORD_MIN_LENGTH } from '@everstone/contract';
import { RESET_FIELDS, type ResetAnswer } from './password-reset';
import { AuthPage } from './auth-page';
import { Field, useForm } from '../../components/ui/form';

/** §2 Reset completion for the link's token (the page's address); `answer` is what its action answered a post made without scripts. */
export function ResetPasswordPage({ answer }: { answer?: ResetAnswer }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // A new password clears the confirmation's message too: the server says they do not match on the confirmation.
  const form = useForm({ answer, fields: RESET_FIELDS, resetOnSuccess: false, covers: { password: ['password_confirmation'] } });
  const titleId = `${form.id}-heading`;
  const notice = form.notice;
  const done = form.answer?.ok === true;

  // §2, §9: to the sign-in page 2 seconds after a successful reset.
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/signin', { replace: true }), ACCOUNT_TIMINGS.resetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  // A link that no longer works cannot be mended on this page: offer a new one.
  const linkFailed = !done && (form.errors.token?.length ?? 0) > 0;

  return (
    <AuthPage titleId={titleId} title="Choose a New Password" lead={done ? undefined : 'Enter the email address of your account and your new password, twice.'}>
      <div role="status" className="form-live">
        {done && notice && (
          <div className="form-banner form-banner--success auth-done">
            <p>{notice.text}</p>
            <p>Redirecting to sign-in page...</p>
          </div>
        )}
      </div>
      {done ? (
        <p className="auth-switch">
          <Link className="auth-link" to="/signin" replace>
            Sign in now
          </Link>
        </p>
      ) : (
        <form.Form {...form.props} className="auth-form" aria-labelledby={titleId}>
          <Field
            form={form}
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={form.initial('email') ?? search.get('email') ?? ''}
          />
          <Field
            form={form}
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            maxLength={256}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
          <Field form={form} name="password_confirmation" label="Confirm password" type="password" autoComplete="new-password" required maxLength={256} />
          <div role="alert" className="form-live">
            {notice?.kind === 'error' && (
              <div className="form-banner form-banner--error">
                <p>{notice.text}</p>
                {linkFailed && (
                  <p>
                    <Link to="/resetpassword">Request a new link</Link>
                  </p>
                )}
              </div>
            )}
          </div>
          <button type="submit" className="button auth-submit" disabled={form.busy}>
            {form.busy ? 'Resetting...' : 'Reset Password'}
          </button>
        </form.Form>
      )}
      {!done && !linkFailed && (
        <p className="auth-switch">
          Link not working?{' '}
          <Link className="auth-link" to="/resetpassword">
            Request a new one
          </Link>
        </p>
      )}
    </AuthPage>
  );
}
