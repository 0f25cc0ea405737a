import { useEffect, useId, useState } from 'react';
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
import { Field, answerFrom, useForm } from '../../../components/ui/form';
import { adminApi, SIGN_IN_PATH } from '../kit/admin-api';
import { AdminStyles } from '../kit/frame';
import { formatDay } from '../kit/format';
import { UNREACHABLE, failureText } from './second-factor';

type Lookup = { kind: 'loading' } | { kind: 'open'; invitation: InvitationLookupResponse } | { kind: 'closed'; message: string };

/**
 * /admin/invitation/{token}: the page an owner's invitation links to. It says who is invited as what and until when,
 * and takes the new password; only then is the role granted (and every earlier session of the address's account
 * ended), after which the person signs in. The token goes to the API in a body, never in an address a log keeps.
 */
export function InvitationPage({ token }: { token: string }) {
  const id = useId();
  const [lookup, setLookup] = useState<Lookup>({ kind: 'loading' });

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
              <AcceptForm token={token} invitation={lookup.invitation} onClosed={(message) => setLookup({ kind: 'closed', message })} />
            </>
          )}
        </div>
      </main>
    </div>
  );
}

const ACCEPT_FIELDS = ['email', 'password', 'password_confirmation'] as const;

/**
 * The new password, twice, under the address it is for. The token is the page's, not a field: the contract's schema
 * checks the passwords together with it, and it goes in the body with them.
 */
function AcceptForm({ token, invitation, onClosed }: { token: string; invitation: InvitationLookupResponse; onClosed: (message: string) => void }) {
  const navigate = useNavigate();
  const form = useForm({
    fields: ACCEPT_FIELDS,
    schema: { safeParse: (values: unknown) => invitationAcceptRequestSchema.safeParse({ ...(values as object), token }) },
    covers: { password: ['password_confirmation'] },
    resetOnSuccess: false,
    send: async (values) => {
      const result = await adminApi.post('/api/admin/invitations/accept', invitationAcceptRequestSchema.parse({ ...values, token }), messageResponseSchema);
      if (result.ok) {
        await navigate(SIGN_IN_PATH, { replace: true, state: { notice: result.data.message, email: invitation.email } });
      } else if (result.status === 422 && result.errors?.token?.[0]) {
        // The link itself stopped working (used in another tab, withdrawn, expired): the page says so instead of the form.
        onClosed(result.errors.token[0]);
        return null;
      }
      return answerFrom(result, { fields: ACCEPT_FIELDS, fallback: UNREACHABLE });
    },
  });
  const titleId = `${form.id}-title`;
  return (
    <>
      <div role="alert" className="form-live">
        {form.notice && <p className={`form-banner form-banner--${form.notice.kind}`}>{form.notice.text}</p>}
      </div>
      <form.Form {...form.props} className="adm-form" noValidate aria-labelledby={titleId}>
        <h2 id={titleId} className="visually-hidden">
          Choose your password
        </h2>
        <Field form={form} name="email" label="Email" controlClassName="adm-control" type="email" autoComplete="username" value={invitation.email} readOnly />
        <Field
          form={form}
          name="password"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A long phrase is best.`}
          controlClassName="adm-control"
          type="password"
          autoComplete="new-password"
          required
          maxLength={256}
        />
        <Field
          form={form}
          name="password_confirmation"
          label="Confirm password"
          controlClassName="adm-control"
          type="password"
          autoComplete="new-password"
          required
          maxLength={256}
        />
        <button type="submit" className="adm-button adm-button--wide" disabled={form.busy}>
          {form.busy ? 'Accepting…' : 'Accept the invitation'}
        </button>
      </form.Form>
    </>
  );
}
