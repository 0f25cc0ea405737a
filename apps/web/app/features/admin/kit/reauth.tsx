import * as Dialog from '@radix-ui/react-dialog';
import { createContext, use, useCallback, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { adminPasswordRequestSchema, adminSessionSchema } from '@everstone/contract';
import { errorsFromIssues, type FieldErrors } from '../../../components/ui/fields';
import { FieldError, describedBy, withoutField } from '../../../components/ui/field-errors';
import { adminApi, isSignedOut, pathOf, signInPath, type AdminResult } from './admin-api';

/**
 * Sensitive actions (a refund, the staff's roles) answer 403 `reauth: true` when the password was not entered lately.
 * `useReauth()` runs such an action: on that answer it asks for the password in a dialog, confirms it with the server
 * and runs the action once more. A cancelled dialog gives null: nothing was done, and nothing needs saying.
 */
type Runner = <T>(action: () => Promise<AdminResult<T>>) => Promise<AdminResult<T> | null>;

const ReauthContext = createContext<Runner | null>(null);

export function useReauth(): Runner {
  const run = use(ReauthContext);
  if (!run) throw new Error('useReauth is used outside the back office frame');
  return run;
}

type Pending = { resolve: (confirmed: boolean) => void; returnTo: HTMLElement | null };

export function ReauthProvider({ email, children }: { email: string; children: React.ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        const active = document.activeElement;
        const next: Pending = { resolve, returnTo: active instanceof HTMLElement && active !== document.body ? active : null };
        pendingRef.current = next;
        setPending(next);
      }),
    [],
  );

  const run = useCallback<Runner>(
    async (action) => {
      const first = await action();
      if (first.ok || !first.reauth) return first;
      const confirmed = await ask();
      return confirmed ? action() : null;
    },
    [ask],
  );

  function finish(confirmed: boolean) {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    current?.resolve(confirmed);
  }

  return (
    <ReauthContext value={run}>
      {children}
      <ReauthDialog
        open={pending !== null}
        email={email}
        onConfirmed={() => finish(true)}
        onCancel={() => finish(false)}
        returnTo={() => pending?.returnTo ?? null}
      />
    </ReauthContext>
  );
}

function ReauthDialog({
  open,
  email,
  onConfirmed,
  onCancel,
  returnTo,
}: {
  open: boolean;
  email: string;
  onConfirmed: () => void;
  onCancel: () => void;
  returnTo: () => HTMLElement | null;
}) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function reset() {
    setErrors({});
    setBanner(null);
    setSending(false);
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    const parsed = adminPasswordRequestSchema.safeParse({ password });
    if (!parsed.success) {
      setErrors(errorsFromIssues(parsed.error.issues));
      input.current?.focus();
      return;
    }
    setSending(true);
    setBanner(null);
    const result = await adminApi.post('/api/admin/session/confirm', { password }, adminSessionSchema);
    setSending(false);
    if (result.ok) {
      reset();
      onConfirmed();
      return;
    }
    if (isSignedOut(result)) {
      reset();
      onCancel();
      await navigate(signInPath(pathOf(location), true));
      return;
    }
    if (result.errors) {
      setErrors(result.errors);
      if (!result.errors.password) setBanner(Object.values(result.errors).flat().join(' '));
    } else {
      setBanner(result.message ?? 'Your password could not be checked. Please try again.');
    }
    input.current?.focus();
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          reset();
          onCancel();
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="adm-dialog-overlay" />
        <Dialog.Content
          className="adm-dialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            input.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = returnTo();
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <Dialog.Title className="adm-dialog__title">Enter your password again</Dialog.Title>
          <Dialog.Description className="adm-dialog__text">
            This action changes money or who can use the back office, so the store asks for the password of {email} once more. It then
            counts for a few minutes.
          </Dialog.Description>
          <form className="adm-form" onSubmit={submit} noValidate>
            <div className="form-field">
              <label className="form-label" htmlFor={`${id}-password`}>
                Password
              </label>
              <input
                ref={input}
                id={`${id}-password`}
                name="password"
                type="password"
                className="form-control adm-control"
                autoComplete="current-password"
                required
                maxLength={256}
                onChange={() => setErrors((e) => withoutField(e, 'password'))}
                {...describedBy(id, errors, 'password')}
              />
              <FieldError formId={id} errors={errors} field="password" />
            </div>
            <div role="alert" className="form-live">
              {banner && <p className="form-banner form-banner--error">{banner}</p>}
            </div>
            <div className="adm-dialog__actions">
              <Dialog.Close asChild>
                <button type="button" className="adm-button adm-button--ghost">
                  Cancel
                </button>
              </Dialog.Close>
              <button type="submit" className="adm-button" disabled={sending}>
                {sending ? 'Checking…' : 'Confirm'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
