import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { ImportHeaderError, importCsv, importCsvFile, parseCsv } from './import.ts';

describe('CSV reader', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and CRLF endings', () => {
    const records = parseCsv('a,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n\r\nlast,,\n');
    expect(records.map((r) => r.fields)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\nlines'],
      ['last', '', ''],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 5]);
  });

  it('gives the same records however the text is split into chunks', async () => {
    const { createCsvParser } = await import('./import.ts');
    const text = '\ufeffh1,h2\n"a""b",c\r\n"d\r\ne",f';
    const whole = parseCsv(text);
    for (let size = 1; size <= 4; size++) {
      const parser = createCsvParser();
      const out = [];
      for (let i = 0; i < text.length; i += size) out.push(...parser.push(text.slice(i, i + size)));
      out.push(...parser.finish());
      expect(out).toEqual(whole);
    }
    expect(whole[0]!.fields).toEqual(['h1', 'h2']);
  });

  it('flags a quoted field that never closes', () => {
    const records = parseCsv('a\n"open');
    expect(records[1]).toMatchObject({ line: 2, unterminated: true });
  });
});

const HEADER = 'Certificate Number,Lab,Type,Shape,Carat,Price,Color,Clarity,Cut,Polish,Symmetry,Fluorescence,Length,Width,Table,Depth,Featured,Fancy Color,Fancy Intensity';

describe.each(TEST_ENGINES)('supplier CSV import on %s', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(engine);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it('imports valid rows, reports each bad row with its line and problems, and updates known stones', async () => {
    const csv = [
      HEADER,
      'IMP-1001,GIA,natural,Round,1.01,"$6,250.00",G,VS1,Excellent,EX,VG,None,6.45,6.42,57,62,yes,,',
      'IMP-1002,IGI,lab,oval,2.05,1890,E,VVS2,Ideal,Excellent,Excellent,Faint,9.8,7.1,58,61.5,no,,',
      'IMP-1003,IGI,color,Radiant,1.2,15000,,VS2,,,,,,,,,,Pink,Fancy Intense',
      'IMP-1004,XYZ,natural,Triangle,abc,,K,VS1,,,,,,,,,maybe,,',
      'IMP-1001,GIA,natural,Round,1.01,6000,G,VS1,Excellent,,,,,,,,,,',
    ].join('\n');
    const summary = await importCsv(db, parseCsv(csv));
    expect(summary).toMatchObject({ rows: 5, inserted: 3, updated: 0 });
    expect(summary.errors.map((e) => e.line)).toEqual([5, 6]);
    const bad = summary.errors[0]!.problems.join('\n');
    for (const column of ['lab', 'shape', 'carat', 'price', 'color', 'featured']) expect(bad).toContain(`${column}:`);
    expect(summary.errors[1]!.problems[0]).toMatch(/already appears on line 2/);

    const stored = await db.db.selectFrom('diamonds').selectAll().where('certificate_number', '=', 'IMP-1002').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ type: 2, shape_id: 4, color_id: 2, clarity_id: 3, cut_id: 4, certificate_company_id: 2, status: 'available' });
    expect(Number(stored.price_cents)).toBe(189_000);
    expect(stored.ratio).toBeCloseTo(9.8 / 7.1, 3);
    const pink = await db.db.selectFrom('diamonds').selectAll().where('certificate_number', '=', 'IMP-1003').executeTakeFirstOrThrow();
    expect(pink).toMatchObject({ color_id: null, fancy_color_id: 2, fancy_intensity_id: 3, measurement_l: null, ratio: null });

    // A reserved stone stays reserved when a later file leaves the status blank, and takes the new price.
    await db.db.updateTable('diamonds').set({ status: 'reserved' }).where('certificate_number', '=', 'IMP-1001').execute();
    const again = await importCsv(db, parseCsv(`${HEADER}\nimp-1001,GIA,natural,Round,1.01,5900,G,VS1,Excellent,,,,,,,,,,`));
    expect(again).toMatchObject({ rows: 1, inserted: 0, updated: 1, errors: [] });
    const updated = await db.db.selectFrom('diamonds').selectAll().where('certificate_number', '=', 'IMP-1001').executeTakeFirstOrThrow();
    expect(updated.status).toBe('reserved');
    expect(Number(updated.price_cents)).toBe(590_000);
  });

  it('refuses a file whose header lacks required columns, naming them', async () => {
    await expect(importCsv(db, parseCsv('certificate_number,carat\nX-1,1'))).rejects.toThrow(ImportHeaderError);
    await expect(importCsv(db, parseCsv('certificate_number,carat\nX-1,1'))).rejects.toThrow(/lab, type, shape, price, clarity/);
    await expect(importCsv(db, parseCsv(''))).rejects.toThrow(/empty/);
  });

  it('imports a file from disk in batches with progress', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'everstone-import-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'feed.csv');
    const lines = [HEADER];
    for (let i = 0; i < 250; i++) lines.push(`FILE-${1000 + i},GIA,natural,Pear,0.9,3000,F,SI1,Good,,,,,,,,,,`);
    writeFileSync(file, lines.join('\n'));
    const progress: number[] = [];
    const summary = await importCsvFile(db, file, { batchSize: 100, onProgress: (bytes) => progress.push(bytes) });
    expect(summary).toMatchObject({ rows: 250, inserted: 250, updated: 0, errors: [] });
    expect(progress.length).toBeGreaterThan(0);
    const { n } = await db.db
      .selectFrom('diamonds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('certificate_number', 'like', 'FILE-%')
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(250);
  });
});
