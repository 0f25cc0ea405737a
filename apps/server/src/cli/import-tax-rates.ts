/**
 * `npm run import:tax-rates -- FILE.csv`: loads a ZIP-level sales tax rate file (the columns of the common free
 * rate tables: State, ZipCode, TaxRegionName, EstimatedCombinedRate, StateRate, EstimatedCountyRate,
 * EstimatedCityRate, EstimatedSpecialRate, RiskLevel). Every bad row is listed with its line and nothing is written;
 * a good file replaces the rows of the states it covers in one transaction. Honours DATABASE_URL like the server
 * does. The columns and what the store does with them are in docs/taxes.md.
 */
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { importFileArgument, printRowErrors } from './import-file.ts';
import { US_STATES } from '@everstone/contract';
import { ConfigError, loadConfig } from '../config.ts';
import { createDb, migrateToLatest } from '../db/database.ts';
import { commandLineActor, createAuditLog } from '../modules/audit/index.ts';
import { TAX_RATE_COLUMNS, TaxRateHeaderError, importTaxRateFile } from '../modules/tax/index.ts';

const USAGE =
  'Usage: npm run import:tax-rates -- FILE.csv\n\nColumns (header row required, * = required; rates are fractions: 0.088750 is 8.875%):\n' +
  Object.entries(TAX_RATE_COLUMNS)
    .map(([name, c]) => `  ${c.required ? '*' : ' '} ${name.padEnd(21)} ${c.help}`)
    .join('\n');


async function main(): Promise<number> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h', default: false } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const named = importFileArgument(positionals, USAGE);
  if ('exit' in named) return named.exit;
  const { file } = named;
  const config = loadConfig();
  const d = createDb(config.DATABASE_URL);
  try {
    await migrateToLatest(d);
    // The file's entry is on the audit log, in the import's own transaction, under the terminal's user and host.
    const audit = createAuditLog({ db: d.db, now: () => new Date() });
    const actor = commandLineActor('npm run import:tax-rates');
    const summary = await importTaxRateFile(d, file, { record: (trx, entry) => audit.record(trx, actor, entry), now: () => new Date(), name: basename(file) });
    printRowErrors(summary.errors);
    if (!summary.applied) {
      const bad = summary.errors.length;
      console.error(`Read ${summary.rows.toLocaleString('en-US')} rows: ${bad.toLocaleString('en-US')} ${bad === 1 ? 'has' : 'have'} errors, so nothing was imported. Correct ${bad === 1 ? 'it' : 'them'} and run the import again.`);
      return 2;
    }
    for (const s of summary.states) {
      console.log(`  ${s.state} ${US_STATES[s.state].padEnd(21)} ${s.rows.toLocaleString('en-US').padStart(6)} ZIP codes (${s.replaced.toLocaleString('en-US')} replaced)`);
    }
    console.log(`Imported ${summary.rows.toLocaleString('en-US')} ZIP codes' rates for ${summary.states.length} ${summary.states.length === 1 ? 'state' : 'states'}.`);
    return 0;
  } finally {
    await d.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof TaxRateHeaderError) console.error(`${err.message}\n\n${USAGE}`);
  else console.error(`The import failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
