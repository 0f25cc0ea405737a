import type { Kysely } from 'kysely';
import type { AddressRow } from '../../db/schema.ts';
import type { AddressTables } from './tables.ts';

/** The columns of an address a person types (everything but ids, flags and timestamps). */
export interface AddressFields {
  first_name: string;
  last_name: string;
  company: string | null;
  country: string;
  street: string;
  apartment: string | null;
  city: string;
  state: string | null;
  zip: string;
  phone_number: string;
}

const NULLABLE: ReadonlyArray<keyof AddressFields> = ['company', 'apartment', 'state'];

const normalize = (row: AddressRow): AddressRow => ({
  ...row,
  id: Number(row.id),
  user_id: Number(row.user_id),
  is_get_offer: Number(row.is_get_offer),
  is_default: Number(row.is_default),
});

/** Saved addresses. `db` may be a transaction. */
export function createAddressRepository(db: Kysely<AddressTables>) {
  return {
    async listByUser(userId: number): Promise<AddressRow[]> {
      const rows = await db
        .selectFrom('addresses')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('is_default', 'desc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(normalize);
    },

    async findById(id: number): Promise<AddressRow | null> {
      const row = await db.selectFrom('addresses').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? normalize(row) : null;
    },

    async findDefault(userId: number): Promise<AddressRow | null> {
      const row = await db.selectFrom('addresses').selectAll().where('user_id', '=', userId).where('is_default', '=', 1).executeTakeFirst();
      return row ? normalize(row) : null;
    },

    /** An address of the user with exactly these typed fields (checkout saving the same address again). */
    async findIdentical(userId: number, f: AddressFields): Promise<AddressRow | null> {
      let query = db.selectFrom('addresses').selectAll().where('user_id', '=', userId);
      for (const [column, value] of Object.entries(f) as Array<[keyof AddressFields, string | null]>) {
        query = value === null && NULLABLE.includes(column) ? query.where(column, 'is', null) : query.where(column, '=', value as string);
      }
      const row = await query.orderBy('id').executeTakeFirst();
      return row ? normalize(row) : null;
    },

    async countByUser(userId: number): Promise<number> {
      const row = await db.selectFrom('addresses').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(userId: number, f: AddressFields, flags: { isGetOffer: number; isDefault: boolean }, at: string): Promise<number> {
      const row = await db
        .insertInto('addresses')
        .values({ ...f, user_id: userId, is_get_offer: flags.isGetOffer, is_default: flags.isDefault ? 1 : 0, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(id: number, f: AddressFields, isGetOffer: number, at: string): Promise<void> {
      await db.updateTable('addresses').set({ ...f, is_get_offer: isGetOffer, updated_at: at }).where('id', '=', id).execute();
    },

    async setOffer(id: number, isGetOffer: number, at: string): Promise<void> {
      await db.updateTable('addresses').set({ is_get_offer: isGetOffer, updated_at: at }).where('id', '=', id).execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('addresses').where('id', '=', id).execute();
    },

    /** Makes `id` the user's only default (the old default first loses the flag: the unique index allows one). */
    async makeDefault(userId: number, id: number): Promise<void> {
      await db.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).where('id', '<>', id).execute();
      await db.updateTable('addresses').set({ is_default: 1 }).where('id', '=', id).where('user_id', '=', userId).execute();
    },

    async clearDefault(userId: number): Promise<void> {
      await db.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).execute();
    },

    /** The address checkout gives up to stay within the cap: the one saved or used longest ago, never the default. */
    async stalestOf(userId: number): Promise<number | null> {
      const row = await db
        .selectFrom('addresses')
        .select('id')
        .where('user_id', '=', userId)
        .where('is_default', '=', 0)
        .orderBy('updated_at', 'asc')
        .orderBy('id', 'asc')
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },

    /** The address to promote when the default is deleted: the most recently saved one. */
    async newestOf(userId: number): Promise<number | null> {
      const row = await db
        .selectFrom('addresses')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? Number(row.id) : null;
    },
  };
}

export type AddressRepository = ReturnType<typeof createAddressRepository>;
