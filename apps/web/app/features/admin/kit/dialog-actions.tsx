import * as Dialog from '@radix-ui/react-dialog';

/**
 * The foot of every confirming dialog in the back office: the failure said aloud where it appears, "Go back", and the
 * action, which reads as busy while it runs. Without `onConfirm` the action submits the dialog's form.
 */
export function DialogActions({
  error,
  sending,
  label,
  busyLabel,
  danger = false,
  onConfirm,
}: {
  error: string | null;
  sending: boolean;
  label: string;
  busyLabel: string;
  danger?: boolean;
  onConfirm?: () => void;
}) {
  return (
    <>
      <div role="alert" className="form-live">
        {error && <p className="form-banner form-banner--error">{error}</p>}
      </div>
      <div className="adm-dialog__actions">
        <Dialog.Close asChild>
          <button type="button" className="adm-button adm-button--ghost" disabled={sending}>
            Go back
          </button>
        </Dialog.Close>
        <button type={onConfirm ? 'button' : 'submit'} className={danger ? 'adm-button adm-button--danger' : 'adm-button'} onClick={onConfirm} disabled={sending}>
          {sending ? busyLabel : label}
        </button>
      </div>
    </>
  );
}
