import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from './schema.ts';
import { createTestDb } from '../test/database.ts';
import { ACCOUNT_TABLES } from '../modules/accounts/tables.ts';
import { ADDRESS_TABLES } from '../modules/addresses/tables.ts';
import { ADMIN_TABLES } from '../modules/admin/tables.ts';
import { APPOINTMENT_TABLES } from '../modules/appointments/tables.ts';
import { AUDIT_TABLES } from '../modules/audit/tables.ts';
import { DIAMOND_READS, GRADING_TABLES } from '../modules/diamonds/tables.ts';
import { DOCUMENT_TABLES } from '../modules/documents/tables.ts';
import { CONTACT_TABLES } from '../modules/contact/tables.ts';
import { CUSTOM_REQUEST_TABLES } from '../modules/custom-requests/tables.ts';
import { HOME_PREVIEW_TABLES } from '../modules/home-preview/tables.ts';
import { INVENTORY_TABLES } from '../modules/inventory/tables.ts';
import { MAIL_TABLES } from '../modules/mail/tables.ts';
import { NEWSLETTER_TABLES } from '../modules/newsletter/tables.ts';
import { ORDER_TABLES } from '../modules/orders/tables.ts';
import { PAYMENT_TABLES } from '../modules/payments/tables.ts';
import { JEWELRY_TABLES } from '../modules/jewelry/tables.ts';
import { RING_BUILDER_TABLES } from '../modules/ring-builder/tables.ts';
import { TAX_TABLES } from '../modules/tax/tables.ts';
import { PLATFORM_TABLES } from '../plugins/tables.ts';

/** Every module's own tables, as each declares them in its tables.ts. */
const OWNERS = {
  accounts: ACCOUNT_TABLES,
  addresses: ADDRESS_TABLES,
  admin: ADMIN_TABLES,
  appointments: APPOINTMENT_TABLES,
  audit: AUDIT_TABLES,
  diamonds: GRADING_TABLES,
  documents: DOCUMENT_TABLES,
  contact: CONTACT_TABLES,
  'custom-requests': CUSTOM_REQUEST_TABLES,
  'home-preview': HOME_PREVIEW_TABLES,
  inventory: INVENTORY_TABLES,
  mail: MAIL_TABLES,
  newsletter: NEWSLETTER_TABLES,
  orders: ORDER_TABLES,
  payments: PAYMENT_TABLES,
  jewelry: JEWELRY_TABLES,
  'ring-builder': RING_BUILDER_TABLES,
  tax: TAX_TABLES,
  platform: PLATFORM_TABLES,
} as const;

type Owned = (typeof OWNERS)[keyof typeof OWNERS][number];
// The compiler's half: a table of `Database` that no module declares (or a declared one that is not a table) fails
// the type check here.
const everyTableOwned: [Exclude<keyof Database, Owned>] extends [never] ? true : false = true;
const onlyTablesOwned: [Exclude<Owned, keyof Database>] extends [never] ? true : false = true;

describe('table ownership', () => {
  it('gives every table of the database exactly one owning module', async () => {
    expect([everyTableOwned, onlyTablesOwned]).toEqual([true, true]);
    const owners = new Map<string, string[]>();
    for (const [module, tables] of Object.entries(OWNERS)) for (const table of tables) owners.set(table, [...(owners.get(table) ?? []), module]);
    expect([...owners].filter(([, modules]) => modules.length > 1)).toEqual([]);

    // The migrations' half: the tables a fresh database really has are the ones declared.
    const db = await createTestDb('sqlite');
    try {
      const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db.db);
      expect(rows.map((r) => r.name).sort()).toEqual([...owners.keys()].sort());
    } finally {
      await db.destroy();
    }
  });

  it('lets one module read another’s table: the diamond search, the inventory’s stones', () => {
    expect(DIAMOND_READS).toEqual(['diamonds']);
    expect(INVENTORY_TABLES).toContain('diamonds');
  });
});

describe('decision 013', () => {
  it('lists each module’s tables exactly as its tables.ts declares them', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(new URL('../../../../docs/decisions/013-line-items-and-checkout.md', import.meta.url), 'utf8');
    const rows = new Map<string, string[]>();
    for (const line of text.split('\n')) {
      const cells = /^\s*\| (.+?) \| (.+?) \| .+ \|$/.exec(line);
      if (!cells) continue;
      const module = /`([a-z-]+)\/`|\((`plugins\/tables\.ts`)\)/.exec(cells[1]!);
      if (!module) continue;
      const owns = cells[2]!.split('(')[0]!;
      rows.set(module[1] ?? 'platform', [...owns.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!));
    }
    for (const [module, tables] of Object.entries(OWNERS)) expect(rows.get(module), module).toEqual([...tables]);
  });
});
