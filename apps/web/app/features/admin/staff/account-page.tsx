import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  RECOVERY_CODE_COUNT,
  STAFF_ROLE_LABELS,
  messageResponseSchema,
  recoveryCodesResponseSchema,
  secondFactorStatusSchema,
  type AdminSession,
  type SecondFactorStatus,
} from '@everstone/contract';
import { answerFrom, useForm } from '../../../components/ui/form';
import { adminApi, isSignedOut, pathOf, signInPath, type AdminFailure } from '../kit/admin-api';
import { PageHead } from '../kit/frame';
import { DialogActions } from '../kit/dialog-actions';
import { formatDay } from '../kit/format';
import { useReauth } from '../kit/reauth';
import { EnrollmentSteps, RecoveryCodes, UNREACHABLE, failureText } from './second-factor';

type Notice = { kind: 'success' | 'error'; text: string } | null;

/**
 * /admin/account: the signed-in person's own sign-in. Two-step sign-in (an authenticator app's code after the
 * password) is set up here when the store does not already ask for it at sign-in, its recovery codes made anew, and
 * turned off where the store does not require it of the role. Each of these asks for the password again.
 */
export function AccountPage({ session, initial }: { session: AdminSession; initial: SecondFactorStatus }) {
  const run = useReauth();
  const navigate = useNavigate();
  const location = useLocation();
  const [status, setStatus] = useState(initial);
  const [notice, setNotice] = useState<Notice>(null);
  const [settingUp, setSettingUp] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const statusBox = useRef<HTMLDivElement>(null);
  const offButton = useRef<HTMLButtonElement>(null);

  async function failed(result: AdminFailure) {
    if (isSignedOut(result)) {
      await navigate(signInPath(pathOf(location), true));
      return;
    }
    setNotice({ kind: 'error', text: failureText(result) });
  }

  async function refresh() {
    const result = await adminApi.get('/api/admin/account/second-factor', secondFactorStatusSchema);
    if (result.ok) setStatus(result.data);
  }

  const newCodes = useForm({
    fields: [],
    // The page's status line says what came of it.
    send: async () => {
      setNotice(null);
      const result = await run(() => adminApi.post('/api/admin/account/second-factor/recovery-codes', {}, recoveryCodesResponseSchema));
      if (result?.ok) {
        setCodes(result.data.recovery_codes);
        setNotice({ kind: 'success', text: result.data.message });
        setStatus((s) => ({ ...s, recovery_codes_left: result.data.recovery_codes.length }));
      } else if (result) await failed(result);
      return null;
    },
  });

  const who = session.user.name || session.user.email;
  return (
    <>
      <PageHead title="Your account" lead={`${who} · ${session.user.email} · ${STAFF_ROLE_LABELS[session.role]}`} />
      <div ref={statusBox} className="adm-order__status" role="status" tabIndex={-1}>
        {notice && <p className={`form-banner form-banner--${notice.kind}`}>{notice.text}</p>}
      </div>
      <div className="adm-account">
        <section className="adm-panel" aria-labelledby="account-2fa-title">
          <h2 id="account-2fa-title" className="adm-panel__title">
            Two-step sign-in
          </h2>
          {status.enrolled ? (
            <>
              <dl className="adm-account__facts">
                <dt>Status</dt>
                <dd>On{status.confirmed_at ? <> since <time dateTime={status.confirmed_at}>{formatDay(status.confirmed_at)}</time></> : null}</dd>
                <dt>Recovery codes</dt>
                <dd>
                  {status.recovery_codes_left} of {RECOVERY_CODE_COUNT} unused
                  {status.recovery_codes_left <= 3 ? ' — make new ones before they run out' : ''}
                </dd>
              </dl>
              {codes && (
                <div className="adm-enroll">
                  <p className="adm-lead">Your new recovery codes, shown this once. The old ones no longer work.</p>
                  <RecoveryCodes codes={codes} account={session.user.email} />
                </div>
              )}
              <div className="adm-account__actions">
                <newCodes.Form {...newCodes.props}>
                  <button type="submit" className="adm-button adm-button--ghost" disabled={newCodes.busy}>
                    {newCodes.busy ? 'Making codes…' : 'Make new recovery codes'}
                  </button>
                </newCodes.Form>
                {status.required ? (
                  <p className="adm-field-note">The store requires two-step sign-in for your role, so it stays on.</p>
                ) : (
                  <button ref={offButton} type="button" className="adm-button adm-button--danger-ghost" aria-haspopup="dialog" onClick={() => setTurningOff(true)}>
                    Turn off two-step sign-in
                  </button>
                )}
              </div>
            </>
          ) : settingUp ? (
            <EnrollmentSteps
              run={run}
              onSessionEnded={() => void navigate(signInPath(pathOf(location), true))}
              onCancel={() => setSettingUp(false)}
              onEnrolled={async (enrolled) => {
                setSettingUp(false);
                setNotice({ kind: 'success', text: 'Two-step sign-in is on. Your next sign-in will ask for the app’s code.' });
                setStatus((s) => ({ ...s, enrolled: true, confirmed_at: new Date().toISOString(), recovery_codes_left: enrolled.recovery_codes.length }));
                await refresh();
              }}
            />
          ) : (
            <>
              <p className="adm-panel__lead">
                Off. With it on, signing in asks for the 6-digit code of an authenticator app on your phone as well as your password, so a
                password that leaks is not enough to open the back office.
              </p>
              <button type="button" className="adm-button" onClick={() => setSettingUp(true)}>
                Set up two-step sign-in
              </button>
            </>
          )}
        </section>
      </div>
      <TurnOffDialog
        open={turningOff}
        onClose={() => setTurningOff(false)}
        onDone={async (message) => {
          setTurningOff(false);
          setCodes(null);
          setNotice({ kind: 'success', text: message });
          await refresh();
        }}
        returnFocus={() => (offButton.current?.isConnected ? offButton.current : statusBox.current)}
      />
    </>
  );
}

function TurnOffDialog({
  open,
  onClose,
  onDone,
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => Promise<void>;
  returnFocus: () => HTMLElement | null;
}) {
  const run = useReauth();
  const form = useForm({
    fields: [],
    send: async () => {
      const result = await run(() => adminApi.delete('/api/admin/account/second-factor', messageResponseSchema));
      if (result === null) return null;
      if (result.ok) await onDone(result.data.message);
      return answerFrom(result, { fields: [], fallback: UNREACHABLE });
    },
  });

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !form.busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="adm-dialog-overlay" />
        <Dialog.Content
          className="adm-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus()?.focus();
          }}
        >
          <Dialog.Title className="adm-dialog__title">Turn off two-step sign-in?</Dialog.Title>
          <Dialog.Description className="adm-dialog__text">
            Your password alone will open the back office again, and your recovery codes stop working. You are emailed that it was turned off.
          </Dialog.Description>
          <form.Form {...form.props}>
            <DialogActions error={form.notice?.text ?? null} sending={form.busy} label="Turn it off" busyLabel="Turning off…" danger />
          </form.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
