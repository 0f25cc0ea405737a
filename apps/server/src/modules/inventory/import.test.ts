import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIN_STONE_PRICE_CENTS, STONE_PRICE_NOT_AN_AMOUNT, STONE_PRICE_TOO_LOW } from '@everstone/contract';
import { createTestDb, TEST_ENGINES, type TestDb } from '../../test/database.ts';
import { commandLineActor, createAuditLog, type AuditLog } from '../audit/index.ts';
import { createCsvParser, ImportHeaderError, importCsv, importCsvFile, MAX_RECORD_CHARS, parseCsv, type CsvRecord, type ImportOptions, type StoneImportEntry } from './import.ts';

/** Feeds `chunks` to a fresh parser, checking after each one that it holds no more than the cap. */
function parseChunks(chunks: Iterable<string>): { records: CsvRecord[]; mostHeld: number } {
  const parser = createCsvParser();
  const records: CsvRecord[] = [];
  let mostHeld = 0;
  for (const chunk of chunks) {
    records.push(...parser.push(chunk));
    const held = parser.held();
    mostHeld = Math.max(mostHeld, held.raw, held.field);
  }
  records.push(...parser.finish());
  return { records, mostHeld };
}

function* split(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

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

  it('gives the same records however the text is split into chunks', () => {
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

  it('reports a quoted field that never closes and reads the lines after it as rows', () => {
    expect(parseCsv('a\n"open')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 2, fields: [], problem: 'unterminated-quote', column: 0 },
    ]);
    expect(parseCsv('a,b\r\n1,"open\r\n2,x\r\n3,"y\nz"\r\n4,w')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: [], problem: 'unterminated-quote', column: 1 },
      { line: 3, fields: ['2', 'x'] },
      { line: 4, fields: ['3', 'y\nz'] },
      { line: 6, fields: ['4', 'w'] },
    ]);
  });

  it('gives up a stray quote at the cap, not at the end of the file, and holds no more than the cap', () => {
    // 5 MB of rows after a stray quote, in 64 KB chunks: every row after the bad line still comes out.
    const rows = Array.from({ length: 50_000 }, (_, i) => `ROW-${i},${'x'.repeat(90)}\n`);
    const text = `h1,h2\nA,"stray\n${rows.join('')}`;
    expect(text.length).toBeGreaterThan(5_000_000);
    const { records, mostHeld } = parseChunks(split(text, 1 << 16));
    expect(mostHeld).toBeLessThanOrEqual(MAX_RECORD_CHARS);
    expect(records.slice(0, 3)).toEqual([
      { line: 1, fields: ['h1', 'h2'] },
      { line: 2, fields: [], problem: 'unterminated-quote', column: 1 },
      { line: 3, fields: ['ROW-0', 'x'.repeat(90)] },
    ]);
    expect(records).toHaveLength(50_002);
    expect(records.at(-1)).toEqual({ line: 50_002, fields: ['ROW-49999', 'x'.repeat(90)] });
  });

  it('drops the rest of a line that runs past the cap with no line break in it', () => {
    // A 5 MB quoted field with no line break at all: nothing after the cap can be a row until the line ends.
    const huge = 'y'.repeat(5_000_000);
    for (const text of [`h\n"${huge}",tail\nok\n`, `h\n${huge}\nok\n`]) {
      const { records, mostHeld } = parseChunks(split(text, 1 << 16));
      expect(mostHeld).toBeLessThanOrEqual(MAX_RECORD_CHARS);
      expect(records).toEqual([
        { line: 1, fields: ['h'] },
        { line: 2, fields: [], problem: text.startsWith('h\n"') ? 'unterminated-quote' : 'too-long', ...(text.startsWith('h\n"') ? { column: 0 } : {}) },
        { line: 3, fields: ['ok'] },
      ]);
    }
  });

  it('recovers from stray quotes the same way however the text is split, a CRLF across chunks included', () => {
    // Three stray quotes: one given up at the cap, one that pairs with a later field's quote, one at the end.
    const plain = Array.from({ length: 800 }, (_, i) => `p${i},plain text\r\n`).join('');
    const quoted = Array.from({ length: 50 }, (_, i) => `q${i},"q""${i}"\r\n`).join('');
    const text = `h1,h2\r\nbad,"never closed\r\n${plain}stray,"again\r\n${quoted}"short\r\nstill bad\r\n`;
    expect(plain.length).toBeGreaterThan(MAX_RECORD_CHARS);
    const whole = parseCsv(text);
    const problems = whole.filter((r) => r.problem);
    expect(problems).toEqual([
      { line: 2, fields: [], problem: 'unterminated-quote', column: 1 },
      { line: 803, fields: [], problem: 'unterminated-quote', column: 1 },
      { line: 854, fields: [], problem: 'unterminated-quote', column: 0 },
    ]);
    expect(whole.filter((r) => r.fields[0]?.startsWith('p'))).toHaveLength(800);
    expect(whole[2]).toEqual({ line: 3, fields: ['p0', 'plain text'] });
    expect(whole.find((r) => r.fields[0] === 'q0')).toEqual({ line: 804, fields: ['q0', 'q"0'] });
    expect(whole.at(-1)).toEqual({ line: 855, fields: ['still bad'] });
    expect(whole).toHaveLength(1 + 800 + 50 + 1 + 3);
    for (const size of [1, 2, 3, 7, 4096]) expect(parseChunks(split(text, size)).records).toEqual(whole);
  });

  it('keeps short quoted fields that span lines', () => {
    expect(parseCsv('a,b\n"note over\ntwo lines",1\nnext,2\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['note over\ntwo lines', '1'] },
      { line: 4, fields: ['next', '2'] },
    ]);
  });
});

const HEADER = 'Certificate Number,Lab,Type,Shape,Carat,Price,Color,Clarity,Cut,Polish,Symmetry,Fluorescence,Length,Width,Table,Depth,Featured,Fancy Color,Fancy Intensity';

describe.each(TEST_ENGINES)('supplier CSV import on %s', (engine) => {
  let db: TestDb;
  let audit: AuditLog;
  const actor = commandLineActor('import test');
  /** The options every import needs: its entries go to the audit log, as the back office's and the command line's do. */
  const logged = (more: Partial<ImportOptions> = {}): ImportOptions => ({ record: (trx, entries) => audit.recordMany(trx, actor, entries), ...more });
  beforeAll(async () => {
    db = await createTestDb(engine);
    audit = createAuditLog({ db: db.db, now: () => new Date() });
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
    const summary = await importCsv(db, parseCsv(csv), logged());
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
    const again = await importCsv(db, parseCsv(`${HEADER}\nimp-1001,GIA,natural,Round,1.01,5900,G,VS1,Excellent,,,,,,,,,,`), logged());
    expect(again).toMatchObject({ rows: 1, inserted: 0, updated: 1, errors: [] });
    const updated = await db.db.selectFrom('diamonds').selectAll().where('certificate_number', '=', 'IMP-1001').executeTakeFirstOrThrow();
    expect(updated.status).toBe('reserved');
    expect(Number(updated.price_cents)).toBe(590_000);
  });

  it('lists a stone priced under the wire discount as a problem row, and stores the rows at the floor and above', async () => {
    const csv = [
      HEADER,
      'IMP-FLOOR-1,GIA,natural,Round,1.01,1.00,G,VS1,Excellent,,,,,,,,,,',
      'IMP-FLOOR-2,GIA,natural,Round,1.01,$4.99,G,VS1,Excellent,,,,,,,,,,',
      'IMP-FLOOR-3,GIA,natural,Round,1.01,5.00,G,VS1,Excellent,,,,,,,,,,',
      'IMP-FLOOR-4,GIA,natural,Round,1.01,0,G,VS1,Excellent,,,,,,,,,,',
    ].join('\n');
    const summary = await importCsv(db, parseCsv(csv), logged());
    expect(summary).toMatchObject({ rows: 4, inserted: 1, updated: 0 });
    expect(summary.errors).toEqual([
      { line: 2, problems: [`price: "1.00" ${STONE_PRICE_TOO_LOW}`] },
      { line: 3, problems: [`price: "$4.99" ${STONE_PRICE_TOO_LOW}`] },
      { line: 5, problems: [`price: "0" ${STONE_PRICE_TOO_LOW}`] },
    ]);
    expect(STONE_PRICE_TOO_LOW).toBe('must be at least $5.00: a bank wire takes $5.00 off every stone');
    const stored = await db.db.selectFrom('diamonds').select(['certificate_number', 'price_cents']).where('certificate_number', 'like', 'IMP-FLOOR-%').execute();
    expect(stored.map((r) => [r.certificate_number, Number(r.price_cents)])).toEqual([['IMP-FLOOR-3', MIN_STONE_PRICE_CENTS]]);
  });

  it('reads a price as the stone editor does: a fraction of a cent or a comma that is not a thousands separator is a problem row', async () => {
    const csv = [
      HEADER,
      'IMP-AMOUNT-1,GIA,natural,Round,1.01,4250.555,G,VS1,Excellent,,,,,,,,,,',
      'IMP-AMOUNT-2,GIA,natural,Round,1.01,"42,50",G,VS1,Excellent,,,,,,,,,,',
      'IMP-AMOUNT-3,GIA,natural,Round,1.01,-4250,G,VS1,Excellent,,,,,,,,,,',
      'IMP-AMOUNT-4,GIA,natural,Round,1.01,"$1,000,000.5",G,VS1,Excellent,,,,,,,,,,',
    ].join('\n');
    const summary = await importCsv(db, parseCsv(csv), logged());
    expect(summary).toMatchObject({ rows: 4, inserted: 1 });
    expect(summary.errors).toEqual([
      { line: 2, problems: [`price: "4250.555" ${STONE_PRICE_NOT_AN_AMOUNT}`] },
      { line: 3, problems: [`price: "42,50" ${STONE_PRICE_NOT_AN_AMOUNT}`] },
      { line: 4, problems: [`price: "-4250" ${STONE_PRICE_NOT_AN_AMOUNT}`] },
    ]);
    const stored = await db.db.selectFrom('diamonds').select(['certificate_number', 'price_cents']).where('certificate_number', 'like', 'IMP-AMOUNT-%').execute();
    expect(stored.map((r) => [r.certificate_number, Number(r.price_cents)])).toEqual([['IMP-AMOUNT-4', 100_000_050]]);
  });

  const WITH_STATUS = `${HEADER},Status`;
  /** A valid natural round; `status` fills the Status column of WITH_STATUS. */
  const row = (certificate: string, price: number | string, status = '') =>
    `${certificate},GIA,natural,Round,1.01,${price},G,VS1,Excellent,,,,,,,,,,,${status}`;
  const stone = (certificate: string) =>
    db.db.selectFrom('diamonds').select(['status', 'price_cents']).where('certificate_number', '=', certificate).executeTakeFirstOrThrow();
  const setStatus = (certificate: string, status: 'reserved' | 'sold') =>
    db.db.updateTable('diamonds').set({ status }).where('certificate_number', '=', certificate).execute();

  it('never puts a reserved or sold stone back on sale: the row is skipped whole and reported', async () => {
    const first = await importCsv(db, parseCsv([WITH_STATUS, row('HELD-1', 5000), row('HELD-2', 5000), row('HELD-3', 5000), row('HELD-4', 5000)].join('\n')), logged());
    expect(first).toMatchObject({ inserted: 4, errors: [] });
    await setStatus('HELD-1', 'reserved');
    await setStatus('HELD-2', 'sold');
    await setStatus('HELD-3', 'reserved');
    await setStatus('HELD-4', 'sold');

    const summary = await importCsv(
      db,
      parseCsv(
        [
          WITH_STATUS,
          row('HELD-1', 4000, 'available'),
          row('HELD-2', 4000, 'Available'),
          row('HELD-3', 4000, 'sold'),
          // Restating what the store already knows changes nothing about the status: the details are updated.
          row('HELD-4', 4100, 'sold'),
        ].join('\n'),
      ),
      logged(),
    );
    expect(summary).toMatchObject({ rows: 4, inserted: 0, updated: 1 });
    expect(summary.errors.map((e) => e.line)).toEqual([2, 3, 4]);
    expect(summary.errors[0]!.problems).toEqual([expect.stringMatching(/^status: stone HELD-1 is reserved by an order .*the row was skipped/)]);
    expect(summary.errors[1]!.problems).toEqual([expect.stringMatching(/^status: stone HELD-2 is sold .*never puts a sold stone back on sale/)]);
    expect(summary.errors[2]!.problems).toEqual([expect.stringMatching(/^status: stone HELD-3 is reserved by an order.*cancel that order/)]);
    expect(await stone('HELD-1')).toMatchObject({ status: 'reserved' });
    expect(await stone('HELD-2')).toMatchObject({ status: 'sold' });
    expect(await stone('HELD-3')).toMatchObject({ status: 'reserved' });
    for (const certificate of ['HELD-1', 'HELD-2', 'HELD-3']) expect(Number((await stone(certificate)).price_cents)).toBe(500_000);
    expect(await stone('HELD-4')).toMatchObject({ status: 'sold' });
    expect(Number((await stone('HELD-4')).price_cents)).toBe(410_000);
  });

  it('hands each batch one entry per stone it adds or changes, naming only what changed; a skipped or unchanged stone has none', async () => {
    const batches: StoneImportEntry[][] = [];
    const watched = (): ImportOptions => ({
      batchSize: 2,
      async record(trx, entries) {
        batches.push([...entries]);
        await audit.recordMany(trx, actor, entries);
      },
    });
    await importCsv(db, parseCsv([WITH_STATUS, row('LOG-1', 5000), row('LOG-2', 5000), row('LOG-3', 5000)].join('\n')), watched());
    expect(batches.map((b) => b.map((e) => e.action))).toEqual([['stone.import_add', 'stone.import_add'], ['stone.import_add']]);
    expect(batches[0]![0]!.after).toMatchObject({ certificate_number: 'LOG-1', price: '5000.00', status: 'available', featured: false, cut: 'Excellent' });
    await setStatus('LOG-3', 'reserved');

    batches.length = 0;
    const ids = new Map((await db.db.selectFrom('diamonds').select(['id', 'certificate_number']).where('certificate_number', 'like', 'LOG-%').execute()).map((r) => [r.certificate_number, String(r.id)]));
    const summary = await importCsv(db, parseCsv([WITH_STATUS, row('LOG-1', 4500), row('LOG-2', 5000, 'hidden'), row('LOG-3', 1, 'available')].join('\n')), watched());
    expect(summary).toMatchObject({ inserted: 0, updated: 2, errors: [{ line: 4 }] });
    // LOG-3 is an order's: its row was skipped whole, and nothing about it is on the log.
    expect(batches.flat().map((e) => [e.action, e.subject.id, e.before, e.after])).toEqual([
      ['stone.import_change', ids.get('LOG-1'), { price: '5000.00' }, { price: '4500.00' }],
      ['stone.import_change', ids.get('LOG-2'), { status: 'available' }, { status: 'hidden' }],
    ]);
    expect((await audit.of('stone', ids.get('LOG-3')!)).map((e) => e.action)).toEqual(['stone.import_add']);

    batches.length = 0;
    await importCsv(db, parseCsv([WITH_STATUS, row('LOG-1', 4500), row('LOG-2', 5000, 'hidden')].join('\n')), watched());
    expect(batches).toEqual([]);
  });

  it('refuses "reserved" in the status column, row by row', async () => {
    await importCsv(db, parseCsv([WITH_STATUS, row('RSV-1', 3000)].join('\n')), logged());
    const summary = await importCsv(db, parseCsv([WITH_STATUS, row('RSV-1', 3000, 'reserved'), row('RSV-2', 3000, 'RESERVED'), row('RSV-3', 3000, 'sold')].join('\n')), logged());
    expect(summary).toMatchObject({ rows: 3, inserted: 1, updated: 0 });
    expect(summary.errors.map((e) => e.line)).toEqual([2, 3]);
    for (const error of summary.errors) {
      expect(error.problems).toEqual([expect.stringMatching(/^status: "reserved" is set only by an order.*use "sold"/)]);
    }
    expect(await stone('RSV-1')).toMatchObject({ status: 'available' });
    await expect(stone('RSV-2')).rejects.toThrow();
    expect(await stone('RSV-3')).toMatchObject({ status: 'sold' });
  });

  it('never un-reserves a stone that an order reserves after the file was read', async () => {
    await importCsv(db, parseCsv([WITH_STATUS, row('RACE-1', 7000)].join('\n')), logged());
    // The records come from a generator, so the order can take the stone after its row was parsed and batched
    // and before the batch is written: there is no status the import could have read beforehand.
    async function* reservedMidway() {
      for (const record of parseCsv([WITH_STATUS, row('RACE-1', 6500, 'available')].join('\n'))) yield record;
      await db.db.updateTable('diamonds').set({ status: 'reserved' }).where('certificate_number', '=', 'RACE-1').where('status', '=', 'available').execute();
    }
    const summary = await importCsv(db, reservedMidway(), logged());
    expect(summary).toMatchObject({ rows: 1, inserted: 0, updated: 0 });
    expect(summary.errors).toEqual([{ line: 2, problems: [expect.stringMatching(/^status: stone RACE-1 is reserved by an order/)] }]);
    expect(await stone('RACE-1')).toMatchObject({ status: 'reserved' });
    expect(Number((await stone('RACE-1')).price_cents)).toBe(700_000);
  });

  it('imports the rows after an unterminated quote and reports the line it opened on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'everstone-import-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    // Suppliers quote prices that carry a thousands separator; a row that forgot the closing quote would
    // otherwise pair with the next row's opening quote, or take the rest of the file with it.
    const quoted = (i: number) => row(`QT-${1000 + i}`, '"$4,250.00"');
    // Enough rows after the second stray quote that the reader gives it up at the cap, not at the end.
    const tail = Array.from({ length: 300 }, (_, i) => row(`QT-${2000 + i}`, 2500));
    const lines = [HEADER, quoted(0), row('QT-BAD', '"$4,250.00'), quoted(1), quoted(2), row('QT-BAD2', '"5000'), ...tail, row('QT-LAST', '"3000')];
    const file = join(dir, 'feed.csv');
    writeFileSync(file, lines.join('\r\n'));
    const summary = await importCsvFile(db, file, logged({ batchSize: 50 }));
    expect(tail.join('\r\n').length).toBeGreaterThan(MAX_RECORD_CHARS);
    expect(summary).toMatchObject({ rows: lines.length - 1, inserted: 3 + 300, updated: 0 });
    expect(summary.errors.map((e) => e.line)).toEqual([3, 6, lines.length]);
    expect(summary.errors[0]!.problems).toEqual([expect.stringMatching(/^price: the quote that opens this field is never closed; close it/)]);
    const { n } = await db.db
      .selectFrom('diamonds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('certificate_number', 'like', 'QT-%')
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(303);
  });

  it('refuses a file whose header lacks required columns, naming them', async () => {
    await expect(importCsv(db, parseCsv('certificate_number,carat\nX-1,1'), logged())).rejects.toThrow(ImportHeaderError);
    await expect(importCsv(db, parseCsv('certificate_number,carat\nX-1,1'), logged())).rejects.toThrow(/lab, type, shape, price, clarity/);
    await expect(importCsv(db, parseCsv(''), logged())).rejects.toThrow(/empty/);
  });

  it('imports a file from disk in batches with progress', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'everstone-import-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'feed.csv');
    const lines = [HEADER];
    for (let i = 0; i < 250; i++) lines.push(`FILE-${1000 + i},GIA,natural,Pear,0.9,3000,F,SI1,Good,,,,,,,,,,`);
    writeFileSync(file, lines.join('\n'));
    const progress: number[] = [];
    const summary = await importCsvFile(db, file, logged({ batchSize: 100, onProgress: (bytes) => progress.push(bytes) }));
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
