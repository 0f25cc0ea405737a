import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_ENGINES, type TestDb } from '../test/database.ts';
import { createAuditLog, type AuditLog } from '../modules/audit/index.ts';
import { demoJewelry, exampleRows, seedDemoJewelry } from '../modules/jewelry/index.ts';

const program = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

describe.each(TEST_ENGINES)('the command-line importers on %s', (engine) => {
  let db: TestDb;
  let audit: AuditLog;
  let dir: string;

  // Each call starts a process of its own: seconds on a busy machine, hence the cases' longer time limits.
  function run(file: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(process.execPath, [program(file), ...args], { env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: db.url }, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }
  const csv = (name: string, lines: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  const commandLine = async () => (await audit.list({ actor: 'command-line', page: 1, per_page: 500 })).entries.reverse();

  beforeAll(async () => {
    db = await createTestDb(engine);
    audit = createAuditLog({ db: db.db, now: () => new Date() });
    dir = mkdtempSync(join(tmpdir(), 'everstone-cli-import-'));
  });

  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('npm run import logs each stone it adds or changes as the command line, and nothing for a file it already has', { timeout: 180_000 }, async () => {
    const header = 'certificate_number,lab,type,shape,carat,price,color,clarity';
    const first = csv('stones.csv', [header, 'CLI-0001,GIA,natural,Round,2.01,509940,G,VS1', 'CLI-0002,GIA,natural,Oval,1.2,6100,F,VS2']);
    const imported = await run('import.ts', first);
    expect(imported.code, imported.stderr).toBe(0);
    const id = async (certificate: string) => String((await db.db.selectFrom('diamonds').select('id').where('certificate_number', '=', certificate).executeTakeFirstOrThrow()).id);

    const cheap = csv('cheap.csv', [header, 'CLI-0001,GIA,natural,Round,2.01,5.00,G,VS1', 'CLI-0002,GIA,natural,Oval,1.2,6100,F,VS2']);
    const changed = await run('import.ts', cheap);
    expect(changed.code, changed.stderr).toBe(0);
    const history = await audit.of('stone', await id('CLI-0001'));
    expect(history.map((e) => [e.action, e.actor.id, e.actor.name, e.actor.email])).toEqual([
      ['stone.import_add', null, 'npm run import', expect.stringMatching(new RegExp(`@${hostname()}$`))],
      ['stone.import_change', null, 'npm run import', expect.stringMatching(new RegExp(`@${hostname()}$`))],
    ]);
    expect([history[1]!.before, history[1]!.after]).toEqual([{ price: '509940.00' }, { price: '5.00' }]);
    expect((await audit.of('stone', await id('CLI-0002'))).map((e) => e.action)).toEqual(['stone.import_add']);

    const entries = (await commandLine()).length;
    expect((await run('import.ts', cheap)).code).toBe(0);
    const after = await commandLine();
    // Only the file's summary: every stone was as the file has it.
    expect(after.slice(entries).map((e) => [e.action, e.after])).toEqual([['stone.import', expect.objectContaining({ rows: 2, inserted: 0, updated: 2, errors: 0 })]]);
  });

  it('npm run import:products and import:stock log each variant whose price or units they change, as the command line', { timeout: 180_000 }, async () => {
    await seedDemoJewelry(db);
    // A piece kept in stock, as the demo catalog has it: the file restates it with an offer.
    const piece = demoJewelry().find((p) => p.variants.some((v) => v.stock !== null))!;
    const sameProduct = exampleRows([piece], piece.variants.length);
    const header = sameProduct[0]!;
    const col = (name: string) => header.indexOf(name);
    const row = sameProduct.find((r, i) => i > 0 && r[col('stock')] !== '')!;
    const sku = row[col('sku')]!;
    const product = String((await db.db.selectFrom('products').select('id').where('slug', '=', piece.slug).executeTakeFirstOrThrow()).id);
    const line = (r: string[]) => r.map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',');

    // An offer of 20% re-prices every variant of the piece; each is an entry with its price before and after.
    const offered = sameProduct.map((r, i) => (i === 0 ? r : r.map((v, j) => (j === col('offer_percent') ? '20' : v))));
    const products = await run('import-products.ts', csv('offer.csv', offered.map(line)));
    expect(products.code, products.stderr).toBe(0);
    const history = await audit.of('product', product);
    expect(history[0]).toMatchObject({ action: 'product.import_change', actor: { id: null, name: 'npm run import:products' }, after: { offer_percent: 20 } });
    const variants = history.filter((e) => e.action === 'variant.import_change');
    expect(variants.map((e) => e.after?.sku)).toEqual(sameProduct.slice(1).map((r) => r[col('sku')]));
    for (const e of variants) expect(Number(e.after!.price)).toBeLessThan(Number(e.before!.price));

    const stock = await run('import-products.ts', '--stock', csv('stock.csv', ['sku,on_hand', `${sku},${Number(row[col('stock')]) + 4}`]));
    expect(stock.code, stock.stderr).toBe(0);
    expect((await audit.of('product', product)).at(-1)).toMatchObject({
      action: 'variant.import_change',
      actor: { id: null, name: 'npm run import:stock' },
      before: { sku, on_hand: Number(row[col('stock')]) },
      after: { sku, on_hand: Number(row[col('stock')]) + 4 },
    });
  });

  it('npm run seed, which replaces every stone and price, is on the log as the command line', { timeout: 180_000 }, async () => {
    const seeded = await run('seed.ts', '--count', '25', '--seed', '7', '--replace');
    expect(seeded.code, seeded.stderr).toBe(0);
    expect((await commandLine()).at(-1)).toMatchObject({ action: 'stone.seed', actor: { id: null, name: 'npm run seed' }, after: { count: 25, seed: 7, deleted: expect.any(Number) } });
  });
});
