import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  PASSWORD_MIN_LENGTH,
  STAFF_ROLE_LABELS,
  invitationAcceptRequestSchema,
  invitationLookupResponseSchema,
  messageResponseSchema,
  type InvitationLookupResponse,
} from '@everstone/contract';
import { STORE_NAME } from '../../../content/store';
import { errorsFromIssues, showFieldErrors, type FieldErrors } from '../../../components/ui/fields';
import { FieldError, describedBy, withoutField } from '../../../components/ui/field-errors';
import { adminApi, SIGN_IN_PATH } from '../kit/admin-api';
import { AdminStyles } from '../kit/frame';
import { formatDay } from '../kit/format';
import { failureText } from './second-factor';

type Lookup = { kind: 'loading' } | { kind: 'open'; invitation: InvitationLookupResponse } | { kind: 'closed'; message: string };

/**
 * /admin/invitation/{token}: the page an owner's invitation links to. It says who is invited as what and until when,
 * and takes the new password; only then is the role granted (and every earlier session of the address's account
 * ended), after which the person signs in. The token goes to the API in a body, never in an address a log keeps.
 */
export function InvitationPage({ token }: { token: string }) {
  const id = useId();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [lookup, setLookup] = useState<Lookup>({ kind: 'loading' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    void adminApi.post('/api/admin/invitations/lookup', { token }, invitationLookupResponseSchema).then((result) => {
      if (!live) return;
      setLookup(result.ok ? { kind: 'open', invitation: result.data } : { kind: 'closed', message: failureText(result) });
    });
    return () => {
      live = false;
    };
  }, [token]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || lookup.kind !== 'open') return;
    const data = new FormData(event.currentTarget);
    const payload = { token, password: String(data.get('password') ?? ''), password_confirmation: String(data.get('password_confirmation') ?? '') };
    const parsed = invitationAcceptRequestSchema.safeParse(payload);
    if (!parsed.success) {
      setBanner(null);
      showFieldErrors(errorsFromIssues(parsed.error.issues), setErrors, form);
      return;
    }
    setSending(true);
    setBanner(null);
    const result = await adminApi.post('/api/admin/invitations/accept', parsed.data, messageResponseSchema);
    if (result.ok) {
      await navigate(SIGN_IN_PATH, { replace: true, state: { notice: result.data.message, email: lookup.invitation.email } });
      return;
    }
    setSending(false);
    if (result.status === 422 && result.errors) {
      // The link itself stopped working (used in another tab, withdrawn, expired): the page says so instead of the form.
      const tokenProblem = result.errors.token?.[0];
      if (tokenProblem) {
        setLookup({ kind: 'closed', message: tokenProblem });
        return;
      }
      showFieldErrors(result.errors, setErrors, form);
      return;
    }
    setErrors({});
    setBanner(failureText(result));
  }

  const clear = (...fields: string[]) => () => setErrors((e) => withoutField(e, ...fields));
  const hint = `${id}-password-hint`;

  return (
    <div className="adm adm-auth">
      <AdminStyles />
      <main id="main" className="adm-auth__main">
        <div className="adm-auth__card">
          <p className="adm-auth__brand">
            <span className="adm-brand__store">{STORE_NAME}</span>
            <span className="adm-brand__part">Back office</span>
          </p>
          <h1 id={`${id}-title`} className="adm-title">
            {lookup.kind === 'closed' ? 'This invitation cannot be used' : 'Join the back office'}
          </h1>
          {lookup.kind === 'loading' && (
            <p className="adm-lead" role="status">
              Checking your invitation…
            </p>
          )}
          {lookup.kind === 'closed' && (
            <>
              <p className="form-banner form-banner--error" role="alert">
                {lookup.message}
              </p>
              <p className="adm-auth__aside">
                <Link className="adm-link" to={SIGN_IN_PATH}>
                  Go to the back office’s sign-in
                </Link>
              </p>
            </>
          )}
          {lookup.kind === 'open' && (
            <>
              <p className="adm-lead">
                {lookup.invitation.name}, you are invited to {STORE_NAME}’s back office as{' '}
                <strong>{STAFF_ROLE_LABELS[lookup.invitation.role].toLowerCase()}</strong>. Choose your password to accept; the invitation
                works until <time dateTime={lookup.invitation.expires_at}>{formatDay(lookup.invitation.expires_at)}</time>. If you already
                shop with us under this address, that account takes the new password and is signed out everywhere.
              </p>
              <div role="alert" className="form-live">
                {banner && <p className="form-banner form-banner--error">{banner}</p>}
              </div>
              <form ref={form} className="adm-form" method="post" onSubmit={submit} noValidate aria-labelledby={`${id}-form-title`}>
                <h2 id={`${id}-form-title`} className="visually-hidden">
                  Choose your password
                </h2>
                <div className="form-field">
                  <label className="form-label" htmlFor={`${id}-email`}>
                    Email
                  </label>
                  <input
                    id={`${id}-email`}
                    name="email"
                    type="email"
                    className="form-control adm-control"
                    autoComplete="username"
                    value={lookup.invitation.email}
                    readOnly
                  />
                </div>
                <div className="form-field">
                  <label className="form-label" htmlFor={`${id}-password`}>
                    New password
                  </label>
                  <input
                    id={`${id}-password`}
                    name="password"
                    type="password"
                    className="form-control adm-control"
                    autoComplete="new-password"
                    required
                    maxLength={256}
                    onChange={clear('password', 'password_confirmation')}
                    {...describedBy(id, errors, 'password', hint)}
                  />
                  <p id={hint} className="adm-field-note">
                    At least {PASSWORD_MIN_LENGTH} characters. A long phrase is best.
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
                    type="password"
                    className="form-control adm-control"
                    autoComplete="new-password"
                    required
                    maxLength={256}
                    onChange={clear('password_confirmation')}
                    {...describedBy(id, errors, 'password_confirmation')}
                  />
                  <FieldError formId={id} errors={errors} field="password_confirmation" />
                </div>
                <button type="submit" className="adm-button adm-button--wide" disabled={sending}>
                  {sending ? 'Accepting…' : 'Accept the invitation'}
                </button>
              </form>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
