import { DEFAULT_TAX_NEXUS, parseTaxNexus, type TaxNexus, type ZipTaxRate } from '@everstone/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../../db/transaction.ts';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { createTableTaxProvider, zipRowFor, type TaxProvider } from './index.ts';
import { createTaxRateRepository } from './repository.ts';
import { taxTables } from './tables.ts';

const rate = (zip: string, state: ZipTaxRate['state'], combined: number, parts: [number, number, number, number], region = 'REGION'): ZipTaxRate => ({
  zip,
  state,
  region,
  combinedMillionths: combined,
  stateMillionths: parts[0],
  countyMillionths: parts[1],
  cityMillionths: parts[2],
  specialMillionths: parts[3],
});

const us = (postal: string) => ({ country: 'United States' as const, postal });
const ca = (postal: string) => ({ country: 'Canada' as const, postal });

describe('zipRowFor', () => {
  it('takes a ZIP code’s only row, or the row of its prefix’s state when it is filed in two states', () => {
    const ky = rate('42223', 'KY', 60_000, [60_000, 0, 0, 0]);
    const tn = rate('42223', 'TN', 97_500, [70_000, 27_500, 0, 0]);
    expect(zipRowFor('42223', [])).toBeNull();
    expect(zipRowFor('42223', [tn])).toBe(tn);
    // 422 is Kentucky's prefix.
    expect(zipRowFor('42223', [ky, tn])).toBe(ky);
    expect(zipRowFor('42223', [tn, ky])).toBe(ky);
  });
});

describe.each(TEST_ENGINES)('the table tax provider on %s', (engine) => {
  let db: TestDb;
  let provider: TaxProvider;
  const line = (totalCents: number) => [{ totalCents }];

  beforeAll(async () => {
    db = await createTestDb(engine);
    await writeTransaction({ db: taxTables(db.db), engine }, (trx) =>
      createTaxRateRepository(trx).replaceStates(
        ['NY', 'KY', 'TN'],
        [
          rate('10036', 'NY', 88_750, [40_000, 0, 45_000, 3_750], 'NEW YORK CITY'),
          rate('06390', 'NY', 86_250, [40_000, 42_500, 0, 3_750], 'SUFFOLK COUNTY'),
          rate('42223', 'KY', 60_000, [60_000, 0, 0, 0], 'CHRISTIAN COUNTY'),
          rate('42223', 'TN', 97_500, [70_000, 27_500, 0, 0], 'MONTGOMERY COUNTY'),
        ],
        '2026-03-02T10:00:00.000Z',
      ),
    );
    provider = createTableTaxProvider({ db: db.db, nexus: DEFAULT_TAX_NEXUS });
  });

  afterAll(async () => {
    await db?.destroy();
  });

  it('is the table provider', () => {
    expect(provider.id).toBe('table');
  });

  it('charges a ZIP code’s own row where the store has one', async () => {
    const quote = await provider.quote(us('10036-1234'), line(250_000));
    expect(quote).toMatchObject({ ok: true, collected: true, place: 'New York', source: 'zip', totalCents: 22_188 });
    expect(quote.ok && quote.lines[0]!.components.map((c) => [c.jurisdiction, c.taxCents])).toEqual([
      ['New York state tax', 10_000],
      ['City tax, NEW YORK CITY', 11_250],
      ['Special district tax, NEW YORK CITY', 938],
    ]);
  });

  it('charges the state’s default elsewhere in the state', async () => {
    // New York's 4% and its 4.5416% average local rate: 8.5416% of $2,500.00 is $213.54.
    expect(await provider.quote(us('14604'), line(250_000))).toMatchObject({ ok: true, collected: true, place: 'New York', source: 'default', totalCents: 21_354 });
  });

  it('taxes a ZIP code on a state line where its row says: Fishers Island is New York, not Connecticut', async () => {
    expect(await provider.quote(us('06390'), line(10_000))).toMatchObject({ place: 'New York', source: 'zip', totalCents: 863 });
    expect(await provider.quote(us('06103'), line(10_000))).toMatchObject({ place: 'Connecticut', source: 'default', totalCents: 635 });
    // Filed in both Kentucky's and Tennessee's files: its prefix's state, Kentucky, decides.
    expect(await provider.quote(us('42223'), line(10_000))).toMatchObject({ place: 'Kentucky', source: 'zip', totalCents: 600 });
  });

  it('charges nothing outside the nexus, nor in a state without a sales tax, and says so', async () => {
    const nyOnly: TaxNexus = { states: ['NY'], canada: false };
    const narrow = createTableTaxProvider({ db: db.db, nexus: nyOnly });
    expect(await narrow.quote(us('42223'), line(10_000))).toMatchObject({ ok: true, collected: false, why: 'outside-nexus', message: 'No sales tax is collected for Kentucky', totalCents: 0 });
    expect(await narrow.quote(ca('M5V 3L9'), line(10_000))).toMatchObject({ collected: false, why: 'outside-nexus', message: 'No sales tax is collected for Ontario' });
    expect(await narrow.quote(us('10036'), line(10_000))).toMatchObject({ collected: true, totalCents: 888 });
    expect(await provider.quote(us('97201'), line(10_000))).toMatchObject({ collected: false, why: 'no-sales-tax', message: 'No sales tax is collected for Oregon' });
    const none = parseTaxNexus('none');
    expect(none.ok && (await createTableTaxProvider({ db: db.db, nexus: none.nexus }).quote(us('10036'), line(10_000)))).toMatchObject({ collected: false, totalCents: 0 });
  });

  it('charges Canada by province, with no ZIP look-up', async () => {
    expect(await provider.quote(ca('M5V 3L9'), line(10_000))).toMatchObject({ place: 'Ontario', totalCents: 1_300 });
    expect(await provider.quote(ca('H2Y 1C6'), line(10_000))).toMatchObject({ place: 'Quebec', totalCents: 1_498 });
  });

  it('gives the shopper’s message for a code it cannot place', async () => {
    expect(await provider.quote(us('1234'), line(10_000))).toEqual({ ok: false, message: 'Enter a 5-digit ZIP code' });
    expect(await provider.quote(ca('D1A 1A1'), line(10_000))).toEqual({ ok: false, message: 'Enter a postal code such as K1A 0B1' });
  });

  it('reads with the caller’s transaction when it is asked from inside one', async () => {
    // On SQLite the pool is one connection: a read through it from inside this transaction would wait for ever.
    const quote = await writeTransaction({ db: taxTables(db.db), engine }, (trx) => provider.quote(us('10036'), line(10_000), { tx: trx }));
    expect(quote).toMatchObject({ source: 'zip', totalCents: 888 });
  });
});
