import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
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
  type ChangePasswordRequest,
  type UpdateUserRequest,
  type User,
} from '@everstone/contract';
import { FormNotice, SelectField, TextField, errorsFromIssues, focusFirstInvalid, type FieldErrors, type Notice } from '../../components/ui/fields';
import { api } from '../../lib/api';
import { VerificationLinkButton } from '../../components/ui/verification-link-button';
import { updateSessionUser } from '../../lib/session';
import { readFailure } from './form-failure';

type DetailsValues = { title: string; name: string; email: string; birth_date: string; anniversary_date: string; current_password: string };
const DETAILS_FIELDS = ['title', 'name', 'email', 'birth_date', 'anniversary_date', 'current_password'] as const;

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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const emailChanging = !sameEmail(values.email, user.email);
  const today = latestToday(new Date());

  function update(field: keyof DetailsValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  function fail(next: FieldErrors, banner: string) {
    flushSync(() => {
      setErrors(next);
      setNotice({ kind: 'error', text: banner });
    });
    focusFirstInvalid(form.current);
  }

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const checked = createUpdateUserRequestSchema().safeParse({
      title: values.title,
      name: values.name,
      email: values.email,
      birth_date: values.birth_date || null,
      anniversary_date: values.anniversary_date || null,
      current_password: emailChanging ? values.current_password : null,
    });
    const local = checked.success ? {} : errorsFromIssues(checked.error.issues);
    if (emailChanging && !values.current_password) local.current_password = [ACCOUNT_MESSAGES.currentPasswordNeeded];
    if (!checked.success || Object.keys(local).length > 0) return fail(local, 'Please correct the highlighted fields.');
    const body: UpdateUserRequest = checked.data;

    setSaving(true);
    setNotice(null);
    const res = await api.put('/api/user', body, userResponseSchema);
    setSaving(false);
    if (res.ok) {
      updateSessionUser(res.data.user);
      setValues(valuesOf(res.data.user));
      setErrors({});
      setNotice({ kind: 'success', text: res.data.message });
    } else {
      const { errors: next, banner } = readFailure(res, DETAILS_FIELDS, ACCOUNT_FALLBACK_MESSAGES.generic);
      fail(next, banner);
    }
  }

  return (
    <form ref={form} className="profile-form" onSubmit={save} noValidate aria-labelledby="details-form-title">
      <div className="profile-card__head">
        <h3 id="details-form-title" className="profile-card__title">
          Personal information
        </h3>
      </div>
      <div className="profile-grid">
        <SelectField name="title" label="Title" errors={errors} value={values.title} onChange={(e) => update('title', e.target.value)}>
          {TITLES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <TextField
          name="name"
          label="Full name"
          errors={errors}
          autoComplete="name"
          value={values.name}
          onChange={(e) => update('name', e.target.value)}
        />
        <TextField
          name="email"
          label="Email"
          type="email"
          wide
          errors={errors}
          autoComplete="email"
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
        />
        {emailChanging && (
          <TextField
            name="current_password"
            label="Current password"
            type="password"
            wide
            errors={errors}
            autoComplete="current-password"
            hint="To protect your account, enter your password to change your email address."
            value={values.current_password}
            onChange={(e) => update('current_password', e.target.value)}
          />
        )}
        <TextField
          name="birth_date"
          label="Birth date"
          type="date"
          optional
          errors={errors}
          min={EARLIEST_DATE}
          max={today}
          autoComplete="bday"
          value={values.birth_date}
          onChange={(e) => update('birth_date', e.target.value)}
        />
        <TextField
          name="anniversary_date"
          label="Anniversary date"
          type="date"
          optional
          errors={errors}
          min={EARLIEST_DATE}
          max={today}
          value={values.anniversary_date}
          onChange={(e) => update('anniversary_date', e.target.value)}
        />
      </div>
      <div className="profile-actions">
        <button type="submit" className="button profile-submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save changes'}
        </button>
      </div>
      <FormNotice notice={notice} />
    </form>
  );
}

type PasswordValues = { current_password: string; password: string; password_confirmation: string };
const EMPTY_PASSWORDS: PasswordValues = { current_password: '', password: '', password_confirmation: '' };
const PASSWORD_FIELDS = Object.keys(EMPTY_PASSWORDS);

/** POST /api/user/password: the current password, the new one twice. */
function PasswordForm() {
  const [values, setValues] = useState<PasswordValues>(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  function update(field: keyof PasswordValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  }

  function fail(next: FieldErrors, banner: string) {
    flushSync(() => {
      setErrors(next);
      setNotice({ kind: 'error', text: banner });
    });
    focusFirstInvalid(form.current);
  }

  async function change(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const body: ChangePasswordRequest = values;
    const checked = changePasswordRequestSchema.safeParse(body);
    if (!checked.success) return fail(errorsFromIssues(checked.error.issues), 'Please correct the highlighted fields.');

    setSaving(true);
    setNotice(null);
    const res = await api.post('/api/user/password', body, messageResponseSchema);
    setSaving(false);
    if (res.ok) {
      setValues(EMPTY_PASSWORDS);
      setErrors({});
      setNotice({ kind: 'success', text: res.data.message || ACCOUNT_MESSAGES.passwordChanged });
    } else {
      const { errors: next, banner } = readFailure(res, PASSWORD_FIELDS, ACCOUNT_FALLBACK_MESSAGES.generic);
      fail(next, banner);
    }
  }

  return (
    <form ref={form} className="profile-form" onSubmit={change} noValidate aria-labelledby="password-form-title">
      <div className="profile-card__head">
        <h3 id="password-form-title" className="profile-card__title">
          Change password
        </h3>
      </div>
      <div className="profile-grid">
        <TextField
          name="current_password"
          label="Current password"
          type="password"
          wide
          errors={errors}
          autoComplete="current-password"
          value={values.current_password}
          onChange={(e) => update('current_password', e.target.value)}
        />
        <TextField
          name="password"
          label="New password"
          type="password"
          errors={errors}
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          value={values.password}
          onChange={(e) => update('password', e.target.value)}
        />
        <TextField
          name="password_confirmation"
          label="Confirm new password"
          type="password"
          errors={errors}
          autoComplete="new-password"
          value={values.password_confirmation}
          onChange={(e) => update('password_confirmation', e.target.value)}
        />
      </div>
      <div className="profile-actions">
        <button type="submit" className="button profile-submit" disabled={saving}>
          {saving ? 'Changing...' : 'Change password'}
        </button>
      </div>
      <FormNotice notice={notice} />
    </form>
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
