import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ADMIN_MESSAGES, SECOND_FACTOR_SIGN_IN_MINUTES, adminSessionSchema, adminSignInRequestSchema, messageResponseSchema, type AdminSessionStage } from '@everstone/contract';
import { STORE_NAME } from '../../../content/store';
import { errorsFromIssues, showFieldErrors, type FieldErrors } from '../../../components/ui/fields';
import { FieldError, describedBy, withoutField } from '../../../components/ui/field-errors';
import { adminApi, safeNext } from '../kit/admin-api';
import { AdminStyles } from '../kit/frame';
import { EnrollmentSteps, SignInCodeForm } from './second-factor';

const UNREACHABLE = 'The back office could not be reached. Please check your connection and try again.';

const NEEDS_SCRIPT = 'This page was still loading. Please try again: the back office needs JavaScript turned on in your browser.';

type Banner = { kind: 'error' | 'success'; text: string } | null;

/** What the page says on arrival: the session ran out, or the person has just signed out. */
function arrivalBanner(ended: boolean, state: unknown): Banner {
  const notice = typeof state === 'object' && state !== null ? (state as { notice?: unknown }).notice : undefined;
  if (typeof notice === 'string' && notice) return { kind: 'success', text: notice };
  if (ended) return { kind: 'error', text: ADMIN_MESSAGES.expired };
  return null;
}

/** Where a sign-in stands: the password to enter, the second factor's code to enter, or one to set up. */
type Step = 'password' | Exclude<AdminSessionStage, 'full'>;

/** The address to start with: an invitation just accepted hands it on. */
function arrivalEmail(state: unknown): string | undefined {
  const email = typeof state === 'object' && state !== null ? (state as { email?: unknown }).email : undefined;
  return typeof email === 'string' ? email : undefined;
}

/**
 * /admin/sign-in: the staff's email and password, then, for a person with a second factor, the code from their app
 * (or a recovery code), and for one the store requires it of who has none yet, setting it up. The server sets the
 * session's cookie at each step; the page then goes on to `next` (the page that asked for a session), or the first
 * screen. Someone already signed in goes straight on; someone half way (a reload) is shown the step they are at.
 */
export function AdminSignInPage({ needsScript = false }: { needsScript?: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const next = safeNext(search.get('next'));
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<Banner>(() =>
    needsScript ? { kind: 'error', text: NEEDS_SCRIPT } : arrivalBanner(search.get('ended') === '1', location.state),
  );
  const [sending, setSending] = useState(false);
  const [step, setStep] = useState<Step>('password');
  const heading = useRef<HTMLHeadingElement>(null);
  const arrived = useRef(true);

  // A new step is a new page to a screen reader: its heading takes the focus (not on arrival, where the email field's
  // turn comes first).
  useEffect(() => {
    if (arrived.current) {
      arrived.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  useEffect(() => {
    let live = true;
    void adminApi.get('/api/admin/session', adminSessionSchema).then((result) => {
      if (!live || !result.ok) return;
      if (result.data.stage === 'full') void navigate(next, { replace: true });
      else setStep(result.data.stage);
    });
    return () => {
      live = false;
    };
  }, [navigate, next]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    const payload = { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
    const parsed = adminSignInRequestSchema.safeParse(payload);
    if (!parsed.success) {
      setBanner(null);
      showFieldErrors(errorsFromIssues(parsed.error.issues), setErrors, form);
      return;
    }
    setSending(true);
    setBanner(null);
    const result = await adminApi.post('/api/admin/session', parsed.data, adminSessionSchema);
    if (result.ok) {
      if (result.data.stage === 'full') {
        await navigate(next, { replace: true });
        return;
      }
      setSending(false);
      setStep(result.data.stage);
      return;
    }
    setSending(false);
    if (result.status === 422 && result.errors) {
      const elsewhere = Object.entries(result.errors)
        .filter(([field]) => field !== 'email' && field !== 'password')
        .flatMap(([, messages]) => messages);
      setBanner(elsewhere.length ? { kind: 'error', text: elsewhere.join(' ') } : null);
      showFieldErrors(result.errors, setErrors, form);
      return;
    }
    setErrors({});
    const fallback = result.status === 401 ? ADMIN_MESSAGES.invalidCredentials : result.status === 403 ? ADMIN_MESSAGES.notStaff : UNREACHABLE;
    setBanner({ kind: 'error', text: (result.status > 0 && result.status < 500 && result.message) || fallback });
  }

  const clear = (field: string) => () => setErrors((e) => withoutField(e, field));

  /** Gives up a sign-in half done: its session ends on the server, and the password is asked again. */
  async function startAgain(text?: string) {
    await adminApi.delete('/api/admin/session', messageResponseSchema);
    setStep('password');
    setBanner(text ? { kind: 'error', text } : null);
  }

  /** The last step is done: the session is full, on to the page that asked for it. */
  const finished = async () => {
    await navigate(next, { replace: true });
  };

  const titles: Record<Step, string> = { password: 'Sign in', second_factor: 'Two-step sign-in', enroll: 'Set up two-step sign-in' };
  const leads: Record<Step, string> = {
    password: 'For the store’s staff. Shoppers sign in on the storefront.',
    second_factor: 'Your password was right. Enter the code from your authenticator app to finish signing in.',
    enroll: `This store asks for a second step at sign-in for your role. Set it up now to finish signing in (within ${SECOND_FACTOR_SIGN_IN_MINUTES} minutes).`,
  };

  return (
    <div className="adm adm-auth">
      <AdminStyles />
      <main id="main" className="adm-auth__main">
        <div className="adm-auth__card">
          <p className="adm-auth__brand">
            <span className="adm-brand__store">{STORE_NAME}</span>
            <span className="adm-brand__part">Back office</span>
          </p>
          <h1 id={`${id}-title`} className="adm-title" tabIndex={-1} ref={heading}>
            {titles[step]}
          </h1>
          <p className="adm-lead">{leads[step]}</p>
          <div role="alert" className="form-live">
            {banner && <p className={`form-banner form-banner--${banner.kind}`}>{banner.text}</p>}
          </div>
          {step === 'second_factor' && (
            <>
              <SignInCodeForm onSignedIn={finished} onSessionEnded={() => void startAgain(ADMIN_MESSAGES.expired)} />
              <p className="adm-auth__aside">
                Lost your phone and your recovery codes? An owner of the store can reset your two-step sign-in.{' '}
                <button type="button" className="adm-link-button" onClick={() => void startAgain()}>
                  Sign in as someone else
                </button>
              </p>
            </>
          )}
          {step === 'enroll' && (
            <EnrollmentSteps
              onEnrolled={finished}
              onSessionEnded={() => void startAgain(ADMIN_MESSAGES.expired)}
              onCancel={() => void startAgain()}
              cancelLabel="Cancel and sign out"
            />
          )}
          {step === 'password' && (
          <form ref={form} className="adm-form" method="post" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
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
                defaultValue={arrivalEmail(location.state)}
                required
                maxLength={254}
                onChange={clear('email')}
                {...describedBy(id, errors, 'email')}
              />
              <FieldError formId={id} errors={errors} field="email" />
            </div>
            <div className="form-field">
              <label className="form-label" htmlFor={`${id}-password`}>
                Password
              </label>
              <input
                id={`${id}-password`}
                name="password"
                type="password"
                className="form-control adm-control"
                autoComplete="current-password"
                required
                maxLength={256}
                onChange={clear('password')}
                {...describedBy(id, errors, 'password')}
              />
              <FieldError formId={id} errors={errors} field="password" />
            </div>
            <button type="submit" className="adm-button adm-button--wide" disabled={sending}>
              {sending ? 'Signing in…' : 'Sign in'}
            </button>
          </form>
          )}
        </div>
      </main>
    </div>
  );
}
