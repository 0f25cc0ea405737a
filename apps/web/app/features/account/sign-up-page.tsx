import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_MESSAGES, ACCOUNT_TIMINGS, PASSWORD_MIN_LENGTH, TITLES, VERIFICATION_MESSAGES } from '@everstone/contract';
import { EMPTY, outcomeMessage, register, type Field, type Outcome, type Values } from './sign-up';
import { AuthPage } from './auth-page';
import { DateField } from '../../components/ui/date-field';
import { FieldError, describedBy, withoutField, type FieldErrors } from '../../components/ui/field-errors';
import { SocialSignIn } from './social-sign-in';
import { api } from '../../lib/api';

/* ------------------------------------------------------------------------------------------------
 * The page
 * --------------------------------------------------------------------------------------------- */

/** §2 Sign up: the form; `actionData` is what the page's action answered a post made without scripts. */
export function SignUpPage({ actionData }: { actionData?: { outcome: Outcome; values: Values } }) {
  const id = useId();
  const titleId = `${id}-heading`;
  const location = useLocation();
  const carry = location.state && typeof location.state === 'object' ? location.state : undefined;
  const formRef = useRef<HTMLFormElement>(null);

  const [values, setValues] = useState<Values>(actionData?.values ?? EMPTY);
  const [errors, setErrors] = useState<FieldErrors>(actionData?.outcome.kind === 'rejected' ? actionData.outcome.errors : {});
  const [sending, setSending] = useState(false);
  // Each success gets a new number, so a second registration restarts the banner's three seconds.
  const [registered, setRegistered] = useState(actionData?.outcome.kind === 'registered' ? 1 : 0);
  const [bannerShown, setBannerShown] = useState(registered > 0);
  // Where the verification link went: said under the form, and it stays (the banner goes after 3 seconds, §9).
  const [linkSentTo, setLinkSentTo] = useState<string | null>(actionData?.outcome.kind === 'registered' ? actionData.outcome.email : null);
  // Only a form posted without JavaScript shows its failure on the page; with it, §8's alert does.
  const [noScriptFailure, setNoScriptFailure] = useState(
    actionData && actionData.outcome.kind !== 'registered' ? outcomeMessage(actionData.outcome) : null,
  );

  // §2, §9: 'Registration successful!' for 3 seconds.
  useEffect(() => {
    if (registered === 0) return;
    setBannerShown(true);
    const timer = window.setTimeout(() => setBannerShown(false), ACCOUNT_TIMINGS.registeredBannerMs);
    return () => window.clearTimeout(timer);
  }, [registered]);

  function update(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    const serverField = field === 'first_name' || field === 'last_name' ? 'name' : field;
    setErrors((e) => withoutField(e, serverField));
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setNoScriptFailure(null);
    setLinkSentTo(null);
    const outcome = await register(api, values);
    // The field messages are on screen before the alert holds the page.
    flushSync(() => {
      setSending(false);
      setErrors(outcome.kind === 'rejected' ? outcome.errors : {});
      if (outcome.kind === 'registered') {
        setValues(EMPTY);
        setRegistered((n) => n + 1);
        setLinkSentTo(outcome.email);
      }
    });
    if (outcome.kind === 'registered') return;
    // §8: the server's message in an alert, 'Registration failed.' for another success code, else the fallback.
    window.alert(outcomeMessage(outcome));
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  const passwordHint = `${id}-password-hint`;
  const control = (field: Field, serverField: string = field, ...hints: string[]) => ({
    id: `${id}-${field}`,
    name: field,
    ...describedBy(id, errors, serverField, ...hints),
  });

  return (
    <AuthPage
      titleId={titleId}
      title="Create an Account"
      wide
      lead="Keep your saved addresses, orders and account details in one place. It takes a minute."
    >
      <form ref={formRef} className="auth-form" method="post" onSubmit={submit} aria-labelledby={titleId}>
        <div className="auth-grid">
          <div className="auth-names">
            <div className="form-field">
              <label className="form-label" htmlFor={`${id}-title`}>
                Title
              </label>
              <select
                {...control('title')}
                className="form-control"
                value={values.title}
                onChange={(e) => update('title', e.target.value)}
              >
                <option value="">Select</option>
                {TITLES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
              <FieldError formId={id} errors={errors} field="title" />
            </div>
            <div className="form-field">
              <label className="form-label" htmlFor={`${id}-first_name`}>
                First name
              </label>
              <input
                {...control('first_name', 'name')}
                className="form-control"
                type="text"
                autoComplete="given-name"
                maxLength={100}
                value={values.first_name}
                onChange={(e) => update('first_name', e.target.value)}
              />
            </div>
            <div className="form-field">
              <label className="form-label" htmlFor={`${id}-last_name`}>
                Last name
              </label>
              <input
                {...control('last_name', 'name')}
                className="form-control"
                type="text"
                autoComplete="family-name"
                maxLength={100}
                value={values.last_name}
                onChange={(e) => update('last_name', e.target.value)}
              />
            </div>
            {errors.name && (
              <div className="auth-names-error">
                <FieldError formId={id} errors={errors} field="name" />
              </div>
            )}
          </div>
          <div className="form-field form-field--wide">
            <label className="form-label" htmlFor={`${id}-email`}>
              Email
            </label>
            <input
              {...control('email')}
              className="form-control"
              type="email"
              autoComplete="email"
              maxLength={254}
              value={values.email}
              onChange={(e) => update('email', e.target.value)}
            />
            <FieldError formId={id} errors={errors} field="email" />
          </div>
          <div className="form-field">
            <label className="form-label" htmlFor={`${id}-birth_date`}>
              Birth date <span className="form-optional">(optional)</span>
            </label>
            <DateField
              id={`${id}-birth_date`}
              name="birth_date"
              value={values.birth_date}
              onChange={(v) => update('birth_date', v)}
              {...dateErrorProps(id, errors, 'birth_date')}
            />
            <FieldError formId={id} errors={errors} field="birth_date" />
          </div>
          <div className="form-field">
            <label className="form-label" htmlFor={`${id}-anniversary_date`}>
              Anniversary date <span className="form-optional">(optional)</span>
            </label>
            <DateField
              id={`${id}-anniversary_date`}
              name="anniversary_date"
              value={values.anniversary_date}
              onChange={(v) => update('anniversary_date', v)}
              {...dateErrorProps(id, errors, 'anniversary_date')}
            />
            <FieldError formId={id} errors={errors} field="anniversary_date" />
          </div>
          <div className="form-field form-field--wide">
            <label className="form-label" htmlFor={`${id}-password`}>
              Password
            </label>
            <input
              {...control('password', 'password', passwordHint)}
              className="form-control"
              type="password"
              autoComplete="new-password"
              maxLength={256}
              value={values.password}
              onChange={(e) => update('password', e.target.value)}
            />
            <p id={passwordHint} className="auth-hint">
              At least {PASSWORD_MIN_LENGTH} characters.
            </p>
            <FieldError formId={id} errors={errors} field="password" />
          </div>
        </div>
        <div role="status" className="form-live">
          {bannerShown && <p className="form-banner form-banner--success">{ACCOUNT_MESSAGES.registered}</p>}
        </div>
        <div role="alert" className="form-live">
          {noScriptFailure && <p className="form-banner form-banner--error">{noScriptFailure}</p>}
        </div>
        <button type="submit" className="button auth-submit" disabled={sending}>
          {sending ? 'Creating...' : 'Create'}
        </button>
      </form>
      <p role="status" className={linkSentTo ? 'auth-inbox' : 'visually-hidden'}>
        {linkSentTo ? VERIFICATION_MESSAGES.checkInbox(linkSentTo) : ''}
      </p>
      <SocialSignIn verb="Sign up" />
      <p className="auth-switch">
        Already have an account?{' '}
        <Link className="auth-link" to="/signin" state={carry}>
          Sign in
        </Link>
      </p>
    </AuthPage>
  );
}

function dateErrorProps(formId: string, errors: FieldErrors, field: string) {
  const props = describedBy(formId, errors, field);
  return { invalid: props['aria-invalid'], describedBy: props['aria-describedby'] };
}
