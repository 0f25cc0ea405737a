import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_FALLBACK_MESSAGES } from '@everstone/contract';
import { requestReset, type ResetRequestOutcome } from './password-reset';
import { AuthPage } from './auth-page';
import { FieldError, describedBy, withoutField, type FieldErrors } from '../../components/ui/field-errors';
import { api } from '../../lib/api';

/** §2 Reset request; `actionData` is what the page's action answered a post made without scripts. */
export function ResetRequestPage({ actionData }: { actionData?: { outcome: ResetRequestOutcome; email: string } }) {
  const id = useId();
  const titleId = `${id}-heading`;
  const location = useLocation();
  const carry = location.state && typeof location.state === 'object' ? location.state : undefined;
  const [outcome, setOutcome] = useState<ResetRequestOutcome>(actionData?.outcome ?? { kind: 'idle' });
  const [errors, setErrors] = useState<FieldErrors>(actionData?.outcome.kind === 'rejected' ? actionData.outcome.errors : {});
  const sending = outcome.kind === 'sending';

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setOutcome({ kind: 'sending' });
    const next = await requestReset(api, email);
    // The green message is on screen before the alert holds the page.
    flushSync(() => {
      setOutcome(next);
      setErrors(next.kind === 'rejected' ? next.errors : {});
    });
    // §8: an alert says a reset link was sent to the email. Worded like the server's answer, which is the
    // same whether or not the address has an account (no account enumeration).
    if (next.kind === 'sent') window.alert(`A password reset link has been sent to ${email} if it belongs to an Everstone account.`);
  }

  return (
    <AuthPage
      titleId={titleId}
      title="Reset Your Password"
      lead="Enter the email address of your account and we will send you an OTP: a one-time link to choose a new password."
    >
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
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={actionData?.email}
            onChange={() => setErrors((e) => withoutField(e, 'email'))}
            {...describedBy(id, errors, 'email')}
          />
          <FieldError formId={id} errors={errors} field="email" />
        </div>
        <div role="status" className="form-live">
          {outcome.kind === 'sent' && <p className="form-banner form-banner--success">{outcome.message}</p>}
        </div>
        <div role="alert" className="form-live">
          {outcome.kind === 'rejected' && <p className="form-banner form-banner--error">{outcome.message}</p>}
          {outcome.kind === 'failed' && <p className="form-banner form-banner--error">{ACCOUNT_FALLBACK_MESSAGES.generic}</p>}
        </div>
        <div className="auth-buttons">
          <button type="submit" className="button auth-submit" disabled={sending}>
            {sending ? 'Submitting...' : 'Submit'}
          </button>
          <Link className="button auth-secondary" to="/signin" state={carry}>
            Cancel
          </Link>
        </div>
      </form>
    </AuthPage>
  );
}
