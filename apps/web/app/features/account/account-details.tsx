import { useState } from 'react';
import {
  ACCOUNT_FALLBACK_MESSAGES,
  ACCOUNT_MESSAGES,
  EARLIEST_DATE,
  VERIFICATION_MESSAGES,
  PASSWORD_MIN_LENGTH,
  TITLES,
  changePasswordRequestSchema,
  createUpdateUserRequestSchema,
  latestToday,
  messageResponseSchema,
  userResponseSchema,
  type User,
} from '@everstone/contract';
import { FormNotice, errorsFromIssues } from '../../components/ui/fields';
import { Field, answerFrom, refusedBeforeSending, useForm } from '../../components/ui/form';
import { api } from '../../lib/api';
import { VerificationLinkButton } from '../../components/ui/verification-link-button';
import { updateSessionUser } from '../../lib/session';

const CORRECT_FIELDS = ACCOUNT_FALLBACK_MESSAGES.correctFields;

const DETAILS_FIELDS = ['title', 'name', 'email', 'birth_date', 'anniversary_date', 'current_password'] as const;
type DetailsValues = Record<(typeof DETAILS_FIELDS)[number], string>;

const valuesOf = (user: User): DetailsValues => ({
  title: user.title,
  name: user.name,
  email: user.email,
  birth_date: user.birth_date ?? '',
  anniversary_date: user.anniversary_date ?? '',
  current_password: '',
});

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Name, title, dates and email, saved with PUT /api/user; a new email needs the current password. */
function DetailsForm({ user }: { user: User }) {
  const [values, setValues] = useState<DetailsValues>(() => valuesOf(user));
  const emailChanging = !sameEmail(values.email, user.email);
  const today = latestToday(new Date());

  // The shopper's token is in the browser, so the call leaves from here.
  const form = useForm({
    fields: DETAILS_FIELDS,
    resetOnSuccess: false,
    send: async (typed) => {
      const checked = createUpdateUserRequestSchema().safeParse({
        title: typed.title,
        name: typed.name,
        email: typed.email,
        birth_date: typed.birth_date || null,
        anniversary_date: typed.anniversary_date || null,
        current_password: emailChanging ? typed.current_password : null,
      });
      const local = checked.success ? {} : errorsFromIssues(checked.error.issues);
      if (emailChanging && !typed.current_password) local.current_password = [ACCOUNT_MESSAGES.currentPasswordNeeded];
      if (!checked.success || Object.keys(local).length > 0) return refusedBeforeSending(local, { kind: 'error', text: CORRECT_FIELDS });
      const res = await api.put('/api/user', checked.data, userResponseSchema);
      if (!res.ok) return answerFrom(res, { fields: DETAILS_FIELDS, fallback: ACCOUNT_FALLBACK_MESSAGES.generic, corrected: CORRECT_FIELDS });
      updateSessionUser(res.data.user);
      setValues(valuesOf(res.data.user));
      return answerFrom(res, { fields: DETAILS_FIELDS, fallback: ACCOUNT_FALLBACK_MESSAGES.generic, success: res.data.message });
    },
  });

  const bind = (field: keyof DetailsValues) => ({
    form,
    name: field,
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement & HTMLSelectElement>) => setValues((v) => ({ ...v, [field]: e.target.value })),
  });

  return (
    <form.Form {...form.props} className="profile-form" noValidate aria-labelledby="details-form-title">
      <div className="profile-card__head">
        <h3 id="details-form-title" className="profile-card__title">
          Personal information
        </h3>
      </div>
      <div className="profile-grid">
        <Field {...bind('title')} as="select" label="Title">
          {TITLES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Field>
        <Field {...bind('name')} label="Full name" autoComplete="name" required />
        <Field {...bind('email')} label="Email" type="email" wide autoComplete="email" required />
        {emailChanging && (
          <Field
            {...bind('current_password')}
            label="Current password"
            type="password"
            wide
            autoComplete="current-password"
            hint="To protect your account, enter your password to change your email address."
            required
          />
        )}
        <Field {...bind('birth_date')} label="Birth date" type="date" optional min={EARLIEST_DATE} max={today} autoComplete="bday" />
        <Field {...bind('anniversary_date')} label="Anniversary date" type="date" optional min={EARLIEST_DATE} max={today} />
      </div>
      <div className="profile-actions">
        <button type="submit" className="button profile-submit" disabled={form.busy}>
          {form.busy ? 'Saving...' : 'Save changes'}
        </button>
      </div>
      <FormNotice notice={form.notice} />
    </form.Form>
  );
}

const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/** POST /api/user/password: the current password, the new one twice. A success empties the form. */
function PasswordForm() {
  const form = useForm({
    fields: PASSWORD_FIELDS,
    send: async (typed) => {
      const checked = changePasswordRequestSchema.safeParse(typed);
      if (!checked.success) return refusedBeforeSending(errorsFromIssues(checked.error.issues), { kind: 'error', text: CORRECT_FIELDS });
      const res = await api.post('/api/user/password', checked.data, messageResponseSchema);
      return answerFrom(res, {
        fields: PASSWORD_FIELDS,
        fallback: ACCOUNT_FALLBACK_MESSAGES.generic,
        corrected: CORRECT_FIELDS,
        success: res.ok ? res.data.message || ACCOUNT_MESSAGES.passwordChanged : undefined,
      });
    },
  });

  return (
    <form.Form {...form.props} className="profile-form" noValidate aria-labelledby="password-form-title">
      <div className="profile-card__head">
        <h3 id="password-form-title" className="profile-card__title">
          Change password
        </h3>
      </div>
      <div className="profile-grid">
        <Field form={form} name="current_password" label="Current password" type="password" wide autoComplete="current-password" required />
        <Field
          form={form}
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          required
        />
        <Field form={form} name="password_confirmation" label="Confirm new password" type="password" autoComplete="new-password" required />
      </div>
      <div className="profile-actions">
        <button type="submit" className="button profile-submit" disabled={form.busy}>
          {form.busy ? 'Changing...' : 'Change password'}
        </button>
      </div>
      <FormNotice notice={form.notice} />
    </form.Form>
  );
}

/** The Account Details tab (§2): the real account, editable. */
/** Whether the account's address is verified, and the way to verify it when it is not (holding a stone needs it). */
function EmailVerification({ user }: { user: User }) {
  if (user.email_verified) {
    return (
      <p className="profile-verified">
        <span className="profile-email">{user.email}</span> is verified.
      </p>
    );
  }
  return (
    <section className="profile-card profile-card--notice" aria-label="Verify your email address">
      <p>
        <strong>{VERIFICATION_MESSAGES.notVerified}</strong> Open the link we emailed to <span className="profile-email">{user.email}</span> to verify it: you
        need it to hold a diamond in the ring builder.
      </p>
      <VerificationLinkButton />
    </section>
  );
}

export function AccountDetails({ user }: { user: User }) {
  return (
    <div className="profile-stack">
      <p className="profile-lead">Keep your details current so our gemologists can reach you about your orders and appointments.</p>
      <EmailVerification user={user} />
      <section className="profile-card">
        {/* Keyed by account so another sign-in in this tab starts from that account's details. */}
        <DetailsForm key={user.id} user={user} />
      </section>
      <section className="profile-card">
        <PasswordForm key={user.id} />
      </section>
    </div>
  );
}
