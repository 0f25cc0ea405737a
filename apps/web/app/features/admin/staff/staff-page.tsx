import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  STAFF_INVITE_DAYS,
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  TITLES,
  messageResponseSchema,
  staffInviteRequestSchema,
  staffInvitationResponseSchema,
  staffMemberResponseSchema,
  type StaffChange,
  type StaffInvitation,
  type StaffListResponse,
  type StaffMember,
  type StaffRole,
} from '@everstone/contract';
import { errorsFromIssues, showFieldErrors, type FieldErrors } from '../../../components/ui/fields';
import { FieldError, describedBy, withoutField } from '../../../components/ui/field-errors';
import { adminApi, isSignedOut, pathOf, signInPath, type AdminFailure } from '../kit/admin-api';
import { PageHead } from '../kit/frame';
import { formatDay, formatDayTime } from '../kit/format';
import { TableScroll } from '../kit/table';
import { useReauth } from '../kit/reauth';

type Notice = { kind: 'success' | 'error'; text: string } | null;

const FALLBACK = 'The change could not be saved. Please try again in a moment.';

/**
 * /admin/staff (owners): who can use the back office, the invitations not yet accepted, the roles, removing someone,
 * and an owner's change that waits for a second owner (OWNER_CHANGE_DELAY_HOURS).
 */
export function StaffPage({ initial, meId }: { initial: StaffListResponse; meId: number | null }) {
  const [staff, setStaff] = useState(initial.staff);
  const [invitations, setInvitations] = useState(initial.invitations);
  const [changes, setChanges] = useState(initial.changes);
  const [notice, setNotice] = useState<Notice>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const removeOpener = useRef<HTMLButtonElement | null>(null);
  const statusBox = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const location = useLocation();

  /** What a failed change means for the page: sign in again, or the server's reason. */
  async function failed(result: AdminFailure) {
    if (isSignedOut(result)) {
      await navigate(signInPath(pathOf(location), true));
      return;
    }
    setNotice({ kind: 'error', text: result.message ?? FALLBACK });
  }

  function saved(member: StaffMember, message: string, change: StaffChange | null) {
    setStaff((list) => (list.some((m) => m.id === member.id) ? list.map((m) => (m.id === member.id ? member : m)) : [...list, member]));
    if (change) setChanges((list) => [...list.filter((c) => c.id !== change.id), change]);
    setNotice({ kind: 'success', text: message });
  }

  return (
    <>
      <PageHead title="Staff" lead="Who can use the back office. Owners also manage the staff and read the audit log." />
      <div ref={statusBox} className="adm-order__status" role="status" tabIndex={-1}>
        {notice && <p className={`form-banner form-banner--${notice.kind}`}>{notice.text}</p>}
      </div>
      <div className="adm-staff">
        <div className="adm-staff__lists">
          <section className="adm-panel" aria-labelledby="staff-list-title">
            <h2 id="staff-list-title" className="adm-panel__title">
              People <span className="adm-count">{staff.length}</span>
            </h2>
            <TableScroll label="Staff">
              <table className="adm-table">
                <caption className="visually-hidden">Staff of the back office</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Role</th>
                    <th scope="col">Two-step sign-in</th>
                    <th scope="col">Since</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {staff.map((member) => (
                    <StaffRow
                      key={member.id}
                      member={member}
                      me={member.id === meId}
                      onSaved={saved}
                      onFailed={failed}
                      onRemove={(button) => {
                        removeOpener.current = button;
                        setRemoving(member);
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </section>
          {changes.length > 0 && (
            <WaitingChanges
              changes={changes}
              onDone={(id, message, member) => {
                setChanges((list) => list.filter((c) => c.id !== id));
                if (member) {
                  if (member.role === 'owner' || member.role === 'staff') setStaff((list) => list.map((m) => (m.id === member.id ? member : m)));
                  else setStaff((list) => list.filter((m) => m.id !== member.id));
                }
                setNotice({ kind: 'success', text: message });
              }}
              onFailed={failed}
            />
          )}
          {invitations.length > 0 && (
            <Invitations
              invitations={invitations}
              onWithdrawn={(invitation, message) => {
                setInvitations((list) => list.filter((i) => i.id !== invitation.id));
                setNotice({ kind: 'success', text: message });
              }}
              onFailed={failed}
            />
          )}
        </div>
        <InviteForm
          onInvited={(invitation, message) => {
            setInvitations((list) => [...list.filter((i) => i.email !== invitation.email), invitation]);
            setNotice({ kind: 'success', text: message });
          }}
          onFailed={failed}
        />
      </div>
      <RemoveDialog
        member={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(member, message, change) => {
          // A removal that waits for a second owner leaves the person on the staff until it takes effect.
          if (change) setChanges((list) => [...list.filter((c) => c.id !== change.id), change]);
          else setStaff((list) => list.filter((m) => m.id !== member.id));
          setNotice({ kind: 'success', text: message });
          setRemoving(null);
        }}
        onFailed={async (result) => {
          setRemoving(null);
          await failed(result);
        }}
        returnFocus={() => (removeOpener.current?.isConnected ? removeOpener.current : statusBox.current)}
      />
    </>
  );
}

function StaffRow({
  member,
  me,
  onSaved,
  onFailed,
  onRemove,
}: {
  member: StaffMember;
  me: boolean;
  onSaved: (member: StaffMember, message: string, change: StaffChange | null) => void;
  onFailed: (result: AdminFailure) => Promise<void>;
  onRemove: (button: HTMLButtonElement) => void;
}) {
  const id = useId();
  const run = useReauth();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    const result = await run(() => adminApi.put(`/api/admin/staff/${member.id}`, { role }, staffMemberResponseSchema));
    setSaving(false);
    if (result === null) return;
    if (result.ok) {
      // A change that waits leaves the role as it was until it takes effect.
      setRole(result.data.member.role);
      onSaved(result.data.member, result.data.message, result.data.change);
    } else {
      setRole(member.role);
      await onFailed(result);
    }
  }

  const who = member.name || member.email;
  return (
    <tr>
      <td>
        <span className="adm-cell-main">
          {who}
          {me && <span className="adm-tag">You</span>}
        </span>
        <span className="adm-cell-sub">{member.email}</span>
      </td>
      <td>
        {me ? (
          STAFF_ROLE_LABELS[member.role]
        ) : (
          <div className="adm-role">
            <label htmlFor={`${id}-role`} className="visually-hidden">
              Role of {who}
            </label>
            <select
              id={`${id}-role`}
              className="form-control adm-control adm-control--small"
              value={role}
              onChange={(e) => setRole(e.target.value as StaffRole)}
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {STAFF_ROLE_LABELS[r]}
                </option>
              ))}
            </select>
            <button type="button" className="adm-button adm-button--small" onClick={() => void save()} disabled={saving || role === member.role}>
              {saving ? 'Saving…' : 'Save'}
              <span className="visually-hidden"> the role of {who}</span>
            </button>
          </div>
        )}
      </td>
      <td>{member.second_factor ? 'On' : <span className="adm-muted">Off</span>}</td>
      <td className="adm-nowrap">
        <time dateTime={member.since}>{formatDay(member.since)}</time>
      </td>
      <td className="adm-actions-cell">
        {me ? (
          <span className="adm-muted adm-small">Another owner can change this</span>
        ) : (
          <button type="button" className="adm-button adm-button--danger-ghost adm-button--small" aria-haspopup="dialog" onClick={(e) => onRemove(e.currentTarget)}>
            Remove<span className="visually-hidden"> {who}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

/** The invitations not yet accepted: who, as what, until when, and withdrawing one. */
function Invitations({
  invitations,
  onWithdrawn,
  onFailed,
}: {
  invitations: StaffInvitation[];
  onWithdrawn: (invitation: StaffInvitation, message: string) => void;
  onFailed: (result: AdminFailure) => Promise<void>;
}) {
  const [busy, setBusy] = useState<number | null>(null);
  async function withdraw(invitation: StaffInvitation) {
    setBusy(invitation.id);
    const result = await adminApi.delete(`/api/admin/staff/invitations/${invitation.id}`, messageResponseSchema);
    setBusy(null);
    if (result.ok) onWithdrawn(invitation, result.data.message);
    else await onFailed(result);
  }
  return (
    <section className="adm-panel" aria-labelledby="staff-invitations-title">
      <h2 id="staff-invitations-title" className="adm-panel__title">
        Invitations not yet accepted <span className="adm-count">{invitations.length}</span>
      </h2>
      <p className="adm-panel__lead">Nothing is granted until the person uses the link in their email and chooses a password.</p>
      <TableScroll label="Invitations">
        <table className="adm-table">
          <caption className="visually-hidden">Invitations not yet accepted</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Invited</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((invitation) => (
              <tr key={invitation.id}>
                <td>
                  <span className="adm-cell-main">
                    {invitation.name}
                    <span className="adm-tag">Invited</span>
                  </span>
                  <span className="adm-cell-sub">{invitation.email}</span>
                </td>
                <td>{STAFF_ROLE_LABELS[invitation.role]}</td>
                <td>
                  <span className="adm-cell-main">
                    <time dateTime={invitation.invited_at}>{formatDay(invitation.invited_at)}</time> by {invitation.invited_by}
                  </span>
                  <span className="adm-cell-sub">
                    Link works until <time dateTime={invitation.expires_at}>{formatDay(invitation.expires_at)}</time>
                  </span>
                </td>
                <td className="adm-actions-cell">
                  <button type="button" className="adm-button adm-button--danger-ghost adm-button--small" onClick={() => void withdraw(invitation)} disabled={busy === invitation.id}>
                    {busy === invitation.id ? 'Withdrawing…' : 'Withdraw'}
                    <span className="visually-hidden"> the invitation to {invitation.email}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/** An owner's demotion or removal that waits for a second owner: what, who asked, when it takes effect, and the ways to stop or hasten it. */
function WaitingChanges({
  changes,
  onDone,
  onFailed,
}: {
  changes: StaffChange[];
  onDone: (id: number, message: string, member: StaffMember | null) => void;
  onFailed: (result: AdminFailure) => Promise<void>;
}) {
  const run = useReauth();
  const [busy, setBusy] = useState<number | null>(null);
  async function cancel(change: StaffChange) {
    setBusy(change.id);
    const result = await adminApi.delete(`/api/admin/staff/changes/${change.id}`, messageResponseSchema);
    setBusy(null);
    if (result.ok) onDone(change.id, result.data.message, null);
    else await onFailed(result);
  }
  async function confirm(change: StaffChange) {
    setBusy(change.id);
    const result = await run(() => adminApi.post(`/api/admin/staff/changes/${change.id}/confirm`, {}, staffMemberResponseSchema));
    setBusy(null);
    if (result === null) return;
    if (result.ok) onDone(change.id, result.data.message, result.data.member);
    else await onFailed(result);
  }
  return (
    <section className="adm-panel" aria-labelledby="staff-changes-title">
      <h2 id="staff-changes-title" className="adm-panel__title">
        Changes waiting for a second owner <span className="adm-count">{changes.length}</span>
      </h2>
      <ul className="adm-changes">
        {changes.map((change) => {
          const who = change.member.name || change.member.email;
          const what = change.role_after === 'customer' ? `take ${who} off the staff` : `make ${who} staff instead of an owner`;
          return (
            <li key={change.id} className="adm-changes__item">
              <p>
                {change.requested_by} asked to {what}. It takes effect on{' '}
                <time dateTime={change.effective_at}>{formatDayTime(change.effective_at)}</time> unless an owner cancels it.
              </p>
              <div className="adm-account__actions">
                <button type="button" className="adm-button adm-button--ghost adm-button--small" onClick={() => void cancel(change)} disabled={busy === change.id}>
                  Cancel the change<span className="visually-hidden"> for {who}</span>
                </button>
                {change.can_confirm && (
                  <button type="button" className="adm-button adm-button--danger adm-button--small" onClick={() => void confirm(change)} disabled={busy === change.id}>
                    Confirm it now<span className="visually-hidden"> for {who}</span>
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function InviteForm({
  onInvited,
  onFailed,
}: {
  onInvited: (invitation: StaffInvitation, message: string) => void;
  onFailed: (result: AdminFailure) => Promise<void>;
}) {
  const id = useId();
  const run = useReauth();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const element = event.currentTarget;
    const data = new FormData(element);
    const text = (field: string) => String(data.get(field) ?? '');
    const payload = { email: text('email'), title: text('title'), name: text('name'), role: text('role') };
    const parsed = staffInviteRequestSchema.safeParse(payload);
    if (!parsed.success) {
      showFieldErrors(errorsFromIssues(parsed.error.issues), setErrors, form);
      return;
    }
    setErrors({});
    setSending(true);
    const result = await run(() => adminApi.post('/api/admin/staff', parsed.data, staffInvitationResponseSchema));
    setSending(false);
    if (result === null) return;
    if (result.ok) {
      element.reset();
      onInvited(result.data.invitation, result.data.message);
      return;
    }
    if (result.status === 422 && result.errors) {
      showFieldErrors(result.errors, setErrors, form);
      const elsewhere = Object.entries(result.errors).filter(([field]) => !['email', 'title', 'name', 'role'].includes(field));
      if (elsewhere.length === 0) return;
    }
    await onFailed(result);
  }

  const clear = (field: string) => () => setErrors((e) => withoutField(e, field));
  return (
    <section className="adm-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="adm-panel__title">
        Invite someone
      </h2>
      <p className="adm-panel__lead">
        They get an email with a link that works once, within {STAFF_INVITE_DAYS} days: it asks them to choose a new password, and only then opens the
        back office to them. Someone who already shops with the store keeps their orders under the same account, with the new password.
      </p>
      <form ref={form} className="adm-form adm-form--invite" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-email`}>
            Email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            className="form-control adm-control"
            autoComplete="off"
            required
            maxLength={254}
            onChange={clear('email')}
            {...describedBy(id, errors, 'email')}
          />
          <FieldError formId={id} errors={errors} field="email" />
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-title`}>
            Title
          </label>
          <select id={`${id}-title`} name="title" className="form-control adm-control" defaultValue="" onChange={clear('title')} {...describedBy(id, errors, 'title')}>
            <option value="" disabled>
              Choose
            </option>
            {TITLES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <FieldError formId={id} errors={errors} field="title" />
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-name`}>
            Name
          </label>
          <input
            id={`${id}-name`}
            name="name"
            type="text"
            className="form-control adm-control"
            autoComplete="off"
            required
            maxLength={100}
            onChange={clear('name')}
            {...describedBy(id, errors, 'name')}
          />
          <FieldError formId={id} errors={errors} field="name" />
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-role`}>
            Role
          </label>
          <select id={`${id}-role`} name="role" className="form-control adm-control" defaultValue="staff" onChange={clear('role')} {...describedBy(id, errors, 'role')}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          <FieldError formId={id} errors={errors} field="role" />
        </div>
        <button type="submit" className="adm-button" disabled={sending}>
          {sending ? 'Sending…' : 'Send invitation'}
        </button>
      </form>
    </section>
  );
}

function RemoveDialog({
  member,
  onClose,
  onRemoved,
  onFailed,
  returnFocus,
}: {
  member: StaffMember | null;
  onClose: () => void;
  onRemoved: (member: StaffMember, message: string, change: StaffChange | null) => void;
  onFailed: (result: AdminFailure) => Promise<void>;
  returnFocus: () => HTMLElement | null;
}) {
  const run = useReauth();
  const [sending, setSending] = useState(false);
  const [shown, setShown] = useState<StaffMember | null>(member);
  if (member !== null && member !== shown) setShown(member);

  async function remove() {
    if (!member || sending) return;
    setSending(true);
    const result = await run(() => adminApi.delete(`/api/admin/staff/${member.id}`, staffMemberResponseSchema));
    setSending(false);
    if (result === null) return;
    if (result.ok) onRemoved(member, result.data.message, result.data.change);
    else await onFailed(result);
  }

  const who = shown ? shown.name || shown.email : '';
  return (
    <Dialog.Root open={member !== null} onOpenChange={(open) => !open && !sending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="adm-dialog-overlay" />
        <Dialog.Content
          className="adm-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus()?.focus();
          }}
        >
          <Dialog.Title className="adm-dialog__title">Remove {who} from the staff?</Dialog.Title>
          <Dialog.Description className="adm-dialog__text">
            {shown?.email} can no longer sign in to the back office; the account goes back to being a shopper’s. The orders they handled and
            the audit log keep their name.
          </Dialog.Description>
          <div className="adm-dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="adm-button adm-button--ghost" disabled={sending}>
                Keep
              </button>
            </Dialog.Close>
            <button type="button" className="adm-button adm-button--danger" onClick={() => void remove()} disabled={sending}>
              {sending ? 'Removing…' : 'Remove'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
