import { useId, useMemo, useRef, useState } from 'react';
import { encode } from 'uqr';
import {
  adminCodeRequestSchema,
  adminSessionSchema,
  secondFactorEnrolledSchema,
  secondFactorEnrollmentSchema,
  type SecondFactorEnrolled,
  type SecondFactorEnrollment,
} from '@everstone/contract';
import { errorsFromIssues, showFieldErrors, type FieldErrors } from '../../../components/ui/fields';
import { FieldError, describedBy, withoutField } from '../../../components/ui/field-errors';
import { adminApi, type AdminFailure, type AdminResult } from '../kit/admin-api';

/*
 * The back office's second factor in the browser (docs/security.md, "A password alone"): the code asked at sign-in,
 * setting up an authenticator app (its QR code and the secret to type), and the recovery codes, shown once.
 */

const UNREACHABLE = 'The back office could not be reached. Please check your connection and try again.';

/** What a failed call says to the person: the server's reason, or that the store could not be reached. */
export function failureText(result: AdminFailure, fallback = UNREACHABLE): string {
  return (result.status > 0 && result.status < 500 && result.message) || fallback;
}

/**
 * The otpauth URI as a QR code an authenticator app scans, drawn as one SVG path from the code's own modules (uqr
 * encodes it; nothing leaves the page). The quiet zone is part of the picture, so a dark background cannot eat it.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const path = useMemo(() => {
    const { data, size } = encode(text, { ecc: 'M', border: 4 });
    let d = '';
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) if (data[y]![x]) d += `M${x} ${y}h1v1h-1z`;
    }
    return { d, size };
  }, [text]);
  return (
    <svg className="adm-qr" viewBox={`0 0 ${path.size} ${path.size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#14213d" />
    </svg>
  );
}

/** The recovery codes, shown once: to copy, to download as a text file, or to write down. */
export function RecoveryCodes({ codes, account }: { codes: string[]; account: string }) {
  const [copied, setCopied] = useState(false);
  const text = `Everstone back office recovery codes for ${account}\nEach code works once, in place of the authenticator app's code.\n\n${codes.join('\n')}\n`;
  const href = useMemo(() => `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`, [text]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="adm-recovery">
      <ol className="adm-recovery__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="adm-recovery__actions">
        <button type="button" className="adm-button adm-button--ghost adm-button--small" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy the codes'}
        </button>
        <a className="adm-button adm-button--ghost adm-button--small" href={href} download="everstone-recovery-codes.txt">
          Download as a text file
        </a>
      </div>
      <p className="adm-field-note" role="status">
        {copied ? 'The codes are on your clipboard.' : ''}
      </p>
    </div>
  );
}

/** A one-field form for a code: the app's six digits, or a recovery code where `recovery` says so. */
function CodeForm({
  name,
  label,
  hint,
  submitLabel,
  busyLabel,
  onSubmit,
}: {
  name: string;
  label: string;
  hint: string;
  submitLabel: string;
  busyLabel: string;
  /** Sends the code; answers the field errors or a banner's text on failure, null when done. */
  onSubmit: (code: string) => Promise<{ errors?: FieldErrors; message?: string } | null>;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    const parsed = adminCodeRequestSchema.safeParse({ code: String(data.get('code') ?? '') });
    if (!parsed.success) {
      setMessage(null);
      showFieldErrors(errorsFromIssues(parsed.error.issues), setErrors, form);
      return;
    }
    setSending(true);
    setMessage(null);
    const failure = await onSubmit(parsed.data.code);
    if (!failure) return;
    setSending(false);
    if (failure.errors) showFieldErrors(failure.errors, setErrors, form);
    else setErrors({});
    setMessage(failure.errors?.code ? null : (failure.message ?? null));
  }

  const hintId = `${id}-hint`;
  return (
    <form ref={form} className="adm-form" method="post" onSubmit={submit} noValidate aria-label={name}>
      <div role="alert" className="form-live">
        {message && <p className="form-banner form-banner--error">{message}</p>}
      </div>
      <div className="form-field">
        <label className="form-label" htmlFor={`${id}-code`}>
          {label}
        </label>
        <input
          id={`${id}-code`}
          name="code"
          type="text"
          className="form-control adm-control adm-control--code"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={40}
          onChange={() => setErrors((e) => withoutField(e, 'code'))}
          {...describedBy(id, errors, 'code', hintId)}
        />
        <p id={hintId} className="adm-field-note">
          {hint}
        </p>
        <FieldError formId={id} errors={errors} field="code" />
      </div>
      <button type="submit" className="adm-button adm-button--wide" disabled={sending}>
        {sending ? busyLabel : submitLabel}
      </button>
    </form>
  );
}

/**
 * A failure of a code's call as the form shows it. A 401 is a sign-in half done that ran out or was ended: the page
 * starts it again (`onSessionEnded`) rather than asking for a code that can no longer count.
 */
function codeFailure(result: AdminFailure, onSessionEnded?: () => void): { errors?: FieldErrors; message?: string } | null {
  if (result.status === 401 && onSessionEnded) {
    onSessionEnded();
    return null;
  }
  if (result.status === 422 && result.errors) return { errors: result.errors, message: result.message ?? undefined };
  return { message: failureText(result) };
}

/** The second step of signing in: the code from the app, or a recovery code. */
export function SignInCodeForm({ onSignedIn, onSessionEnded }: { onSignedIn: () => Promise<void>; onSessionEnded: () => void }) {
  return (
    <CodeForm
      name="Two-step sign-in"
      label="Code"
      hint="The 6-digit code your authenticator app shows for Everstone, or one of your recovery codes."
      submitLabel="Verify and sign in"
      busyLabel="Verifying…"
      onSubmit={async (code) => {
        const result = await adminApi.post('/api/admin/session/second-factor', { code }, adminSessionSchema);
        if (result.ok) {
          await onSignedIn();
          return null;
        }
        return codeFailure(result, onSessionEnded);
      }}
    />
  );
}

/**
 * Setting up an authenticator app: a new secret as a QR code and as text, the app's first code to confirm it, then
 * the recovery codes once. `run` wraps the calls (the reauth dialog from a full session; nothing at sign-in). The
 * setup is asked for only when the person presses the button, so an open page never replaces a secret unasked.
 */
export function EnrollmentSteps({
  run = (action) => action(),
  onEnrolled,
  onSessionEnded,
  onCancel,
  cancelLabel,
}: {
  run?: <T>(action: () => Promise<AdminResult<T>>) => Promise<AdminResult<T> | null>;
  /** The codes have been shown and the person says they are kept. */
  onEnrolled: (enrolled: SecondFactorEnrolled) => void | Promise<void>;
  /** A call answered 401: the session ended (a sign-in half done runs out after SECOND_FACTOR_SIGN_IN_MINUTES). */
  onSessionEnded: () => void;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  const id = useId();
  const [setup, setSetup] = useState<SecondFactorEnrollment | null>(null);
  const [enrolled, setEnrolled] = useState<SecondFactorEnrolled | null>(null);
  const [starting, setStarting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function start() {
    setStarting(true);
    setMessage(null);
    const result = await run(() => adminApi.post('/api/admin/session/enrollment', {}, secondFactorEnrollmentSchema));
    setStarting(false);
    if (result === null) return;
    if (result.ok) setSetup(result.data);
    else if (result.status === 401) onSessionEnded();
    else setMessage(failureText(result));
  }

  if (enrolled) {
    return (
      <section className="adm-enroll" aria-labelledby={`${id}-codes`}>
        <h2 id={`${id}-codes`} className="adm-enroll__title">
          Your recovery codes
        </h2>
        <p className="form-banner form-banner--success" role="status">
          {enrolled.message}
        </p>
        <p className="adm-lead">This is the only time they are shown. Each works once, in place of the app’s code, if your phone is lost.</p>
        <RecoveryCodes codes={enrolled.recovery_codes} account={enrolled.session.user.email} />
        <button type="button" className="adm-button adm-button--wide" onClick={() => void onEnrolled(enrolled)}>
          I have kept my recovery codes
        </button>
      </section>
    );
  }

  if (!setup) {
    return (
      <div className="adm-enroll">
        <div role="alert" className="form-live">
          {message && <p className="form-banner form-banner--error">{message}</p>}
        </div>
        <p className="adm-lead">
          You need an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy or any app for
          6-digit codes). Signing in will then ask for the code it shows as well as your password.
        </p>
        <div className="adm-enroll__actions">
          <button type="button" className="adm-button" onClick={() => void start()} disabled={starting}>
            {starting ? 'Preparing…' : 'Set up the authenticator app'}
          </button>
          {onCancel && (
            <button type="button" className="adm-button adm-button--ghost" onClick={onCancel} disabled={starting}>
              {cancelLabel ?? 'Cancel'}
            </button>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="adm-enroll">
      <ol className="adm-enroll__steps">
        <li>
          <p>Scan this code with your authenticator app.</p>
          <QrCode text={setup.otpauth_uri} label={`QR code for ${setup.issuer} (${setup.account}) in an authenticator app`} />
          <div className="form-field">
            <label className="form-label" htmlFor={`${id}-key`}>
              Setup key
            </label>
            <input
              id={`${id}-key`}
              className="form-control adm-control adm-control--code"
              value={setup.secret}
              readOnly
              spellCheck={false}
              aria-describedby={`${id}-key-hint`}
              onFocus={(e) => e.currentTarget.select()}
            />
            <p id={`${id}-key-hint`} className="adm-field-note">
              Cannot scan the code? Add an account by hand in the app with this key, as time-based.
            </p>
          </div>
        </li>
        <li>
          <p>Enter the 6-digit code the app now shows for {setup.issuer}.</p>
          <CodeForm
            name="Confirm the authenticator app"
            label="Code from the app"
            hint="Six digits. A new code appears every 30 seconds; any current one works."
            submitLabel="Turn on two-step sign-in"
            busyLabel="Checking…"
            onSubmit={async (code) => {
              const result = await run(() => adminApi.post('/api/admin/session/enrollment/confirm', { code }, secondFactorEnrolledSchema));
              if (result === null) return {};
              if (result.ok) {
                setEnrolled(result.data);
                return null;
              }
              return codeFailure(result, onSessionEnded);
            }}
          />
        </li>
      </ol>
      {onCancel && (
        <button type="button" className="adm-button adm-button--ghost adm-button--small" onClick={onCancel}>
          {cancelLabel ?? 'Cancel'}
        </button>
      )}
    </div>
  );
}
