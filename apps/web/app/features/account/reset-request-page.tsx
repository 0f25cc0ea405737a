import { Link, useLocation } from 'react-router';
import { RESET_REQUEST_FIELDS, type ResetRequestAnswer } from './password-reset';
import { AuthPage } from './auth-page';
import { Field, useForm } from '../../components/ui/form';

/** §2 Reset request; `answer` is what the page's action answered a post made without scripts. */
export function ResetRequestPage({ answer }: { answer?: ResetRequestAnswer }) {
  const location = useLocation();
  const carry = location.state && typeof location.state === 'object' ? location.state : undefined;
  const form = useForm({
    answer,
    fields: RESET_REQUEST_FIELDS,
    resetOnSuccess: false,
    // §8: an alert says a reset link was sent to the email, once the green message is on screen. Worded like the
    // server's answer, which is the same whether or not the address has an account (no account enumeration).
    onAnswer: (next) => {
      if (next.ok) window.alert(`A password reset link has been sent to ${next.values.email ?? ''} if it belongs to an Everstone account.`);
    },
  });
  const titleId = `${form.id}-heading`;
  const notice = form.notice;

  return (
    <AuthPage
      titleId={titleId}
      title="Reset Your Password"
      lead="Enter the email address of your account and we will send you an OTP: a one-time link to choose a new password."
    >
      <form.Form {...form.props} className="auth-form" aria-labelledby={titleId}>
        <Field form={form} name="email" label="Email" type="email" autoComplete="email" required maxLength={254} />
        <div role="status" className="form-live">
          {notice?.kind === 'success' && <p className="form-banner form-banner--success">{notice.text}</p>}
        </div>
        <div role="alert" className="form-live">
          {notice?.kind === 'error' && <p className="form-banner form-banner--error">{notice.text}</p>}
        </div>
        <div className="auth-buttons">
          <button type="submit" className="button auth-submit" disabled={form.busy}>
            {form.busy ? 'Submitting...' : 'Submit'}
          </button>
          <Link className="button auth-secondary" to="/signin" state={carry}>
            Cancel
          </Link>
        </div>
      </form.Form>
    </AuthPage>
  );
}
