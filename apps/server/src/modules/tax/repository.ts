import { isUsStateCode, type ZipTaxRate } from '@everstone/contract';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { TaxZipRateTable } from '../../db/schema.ts';
import type { TaxTables } from './tables.ts';

// 10 columns a row: 500 rows stay far below both engines' limits on a statement's parameters.
const BATCH = 500;

function toRate(row: Selectable<TaxZipRateTable>): ZipTaxRate | null {
  // Written only by the import, which checks the state; a row that is not one is skipped rather than trusted.
  if (!isUsStateCode(row.state)) return null;
  return {
    zip: row.zip,
    state: row.state,
    region: row.region,
    combinedMillionths: Number(row.combined_millionths),
    stateMillionths: Number(row.state_millionths),
    countyMillionths: Number(row.county_millionths),
    cityMillionths: Number(row.city_millionths),
    specialMillionths: Number(row.special_millionths),
  };
}

/** The ZIP-level rates: the only place with their SQL. */
export function createTaxRateRepository(db: Kysely<TaxTables>) {
  return {
    /** A ZIP code's rows: none, one, or one for each state a ZIP code on a state line is filed under. */
    async ratesForZip(zip: string): Promise<ZipTaxRate[]> {
      const rows = await db.selectFrom('tax_zip_rates').selectAll().where('zip', '=', zip).orderBy('state').execute();
      return rows.map(toRate).filter((r): r is ZipTaxRate => r !== null);
    },

    /** How many rows each state has. */
    async countByState(): Promise<Map<string, number>> {
      const rows = await db.selectFrom('tax_zip_rates').select(['state', db.fn.countAll<number>().as('n')]).groupBy('state').execute();
      return new Map(rows.map((r) => [r.state, Number(r.n)]));
    },

    /** Deletes every row of `states` and inserts `rates` in their place; the caller holds the transaction. */
    async replaceStates(states: readonly string[], rates: readonly ZipTaxRate[], importedAt: string): Promise<void> {
      if (states.length > 0) await db.deleteFrom('tax_zip_rates').where('state', 'in', [...states]).execute();
      const rows: Insertable<TaxZipRateTable>[] = rates.map((r) => ({
        zip: r.zip,
        state: r.state,
        region: r.region,
        combined_millionths: r.combinedMillionths,
        state_millionths: r.stateMillionths,
        county_millionths: r.countyMillionths,
        city_millionths: r.cityMillionths,
        special_millionths: r.specialMillionths,
        imported_at: importedAt,
      }));
      for (let i = 0; i < rows.length; i += BATCH) await db.insertInto('tax_zip_rates').values(rows.slice(i, i + BATCH)).execute();
    },
  };
}
