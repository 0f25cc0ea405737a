import { useId, useMemo, useState } from 'react';
import { encode } from 'uqr';
import {
  adminCodeRequestSchema,
  adminSessionSchema,
  secondFactorEnrolledSchema,
  secondFactorEnrollmentSchema,
  type SecondFactorEnrolled,
  type SecondFactorEnrollment,
} from '@everstone/contract';
import { Field, answerFrom, useForm, type FormAnswer } from '../../../components/ui/form';
import { adminApi, type AdminFailure, type AdminResult } from '../kit/admin-api';

/*
 * The back office's second factor in the browser (docs/security.md, "A password alone"): the code asked at sign-in,
 * setting up an authenticator app (its QR code and the secret to type), and the recovery codes, shown once.
 */

/** What a form says when no answer it can use came back: none at all, or the server's own failure. */
export const UNREACHABLE = 'The back office could not be reached. Please check your connection and try again.';

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

const CODE_FIELDS = ['code'] as const;
type CodeAnswer = FormAnswer<(typeof CODE_FIELDS)[number]>;

/** A one-field form for a code: the app's six digits, or a recovery code where the hint says so. */
function CodeForm({
  name,
  label,
  hint,
  submitLabel,
  busyLabel,
  send,
}: {
  name: string;
  label: string;
  hint: string;
  submitLabel: string;
  busyLabel: string;
  /** Sends the code as the contract reads it (spaces and hyphens dropped, in capitals); null says nothing. */
  send: (code: string) => Promise<CodeAnswer | null>;
}) {
  const form = useForm({ fields: CODE_FIELDS, schema: adminCodeRequestSchema, send: (values) => send(adminCodeRequestSchema.parse(values).code) });
  return (
    <form.Form {...form.props} className="adm-form" noValidate aria-label={name}>
      <div role="alert" className="form-live">
        {form.notice && <p className={`form-banner form-banner--${form.notice.kind}`}>{form.notice.text}</p>}
      </div>
      <Field
        form={form}
        name="code"
        label={label}
        hint={hint}
        controlClassName="adm-control adm-control--code"
        type="text"
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        required
        maxLength={40}
      />
      <button type="submit" className="adm-button adm-button--wide" disabled={form.busy}>
        {form.busy ? busyLabel : submitLabel}
      </button>
    </form.Form>
  );
}

/**
 * A code's call as its form answers it. A 401 is a sign-in half done that ran out or was ended: the page starts it
 * again (`onSessionEnded`) rather than asking for a code that can no longer count.
 */
export function codeAnswer(result: AdminResult<unknown>, onSessionEnded?: () => void): CodeAnswer | null {
  if (!result.ok && result.status === 401 && onSessionEnded) {
    onSessionEnded();
    return null;
  }
  return answerFrom(result, { fields: CODE_FIELDS, fallback: UNREACHABLE });
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
      send={async (code) => {
        const result = await adminApi.post('/api/admin/session/second-factor', { code }, adminSessionSchema);
        if (result.ok) await onSignedIn();
        return codeAnswer(result, onSessionEnded);
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
  const start = useForm({
    fields: [],
    send: async () => {
      const result = await run(() => adminApi.post('/api/admin/session/enrollment', {}, secondFactorEnrollmentSchema));
      if (result === null) return null;
      if (result.ok) setSetup(result.data);
      else if (result.status === 401) {
        onSessionEnded();
        return null;
      }
      return answerFrom(result, { fields: [], fallback: UNREACHABLE });
    },
  });

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
      <start.Form {...start.props} className="adm-enroll">
        <div role="alert" className="form-live">
          {start.notice && <p className={`form-banner form-banner--${start.notice.kind}`}>{start.notice.text}</p>}
        </div>
        <p className="adm-lead">
          You need an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy or any app for
          6-digit codes). Signing in will then ask for the code it shows as well as your password.
        </p>
        <div className="adm-enroll__actions">
          <button type="submit" className="adm-button" disabled={start.busy}>
            {start.busy ? 'Preparing…' : 'Set up the authenticator app'}
          </button>
          {onCancel && (
            <button type="button" className="adm-button adm-button--ghost" onClick={onCancel} disabled={start.busy}>
              {cancelLabel ?? 'Cancel'}
            </button>
          )}
        </div>
      </start.Form>
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
            send={async (code) => {
              const result = await run(() => adminApi.post('/api/admin/session/enrollment/confirm', { code }, secondFactorEnrolledSchema));
              if (result === null) return null;
              if (result.ok) setEnrolled(result.data);
              return codeAnswer(result, onSessionEnded);
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
