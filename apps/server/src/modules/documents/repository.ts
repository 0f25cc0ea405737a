import type { Insertable, Kysely } from 'kysely';
import type { DocumentLinkTable } from '../../db/schema.ts';
import type { DocumentTables } from './tables.ts';

export type NewDocumentLink = Omit<Insertable<DocumentLinkTable>, 'id'>;

/** What a link opens: which document of which order. */
export interface LinkedDocument {
  orderNumber: string;
  document: string;
  line: number | null;
  expiresAt: string;
}

/** The document links: the only place with their SQL. */
export function createDocumentRepository(db: Kysely<DocumentTables>) {
  return {
    async insert(link: NewDocumentLink): Promise<void> {
      await db.insertInto('document_links').values(link).execute();
    },

    /** The document a token's hash opens, while the link has not expired at `at`; undefined otherwise. */
    async findLive(tokenHash: string, at: string): Promise<LinkedDocument | undefined> {
      const row = await db
        .selectFrom('document_links')
        .select(['order_number', 'document', 'line', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return row ? { orderNumber: row.order_number, document: row.document, line: row.line === null ? null : Number(row.line), expiresAt: row.expires_at } : undefined;
    },

    /** Forgets links that expired before `at` (they open nothing already); answers how many. */
    async deleteExpired(at: string): Promise<number> {
      const result = await db.deleteFrom('document_links').where('expires_at', '<=', at).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
