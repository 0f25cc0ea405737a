import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_MESSAGES, ACCOUNT_TIMINGS, PASSWORD_MIN_LENGTH, TITLES } from '@everstone/contract';
import { SIGN_UP_FIELDS, type SignUpAnswer } from './sign-up';
import { AuthPage } from './auth-page';
import { DateField } from '../../components/ui/date-field';
import { Field, useForm } from '../../components/ui/form';
import { FieldError, describedBy, type FieldErrors } from '../../components/ui/field-errors';
import { SocialSignIn } from './social-sign-in';

type DateName = 'birth_date' | 'anniversary_date';
const NO_DATES: Record<DateName, string> = { birth_date: '', anniversary_date: '' };

/* ------------------------------------------------------------------------------------------------
 * The page
 * --------------------------------------------------------------------------------------------- */

/** §2 Sign up: the form; `answer` is what the page's action answered a post made without scripts. */
export function SignUpPage({ answer }: { answer?: SignUpAnswer }) {
  const location = useLocation();
  const carry = location.state && typeof location.state === 'object' ? location.state : undefined;
  // The calendar boxes are controlled (react-datepicker draws what it is given), so their days are kept here, as YYYY-MM-DD.
  const [dates, setDates] = useState<Record<DateName, string>>({
    birth_date: answer?.values.birth_date ?? '',
    anniversary_date: answer?.values.anniversary_date ?? '',
  });
  // §8's alert waits until the field messages of its answer are on the page.
  const alertPending = useRef<string | null>(null);
  const form = useForm({
    answer,
    fields: SIGN_UP_FIELDS,
    // The API keys the two name boxes together as 'name': correcting either drops it.
    covers: { first_name: ['name'], last_name: ['name'] },
    onAnswer: (next) => {
      if (next.ok) setDates(NO_DATES);
      else if (next.notice) alertPending.current = next.notice.text;
    },
  });
  const titleId = `${form.id}-heading`;

  // §8: with scripts, a failure is the server's message in an alert ('Registration failed.' for another success
  // code, else the fallback), once the messages beside the fields are drawn; the kit has moved to the first of them.
  useEffect(() => {
    const text = alertPending.current;
    if (!text) return;
    alertPending.current = null;
    window.alert(text);
  }, [form.errors]);

  const registered = form.answer?.ok ? form.answer : undefined;
  // §2, §9: 'Registration successful!' for 3 seconds; each success is a new answer, so a second one restarts them.
  const [bannerEnded, setBannerEnded] = useState<SignUpAnswer>();
  useEffect(() => {
    if (!registered) return;
    const timer = window.setTimeout(() => setBannerEnded(registered), ACCOUNT_TIMINGS.registeredBannerMs);
    return () => window.clearTimeout(timer);
  }, [registered]);
  // Only a form posted without scripts shows its failure on the page (the page's own answer); with them, the alert does.
  const failure = answer && !answer.ok && form.answer === answer ? answer.notice : null;

  // Drawn by hand: the calendar box is not one of the kit's controls; its messages are the kit's.
  const dateBox = (name: DateName, label: string) => (
    <div className="form-field">
      <label className="form-label" htmlFor={`${form.id}-${name}`}>
        {label} <span className="form-optional">(optional)</span>
      </label>
      <DateField
        id={`${form.id}-${name}`}
        name={name}
        value={dates[name]}
        onChange={(day) => {
          setDates((d) => ({ ...d, [name]: day }));
          form.clear(name);
        }}
        {...dateDescription(form.id, form.errors, name)}
      />
      <FieldError formId={form.id} errors={form.errors} field={name} />
    </div>
  );

  return (
    <AuthPage
      titleId={titleId}
      title="Create an Account"
      wide
      lead="Keep your saved addresses, orders and account details in one place. It takes a minute."
    >
      <form.Form {...form.props} className="auth-form" aria-labelledby={titleId}>
        <div className="auth-grid">
          <div className="auth-names">
            <Field form={form} as="select" name="title" label="Title">
              <option value="">Select</option>
              {TITLES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Field>
            <Field form={form} name="first_name" errorKey="name" label="First name" type="text" autoComplete="given-name" maxLength={100} />
            <Field form={form} name="last_name" errorKey="name" label="Last name" type="text" autoComplete="family-name" maxLength={100} />
          </div>
          <Field form={form} name="email" label="Email" wide type="email" autoComplete="email" maxLength={254} />
          {dateBox('birth_date', 'Birth date')}
          {dateBox('anniversary_date', 'Anniversary date')}
          <Field
            form={form}
            name="password"
            label="Password"
            wide
            type="password"
            autoComplete="new-password"
            maxLength={256}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
        </div>
        <div role="status" className="form-live">
          {registered && registered !== bannerEnded && <p className="form-banner form-banner--success">{ACCOUNT_MESSAGES.registered}</p>}
        </div>
        <div role="alert" className="form-live">
          {failure && <p className="form-banner form-banner--error">{failure.text}</p>}
        </div>
        <button type="submit" className="button auth-submit" disabled={form.busy}>
          {form.busy ? 'Creating...' : 'Create'}
        </button>
      </form.Form>
      {/* Where the verification link went: it stays after the banner has gone (§9). */}
      <p role="status" className={registered ? 'auth-inbox' : 'visually-hidden'}>
        {registered?.notice?.text ?? ''}
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

/** The calendar box's own names for what ties a control to its message. */
function dateDescription(formId: string, errors: FieldErrors, field: DateName) {
  const props = describedBy(formId, errors, field);
  return { invalid: props['aria-invalid'], describedBy: props['aria-describedby'] };
}
