import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
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
import { Field, answerFrom, useForm } from '../../../components/ui/form';
import { adminApi, isSignedOut, pathOf, signInPath, type AdminFailure } from '../kit/admin-api';
import { PageHead } from '../kit/frame';
import { formatDay, formatDayTime } from '../kit/format';
import { TableScroll } from '../kit/table';
import { useReauth } from '../kit/reauth';

type Notice = { kind: 'success' | 'error'; text: string } | null;

const FALLBACK = 'The change could not be saved. Please try again in a moment.';

const ROLE_FIELDS = ['role'] as const;

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
  const run = useReauth();
  const [role, setRole] = useState<StaffRole>(member.role);
  const form = useForm({
    fields: ROLE_FIELDS,
    // What came of it is the page's to say, in its status line: the form has nothing to show of its own.
    send: async (values) => {
      const result = await run(() => adminApi.put(`/api/admin/staff/${member.id}`, { role: values.role }, staffMemberResponseSchema));
      if (result?.ok) {
        // A change that waits leaves the role as it was until it takes effect.
        setRole(result.data.member.role);
        onSaved(result.data.member, result.data.message, result.data.change);
      } else if (result) {
        setRole(member.role);
        await onFailed(result);
      }
      return null;
    },
  });
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
          <form.Form {...form.props} className="adm-role">
            {/* Named for its person for a screen reader; what a change came to is said in the page's status line. */}
            <label htmlFor={`${form.id}-role`} className="visually-hidden">
              Role of {who}
            </label>
            <select
              id={`${form.id}-role`}
              name="role"
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
            <button type="submit" className="adm-button adm-button--small" disabled={form.busy || role === member.role}>
              {form.busy ? 'Saving…' : 'Save'}
              <span className="visually-hidden"> the role of {who}</span>
            </button>
          </form.Form>
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
              <InvitationRow key={invitation.id} invitation={invitation} onWithdrawn={onWithdrawn} onFailed={onFailed} />
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function InvitationRow({
  invitation,
  onWithdrawn,
  onFailed,
}: {
  invitation: StaffInvitation;
  onWithdrawn: (invitation: StaffInvitation, message: string) => void;
  onFailed: (result: AdminFailure) => Promise<void>;
}) {
  const withdraw = useForm({
    fields: [],
    // The page's status line says what came of it.
    send: async () => {
      const result = await adminApi.delete(`/api/admin/staff/invitations/${invitation.id}`, messageResponseSchema);
      if (result.ok) onWithdrawn(invitation, result.data.message);
      else await onFailed(result);
      return null;
    },
  });
  return (
    <tr>
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
        <withdraw.Form {...withdraw.props}>
          <button type="submit" className="adm-button adm-button--danger-ghost adm-button--small" disabled={withdraw.busy}>
            {withdraw.busy ? 'Withdrawing…' : 'Withdraw'}
            <span className="visually-hidden"> the invitation to {invitation.email}</span>
          </button>
        </withdraw.Form>
      </td>
    </tr>
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
  return (
    <section className="adm-panel" aria-labelledby="staff-changes-title">
      <h2 id="staff-changes-title" className="adm-panel__title">
        Changes waiting for a second owner <span className="adm-count">{changes.length}</span>
      </h2>
      <ul className="adm-changes">
        {changes.map((change) => (
          <WaitingChange key={change.id} change={change} onDone={onDone} onFailed={onFailed} />
        ))}
      </ul>
    </section>
  );
}

function WaitingChange({
  change,
  onDone,
  onFailed,
}: {
  change: StaffChange;
  onDone: (id: number, message: string, member: StaffMember | null) => void;
  onFailed: (result: AdminFailure) => Promise<void>;
}) {
  const run = useReauth();
  // The page's status line says what came of either.
  const cancel = useForm({
    fields: [],
    send: async () => {
      const result = await adminApi.delete(`/api/admin/staff/changes/${change.id}`, messageResponseSchema);
      if (result.ok) onDone(change.id, result.data.message, null);
      else await onFailed(result);
      return null;
    },
  });
  const confirm = useForm({
    fields: [],
    send: async () => {
      const result = await run(() => adminApi.post(`/api/admin/staff/changes/${change.id}/confirm`, {}, staffMemberResponseSchema));
      if (result?.ok) onDone(change.id, result.data.message, result.data.member);
      else if (result) await onFailed(result);
      return null;
    },
  });
  // One step at a time: while either is on its way, neither can be asked again.
  const busy = cancel.busy || confirm.busy;
  const who = change.member.name || change.member.email;
  const what = change.role_after === 'customer' ? `take ${who} off the staff` : `make ${who} staff instead of an owner`;
  return (
    <li className="adm-changes__item">
      <p>
        {change.requested_by} asked to {what}. It takes effect on <time dateTime={change.effective_at}>{formatDayTime(change.effective_at)}</time> unless an
        owner cancels it.
      </p>
      <div className="adm-account__actions">
        <cancel.Form {...cancel.props}>
          <button type="submit" className="adm-button adm-button--ghost adm-button--small" disabled={busy}>
            Cancel the change<span className="visually-hidden"> for {who}</span>
          </button>
        </cancel.Form>
        {change.can_confirm && (
          <confirm.Form {...confirm.props}>
            <button type="submit" className="adm-button adm-button--danger adm-button--small" disabled={busy}>
              Confirm it now<span className="visually-hidden"> for {who}</span>
            </button>
          </confirm.Form>
        )}
      </div>
    </li>
  );
}

const INVITE_FIELDS = ['email', 'title', 'name', 'role'] as const;

/** Whether a refused invitation is all said beside the form's own fields. */
export function saidBesideFields(result: AdminFailure): boolean {
  return result.status === 422 && result.errors !== undefined && Object.keys(result.errors).every((field) => (INVITE_FIELDS as readonly string[]).includes(field));
}

function InviteForm({
  onInvited,
  onFailed,
}: {
  onInvited: (invitation: StaffInvitation, message: string) => void;
  onFailed: (result: AdminFailure) => Promise<void>;
}) {
  const run = useReauth();
  const form = useForm({
    fields: INVITE_FIELDS,
    schema: staffInviteRequestSchema,
    send: async (values) => {
      const result = await run(() => adminApi.post('/api/admin/staff', staffInviteRequestSchema.parse(values), staffInvitationResponseSchema));
      if (result === null) return null;
      if (result.ok) onInvited(result.data.invitation, result.data.message);
      // What is not said beside a field (a refusal, the session's end) is the page's to say, in its status line.
      else if (!saidBesideFields(result)) await onFailed(result);
      return answerFrom(result, { fields: INVITE_FIELDS, fallback: FALLBACK });
    },
  });
  const headingId = `${form.id}-heading`;
  return (
    <section className="adm-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="adm-panel__title">
        Invite someone
      </h2>
      <p className="adm-panel__lead">
        They get an email with a link that works once, within {STAFF_INVITE_DAYS} days: it asks them to choose a new password, and only then opens the
        back office to them. Someone who already shops with the store keeps their orders under the same account, with the new password.
      </p>
      <form.Form {...form.props} className="adm-form adm-form--invite" noValidate aria-labelledby={headingId}>
        <Field form={form} name="email" label="Email" controlClassName="adm-control" type="email" autoComplete="off" required maxLength={254} />
        <Field form={form} as="select" name="title" label="Title" controlClassName="adm-control" defaultValue="">
          <option value="" disabled>
            Choose
          </option>
          {TITLES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Field>
        <Field form={form} name="name" label="Name" controlClassName="adm-control" type="text" autoComplete="off" required maxLength={100} />
        <Field form={form} as="select" name="role" label="Role" controlClassName="adm-control" defaultValue="staff">
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {STAFF_ROLE_LABELS[r]}
            </option>
          ))}
        </Field>
        <button type="submit" className="adm-button" disabled={form.busy}>
          {form.busy ? 'Sending…' : 'Send invitation'}
        </button>
      </form.Form>
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
  const [shown, setShown] = useState<StaffMember | null>(member);
  if (member !== null && member !== shown) setShown(member);
  const form = useForm({
    fields: [],
    // The dialog closes either way: the page's status line says what came of it.
    send: async () => {
      if (!member) return null;
      const result = await run(() => adminApi.delete(`/api/admin/staff/${member.id}`, staffMemberResponseSchema));
      if (result?.ok) onRemoved(member, result.data.message, result.data.change);
      else if (result) await onFailed(result);
      return null;
    },
  });

  const who = shown ? shown.name || shown.email : '';
  return (
    <Dialog.Root open={member !== null} onOpenChange={(open) => !open && !form.busy && onClose()}>
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
          <form.Form {...form.props} className="adm-dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="adm-button adm-button--ghost" disabled={form.busy}>
                Keep
              </button>
            </Dialog.Close>
            <button type="submit" className="adm-button adm-button--danger" disabled={form.busy}>
              {form.busy ? 'Removing…' : 'Remove'}
            </button>
          </form.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
