import * as Dialog from '@radix-ui/react-dialog';
import { createContext, use, useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { adminPasswordRequestSchema, adminSessionSchema } from '@everstone/contract';
import { Field, answerFrom, useForm } from '../../../components/ui/form';
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
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="adm-dialog-overlay" />
        <Dialog.Content
          className="adm-dialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector<HTMLInputElement>('input[name="password"]')?.focus();
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
          <PasswordForm onConfirmed={onConfirmed} onCancel={onCancel} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const PASSWORD_FIELDS = ['password'] as const;

/**
 * The password, confirmed with the server. It lives as long as the dialog is open, so each asking starts with an
 * empty form. Whatever goes wrong, the password field has the focus again for the next try.
 */
function PasswordForm({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm({
    fields: PASSWORD_FIELDS,
    schema: adminPasswordRequestSchema,
    onAnswer: (answer, element) => {
      if (!answer.ok) element?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
    },
    send: async (values) => {
      const result = await adminApi.post('/api/admin/session/confirm', adminPasswordRequestSchema.parse(values), adminSessionSchema);
      if (result.ok) onConfirmed();
      else if (isSignedOut(result)) {
        onCancel();
        await navigate(signInPath(pathOf(location), true));
        return null;
      }
      // A failure is said in the server's words whatever its status, as the dialog always has.
      return answerFrom(result, { fields: PASSWORD_FIELDS, fallback: (!result.ok && result.message) || 'Your password could not be checked. Please try again.' });
    },
  });
  return (
    <form.Form {...form.props} className="adm-form" noValidate>
      <Field form={form} name="password" label="Password" controlClassName="adm-control" type="password" autoComplete="current-password" required maxLength={256} />
      <div role="alert" className="form-live">
        {form.notice && <p className={`form-banner form-banner--${form.notice.kind}`}>{form.notice.text}</p>}
      </div>
      <div className="adm-dialog__actions">
        <Dialog.Close asChild>
          <button type="button" className="adm-button adm-button--ghost">
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className="adm-button" disabled={form.busy}>
          {form.busy ? 'Checking…' : 'Confirm'}
        </button>
      </div>
    </form.Form>
  );
}
