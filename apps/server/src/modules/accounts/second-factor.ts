import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  ADMIN_MESSAGES,
  RECOVERY_CODE_COUNT,
  type SecondFactorEnrollment,
  type SecondFactorPolicy,
  type SecondFactorStatus,
  type StaffRole,
} from '@everstone/contract';
import { writeTransaction } from '../../db/transaction.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Actor } from '../audit/index.ts';
import { composeMail, fields, paragraph } from '../mail/index.ts';
import { createAccountRepository } from './repository.ts';
import { createSecondFactorRepository, type SecondFactorRepository } from './second-factor-repository.ts';
import type { AccountServiceDeps } from './service.ts';
import { accountTables } from './tables.ts';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD_SECONDS = 30;
const ISSUER = 'Everstone';
/** A code from the step before or after counts too: a phone's clock a little off, a code typed as it turns. */
const WINDOW = 1;
/** Recovery codes avoid the letters and digits people confuse (0/O, 1/I/L). */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RECOVERY_LENGTH = 10;

const digest = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

function totpOf(secret: string, account: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: account, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A fresh recovery code, as shown: XXXXX-XXXXX (about 49 bits). */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as stored: what the person typed without spaces and hyphens, upper-cased (the contract normalizes it so). */
const normalizeRecovery = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/**
 * The back office's second factor (docs/security.md, "Getting into the back office"): TOTP (RFC 6238) with one-time
 * recovery codes. `policy` says whom the store requires it of; it is offered to every staff member in any case. A code
 * is accepted once (the step of the last one taken is kept, so a code seen over a shoulder cannot be replayed), and
 * recovery codes are kept as digests and spent by a conditional update, so two uses of one code let one through.
 */
export function createSecondFactors(deps: AccountServiceDeps & { policy: SecondFactorPolicy }) {
  const { now, audit } = deps;
  const db = accountTables(deps.db);
  const tx = { db, engine: deps.engine };
  const repo = createSecondFactorRepository(db);

  function required(role: StaffRole): boolean {
    return deps.policy === 'staff' || (deps.policy === 'owners' && role === 'owner');
  }

  /** The time step of `code` for `secret`, when it is one of the codes of now (± WINDOW steps), else null. */
  function stepOf(secret: string, account: string, code: string): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const timestamp = now().getTime();
    const delta = totpOf(secret, account).validate({ token: code, timestamp, window: WINDOW });
    return delta === null ? null : Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
  }

  async function newRecoveryCodes(r: SecondFactorRepository, userId: number, at: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await r.replaceRecoveryCodes(userId, codes.map((code) => digest(normalizeRecovery(code))), at);
    return codes;
  }

  function notice(to: { email: string; name: string }, subject: string, text: string, facts: Array<[string, string]>) {
    return composeMail({
      to: to.email,
      replyTo: deps.storeEmail,
      subject,
      greeting: `Dear ${to.name},`,
      blocks: [paragraph(text), fields(facts), paragraph('If this was not you, tell an owner of the store at once: someone may know your password.')],
    });
  }

  return {
    required,

    async isEnrolled(userId: number): Promise<boolean> {
      return (await repo.findConfirmed(userId)) !== undefined;
    },

    async status(userId: number, role: StaffRole): Promise<SecondFactorStatus> {
      const row = await repo.findConfirmed(userId);
      const left = row ? await repo.countUnusedRecoveryCodes(userId) : 0;
      return { enrolled: row !== undefined, required: required(role), confirmed_at: row?.confirmed_at ?? null, recovery_codes_left: left };
    },

    /** A new secret for a person setting up their second factor (any earlier unfinished one is replaced). */
    async begin(user: { id: number; email: string }): Promise<SecondFactorEnrollment> {
      const secret = new Secret({ size: 20 }).base32;
      const at = now().toISOString();
      await writeTransaction(tx, async (trx) => {
        const r = createSecondFactorRepository(trx);
        if (await r.findConfirmed(user.id)) throw new ConflictError(ADMIN_MESSAGES.alreadyEnrolled);
        await r.replaceEnrollment(user.id, secret, at);
      });
      return { secret: secret.replace(/(.{4})/g, '$1 ').trim(), otpauth_uri: totpOf(secret, user.email).toString(), issuer: ISSUER, account: user.email };
    },

    /** The first code from the app confirms the secret: the second factor is on, and its recovery codes are shown once. */
    async confirm(actor: Actor, code: string): Promise<string[]> {
      const userId = actor.id!;
      const codes = await writeTransaction(tx, async (trx) => {
        const r = createSecondFactorRepository(trx);
        const row = await r.find(userId);
        if (!row) throw new NotFoundError(ADMIN_MESSAGES.noEnrollment);
        if (row.confirmed_at) throw new ConflictError(ADMIN_MESSAGES.alreadyEnrolled);
        const step = stepOf(row.secret, actor.email, code);
        if (step === null) throw new ValidationError({ code: [ADMIN_MESSAGES.enrollCodeWrong] }, ADMIN_MESSAGES.enrollCodeWrong);
        const at = now().toISOString();
        await r.confirm(userId, at, step);
        const codes = await newRecoveryCodes(r, userId, at);
        await audit.record(trx, actor, { action: 'staff.second_factor_on', subject: { type: 'staff', id: actor.email }, before: null, after: { second_factor: 'totp' } });
        await deps.mail.enqueue(trx, [
          notice(actor, 'Two-step sign-in is on for your Everstone back office', 'Signing in to the back office now asks for a code from your authenticator app after your password.', [
            ['When', new Date(at).toUTCString()],
            ['From', actor.from],
          ]),
        ]);
        return codes;
      });
      deps.mail.flush();
      return codes;
    },

    /**
     * Checks a code at sign-in: the app's code of now (never one already used), or a recovery code not yet spent. Says
     * which kind it was, or null when it is neither.
     */
    async verify(user: { id: number; email: string; name: string }, code: string, from: string): Promise<{ kind: 'totp' | 'recovery'; recoveryLeft: number } | null> {
      const result = await writeTransaction(tx, async (trx) => {
        const r = createSecondFactorRepository(trx);
        const row = await r.findConfirmed(user.id);
        if (!row) return null;
        if (/^\d{6}$/.test(code)) {
          const step = stepOf(row.secret, user.email, code);
          if (step === null) return null;
          // A code is taken once: the step must be later than the last one accepted.
          return (await r.takeStep(user.id, step)) ? { kind: 'totp' as const, recoveryLeft: -1 } : null;
        }
        const at = now().toISOString();
        if (!(await r.spendRecoveryCode(user.id, digest(normalizeRecovery(code)), at))) return null;
        const left = await r.countUnusedRecoveryCodes(user.id);
        // A recovery code used is news to its owner: if it was not them, their codes are known to someone.
        await deps.mail.enqueue(trx, [
          notice(user, 'A recovery code was used to sign in to the Everstone back office', `A recovery code of yours was used to sign in. ${left} remain; make new ones from “Your account” in the back office.`, [
            ['When', new Date(at).toUTCString()],
            ['From', from],
          ]),
        ]);
        return { kind: 'recovery' as const, recoveryLeft: left };
      });
      if (result?.kind === 'recovery') deps.mail.flush();
      return result;
    },

    /** New recovery codes; the old ones stop working. */
    async regenerate(actor: Actor): Promise<string[]> {
      return writeTransaction(tx, async (trx) => {
        const r = createSecondFactorRepository(trx);
        if (!(await r.findConfirmed(actor.id!))) throw new ConflictError(ADMIN_MESSAGES.notEnrolled);
        const codes = await newRecoveryCodes(r, actor.id!, now().toISOString());
        await audit.record(trx, actor, { action: 'staff.recovery_codes', subject: { type: 'staff', id: actor.email } });
        return codes;
      });
    },

    /** Turns the second factor off, where the store does not require it of the person's role. */
    async disable(actor: Actor, role: StaffRole): Promise<void> {
      if (required(role)) throw new ForbiddenError(ADMIN_MESSAGES.secondFactorRequired);
      await writeTransaction(tx, async (trx) => {
        const r = createSecondFactorRepository(trx);
        if (!(await r.findConfirmed(actor.id!))) throw new ConflictError(ADMIN_MESSAGES.notEnrolled);
        await r.remove(actor.id!);
        await audit.record(trx, actor, { action: 'staff.second_factor_off', subject: { type: 'staff', id: actor.email }, before: { second_factor: 'totp' }, after: null });
        await deps.mail.enqueue(trx, [
          notice(actor, 'Two-step sign-in is off for your Everstone back office', 'Signing in to the back office asks for your password only from now on.', [['From', actor.from]]),
        ]);
      });
      deps.mail.flush();
    },

    /**
     * Takes a person's second factor away (a lost phone and lost codes; the command line): their sessions end, and the
     * next sign-in sets up a new one where it is required. The person and every owner are told.
     */
    async reset(actor: Actor, userId: number): Promise<boolean> {
      const done = await writeTransaction(tx, async (trx) => {
        const accounts = createAccountRepository(trx);
        const user = await accounts.findContact(userId);
        if (!user) return false;
        if (!(await createSecondFactorRepository(trx).remove(userId))) return false;
        await deps.endBackOfficeSessions(trx, userId);
        await audit.record(trx, actor, { action: 'staff.second_factor_reset', subject: { type: 'staff', id: user.email }, before: { second_factor: 'totp' }, after: null });
        const owners = await accounts.ownerContacts();
        const recipients = new Map<string, string>([[user.email, user.name], ...owners.map((o) => [o.email, o.name] as [string, string])]);
        const by = actor.id === null ? `the command line (${actor.from})` : `${actor.name} <${actor.email}>`;
        await deps.mail.enqueue(
          trx,
          [...recipients].map(([email, name]) =>
            notice({ email, name }, `${user.name}'s two-step sign-in was reset`, `${by} took away ${user.name}'s second factor. Their back-office sessions have ended; their next sign-in sets up a new one.`, [
              ['Person', `${user.name} <${user.email}>`],
              ['When', now().toUTCString()],
            ]),
          ),
        );
        return true;
      });
      if (done) deps.mail.flush();
      return done;
    },
  };
}

export type SecondFactors = ReturnType<typeof createSecondFactors>;
