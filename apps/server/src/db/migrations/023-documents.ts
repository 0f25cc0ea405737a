import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Engine } from '../database.ts';

const quoted = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));
// The list as it was when this migration was written: a later one that adds a document changes its own CHECK.
const DOCUMENTS = ['invoice', 'packing-slip', 'insurance'];

/**
 * Order documents' links (docs/decisions/023-order-documents.md), the documents module's one table.
 *
 * document_links: a link to one document of one order that opens without signing in until it expires. The token
 * itself is handed out once; only its SHA-256 is kept, so the table read by a stranger opens nothing. The order is
 * named by its public number (the orders module's row id stays in that module); who made the link is kept: the
 * shopper's account, or the staff member's address.
 */
export function documentsMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>) {
      const id = (c: any) => (engine === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey());
      await db.schema
        .createTable('document_links')
        .addColumn('id', 'integer', id)
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('order_number', 'varchar(20)', (c) => c.notNull())
        .addColumn('document', 'varchar(16)', (c) => c.notNull().check(sql`document in (${quoted(DOCUMENTS)})`))
        // The line of an insurance sheet (1-based, as the order lists its lines); null for the others.
        .addColumn('line', 'integer', (c) => c.check(sql`line is null or line >= 1`))
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('created_by_user_id', 'integer')
        .addColumn('created_by_staff', 'varchar(254)')
        .execute();
      // The sweep of expired links, and an order's links.
      await db.schema.createIndex('document_links_expires_idx').on('document_links').columns(['expires_at']).execute();
      await db.schema.createIndex('document_links_order_idx').on('document_links').columns(['order_number']).execute();
    },
  };
}
