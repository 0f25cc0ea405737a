import {
  ADMIN_MESSAGES,
  OWNER_CHANGE_DELAY_HOURS,
  STAFF_INVITE_DAYS,
  STAFF_ROLE_LABELS,
  type AuditAction,
  type StaffChange,
  type StaffInvitation,
  type StaffMember,
  type StaffRole,
  type Title,
} from '@everstone/contract';
import type { UserRow } from '../../db/schema.ts';
import type { Tables } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { Role } from '../../plugins/auth.ts';
import type { Actor } from '../audit/index.ts';
import { composeMail, fields, link, paragraph, type OutgoingMail } from '../mail/index.ts';
import type { AccountServiceDeps } from './service.ts';
import { createAccountRepository } from './repository.ts';
import { createSecondFactorRepository } from './second-factor-repository.ts';
import { createStaffRepository, type ChangeRow, type InvitationRow } from './staff-repository.ts';
import { accountTables, type AccountTables } from './tables.ts';
import { createOpaqueToken, hashToken } from './tokens.ts';

type Trx = Tables<AccountTables>;

const isStaffRole = (role: string): role is StaffRole => role === 'staff' || role === 'owner';
const roleWords = (role: string) => (role === 'owner' ? 'an owner' : role === 'staff' ? 'staff' : 'no longer on the staff');

function toMember(row: UserRow, secondFactor: boolean): StaffMember {
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    role: isStaffRole(row.role) ? row.role : 'staff',
    second_factor: secondFactor,
    since: row.created_at,
  };
}

function toInvitation(row: InvitationRow): StaffInvitation {
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    role: isStaffRole(row.role) ? row.role : 'staff',
    invited_at: row.created_at,
    expires_at: row.expires_at,
    invited_by: row.invited_by,
  };
}

/** How an actor is named in the emails that tell owners what happened. */
const actorWords = (actor: Actor) => (actor.id === null ? `the command line (${actor.from})` : `${actor.name} <${actor.email}>`);

/**
 * The store's staff as the accounts module keeps them (docs/decisions/018-back-office.md). A role is offered by an
 * invitation that grants nothing until its emailed link is used; every change writes its audit entry in its own
 * transaction, ends the person's back-office sessions where their power changed, and emails the person and every
 * owner; the store always keeps an owner, and an owner cannot quietly become the only one.
 */
export function createStaffDirectory(deps: AccountServiceDeps) {
  const { hasher, now, audit } = deps;
  const db = accountTables(deps.db);
  const tx = { db, engine: deps.engine };
  const repo = createAccountRepository(db);
  const staffRepo = createStaffRepository(db);
  const base = deps.publicUrl.endsWith('/') ? deps.publicUrl : `${deps.publicUrl}/`;
  const signInHref = new URL('admin/sign-in', base).toString();
  const staffHref = new URL('admin/staff', base).toString();
  const invitationHref = (token: string) => new URL(`admin/invitation/${encodeURIComponent(token)}`, base).toString();

  /** Locks the owners' rows (PostgreSQL) so two owners demoting each other at once cannot leave the store with none. */
  function ownersLocked(trx: Trx): Promise<UserRow[]> {
    return createAccountRepository(trx).listOwners(deps.engine === 'postgres');
  }

  async function memberRow(trx: Trx, id: number): Promise<UserRow> {
    const row = await createAccountRepository(trx).findUserById(id);
    if (!row || !isStaffRole(row.role)) throw new NotFoundError(ADMIN_MESSAGES.noStaff);
    return row;
  }

  async function hasSecondFactor(trx: Trx, userId: number): Promise<boolean> {
    return (await createSecondFactorRepository(trx).findConfirmed(userId)) !== undefined;
  }

  /** One notice to the person concerned and to every owner (each once), in the change's transaction. */
  async function tellOwners(trx: Trx, input: { subject: string; lines: string[]; person?: { email: string; name: string } | null; facts: Array<[string, string]> }) {
    const owners = await createAccountRepository(trx).ownerContacts();
    const recipients = new Map<string, string>();
    if (input.person) recipients.set(input.person.email, input.person.name);
    for (const owner of owners) recipients.set(owner.email, owner.name);
    const mails: OutgoingMail[] = [...recipients].map(([to, name]) =>
      composeMail({
        to,
        replyTo: deps.storeEmail,
        subject: input.subject,
        greeting: `Dear ${name},`,
        blocks: [
          ...input.lines.map(paragraph),
          fields(input.facts),
          link('Open the staff page', staffHref),
          paragraph('Every owner of the store receives this notice. If you did not expect it, sign in to the back office and look at the audit log, or tell another owner.'),
        ],
      }),
    );
    await deps.mail.enqueue(trx, mails);
  }

  const whenWords = (iso: string) => new Date(iso).toUTCString();

  /** Sets a person's role, closing what their old role opened; the caller writes the audit entry and the notice. */
  async function applyRole(trx: Trx, row: UserRow, role: Role, at: string): Promise<void> {
    await createAccountRepository(trx).setRole(row.id, role, at);
    // Invitations to the address not yet used stop working with the role taken away.
    if (role === 'customer') await createStaffRepository(trx).revokeOpenInvitationsTo(row.email, at);
    await deps.endBackOfficeSessions(trx, row.id);
  }

  async function toChange(trx: Trx, row: ChangeRow, viewerId: number | null): Promise<StaffChange> {
    const member = await createAccountRepository(trx).findUserById(Number(row.user_id));
    return {
      id: Number(row.id),
      member: { id: Number(row.user_id), email: member?.email ?? '', name: member?.name ?? '' },
      role_before: isStaffRole(row.role_before) ? row.role_before : 'owner',
      role_after: row.role_after === 'staff' ? 'staff' : 'customer',
      requested_by: row.requested_by,
      requested_at: row.requested_at,
      effective_at: row.effective_at,
      can_confirm: viewerId !== null && viewerId !== Number(row.requested_by_id),
    };
  }

  const changeAction = (role: Role): AuditAction => (role === 'customer' ? 'staff.remove' : 'staff.role');

  /**
   * Changes a staff member's role (never one's own); `customer` takes them off the staff. An owner's change that would
   * leave the one asking as the only owner waits for another owner or OWNER_CHANGE_DELAY_HOURS.
   */
  async function changeRole(actor: Actor, id: number, role: Role): Promise<{ member: StaffMember; change: StaffChange | null }> {
    if (actor.id === id) throw new ForbiddenError(ADMIN_MESSAGES.ownRole);
    const result = await writeTransaction(tx, async (trx) => {
      const owners = await ownersLocked(trx);
      const row = await memberRow(trx, id);
      const factor = await hasSecondFactor(trx, id);
      if (row.role === role) return { member: toMember(row, factor), change: null };
      if (row.role === 'owner' && owners.length <= 1) throw new ForbiddenError(ADMIN_MESSAGES.lastOwner);
      const at = now();
      const othersLeft = owners.filter((o) => o.id !== id && o.id !== actor.id);
      if (row.role === 'owner' && actor.id !== null && othersLeft.length === 0) {
        // One owner acting alone would be left holding the whole store: the change waits, and everyone is told.
        const changes = createStaffRepository(trx);
        const open = await changes.findOpenChangeOf(id);
        if (open) return { member: toMember(row, factor), change: await toChange(trx, open, actor.id) };
        const effectiveAt = new Date(at.getTime() + OWNER_CHANGE_DELAY_HOURS * 3_600_000).toISOString();
        const inserted = await changes.insertChange({
          user_id: id,
          role_before: row.role,
          role_after: role,
          requested_by_id: actor.id,
          requested_by: actor.email,
          requested_at: at.toISOString(),
          effective_at: effectiveAt,
        });
        await audit.record(trx, actor, { action: 'staff.change_requested', subject: { type: 'staff', id: row.email }, before: { role: row.role }, after: { role, effective_at: effectiveAt } });
        await tellOwners(trx, {
          subject: `An owner of Everstone asked to ${role === 'customer' ? 'remove' : 'demote'} ${row.name}`,
          lines: [
            `${actorWords(actor)} asked to make ${row.name} <${row.email}> ${roleWords(role)}. ${row.name} is the only other owner, so the change waits: it takes effect on ${whenWords(effectiveAt)} unless an owner cancels it on the staff page first. Another owner can confirm it sooner.`,
          ],
          person: row,
          facts: [
            ['Asked by', actorWords(actor)],
            ['From', actor.from],
            ['Takes effect', whenWords(effectiveAt)],
          ],
        });
        return { member: toMember(row, factor), change: await toChange(trx, inserted, actor.id) };
      }
      await applyRole(trx, row, role, at.toISOString());
      await audit.record(trx, actor, { action: changeAction(role), subject: { type: 'staff', id: row.email }, before: { role: row.role }, after: { role } });
      await tellOwners(trx, {
        subject: role === 'customer' ? `${row.name} no longer has access to the Everstone back office` : `${row.name} is now ${roleWords(role)} at Everstone`,
        lines: [`${actorWords(actor)} made ${row.name} <${row.email}> ${roleWords(role)} (was ${roleWords(row.role)}). Their back-office sessions have ended.`],
        person: row,
        facts: [
          ['Changed by', actorWords(actor)],
          ['From', actor.from],
          ['When', whenWords(at.toISOString())],
        ],
      });
      return { member: toMember({ ...row, role }, factor), change: null };
    });
    deps.mail.flush();
    return result;
  }

  /**
   * Applies or drops a pending owner change (`how`: confirmed by another owner, or applied when its time came). It
   * applies only if the owner who asked is still one and the store keeps an owner; otherwise it is void.
   */
  async function settleChange(trx: Trx, change: ChangeRow, how: 'confirmed' | 'applied', actor: Actor): Promise<'applied' | 'void'> {
    const at = now().toISOString();
    const changes = createStaffRepository(trx);
    if (!(await changes.resolveChange(change.id, { at, outcome: how, by: actor.email }))) return 'void';
    const owners = await ownersLocked(trx);
    const row = await createAccountRepository(trx).findUserById(Number(change.user_id));
    const requesterStillOwner = owners.some((o) => o.id === Number(change.requested_by_id));
    if (!row || row.role !== change.role_before || !requesterStillOwner || owners.filter((o) => o.id !== row.id).length === 0) {
      await changes.voidChange(change.id);
      return 'void';
    }
    const role = change.role_after as Role;
    await applyRole(trx, row, role, at);
    await audit.record(trx, actor, {
      action: changeAction(role),
      subject: { type: 'staff', id: row.email },
      before: { role: row.role },
      after: { role, asked_by: change.requested_by, [how]: at },
    });
    await tellOwners(trx, {
      subject: role === 'customer' ? `${row.name} no longer has access to the Everstone back office` : `${row.name} is now ${roleWords(role)} at Everstone`,
      lines: [
        how === 'confirmed'
          ? `${actorWords(actor)} confirmed the change ${change.requested_by} asked for: ${row.name} <${row.email}> is now ${roleWords(role)}. Their back-office sessions have ended.`
          : `The change ${change.requested_by} asked for on ${whenWords(change.requested_at)} took effect, as no owner cancelled it: ${row.name} <${row.email}> is now ${roleWords(role)}. Their back-office sessions have ended.`,
      ],
      person: row,
      facts: [
        ['Asked by', change.requested_by],
        ['When', whenWords(at)],
      ],
    });
    return 'applied';
  }

  return {
    /**
     * A back-office sign-in: the same scrypt work for every answer (an account with no usable password costs a whole
     * derivation too); a right password on a shopper's account is a 403, since the person already knows it.
     */
    async signIn(email: string, password: string): Promise<{ user: UserRow; role: StaffRole }> {
      const user = await repo.findUserByEmail(email.toLowerCase());
      const ok = user ? await hasher.verify(user.password_hash, password) : await hasher.verifyNobody(password);
      if (!user || !ok) throw new UnauthorizedError(ADMIN_MESSAGES.invalidCredentials);
      if (!isStaffRole(user.role)) throw new ForbiddenError(ADMIN_MESSAGES.notStaff);
      return { user, role: user.role };
    },

    /** The person's role now (every back-office request asks, so a removal takes effect at once), or null. */
    async staffRole(userId: number): Promise<{ user: UserRow; role: StaffRole } | null> {
      const user = await repo.findUserById(userId);
      return user && isStaffRole(user.role) ? { user, role: user.role } : null;
    },

    async checkPassword(userId: number, password: string): Promise<boolean> {
      const user = await repo.findUserById(userId);
      if (!user) return hasher.verifyNobody(password);
      return hasher.verify(user.password_hash, password);
    },

    /** The staff, the invitations not yet used, and the owners' changes waiting; `viewerId` decides what they may confirm. */
    async list(viewerId: number | null = null): Promise<{ staff: StaffMember[]; invitations: StaffInvitation[]; changes: StaffChange[] }> {
      const at = now().toISOString();
      const rows = await repo.listStaff();
      const factors = await createSecondFactorRepository(db).confirmedUserIds();
      const invitations = await staffRepo.openInvitations(at);
      const changes = await staffRepo.openChanges();
      return {
        staff: rows.map((row) => toMember(row, factors.has(row.id))),
        invitations: invitations.map(toInvitation),
        changes: await Promise.all(changes.map((c) => toChange(db, c, viewerId))),
      };
    },

    /**
     * Offers a person a staff role. Nothing is granted here: the emailed link (valid STAFF_INVITE_DAYS, once) grants it
     * when used, with a new password. An earlier open invitation to the address is replaced.
     */
    async invite(
      actor: Actor,
      input: { email: string; name: string; title: Title; role: StaffRole },
      /**
       * Hands the link to the caller too, once the invitation is saved: the command line shows it when the store has
       * no mail server (its outbox keeps no single-use link in a file).
       */
      options: { revealLink?: (href: string) => void } = {},
    ): Promise<StaffInvitation> {
      const email = input.email.toLowerCase();
      const at = now();
      const { token, hash } = createOpaqueToken();
      const href = invitationHref(token);
      const invitation = await writeTransaction(tx, async (trx) => {
        const existing = await createAccountRepository(trx).findUserByEmail(email);
        if (existing && isStaffRole(existing.role)) throw new ValidationError({ email: [ADMIN_MESSAGES.alreadyStaff] }, ADMIN_MESSAGES.alreadyStaff);
        const invitations = createStaffRepository(trx);
        await invitations.revokeOpenInvitationsTo(email, at.toISOString());
        const row = await invitations.insertInvitation({
          email,
          name: input.name,
          title: input.title,
          role: input.role,
          token_hash: hash,
          invited_by_id: actor.id,
          invited_by: actor.email,
          created_at: at.toISOString(),
          expires_at: new Date(at.getTime() + STAFF_INVITE_DAYS * 86_400_000).toISOString(),
        });
        await audit.record(trx, actor, { action: 'staff.invite', subject: { type: 'staff', id: email }, before: null, after: { role: input.role, invitation: Number(row.id) } });
        await deps.mail.enqueue(trx, [
          composeMail({
            to: email,
            replyTo: deps.storeEmail,
            subject: 'Your invitation to the Everstone back office',
            greeting: `Dear ${input.name},`,
            blocks: [
              paragraph(
                `You are invited to Everstone's back office as ${STAFF_ROLE_LABELS[input.role].toLowerCase()}. Accept with the link below: it works once, within ${STAFF_INVITE_DAYS} days, and asks you to choose a new password.`,
              ),
              link('Accept the invitation', href),
              paragraph(
                `If you already have an Everstone account with this address, accepting gives that account the new password and signs it out everywhere. Then sign in to the back office at ${signInHref}.`,
              ),
              paragraph('If you did not expect this, ignore this email: nothing changes until the link is used.'),
            ],
            // The link is a credential until used.
            sensitive: true,
          }),
        ]);
        await tellOwners(trx, {
          subject: `${input.name} was invited to the Everstone back office`,
          lines: [`${actorWords(actor)} invited ${input.name} <${email}> as ${STAFF_ROLE_LABELS[input.role].toLowerCase()}. Nothing is granted until they accept with the link emailed to them.`],
          facts: [
            ['Invited by', actorWords(actor)],
            ['From', actor.from],
            ['Link valid until', whenWords(row.expires_at)],
          ],
        });
        return toInvitation(row);
      });
      deps.mail.flush();
      if (options.revealLink) options.revealLink(href);
      return invitation;
    },

    /** Withdraws an invitation not yet used. */
    async revokeInvitation(actor: Actor, id: number): Promise<StaffInvitation> {
      return writeTransaction(tx, async (trx) => {
        const at = now().toISOString();
        const row = await createStaffRepository(trx).revokeInvitation(id, at);
        if (!row) throw new NotFoundError(ADMIN_MESSAGES.noInvitation);
        await audit.record(trx, actor, { action: 'staff.invite_revoke', subject: { type: 'staff', id: row.email }, before: { role: row.role, invitation: Number(row.id) }, after: null });
        return toInvitation(row);
      });
    },

    /** The invitation of a link, for its page: who is invited as what, or why the link no longer works. */
    async invitation(token: string): Promise<{ email: string; name: string; role: StaffRole; expires_at: string }> {
      const row = await staffRepo.findInvitationByToken(hashToken(token));
      const problem = invitationProblem(row, now());
      if (problem) throw new NotFoundError(problem);
      return { email: row!.email, name: row!.name, role: isStaffRole(row!.role) ? row!.role : 'staff', expires_at: row!.expires_at };
    },

    /**
     * Takes an invitation up with its link: the address's account (made now if there is none) gets the new password
     * and the role; every sign-in token, reset link and back-office session it had ends. Whoever held the account
     * before — someone who signed up with the address ahead of the owner's invitation — is out.
     */
    async acceptInvitation(input: { token: string; password: string }, from: string): Promise<StaffMember> {
      const tokenHash = hashToken(input.token);
      const found = await staffRepo.findInvitationByToken(tokenHash);
      const problem = invitationProblem(found, now());
      if (problem) throw new ValidationError({ token: [problem] }, problem);
      const passwordHash = await hasher.hash(input.password);
      const member = await writeTransaction(tx, async (trx) => {
        const at = now().toISOString();
        const invitations = createStaffRepository(trx);
        // Of two uses of one link racing, the UPDATE lets one through.
        const row = await invitations.claimInvitation(tokenHash, at);
        if (!row) return null;
        const r = createAccountRepository(trx);
        let user = await r.findUserByEmail(row.email);
        if (!user) {
          const id = await r.insertUser({ email: row.email, name: row.name, title: row.title, birthDate: null, anniversaryDate: null, passwordHash, at });
          user = id === null ? await r.findUserByEmail(row.email) : await r.findUserById(id);
          if (!user) return null;
        } else {
          await r.setPasswordHash(user.id, passwordHash, at);
          // The owner named the person they invited: whoever made the account first does not choose how staff read it.
          await r.setNameAndTitle(user.id, row.name, row.title);
          user = { ...user, name: row.name, title: row.title };
        }
        await r.deleteTokensOfUser(user.id);
        await r.retireLinks(user.id, 'password', at);
        // The invitation's link reached the address: it is proven.
        await r.markEmailVerified(user.id, at);
        await deps.endBackOfficeSessions(trx, user.id);
        await r.setRole(user.id, row.role, at);
        await invitations.setInvitationUser(row.id, user.id);
        const person: Actor = { id: user.id, email: user.email, name: user.name, from };
        await audit.record(trx, person, { action: 'staff.join', subject: { type: 'staff', id: user.email }, before: { role: user.role }, after: { role: row.role, invited_by: row.invited_by } });
        await tellOwners(trx, {
          subject: `${user.name} joined the Everstone back office`,
          lines: [`${user.name} <${user.email}> accepted the invitation ${row.invited_by} sent and is now ${roleWords(row.role)}.`],
          facts: [
            ['Accepted from', from],
            ['When', whenWords(at)],
          ],
        });
        return toMember({ ...user, role: row.role }, await hasSecondFactor(trx, user.id));
      });
      if (!member) throw new ValidationError({ token: [ADMIN_MESSAGES.invitationUsed] }, ADMIN_MESSAGES.invitationUsed);
      deps.mail.flush();
      return member;
    },

    setRole: (actor: Actor, id: number, role: StaffRole) => changeRole(actor, id, role),

    /** Takes a person off the staff: the account stays, as a shopper's. Never oneself; never the last owner. */
    remove: (actor: Actor, id: number) => changeRole(actor, id, 'customer'),

    /** Another owner than the one who asked confirms a waiting change: it applies now. */
    async confirmChange(actor: Actor, id: number): Promise<StaffMember> {
      const member = await writeTransaction(tx, async (trx) => {
        const change = await createStaffRepository(trx).findOpenChange(id);
        if (!change) throw new NotFoundError(ADMIN_MESSAGES.noChange);
        if (Number(change.requested_by_id) === actor.id) throw new ConflictError(ADMIN_MESSAGES.ownChangeConfirm);
        const outcome = await settleChange(trx, change, 'confirmed', actor);
        if (outcome === 'void') throw new ConflictError('This change can no longer be made: the owner who asked is no longer one, or the store would be left without an owner.');
        const row = await createAccountRepository(trx).findUserById(Number(change.user_id));
        return toMember(row!, await hasSecondFactor(trx, Number(change.user_id)));
      });
      deps.mail.flush();
      return member;
    },

    /** Any owner (the one who asked, the person concerned, another) cancels a waiting change. */
    async cancelChange(actor: Actor, id: number): Promise<void> {
      await writeTransaction(tx, async (trx) => {
        const at = now().toISOString();
        const change = await createStaffRepository(trx).cancelChange(id, at, actor.email);
        if (!change) throw new NotFoundError(ADMIN_MESSAGES.noChange);
        const row = await createAccountRepository(trx).findUserById(Number(change.user_id));
        const email = row?.email ?? String(change.user_id);
        await audit.record(trx, actor, { action: 'staff.change_cancelled', subject: { type: 'staff', id: email }, before: { role: change.role_after, asked_by: change.requested_by }, after: { role: change.role_before } });
        await tellOwners(trx, {
          subject: `A change to ${row?.name ?? 'an owner'}'s role was cancelled`,
          lines: [`${actorWords(actor)} cancelled the change ${change.requested_by} asked for: ${row?.name ?? email} stays ${roleWords(change.role_before)}.`],
          person: row,
          facts: [['When', whenWords(at)]],
        });
      });
      deps.mail.flush();
    },

    /** Applies the waiting changes whose time has come (the sweeper, every instance; each claims its rows). */
    async applyDueChanges(): Promise<number> {
      const due = await staffRepo.dueChanges(now().toISOString(), 50);
      let applied = 0;
      for (const change of due) {
        const outcome = await writeTransaction(tx, (trx) =>
          settleChange(trx, change, 'applied', { id: Number(change.requested_by_id), email: change.requested_by, name: change.requested_by, from: `after ${OWNER_CHANGE_DELAY_HOURS} hours` }),
        );
        if (outcome === 'applied') applied += 1;
      }
      if (due.length > 0) deps.mail.flush();
      return applied;
    },
  };
}

/** Why an invitation's link does not work (no such link, withdrawn, used, expired), or null when it does. */
function invitationProblem(row: InvitationRow | undefined, at: Date): string | null {
  if (!row || row.revoked_at) return ADMIN_MESSAGES.invitationInvalid;
  if (row.accepted_at) return ADMIN_MESSAGES.invitationUsed;
  if (row.expires_at <= at.toISOString()) return ADMIN_MESSAGES.invitationExpired;
  return null;
}

export type StaffDirectory = ReturnType<typeof createStaffDirectory>;
