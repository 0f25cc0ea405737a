import type { Kysely, Selectable } from 'kysely';
import type { StaffSecondFactorTable } from '../../db/schema.ts';
import type { AccountTables } from './tables.ts';

export type SecondFactorRow = Selectable<StaffSecondFactorTable>;

/**
 * The staff's TOTP secrets and their recovery codes (kept as digests). `db` may be a transaction. A code is spent by
 * a conditional UPDATE, so of two sign-ins with one code exactly one changes the row.
 */
export function createSecondFactorRepository(db: Kysely<AccountTables>) {
  return {
    /** The person's second factor once confirmed; an enrolment not yet finished is none. */
    async findConfirmed(userId: number): Promise<SecondFactorRow | undefined> {
      return db.selectFrom('staff_second_factors').selectAll().where('user_id', '=', userId).where('confirmed_at', 'is not', null).executeTakeFirst();
    },

    /** The person's secret, confirmed or still being set up. */
    async find(userId: number): Promise<SecondFactorRow | undefined> {
      return db.selectFrom('staff_second_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Everyone whose second factor is on. */
    async confirmedUserIds(): Promise<Set<number>> {
      const rows = await db.selectFrom('staff_second_factors').select('user_id').where('confirmed_at', 'is not', null).execute();
      return new Set(rows.map((r) => Number(r.user_id)));
    },

    /** A new secret to set up, in place of any earlier one. */
    async replaceEnrollment(userId: number, secret: string, at: string): Promise<void> {
      await db.deleteFrom('staff_second_factors').where('user_id', '=', userId).execute();
      await db.insertInto('staff_second_factors').values({ user_id: userId, secret, created_at: at, confirmed_at: null, last_step: null }).execute();
    },

    /** The secret is confirmed by a code of time step `step`, which counts as taken. */
    async confirm(userId: number, at: string, step: number): Promise<void> {
      await db.updateTable('staff_second_factors').set({ confirmed_at: at, last_step: step }).where('user_id', '=', userId).execute();
    },

    /** Takes the code of time step `step`, only if it is later than the last one taken: true when it was. */
    async takeStep(userId: number, step: number): Promise<boolean> {
      const taken = await db
        .updateTable('staff_second_factors')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },

    /** The person's second factor and recovery codes are gone; true when there was a second factor. */
    async remove(userId: number): Promise<boolean> {
      const removed = await db.deleteFrom('staff_second_factors').where('user_id', '=', userId).executeTakeFirst();
      await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
      return Number(removed.numDeletedRows) > 0;
    },

    /** These recovery codes (as digests) in place of the person's old ones. */
    async replaceRecoveryCodes(userId: number, codeHashes: readonly string[], at: string): Promise<void> {
      await db.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
      await db
        .insertInto('staff_recovery_codes')
        .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at })))
        .execute();
    },

    /** Spends a recovery code not yet used: true for the one use that did. */
    async spendRecoveryCode(userId: number, codeHash: string, at: string): Promise<boolean> {
      const spent = await db
        .updateTable('staff_recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1;
    },

    async countUnusedRecoveryCodes(userId: number): Promise<number> {
      const left = await db.selectFrom('staff_recovery_codes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirstOrThrow();
      return Number(left.n);
    },
  };
}

export type SecondFactorRepository = ReturnType<typeof createSecondFactorRepository>;
