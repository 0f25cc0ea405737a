import type { Insertable, Kysely } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { DiamondRow, DiamondTable } from '../../db/schema.ts';
import type { InventoryTables } from './tables.ts';

/**
 * The stones' rows as the back office's desk and the supplier import read and write them. Reservations and sales go
 * through repository.ts (the stock), the builder's holds through hold-repository.ts.
 */
export function createStoneRepository(db: Kysely<InventoryTables>) {
  return {
    async byId(id: number): Promise<DiamondRow | null> {
      return (await db.selectFrom('diamonds').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },

    /**
     * The stones of these certificates, in id order (the order every writer of several stones locks them in); on
     * PostgreSQL locked for the transaction, so what a change calls "before" is what it replaces.
     */
    async byCertificates(numbers: readonly string[], engine: Engine): Promise<DiamondRow[]> {
      const read = db.selectFrom('diamonds').selectAll().where('certificate_number', 'in', [...numbers]).orderBy('id');
      return engine === 'postgres' ? read.forUpdate().execute() : read.execute();
    },

    /** Changes `columns` of a stone that still has `status`: false when an order (or anyone) moved it meanwhile. */
    async updateIfStatus(id: number, status: string, columns: Partial<DiamondRow>): Promise<boolean> {
      const result = await db.updateTable('diamonds').set(columns).where('id', '=', id).where('status', '=', status).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Inserts new stones; answers each one's id by its certificate number. */
    async insert(rows: readonly Insertable<DiamondTable>[]): Promise<Map<string, number>> {
      if (rows.length === 0) return new Map();
      const made = await db.insertInto('diamonds').values([...rows]).returning(['id', 'certificate_number']).execute();
      return new Map(made.map((r) => [r.certificate_number, Number(r.id)]));
    },

    /** Up to `limit` stones after the id `after`, in id order (a page of an export). */
    async pageAfter(after: number, limit: number): Promise<DiamondRow[]> {
      return db.selectFrom('diamonds').selectAll().where('id', '>', after).orderBy('id').limit(limit).execute();
    },
  };
}
