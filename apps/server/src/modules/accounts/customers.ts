import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import { escapeLike } from '../../lib/like.ts';

export interface CustomerRecord {
  id: number;
  email: string;
  name: string;
  title: string;
  role: 'customer' | 'staff' | 'owner';
  since: string;
}

function toRecord(row: Pick<UserRow, 'id' | 'email' | 'name' | 'title' | 'role' | 'created_at'>): CustomerRecord {
  const role = row.role === 'staff' || row.role === 'owner' ? row.role : 'customer';
  return { id: Number(row.id), email: row.email, name: row.name, title: row.title, role, since: row.created_at };
}

/**
 * The accounts as the back office finds them: by name or email, a page at a time, and one by id. Never the password
 * hash, tokens or reset links: the columns read are named here.
 */
export function createCustomerDirectory(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  const columns = ['id', 'email', 'name', 'title', 'role', 'created_at'] as const;
  return {
    async search(q: string | undefined, page: number, perPage: number): Promise<{ customers: CustomerRecord[]; total: number }> {
      let query = db.selectFrom('users');
      const text = q?.trim().toLowerCase();
      if (text) {
        const contains = `%${escapeLike(text)}%`;
        query = query.where((eb) => eb.or([sql<boolean>`email like ${`${escapeLike(text)}%`} escape '\\'`, sql<boolean>`lower(name) like ${contains} escape '\\'`]));
      }
      const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      const rows = await query.select(columns).orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute();
      return { customers: rows.map(toRecord), total: Number(total) };
    },

    async find(id: number): Promise<CustomerRecord> {
      const row = await db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
      if (!row) throw new NotFoundError('No customer has that id.');
      return toRecord(row);
    },
  };
}

export type CustomerDirectory = ReturnType<typeof createCustomerDirectory>;
