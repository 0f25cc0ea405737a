import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_FALLBACK_MESSAGES, ACCOUNT_TIMINGS, PASSWORD_MIN_LENGTH } from '@everstone/contract';
import { resetPassword, type ResetOutcome, type ResetPayload } from './password-reset';
import { AuthPage } from './auth-page';
import { FieldError, describedBy, withoutField, type FieldErrors } from '../../components/ui/field-errors';
import { api } from '../../lib/api';

/** §2 Reset completion for the link's `token`; `actionData` is what the page's action answered a post made without scripts. */
export function ResetPasswordPage({ token, actionData }: { token: string; actionData?: { outcome: ResetOutcome; email: string } }) {
  const id = useId();
  const titleId = `${id}-heading`;
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [outcome, setOutcome] = useState<ResetOutcome>(actionData?.outcome ?? { kind: 'idle' });
  const [errors, setErrors] = useState<FieldErrors>(actionData?.outcome.kind === 'rejected' ? actionData.outcome.errors : {});
  const sending = outcome.kind === 'sending';
  const done = outcome.kind === 'reset';

  // §2, §9: to the sign-in page 2 seconds after a successful reset.
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate('/signin', { replace: true }), ACCOUNT_TIMINGS.resetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || done) return;
    const form = new FormData(event.currentTarget);
    const text = (field: string) => String(form.get(field) ?? '');
    // §5: whether the two passwords match is left to the server.
    const payload: ResetPayload = { token, email: text('email'), password: text('password'), password_confirmation: text('password_confirmation') };
    setOutcome({ kind: 'sending' });
    const next = await resetPassword(api, payload);
    setOutcome(next);
    setErrors(next.kind === 'rejected' ? next.errors : {});
  }

  const clear = (...fields: string[]) => () => setErrors((e) => withoutField(e, ...fields));
  const passwordHint = `${id}-password-hint`;
  // A link that no longer works cannot be mended on this page: offer a new one.
  const linkFailed = outcome.kind === 'rejected' && (outcome.errors.token?.length ?? 0) > 0;

  return (
    <AuthPage titleId={titleId} title="Choose a New Password" lead={done ? undefined : 'Enter the email address of your account and your new password, twice.'}>
      <div role="status" className="form-live">
        {done && (
          <div className="form-banner form-banner--success auth-done">
            <p>{outcome.message}</p>
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
        <form className="auth-form" method="post" onSubmit={submit} aria-labelledby={titleId}>
          <div className="form-field">
            <label className="form-label" htmlFor={`${id}-email`}>
              Email
            </label>
            <input
              id={`${id}-email`}
              name="email"
              className="form-control"
              type="email"
              autoComplete="username"
              required
              maxLength={254}
              defaultValue={actionData?.email ?? search.get('email') ?? ''}
              onChange={clear('email')}
              {...describedBy(id, errors, 'email')}
            />
            <FieldError formId={id} errors={errors} field="email" />
          </div>
          <div className="form-field">
            <label className="form-label" htmlFor={`${id}-password`}>
              New password
            </label>
            <input
              id={`${id}-password`}
              name="password"
              className="form-control"
              type="password"
              autoComplete="new-password"
              required
              maxLength={256}
              onChange={clear('password', 'password_confirmation')}
              {...describedBy(id, errors, 'password', passwordHint)}
            />
            <p id={passwordHint} className="auth-hint">
              At least {PASSWORD_MIN_LENGTH} characters.
            </p>
            <FieldError formId={id} errors={errors} field="password" />
          </div>
          <div className="form-field">
            <label className="form-label" htmlFor={`${id}-password_confirmation`}>
              Confirm password
            </label>
            <input
              id={`${id}-password_confirmation`}
              name="password_confirmation"
              className="form-control"
              type="password"
              autoComplete="new-password"
              required
              maxLength={256}
              onChange={clear('password_confirmation')}
              {...describedBy(id, errors, 'password_confirmation')}
            />
            <FieldError formId={id} errors={errors} field="password_confirmation" />
          </div>
          <div role="alert" className="form-live">
            {outcome.kind === 'rejected' && (
              <div className="form-banner form-banner--error">
                <p>{outcome.message}</p>
                {linkFailed && (
                  <p>
                    <Link to="/resetpassword">Request a new link</Link>
                  </p>
                )}
              </div>
            )}
            {outcome.kind === 'failed' && <p className="form-banner form-banner--error">{ACCOUNT_FALLBACK_MESSAGES.generic}</p>}
          </div>
          <button type="submit" className="button auth-submit" disabled={sending}>
            {sending ? 'Resetting...' : 'Reset Password'}
          </button>
        </form>
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
