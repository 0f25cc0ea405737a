import type { Handle } from '../../db/tables.ts';
import { NotFoundError } from '../../errors.ts';
import { createAccountRepository, type CustomerColumns } from './repository.ts';
import { accountTables } from './tables.ts';

export interface CustomerRecord {
  id: number;
  email: string;
  name: string;
  title: string;
  role: 'customer' | 'staff' | 'owner';
  since: string;
}

function toRecord(row: CustomerColumns): CustomerRecord {
  const role = row.role === 'staff' || row.role === 'owner' ? row.role : 'customer';
  return { id: Number(row.id), email: row.email, name: row.name, title: row.title, role, since: row.created_at };
}

/**
 * The accounts as the back office finds them: by name or email, a page at a time, and one by id. Never the password
 * hash, tokens or reset links: the repository reads only the columns it names (CUSTOMER_COLUMNS).
 */
export function createCustomerDirectory(deps: { db: Handle }) {
  const repo = createAccountRepository(accountTables(deps.db));
  return {
    async search(q: string | undefined, page: number, perPage: number): Promise<{ customers: CustomerRecord[]; total: number }> {
      const { rows, total } = await repo.searchCustomers(q?.trim().toLowerCase(), page, perPage);
      return { customers: rows.map(toRecord), total };
    },

    async find(id: number): Promise<CustomerRecord> {
      const row = await repo.findCustomer(id);
      if (!row) throw new NotFoundError('No customer has that id.');
      return toRecord(row);
    },
  };
}

export type CustomerDirectory = ReturnType<typeof createCustomerDirectory>;
