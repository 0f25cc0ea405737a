import type { Insertable, Kysely, Selectable } from 'kysely';
import type { StaffChangeTable, StaffInvitationTable } from '../../db/schema.ts';
import type { AccountTables } from './tables.ts';

export type InvitationRow = Selectable<StaffInvitationTable>;
export type ChangeRow = Selectable<StaffChangeTable>;

/**
 * The staff's invitations and the owners' changes waiting for a second owner or their time. `db` may be a
 * transaction. Each step that two requests could race for (a link used twice, a change confirmed and cancelled at
 * once) is a conditional UPDATE, so exactly one of them changes the row.
 */
export function createStaffRepository(db: Kysely<AccountTables>) {
  return {
    /** Invitations to the address not yet used stop working. */
    async revokeOpenInvitationsTo(email: string, at: string): Promise<void> {
      await db.updateTable('staff_invitations').set({ revoked_at: at }).where('email', '=', email).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
    },

    async insertInvitation(values: Insertable<StaffInvitationTable>): Promise<InvitationRow> {
      return db.insertInto('staff_invitations').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** Withdraws an invitation not yet used or withdrawn; null when there is none such. */
    async revokeInvitation(id: number, at: string): Promise<InvitationRow | null> {
      const row = await db
        .updateTable('staff_invitations')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    async findInvitationByToken(tokenHash: string): Promise<InvitationRow | undefined> {
      return db.selectFrom('staff_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },

    /** Marks the link's invitation accepted if it still is open and unexpired: of two uses racing, one gets the row. */
    async claimInvitation(tokenHash: string, at: string): Promise<InvitationRow | null> {
      const row = await db
        .updateTable('staff_invitations')
        .set({ accepted_at: at })
        .where('token_hash', '=', tokenHash)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    /** The account that took the invitation up. */
    async setInvitationUser(id: number, userId: number): Promise<void> {
      await db.updateTable('staff_invitations').set({ user_id: userId }).where('id', '=', id).execute();
    },

    /** Invitations neither used, withdrawn nor expired at `at`, newest first. */
    async openInvitations(at: string): Promise<InvitationRow[]> {
      return db
        .selectFrom('staff_invitations')
        .selectAll()
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('created_at', 'desc')
        .execute();
    },

    /** The changes waiting, the soonest due first. */
    async openChanges(): Promise<ChangeRow[]> {
      return db.selectFrom('staff_changes').selectAll().where('resolved_at', 'is', null).orderBy('effective_at').execute();
    },

    async findOpenChange(id: number): Promise<ChangeRow | undefined> {
      return db.selectFrom('staff_changes').selectAll().where('id', '=', id).where('resolved_at', 'is', null).executeTakeFirst();
    },

    /** The change waiting for this person's role, if one is. */
    async findOpenChangeOf(userId: number): Promise<ChangeRow | undefined> {
      return db.selectFrom('staff_changes').selectAll().where('user_id', '=', userId).where('resolved_at', 'is', null).executeTakeFirst();
    },

    async insertChange(values: Insertable<StaffChangeTable>): Promise<ChangeRow> {
      return db.insertInto('staff_changes').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** Waiting changes due by `at`, at most `limit`. */
    async dueChanges(at: string, limit: number): Promise<ChangeRow[]> {
      return db.selectFrom('staff_changes').selectAll().where('resolved_at', 'is', null).where('effective_at', '<=', at).limit(limit).execute();
    },

    /** Resolves a waiting change with `outcome`, if it still waits: true for the one request that did. */
    async resolveChange(id: number, r: { at: string; outcome: string; by: string }): Promise<boolean> {
      const result = await db.updateTable('staff_changes').set({ resolved_at: r.at, outcome: r.outcome, resolved_by: r.by }).where('id', '=', id).where('resolved_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Cancels a waiting change, if it still waits; the change as cancelled, or null. */
    async cancelChange(id: number, at: string, by: string): Promise<ChangeRow | null> {
      const row = await db
        .updateTable('staff_changes')
        .set({ resolved_at: at, outcome: 'cancelled', resolved_by: by })
        .where('id', '=', id)
        .where('resolved_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    /** A change resolved but no longer possible (the owner who asked is not one any more, or no owner would be left). */
    async voidChange(id: number): Promise<void> {
      await db.updateTable('staff_changes').set({ outcome: 'void' }).where('id', '=', id).execute();
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
