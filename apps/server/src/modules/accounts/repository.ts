import { sql, type Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { EmailLinkPurpose, UserRow } from '../../db/schema.ts';
import type { Handle } from '../../db/tables.ts';
import { escapeLike } from '../../lib/like.ts';
import { accountTables, type AccountTables } from './tables.ts';

export interface NewUser {
  email: string;
  name: string;
  title: string;
  birthDate: string | null;
  anniversaryDate: string | null;
  passwordHash: string;
  at: string;
}

export interface UserDetails {
  email: string;
  name: string;
  title: string;
  birthDate: string | null;
  anniversaryDate: string | null;
}

const normalizeUser = (row: UserRow): UserRow => ({ ...row, id: Number(row.id) });

/** The columns of an account the back office's customer pages read: never the password hash. */
const CUSTOMER_COLUMNS = ['id', 'email', 'name', 'title', 'role', 'created_at'] as const;
export type CustomerColumns = Pick<UserRow, (typeof CUSTOMER_COLUMNS)[number]>;

/** Users, their sign-in tokens and the links emailed to them (resets, verifications). `db` may be a transaction. */
export function createAccountRepository(db: Kysely<AccountTables>) {
  /** Every unused link of the user for this purpose stops working. */
  async function retireLinks(userId: number, purpose: EmailLinkPurpose, now: string): Promise<void> {
    await db.updateTable('email_links').set({ used_at: now }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
  }

  return {
    /** The new user's id, or null when the (lower-cased) email is taken, even by a request racing this one. */
    async insertUser(u: NewUser): Promise<number | null> {
      const row = await db
        .insertInto('users')
        .values({
          email: u.email,
          name: u.name,
          title: u.title,
          birth_date: u.birthDate,
          anniversary_date: u.anniversaryDate,
          password_hash: u.passwordHash,
          created_at: u.at,
          updated_at: u.at,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    async findUserByEmail(email: string): Promise<UserRow | null> {
      const row = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      return row ? normalizeUser(row) : null;
    },

    async findUserById(id: number): Promise<UserRow | null> {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? normalizeUser(row) : null;
    },

    async emailTakenByOther(email: string, userId: number): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').where('email', '=', email).where('id', '<>', userId).executeTakeFirst();
      return row !== undefined;
    },

    /** A new email is not proven by the old one's link: the account is unverified again, and its verification links end. */
    async updateDetails(id: number, d: UserDetails, at: string, emailChanged: boolean): Promise<void> {
      await db
        .updateTable('users')
        .set({
          email: d.email,
          name: d.name,
          title: d.title,
          birth_date: d.birthDate,
          anniversary_date: d.anniversaryDate,
          updated_at: at,
          ...(emailChanged ? { email_verified_at: null } : {}),
        })
        .where('id', '=', id)
        .execute();
      if (emailChanged) await retireLinks(id, 'verify_email', at);
    },

    async setPasswordHash(id: number, passwordHash: string, at: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', id).execute();
    },

    async setRole(id: number, role: string, at: string): Promise<void> {
      await db.updateTable('users').set({ role, updated_at: at }).where('id', '=', id).execute();
    },

    async setNameAndTitle(id: number, name: string, title: string): Promise<void> {
      await db.updateTable('users').set({ name, title }).where('id', '=', id).execute();
    },

    /** The staff and the owners, by name. */
    async listStaff(): Promise<UserRow[]> {
      const rows = await db.selectFrom('users').selectAll().where('role', 'in', ['staff', 'owner']).orderBy('name').orderBy('id').execute();
      return rows.map(normalizeUser);
    },

    /**
     * The owners, by id. `lock` (PostgreSQL) holds their rows until the transaction ends, so two owners demoting each
     * other at once take turns and cannot leave the store with none.
     */
    async listOwners(lock: boolean): Promise<UserRow[]> {
      const query = db.selectFrom('users').selectAll().where('role', '=', 'owner').orderBy('id');
      const rows = lock ? await query.forUpdate().execute() : await query.execute();
      return rows.map(normalizeUser);
    },

    /** Whom a notice to every owner goes to. */
    async ownerContacts(): Promise<Array<{ email: string; name: string }>> {
      return db.selectFrom('users').select(['email', 'name']).where('role', '=', 'owner').execute();
    },

    async findContact(id: number): Promise<{ id: number; email: string; name: string } | null> {
      const row = await db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', id).executeTakeFirst();
      return row ? { ...row, id: Number(row.id) } : null;
    },

    /** The accounts whose email starts with `text` (lower-cased) or whose name contains it, newest first, and how many match; all without `text`. */
    async searchCustomers(text: string | undefined, page: number, perPage: number): Promise<{ rows: CustomerColumns[]; total: number }> {
      let query = db.selectFrom('users');
      if (text) {
        const contains = `%${escapeLike(text)}%`;
        query = query.where((eb) => eb.or([sql<boolean>`email like ${`${escapeLike(text)}%`} escape '\\'`, sql<boolean>`lower(name) like ${contains} escape '\\'`]));
      }
      const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await query.select(CUSTOMER_COLUMNS).orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute();
      return { rows, total: Number(total) };
    },

    async findCustomer(id: number): Promise<CustomerColumns | null> {
      return (await db.selectFrom('users').select(CUSTOMER_COLUMNS).where('id', '=', id).executeTakeFirst()) ?? null;
    },

    /** The emails of these accounts, by id (an account that is not there is left out). */
    async emailsOf(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', [...new Set(ids)]).execute();
      return new Map(rows.map((r) => [Number(r.id), r.email]));
    },

    /** Holds the account's row until the transaction ends (PostgreSQL). */
    async lockUser(id: number): Promise<void> {
      await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
    },

    async insertToken(t: { userId: number; tokenHash: string; at: string; expiresAt: string }): Promise<number> {
      const row = await db
        .insertInto('auth_tokens')
        .values({ user_id: t.userId, token_hash: t.tokenHash, created_at: t.at, expires_at: t.expiresAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The user a token signs in, with the token's id, while it has not expired; null otherwise. */
    async findTokenUser(tokenHash: string, now: string): Promise<{ tokenId: number; user: UserRow } | null> {
      const row = await db
        .selectFrom('auth_tokens')
        .innerJoin('users', 'users.id', 'auth_tokens.user_id')
        .selectAll('users')
        .select('auth_tokens.id as token_id')
        .where('auth_tokens.token_hash', '=', tokenHash)
        .where('auth_tokens.expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return null;
      const { token_id, ...user } = row;
      return { tokenId: Number(token_id), user: normalizeUser(user) };
    },

    async deleteToken(id: number): Promise<void> {
      await db.deleteFrom('auth_tokens').where('id', '=', id).execute();
    },

    /** Signs the user out everywhere, except on the token `keepId` when given. */
    async deleteTokensOfUser(userId: number, keepId?: number): Promise<void> {
      let query = db.deleteFrom('auth_tokens').where('user_id', '=', userId);
      if (keepId !== undefined) query = query.where('id', '<>', keepId);
      await query.execute();
    },

    async deleteExpiredTokensOfUser(userId: number, now: string): Promise<void> {
      await db.deleteFrom('auth_tokens').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
    },

    /** Keeps the user's newest `keep` tokens and revokes the rest. */
    async trimTokensOfUser(userId: number, keep: number): Promise<void> {
      await db
        .deleteFrom('auth_tokens')
        .where('user_id', '=', userId)
        .where('id', 'not in', (eb) =>
          eb.selectFrom('auth_tokens').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(keep),
        )
        .execute();
    },

    /** A link emailed to the account's address, kept as the SHA-256 of its token: a password reset or an email verification. */
    async insertLink(r: { userId: number; purpose: EmailLinkPurpose; tokenHash: string; at: string; expiresAt: string }): Promise<void> {
      await db
        .insertInto('email_links')
        .values({ user_id: r.userId, purpose: r.purpose, token_hash: r.tokenHash, created_at: r.at, expires_at: r.expiresAt })
        .execute();
    },

    /** The link of this token and purpose, with the account's address now; a token of another purpose is no link. */
    async findLink(tokenHash: string, purpose: EmailLinkPurpose) {
      const row = await db
        .selectFrom('email_links')
        .innerJoin('users', 'users.id', 'email_links.user_id')
        .select(['email_links.id', 'email_links.user_id', 'email_links.expires_at', 'email_links.used_at', 'users.email', 'users.email_verified_at'])
        .where('email_links.token_hash', '=', tokenHash)
        .where('email_links.purpose', '=', purpose)
        .executeTakeFirst();
      return row ? { ...row, id: Number(row.id), user_id: Number(row.user_id) } : null;
    },

    /**
     * Marks a link used, only if it still is unused and unexpired: of two requests racing with one link, exactly one
     * changes the row. True for that one.
     */
    async claimLink(id: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable('email_links')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Every other link of the user for this purpose stops working (a new password; an address proven or changed). */
    retireLinks,

    /** A link emailed to the account's address proved it (kept from the first time); its other verification links end. */
    async markEmailVerified(userId: number, now: string): Promise<void> {
      await db.updateTable('users').set({ email_verified_at: now }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();
      await retireLinks(userId, 'verify_email', now);
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;

/**
 * Holds an account in the caller's transaction, so that two requests of one person changing what belongs to the
 * account (two tabs saving a default address) take turns. PostgreSQL locks the account's row; SQLite's BEGIN
 * IMMEDIATE already serializes every write.
 */
export async function lockAccount(trx: Handle, engine: Engine, userId: number): Promise<void> {
  if (engine === 'postgres') await createAccountRepository(accountTables(trx)).lockUser(userId);
}

/** The emails of these accounts, by id, read through any handle (a list of requests shows whose each is). */
export function accountEmails(db: Handle, userIds: readonly number[]): Promise<Map<number, string>> {
  return createAccountRepository(accountTables(db)).emailsOf(userIds);
}
