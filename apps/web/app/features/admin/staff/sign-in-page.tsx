import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ADMIN_MESSAGES, SECOND_FACTOR_SIGN_IN_MINUTES, adminSessionSchema, adminSignInRequestSchema, messageResponseSchema, type AdminSessionStage } from '@everstone/contract';
import { STORE_NAME } from '../../../content/store';
import { Field, answerFrom, useForm } from '../../../components/ui/form';
import type { Notice } from '../../../components/ui/fields';
import { adminApi, safeNext, type AdminResult } from '../kit/admin-api';
import { AdminStyles } from '../kit/frame';
import { EnrollmentSteps, SignInCodeForm, UNREACHABLE } from './second-factor';

const NEEDS_SCRIPT = 'This page was still loading. Please try again: the back office needs JavaScript turned on in your browser.';

const SIGN_IN_FIELDS = ['email', 'password'] as const;

/**
 * A sign-in's answer as the password form says it: a refusal in the server's words, or, when it gives none, the
 * store's own for a wrong password (401) or an account that is not staff (403).
 */
export function signInAnswer(result: AdminResult<unknown>) {
  const fallback = result.status === 401 ? ADMIN_MESSAGES.invalidCredentials : result.status === 403 ? ADMIN_MESSAGES.notStaff : UNREACHABLE;
  return answerFrom(result, { fields: SIGN_IN_FIELDS, fallback });
}

/** What the page says on arrival: the session ran out, or the person has just signed out. */
function arrivalBanner(ended: boolean, state: unknown): Notice {
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
  // What the page itself says, above the password form's own answer: why the page was arrived at, or why a sign-in
  // half done started over. A new attempt replaces it.
  const [said, setSaid] = useState<Notice>(() =>
    needsScript ? { kind: 'error', text: NEEDS_SCRIPT } : arrivalBanner(search.get('ended') === '1', location.state),
  );
  const [step, setStep] = useState<Step>('password');
  const form = useForm({
    fields: SIGN_IN_FIELDS,
    schema: adminSignInRequestSchema,
    resetOnSuccess: false,
    send: async (values) => {
      const result = await adminApi.post('/api/admin/session', adminSignInRequestSchema.parse(values), adminSessionSchema);
      const stage = result.ok ? result.data.stage : null;
      if (stage === 'full') await navigate(next, { replace: true });
      else if (stage) setStep(stage);
      return signInAnswer(result);
    },
  });
  const banner = form.notice ?? said;
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

  /** Gives up a sign-in half done: its session ends on the server, and the password is asked again. */
  async function startAgain(text?: string) {
    await adminApi.delete('/api/admin/session', messageResponseSchema);
    setStep('password');
    setSaid(text ? { kind: 'error', text } : null);
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
            <form.Form
              {...form.props}
              onSubmit={(event) => {
                setSaid(null);
                form.props.onSubmit(event);
              }}
              className="adm-form"
              noValidate
              aria-labelledby={`${id}-title`}
            >
              <Field
                form={form}
                name="email"
                label="Email"
                controlClassName="adm-control"
                type="email"
                autoComplete="username"
                defaultValue={arrivalEmail(location.state)}
                required
                maxLength={254}
              />
              <Field form={form} name="password" label="Password" controlClassName="adm-control" type="password" autoComplete="current-password" required maxLength={256} />
              <button type="submit" className="adm-button adm-button--wide" disabled={form.busy}>
                {form.busy ? 'Signing in…' : 'Sign in'}
              </button>
            </form.Form>
          )}
        </div>
      </main>
    </div>
  );
}
