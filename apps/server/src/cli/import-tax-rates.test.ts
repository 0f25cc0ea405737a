import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_ENGINES, type TestDb } from '../test/database.ts';
import { createAuditLog } from '../modules/audit/index.ts';
import { createTableTaxProvider } from '../modules/tax/index.ts';
import { DEFAULT_TAX_NEXUS } from '@everstone/contract';

const program = fileURLToPath(new URL('./import-tax-rates.ts', import.meta.url));
const HEADER = 'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel';

describe.each(TEST_ENGINES)('npm run import:tax-rates on %s', (engine) => {
  let db: TestDb;
  let dir: string;

  // Each call starts a process of its own: seconds on a busy machine, hence the cases' longer time limits.
  function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(process.execPath, [program, ...args], { env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: db.url }, timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }
  const csv = (name: string, lines: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };

  beforeAll(async () => {
    db = await createTestDb(engine);
    dir = mkdtempSync(join(tmpdir(), 'everstone-cli-tax-'));
  });

  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a good file, prints its rows per state and logs it as the command line', { timeout: 120_000 }, async () => {
    const file = csv('TAXRATES_ZIP5_NY202603.csv', [HEADER, 'NY,10036,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,1', 'NY,12207,ALBANY COUNTY,0.080000,0.040000,0.040000,0.000000,0.000000,1']);
    const result = await run(file);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ {2}NY New York +2 ZIP codes \(0 replaced\)$/m);
    expect(result.stdout).toMatch(/^Imported 2 ZIP codes' rates for 1 state\.$/m);
    const entries = await createAuditLog({ db: db.db, now: () => new Date() }).of('tax', 'zip-rates');
    expect(entries.map((e) => [e.action, e.actor.id, e.actor.name, e.actor.email, e.after])).toEqual([
      ['tax.import', null, 'npm run import:tax-rates', expect.stringMatching(new RegExp(`@${hostname()}$`)), { file: 'TAXRATES_ZIP5_NY202603.csv', rows: 2, states: { NY: 2 }, replaced: { NY: 0 } }],
    ]);
    expect(await createTableTaxProvider({ db: db.db, nexus: DEFAULT_TAX_NEXUS }).quote({ country: 'United States', postal: '10036' }, [{ totalCents: 10_000 }])).toMatchObject({ source: 'zip', totalCents: 888 });
  });

  it('lists each bad row by its line, imports nothing and exits 2', { timeout: 120_000 }, async () => {
    const file = csv('bad.csv', [HEADER, 'NY,10001,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,1', 'NY,ABCDE,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,1', 'XX,10002,NEW YORK CITY,0.088750,0.040000,0.000000,0.045000,0.003750,1']);
    const result = await run(file);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('line 3: ZipCode "ABCDE" is not a 5-digit ZIP code');
    expect(result.stderr).toContain('line 4: State "XX" is not a US state’s code (AL … WY, or DC)');
    expect(result.stderr).toContain('Read 3 rows: 2 have errors, so nothing was imported. Correct them and run the import again.');
    const zips = await db.db.selectFrom('tax_zip_rates').select('zip').orderBy('zip').execute();
    expect(zips.map((r) => r.zip)).toEqual(['10036', '12207']);
  });

  it('explains its columns, and refuses a file it cannot read', { timeout: 120_000 }, async () => {
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('* EstimatedCombinedRate');
    const missing = await run(join(dir, 'nowhere.csv'));
    expect([missing.code, missing.stderr.trim()]).toEqual([1, `No such file: ${join(dir, 'nowhere.csv')}`]);
    const header = await run(csv('header.csv', ['State,Zip,Rate', 'NY,10036,0.08875']));
    expect(header.code).toBe(1);
    expect(header.stderr).toMatch(/^Unknown column "Zip"\.\n\nUsage: npm run import:tax-rates -- FILE\.csv/);
  });
});
