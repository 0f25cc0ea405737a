import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { commandLineActor, createAuditLog, type AuditLog } from '../audit/index.ts';
import { importTaxRateFile, parseRateFraction, readTaxRateFile, TaxRateHeaderError, type RecordTaxRateImport } from './index.ts';
import { createTaxRateRepository } from './repository.ts';
import { taxTables } from './tables.ts';

const HEADER = 'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel';
const NY = [
  'NY,10036,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,1',
  'NY,10037,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,1',
  'NY,12207,ALBANY COUNTY,0.080000,0.040000,0.040000,0.000000,0.000000,1',
];
const NJ = ['NJ,07102,NEWARK,0.066250,0.066250,0.000000,0.000000,0.000000,1', 'NJ,08079,SALEM COUNTY,0.033125,0.033125,0.000000,0.000000,0.000000,1'];

describe('parseRateFraction', () => {
  it('reads a fraction exactly, digit by digit', () => {
    expect(['0.088750', '.0625', '0', '0.0', '0.25', '0.0887500', '0.000001'].map(parseRateFraction)).toEqual([88_750, 62_500, 0, 0, 250_000, 88_750, 1]);
  });

  it('refuses what is not a fraction from 0 to 0.25 with at most six decimals', () => {
    for (const bad of ['', '8.875', '8.875%', '0.2500001', '0.26', '1', '-0.01', '0.0887501', 'abc', '0,0625', '.', '1e-2']) expect(parseRateFraction(bad), bad).toBeNull();
  });
});

describe.each(TEST_ENGINES)('the ZIP-level rate import on %s', (engine) => {
  let db: TestDb;
  let audit: AuditLog;
  let dir: string;
  let fileNumber = 0;
  const actor = commandLineActor('test');
  const record: RecordTaxRateImport = (trx, entry) => audit.record(trx, actor, entry);
  const now = () => new Date('2026-03-02T10:00:00.000Z');
  const file = (...lines: string[]) => {
    const path = join(dir, `rates-${++fileNumber}.csv`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  const rows = async () =>
    (await taxTables(db.db).selectFrom('tax_zip_rates').select(['state', 'zip', 'combined_millionths']).orderBy('state').orderBy('zip').execute()).map(
      (r) => `${r.state} ${r.zip} ${Number(r.combined_millionths)}`,
    );
  const importFile = (path: string, options: { record?: RecordTaxRateImport } = {}) => importTaxRateFile(db, path, { record: options.record ?? record, now });

  beforeAll(async () => {
    db = await createTestDb(engine);
    audit = createAuditLog({ db: db.db, now });
    dir = mkdtempSync(join(tmpdir(), 'everstone-tax-rates-'));
  });

  beforeEach(async () => {
    await taxTables(db.db).deleteFrom('tax_zip_rates').execute();
  });

  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads a good file, with its rates in millionths, and counts each state’s rows', async () => {
    const summary = await importFile(file(HEADER, ...NY, ...NJ));
    expect(summary).toEqual({
      rows: 5,
      applied: true,
      errors: [],
      states: [
        { state: 'NJ', rows: 2, replaced: 0 },
        { state: 'NY', rows: 3, replaced: 0 },
      ],
    });
    expect(await rows()).toEqual(['NJ 07102 66250', 'NJ 08079 33125', 'NY 10036 88750', 'NY 10037 88750', 'NY 12207 80000']);
    expect(await createTaxRateRepository(taxTables(db.db)).ratesForZip('10036')).toEqual([
      { zip: '10036', state: 'NY', region: 'NEW YORK CITY', combinedMillionths: 88_750, stateMillionths: 40_000, countyMillionths: 0, cityMillionths: 45_000, specialMillionths: 3_750 },
    ]);
    const entries = await audit.of('tax', 'zip-rates');
    expect(entries.at(-1)).toMatchObject({ action: 'tax.import', actor: { name: 'test' }, after: { rows: 5, states: { NJ: 2, NY: 3 }, replaced: { NJ: 0, NY: 0 } } });
  });

  it('lists every bad row by its line, with what is wrong, and writes nothing', async () => {
    await importFile(file(HEADER, ...NJ));
    const before = await rows();
    const entriesBefore = (await audit.of('tax', 'zip-rates')).length;
    const summary = await importFile(
      file(
        HEADER,
        NY[0]!,
        'NY,100360,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,1',
        'PR,00901,SAN JUAN,0.115000,0.105000,0.000000,0.010000,0.000000,1',
        'NY,10038,NEW YORK CITY,8.875,0.040000,0.000000,0.045000,0.003750,1',
        'NY,10039,NEW YORK CITY,0.090000,0.040000,0.000000,0.045000,0.003750,1',
        'NY,10036,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,1',
        'NY,10040,,0.088750,0.040000,0.000000,0.045000,0.003750,1',
        'NY,10041,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000',
        'NY,10042,NEW YORK CITY,0.088755,0.040000,0.000000,0.045000,0.003750,1',
      ),
    );
    expect(summary.applied).toBe(false);
    expect(summary.rows).toBe(9);
    expect(summary.errors).toEqual([
      { line: 3, problems: ['ZipCode "100360" is not a 5-digit ZIP code'] },
      { line: 4, problems: ['State "PR" is not a US state’s code (AL … WY, or DC)'] },
      { line: 5, problems: ['EstimatedCombinedRate "8.875" is not a rate from 0 to 0.25 written as a fraction with at most six decimals, such as 0.088750'] },
      { line: 6, problems: ['EstimatedCombinedRate 0.090000 is not the sum of the state, county, city and special rates (0.088750)'] },
      { line: 7, problems: ['ZIP code 10036 (NY) is also on line 2'] },
      { line: 8, problems: ['TaxRegionName is empty'] },
      { line: 9, problems: ['it has 7 fields where the header has 9', 'EstimatedSpecialRate is empty'] },
    ]);
    // Within the publisher's rounding (0.00001) the combined rate stands: line 10 is good.
    expect(summary.errors.map((e) => e.line)).not.toContain(10);
    expect(await rows()).toEqual(before);
    expect(await audit.of('tax', 'zip-rates')).toHaveLength(entriesBefore);
  });

  it('puts back the leading zeros a spreadsheet drops, and reads a file saved with a BOM and CRLF lines', async () => {
    const path = join(dir, 'excel.csv');
    writeFileSync(path, `\ufeff${HEADER}\r\nMA,2108,BOSTON,0.062500,0.062500,0,0,0,1\r\nNY,501,HOLTSVILLE,0.086250,0.040000,0.042500,0,0.003750,2\r\n`);
    expect(await importFile(path)).toMatchObject({ applied: true, rows: 2 });
    expect(await rows()).toEqual(['MA 02108 62500', 'NY 00501 86250']);
  });

  it('takes RiskLevel as optional, the columns in any order, and refuses a header it cannot read', async () => {
    const reordered = file('ZipCode,State,StateRate,EstimatedCombinedRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,TaxRegionName', '97201,OR,0,0,0,0,0,PORTLAND');
    expect(await importFile(reordered)).toMatchObject({ applied: true, states: [{ state: 'OR', rows: 1 }] });
    await expect(readTaxRateFile(file('State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate'))).rejects.toThrow(new TaxRateHeaderError('Missing columns: EstimatedCountyRate, EstimatedCityRate, EstimatedSpecialRate.'));
    await expect(readTaxRateFile(file(`${HEADER},Notes`))).rejects.toThrow('Unknown column "Notes".');
    await expect(readTaxRateFile(file(''))).rejects.toThrow('The file is empty: it needs a header row.');
    await expect(readTaxRateFile(file(HEADER))).rejects.toThrow('The file has a header and no rows.');
  });

  it('replaces the rows of the states a file covers, and leaves the others', async () => {
    await importFile(file(HEADER, ...NY, ...NJ));
    const summary = await importFile(file(HEADER, 'NY,10001,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,1', 'NY,12207,ALBANY COUNTY,0.081000,0.040000,0.041000,0.000000,0.000000,1'));
    expect(summary.states).toEqual([{ state: 'NY', rows: 2, replaced: 3 }]);
    expect(await rows()).toEqual(['NJ 07102 66250', 'NJ 08079 33125', 'NY 10001 88750', 'NY 12207 81000']);
    expect((await audit.of('tax', 'zip-rates')).at(-1)).toMatchObject({ after: { rows: 2, states: { NY: 2 }, replaced: { NY: 3 } } });
  });

  it('keeps a ZIP code on a state line in each state’s file, and a re-import of one state keeps the other’s', async () => {
    await importFile(file(HEADER, 'KY,42223,CHRISTIAN COUNTY,0.060000,0.060000,0,0,0,1'));
    await importFile(file(HEADER, 'TN,42223,MONTGOMERY COUNTY,0.097500,0.070000,0.027500,0,0,1'));
    expect(await rows()).toEqual(['KY 42223 60000', 'TN 42223 97500']);
    await importFile(file(HEADER, 'TN,42223,MONTGOMERY COUNTY,0.095000,0.070000,0.025000,0,0,1'));
    expect(await rows()).toEqual(['KY 42223 60000', 'TN 42223 95000']);
  });

  it('applies a file in one transaction: a failure before it commits leaves every row as it was', async () => {
    await importFile(file(HEADER, ...NY));
    const before = await rows();
    const failing: RecordTaxRateImport = async () => {
      throw new Error('the audit log is unavailable');
    };
    await expect(importFile(file(HEADER, 'NY,10001,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,1'), { record: failing })).rejects.toThrow('the audit log is unavailable');
    expect(await rows()).toEqual(before);
  });

  it('loads a whole state’s file in batches', async () => {
    const many = Array.from({ length: 1_234 }, (_, i) => `TX,${String(75_000 + i)},DALLAS,0.082500,0.062500,0.000000,0.010000,0.010000,1`);
    expect(await importFile(file(HEADER, ...many))).toMatchObject({ applied: true, states: [{ state: 'TX', rows: 1_234 }] });
    expect((await createTaxRateRepository(taxTables(db.db)).countByState()).get('TX')).toBe(1_234);
  });
});
