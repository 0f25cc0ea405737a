import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  EMAIL_VERIFICATION,
  VERIFICATION_MESSAGES,
  type LoginResponse,
  type MessageResponse,
  type PasswordEmailResponse,
  type RegisterResponse,
  type Title,
  type User,
  type UserResponse,
  type changePasswordRequestSchema,
  type createRegisterRequestSchema,
  type createUpdateUserRequestSchema,
  type loginRequestSchema,
  type passwordResetRequestSchema,
} from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Handle, Tables, Tx } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ConflictError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { ROLES, type Role, type SignedIn } from '../../plugins/auth.ts';
import { composeMail, link, paragraph, type OutgoingMail, type MailQueue } from '../mail/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { PasswordHasher } from './passwords.ts';
import { createAccountRepository } from './repository.ts';
import { accountTables, type AccountTables } from './tables.ts';
import { bearerToken, createOpaqueToken, hashToken } from './tokens.ts';

export type RegisterInput = z.output<ReturnType<typeof createRegisterRequestSchema>>;
export type LoginInput = z.output<typeof loginRequestSchema>;
export type UpdateUserInput = z.output<ReturnType<typeof createUpdateUserRequestSchema>>;
export type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;
export type PasswordResetInput = z.output<typeof passwordResetRequestSchema>;

export type { SignedIn };

/** Sign-in tokens kept per user; signing in again after that drops the oldest. */
export const MAX_TOKENS_PER_USER = 20;

export interface AccountServiceDeps {
  db: Handle;
  engine: Engine;
  mail: MailQueue;
  hasher: PasswordHasher;
  now: () => Date;
  tokenTtlMs: number;
  resetTtlMs: number;
  /** Base of the links in emails (PUBLIC_URL); never taken from a request's Host header. */
  publicUrl: string;
  storeEmail: string;
  /** Staff changes (roles, invitations, a staff member's own name or email) write their entries here. */
  audit: AuditLog;
  /**
   * Ends every back-office session of a person, in the caller's transaction: a new password, a reset, an accepted
   * invitation or a role taken away must not leave a session opened before it (the admin module owns them).
   */
  endBackOfficeSessions: (trx: Handle, userId: number) => Promise<void>;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    title: row.title as Title,
    birth_date: row.birth_date,
    anniversary_date: row.anniversary_date,
    email_verified: row.email_verified_at !== null,
  };
}

/** A role the database holds; anything else (a value from before roles, a typo by hand) is a customer. */
function roleOf(row: UserRow): Role {
  return (ROLES as readonly string[]).includes(row.role) ? (row.role as Role) : 'customer';
}

/** {PUBLIC_URL}/{page}/{token}: a page of the store that takes an emailed link's token. */
function linkUrl(publicUrl: string, page: string, token: string): URL {
  return new URL(`${page}/${encodeURIComponent(token)}`, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
}

/** {PUBLIC_URL}/reset-password/{token}?email=… (§2 Reset completion reads the email from the query). */
export function resetLink(publicUrl: string, token: string, email: string): string {
  const url = linkUrl(publicUrl, 'reset-password', token);
  url.searchParams.set('email', email);
  return url.toString();
}

/** {PUBLIC_URL}/verify-email/{token}: the storefront's page that verifies the address with the token. */
export function verificationLink(publicUrl: string, token: string): string {
  return linkUrl(publicUrl, 'verify-email', token).toString();
}

function describeMinutes(minutes: number): string {
  if (minutes % 60 === 0 && minutes >= 120) return `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

function resetMail(user: UserRow, href: string, ttlMs: number, storeEmail: string): OutgoingMail {
  return composeMail({
    to: user.email,
    replyTo: storeEmail,
    subject: 'Reset your Everstone password',
    // The name was typed at sign-up by whoever chose this address, which nobody verified: the store's words only.
    greeting: 'Hello,',
    blocks: [
      paragraph(
        `We received a request to reset the password of your Everstone account. Choose a new password with the link below. It works once, within ${describeMinutes(Math.round(ttlMs / 60_000))}.`,
      ),
      link('Choose a new password', href),
      paragraph('If you did not ask for this, you can ignore this email: your password stays as it is.'),
    ],
    // The link is a credential until used: the outbox forgets it once the message has left.
    sensitive: true,
  });
}

/**
 * The link that proves an address. The address is not verified yet, so the mail carries nothing anyone typed (not
 * the name): a stranger who signs up with someone else's address makes the store send only its own words.
 */
function verificationMail(email: string, href: string, storeEmail: string): OutgoingMail {
  return composeMail({
    to: email,
    replyTo: storeEmail,
    subject: 'Verify your Everstone email address',
    greeting: 'Hello,',
    blocks: [
      paragraph(
        `Please confirm that this is your email address with the link below. It works once, within ${EMAIL_VERIFICATION.linkHours / 24} days. Once your address is verified you can hold a diamond in our ring builder while you decide.`,
      ),
      link('Verify my email address', href),
      paragraph('If you did not create an Everstone account, someone else typed your address: you can ignore this email, and the account stays unverified.'),
    ],
    // A credential until used, as a reset link: the outbox forgets it once the message has left.
    sensitive: true,
  });
}

const VERIFICATION_TTL_MS = EMAIL_VERIFICATION.linkHours * 3_600_000;

const invalid = (field: string, message: string) => new ValidationError({ [field]: [message] }, message);

export function createAccountService(deps: AccountServiceDeps) {
  const { hasher, now } = deps;
  const db = accountTables(deps.db);
  const tx = { db, engine: deps.engine };
  const repo = createAccountRepository(db);

  async function issueToken(userId: number, at: Date): Promise<{ token: string; expiresAt: string }> {
    const { token, hash } = createOpaqueToken();
    const expiresAt = new Date(at.getTime() + deps.tokenTtlMs).toISOString();
    await writeTransaction(tx, async (trx) => {
      const r = createAccountRepository(trx);
      await r.deleteExpiredTokensOfUser(userId, at.toISOString());
      await r.insertToken({ userId, tokenHash: hash, at: at.toISOString(), expiresAt });
      await r.trimTokensOfUser(userId, MAX_TOKENS_PER_USER);
    });
    return { token, expiresAt };
  }

  /** Inside `trx`: a new verification link for the account, and its email to the account's address. */
  async function queueVerification(trx: Tables<AccountTables>, userId: number, email: string, at: Date): Promise<void> {
    const { token, hash } = createOpaqueToken();
    await createAccountRepository(trx).insertLink({
      userId,
      purpose: 'verify_email',
      tokenHash: hash,
      at: at.toISOString(),
      expiresAt: new Date(at.getTime() + VERIFICATION_TTL_MS).toISOString(),
    });
    await deps.mail.enqueue(trx, [verificationMail(email, verificationLink(deps.publicUrl, token), deps.storeEmail)]);
  }

  return {
    /** Makes the account and, in the same transaction, emails its address the link that verifies it. */
    async register(input: RegisterInput): Promise<RegisterResponse> {
      const email = input.email.toLowerCase();
      // Cheap check first, so a taken address costs no scrypt; the unique constraint settles races.
      if (await repo.findUserByEmail(email)) throw invalid('email', ACCOUNT_MESSAGES.emailTaken);
      const passwordHash = await hasher.hash(input.password);
      const at = now();
      const id = await writeTransaction(tx, async (trx) => {
        const created = await createAccountRepository(trx).insertUser({
          email,
          name: input.name,
          title: input.title,
          birthDate: input.birth_date,
          anniversaryDate: input.anniversary_date,
          passwordHash,
          at: at.toISOString(),
        });
        if (created !== null) await queueVerification(trx, created, email, at);
        return created;
      });
      if (id === null) throw invalid('email', ACCOUNT_MESSAGES.emailTaken);
      deps.mail.flush();
      return {
        message: ACCOUNT_MESSAGES.registered,
        user: { id, email, name: input.name, title: input.title, birth_date: input.birth_date, anniversary_date: input.anniversary_date, email_verified: false },
      };
    },

    /**
     * Emails the signed-in account a new verification link (its own address, never one from the request). 409 when the
     * address is verified already. `count` is the per-recipient limit, counted only when a link is really to be sent.
     */
    async sendVerificationLink(signedIn: SignedIn, count: (email: string) => Promise<void>): Promise<MessageResponse> {
      const row = await repo.findUserById(signedIn.user.id);
      if (!row) throw new UnauthorizedError(ACCOUNT_MESSAGES.unauthenticated);
      if (row.email_verified_at !== null) throw new ConflictError(VERIFICATION_MESSAGES.alreadyVerified);
      await count(row.email);
      await writeTransaction(tx, (trx) => queueVerification(trx, row.id, row.email, now()));
      deps.mail.flush();
      return { message: VERIFICATION_MESSAGES.linkSent(row.email) };
    },

    /** Verifies an address with the token of its emailed link: once, within its lifetime. */
    async verifyEmail(token: string): Promise<MessageResponse> {
      const found = await repo.findLink(hashToken(token), 'verify_email');
      if (!found) throw invalid('token', VERIFICATION_MESSAGES.invalid);
      if (found.used_at) throw invalid('token', VERIFICATION_MESSAGES.used);
      const at = now().toISOString();
      if (found.expires_at <= at) throw invalid('token', VERIFICATION_MESSAGES.expired);
      const done = await writeTransaction(tx, async (trx) => {
        const r = createAccountRepository(trx);
        // Re-checked by the UPDATE itself: of two requests racing with one link, one wins.
        if (!(await r.claimLink(found.id, at))) return false;
        await r.markEmailVerified(found.user_id, at);
        return true;
      });
      if (!done) throw invalid('token', VERIFICATION_MESSAGES.used);
      return { message: VERIFICATION_MESSAGES.verified };
    },

    /** One answer for an unknown email and a wrong password, after the same scrypt work. */
    async login(input: LoginInput): Promise<LoginResponse> {
      const user = await repo.findUserByEmail(input.email.toLowerCase());
      const ok = user ? await hasher.verify(user.password_hash, input.password) : await hasher.verifyNobody(input.password);
      if (!user || !ok) throw new UnauthorizedError(ACCOUNT_MESSAGES.invalidCredentials);
      const at = now();
      if (hasher.needsRehash(user.password_hash)) {
        await repo.setPasswordHash(user.id, await hasher.hash(input.password), at.toISOString());
      }
      const { token, expiresAt } = await issueToken(user.id, at);
      return { token, token_type: 'Bearer', expires_at: expiresAt, user: toUser(user) };
    },

    /** The user an `Authorization` header signs in, or null (no header, unknown, revoked or expired token). */
    async authenticate(authorization: string | undefined): Promise<SignedIn | null> {
      const token = bearerToken(authorization);
      if (!token) return null;
      const found = await repo.findTokenUser(hashToken(token), now().toISOString());
      return found ? { user: toUser(found.user), role: roleOf(found.user), tokenId: found.tokenId } : null;
    },

    async logout(signedIn: SignedIn): Promise<MessageResponse> {
      await repo.deleteToken(signedIn.tokenId);
      return { message: ACCOUNT_MESSAGES.loggedOut };
    },

    /** The account of an address (for the command line's staff steps), or null. */
    async findByEmail(email: string): Promise<User | null> {
      const row = await repo.findUserByEmail(email.trim().toLowerCase());
      return row ? toUser(row) : null;
    },

    async currentUser(signedIn: SignedIn): Promise<User> {
      const row = await repo.findUserById(signedIn.user.id);
      if (!row) throw new UnauthorizedError(ACCOUNT_MESSAGES.unauthenticated);
      return toUser(row);
    },

    /** Account details. Changing the email asks for the current password (a borrowed session cannot take over). */
    async updateUser(signedIn: SignedIn, input: UpdateUserInput, from = 'unknown'): Promise<UserResponse> {
      const row = await repo.findUserById(signedIn.user.id);
      if (!row) throw new UnauthorizedError(ACCOUNT_MESSAGES.unauthenticated);
      const email = input.email.toLowerCase();
      if (email !== row.email) {
        if (!input.current_password) throw invalid('current_password', ACCOUNT_MESSAGES.currentPasswordNeeded);
        if (!(await hasher.verify(row.password_hash, input.current_password))) {
          throw invalid('current_password', ACCOUNT_MESSAGES.currentPasswordWrong);
        }
        if (await repo.emailTakenByOther(email, row.id)) throw invalid('email', ACCOUNT_MESSAGES.emailTaken);
      }
      const details = { email, name: input.name, title: input.title, birthDate: input.birth_date, anniversaryDate: input.anniversary_date };
      const emailChanged = email !== row.email;
      try {
        await writeTransaction(tx, async (trx) => {
          // A new address is unverified until its own link is used (the profile sends one on request).
          await createAccountRepository(trx).updateDetails(row.id, details, now().toISOString(), emailChanged);
          // A staff member's name and email are how the audit log and the staff read them: each change is an entry, so
          // renaming oneself "npm run orders" cannot pass later steps off as the command line's unremarked.
          const role = roleOf(row);
          if (role !== 'customer' && (row.name !== input.name || row.email !== email)) {
            await deps.audit.record(trx, { id: row.id, email, name: input.name, from }, {
              action: 'staff.identity',
              subject: { type: 'staff', id: email },
              before: { name: row.name, email: row.email },
              after: { name: input.name, email },
            });
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw invalid('email', ACCOUNT_MESSAGES.emailTaken);
        throw err;
      }
      return {
        message: ACCOUNT_MESSAGES.accountUpdated,
        user: {
          id: row.id,
          email,
          name: input.name,
          title: input.title,
          birth_date: input.birth_date,
          anniversary_date: input.anniversary_date,
          email_verified: !emailChanged && row.email_verified_at !== null,
        },
      };
    },

    /** A new password from the profile: the current one is checked; every other session is signed out. */
    async changePassword(signedIn: SignedIn, input: ChangePasswordInput): Promise<MessageResponse> {
      const row = await repo.findUserById(signedIn.user.id);
      if (!row) throw new UnauthorizedError(ACCOUNT_MESSAGES.unauthenticated);
      if (!(await hasher.verify(row.password_hash, input.current_password))) {
        throw invalid('current_password', ACCOUNT_MESSAGES.currentPasswordWrong);
      }
      const passwordHash = await hasher.hash(input.password);
      const at = now().toISOString();
      await writeTransaction(tx, async (trx) => {
        const r = createAccountRepository(trx);
        await r.setPasswordHash(row.id, passwordHash, at);
        await r.deleteTokensOfUser(row.id, signedIn.tokenId);
        await r.retireLinks(row.id, 'password', at);
        await deps.endBackOfficeSessions(trx, row.id);
      });
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },

    /**
     * Emails a reset link when the address has an account. The answer is the same either way, so the form
     * cannot be used to find out who has an account.
     */
    async requestPasswordReset(rawEmail: string, record?: (trx: Tx) => Promise<void>): Promise<PasswordEmailResponse> {
      const user = await repo.findUserByEmail(rawEmail.toLowerCase());
      if (user) {
        const { token, hash } = createOpaqueToken();
        const at = now();
        await writeTransaction(tx, async (trx) => {
          await createAccountRepository(trx).insertLink({
            userId: user.id,
            purpose: 'password',
            tokenHash: hash,
            at: at.toISOString(),
            expiresAt: new Date(at.getTime() + deps.resetTtlMs).toISOString(),
          });
          await deps.mail.enqueue(trx, [resetMail(user, resetLink(deps.publicUrl, token, user.email), deps.resetTtlMs, deps.storeEmail)]);
          // A reset sent by staff from the back office is on the audit log, written with it; staff send one when an
          // account looks taken over, so the person's back-office sessions end with it too.
          if (record) {
            await record(trx);
            await deps.endBackOfficeSessions(trx, user.id);
          }
        });
        deps.mail.flush();
      }
      return { success: true, message: ACCOUNT_MESSAGES.resetLinkSent };
    },

    /** Sets a new password with an emailed token: once, within its lifetime, for the address it was sent to. */
    async resetPassword(input: PasswordResetInput): Promise<MessageResponse> {
      const reset = await repo.findLink(hashToken(input.token), 'password');
      // A token for another address is as good as no token: the answer must not confirm either exists.
      if (!reset || reset.email !== input.email.toLowerCase()) throw invalid('token', ACCOUNT_MESSAGES.resetTokenInvalid);
      if (reset.used_at) throw invalid('token', ACCOUNT_MESSAGES.resetTokenUsed);
      if (reset.expires_at <= now().toISOString()) throw invalid('token', ACCOUNT_MESSAGES.resetTokenExpired);

      const passwordHash = await hasher.hash(input.password);
      const at = now();
      const done = await writeTransaction(tx, async (trx) => {
        const r = createAccountRepository(trx);
        // Re-checked by the UPDATE itself: of two requests racing with one link, one wins.
        if (!(await r.claimLink(reset.id, at.toISOString()))) return false;
        await r.setPasswordHash(reset.user_id, passwordHash, at.toISOString());
        await r.deleteTokensOfUser(reset.user_id);
        await r.retireLinks(reset.user_id, 'password', at.toISOString());
        // The link reached the account's address, which proves it as a verification link would.
        await r.markEmailVerified(reset.user_id, at.toISOString());
        await deps.endBackOfficeSessions(trx, reset.user_id);
        return true;
      });
      if (!done) throw invalid('token', ACCOUNT_MESSAGES.resetTokenUsed);
      return { message: ACCOUNT_MESSAGES.passwordReset };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
