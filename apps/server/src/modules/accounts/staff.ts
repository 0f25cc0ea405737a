import type { Kysely } from 'kysely';
import {
  ADMIN_MESSAGES,
  STAFF_INVITE_DAYS,
  STAFF_ROLE_LABELS,
  type StaffMember,
  type StaffRole,
  type Title,
} from '@everstone/contract';
import type { Database, UserRow } from '../../db/schema.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { Role } from '../../plugins/auth.ts';
import { composeMail, link, paragraph, type OutgoingMail } from '../mail/index.ts';
import type { AccountServiceDeps } from './service.ts';
import { createAccountRepository } from './repository.ts';
import { createOpaqueToken } from './tokens.ts';
import { resetLink } from './service.ts';

/**
 * The password hash of an account made by an invitation: no scrypt hash has this form, so no password matches it
 * until the invited person chooses one through the emailed link.
 */
export const INVITED_PASSWORD = '!invited';

/** What a change did to a person's role, for the audit log. */
export interface RoleChange {
  member: StaffMember;
  before: { role: Role } | null;
  after: { role: Role };
}

/** Writes the audit entry of a change in the change's own transaction. */
export type RecordChange<T> = (trx: Kysely<Database>, change: T) => Promise<void>;

const isStaffRole = (role: string): role is StaffRole => role === 'staff' || role === 'owner';

function toMember(row: UserRow): StaffMember {
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    role: isStaffRole(row.role) ? row.role : 'staff',
    invited: row.password_hash === INVITED_PASSWORD,
    since: row.created_at,
  };
}

function inviteMail(row: Pick<UserRow, 'email' | 'name'>, role: StaffRole, href: string | null, signInHref: string, storeEmail: string): OutgoingMail {
  const blocks = href
    ? [
        paragraph(`You have been invited to Everstone's back office as ${STAFF_ROLE_LABELS[role].toLowerCase()}. Choose your password with the link below; it works once, within ${STAFF_INVITE_DAYS} days.`),
        link('Choose your password', href),
        paragraph(`Then sign in to the back office at ${signInHref}.`),
      ]
    : [
        paragraph(`Your Everstone account now has access to the store's back office as ${STAFF_ROLE_LABELS[role].toLowerCase()}. Sign in with your usual password.`),
        link('Sign in to the back office', signInHref),
      ];
  return composeMail({
    to: row.email,
    replyTo: storeEmail,
    subject: 'Your access to the Everstone back office',
    greeting: `Dear ${row.name},`,
    blocks: [...blocks, paragraph('If you did not expect this, tell the store’s owner.')],
    // The link is a credential until used.
    sensitive: href !== null,
  });
}

/**
 * The store's staff as the accounts module keeps them: a role on an account (docs/decisions/018-back-office.md).
 * Each change runs in one transaction with its audit entry (`record`), and the store always keeps an owner.
 */
export function createStaffDirectory(deps: AccountServiceDeps) {
  const { db, hasher, now } = deps;
  const repo = createAccountRepository(db);
  const signInHref = new URL('admin/sign-in', deps.publicUrl.endsWith('/') ? deps.publicUrl : `${deps.publicUrl}/`).toString();

  /** Locks the owners' rows (PostgreSQL) so two owners demoting each other at once cannot leave the store with none. */
  async function ownersLocked(trx: Kysely<Database>): Promise<number[]> {
    const query = trx.selectFrom('users').select('id').where('role', '=', 'owner').orderBy('id');
    const rows = deps.engine === 'postgres' ? await query.forUpdate().execute() : await query.execute();
    return rows.map((r) => Number(r.id));
  }

  async function memberRow(trx: Kysely<Database>, id: number): Promise<UserRow> {
    const row = await createAccountRepository(trx).findUserById(id);
    if (!row || !isStaffRole(row.role)) throw new NotFoundError(ADMIN_MESSAGES.noStaff);
    return row;
  }

  return {
    /**
     * A back-office sign-in: the same scrypt work for every answer; a right password on a shopper's account is a
     * 403, since the person already knows it.
     */
    async signIn(email: string, password: string): Promise<{ user: UserRow; role: StaffRole }> {
      const user = await repo.findUserByEmail(email.toLowerCase());
      const ok = user && user.password_hash !== INVITED_PASSWORD ? await hasher.verify(user.password_hash, password) : await hasher.verifyNobody(password);
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
      if (!user || user.password_hash === INVITED_PASSWORD) return hasher.verifyNobody(password);
      return hasher.verify(user.password_hash, password);
    },

    async list(): Promise<StaffMember[]> {
      const rows = await db.selectFrom('users').selectAll().where('role', 'in', ['staff', 'owner']).orderBy('name').orderBy('id').execute();
      return rows.map((row) => toMember({ ...row, id: Number(row.id) }));
    },

    /**
     * Gives a person a staff role. Someone without an account gets one, with no password until they choose it
     * through the emailed link (valid STAFF_INVITE_DAYS); someone with an account keeps their password and is told.
     */
    async invite(
      input: { email: string; name: string; title: Title; role: StaffRole },
      record: RecordChange<RoleChange>,
      /**
       * Hands the link to choose a password to the caller too, once the invitation is saved: the command line shows it
       * when the store has no mail server (its outbox keeps no single-use link in a file).
       */
      options: { revealLink?: (href: string) => void } = {},
    ): Promise<StaffMember> {
      const email = input.email.toLowerCase();
      const at = now();
      let href: string | null = null;
      const member = await writeTransaction(deps, async (trx) => {
        const r = createAccountRepository(trx);
        let row = await r.findUserByEmail(email);
        if (row && isStaffRole(row.role)) throw new ValidationError({ email: [ADMIN_MESSAGES.alreadyStaff] }, ADMIN_MESSAGES.alreadyStaff);
        const before = row ? { role: row.role as Role } : null;
        if (!row) {
          const id = await r.insertUser({ email, name: input.name, title: input.title, birthDate: null, anniversaryDate: null, passwordHash: INVITED_PASSWORD, at: at.toISOString() });
          if (id === null) throw new ValidationError({ email: [ADMIN_MESSAGES.alreadyStaff] }, 'Someone else just invited this person. Please reload the list.');
          row = (await r.findUserById(id))!;
          const { token, hash } = createOpaqueToken();
          await r.insertReset({ userId: id, tokenHash: hash, at: at.toISOString(), expiresAt: new Date(at.getTime() + STAFF_INVITE_DAYS * 86_400_000).toISOString() });
          href = resetLink(deps.publicUrl, token, email);
        }
        await trx.updateTable('users').set({ role: input.role, updated_at: at.toISOString() }).where('id', '=', row.id).execute();
        const member = toMember({ ...row, role: input.role });
        await record(trx, { member, before, after: { role: input.role } });
        await deps.mail.enqueue(trx, [inviteMail(row, input.role, href, signInHref, deps.storeEmail)]);
        return member;
      });
      deps.mail.flush();
      if (href && options.revealLink) options.revealLink(href);
      return member;
    },

    /** Changes a staff member's role (never one's own), keeping at least one owner. */
    async setRole(actorId: number | null, id: number, role: StaffRole, record: RecordChange<RoleChange>): Promise<StaffMember> {
      if (actorId === id) throw new ForbiddenError(ADMIN_MESSAGES.ownRole);
      return writeTransaction(deps, async (trx) => {
        const owners = await ownersLocked(trx);
        const row = await memberRow(trx, id);
        if (row.role === role) return toMember(row);
        if (row.role === 'owner' && owners.length <= 1) throw new ForbiddenError(ADMIN_MESSAGES.lastOwner);
        await trx.updateTable('users').set({ role, updated_at: now().toISOString() }).where('id', '=', id).execute();
        const member = toMember({ ...row, role });
        await record(trx, { member, before: { role: row.role as Role }, after: { role } });
        return member;
      });
    },

    /** Takes a person off the staff: the account stays, as a shopper's. Never oneself; never the last owner. */
    async remove(actorId: number | null, id: number, record: RecordChange<RoleChange>): Promise<StaffMember> {
      if (actorId === id) throw new ForbiddenError(ADMIN_MESSAGES.ownRole);
      return writeTransaction(deps, async (trx) => {
        const owners = await ownersLocked(trx);
        const row = await memberRow(trx, id);
        if (row.role === 'owner' && owners.length <= 1) throw new ForbiddenError(ADMIN_MESSAGES.lastOwner);
        await trx.updateTable('users').set({ role: 'customer', updated_at: now().toISOString() }).where('id', '=', id).execute();
        // An invitation not yet taken up stops working with the role.
        await trx.updateTable('password_resets').set({ used_at: now().toISOString() }).where('user_id', '=', id).where('used_at', 'is', null).execute();
        const member = toMember(row);
        await record(trx, { member, before: { role: row.role as Role }, after: { role: 'customer' } });
        return member;
      });
    },
  };
}

export type StaffDirectory = ReturnType<typeof createStaffDirectory>;
