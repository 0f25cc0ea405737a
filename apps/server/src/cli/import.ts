/**
 * `npm run import -- FILE.csv`: loads a supplier's inventory. Valid rows are inserted, or update the stone
 * with the same certificate number; invalid rows, and rows that would take a stone an order reserved or sold
 * back on sale, are listed with their line and skipped.
 * Honours DATABASE_URL like the server does. The columns are documented in docs/inventory.md.
 */
import { parseArgs } from 'node:util';
import { importFileArgument, printRowErrors } from './import-file.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createDb, migrateToLatest } from '../db/database.ts';
import { commandLineActor, createAuditLog } from '../modules/audit/index.ts';
import { IMPORT_COLUMNS, ImportHeaderError, importCsvFile, type ImportSummary } from '../modules/inventory/index.ts';

const USAGE = 'Usage: npm run import -- FILE.csv\n\nColumns (header row required, * = required):\n' +
  Object.entries(IMPORT_COLUMNS)
    .map(([name, c]) => `  ${c.required ? '*' : ' '} ${name.padEnd(17)} ${c.help}`)
    .join('\n');


async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const named = importFileArgument(positionals, USAGE);
  if ('exit' in named) return named.exit;
  const { file } = named;
  const config = loadConfig();
  const d = createDb(config.DATABASE_URL);
  // Every stone the file adds or changes is on the audit log, as a back-office import's are, under the terminal's user and host.
  const audit = createAuditLog({ db: d.db, now: () => new Date() });
  const actor = commandLineActor('npm run import');
  const summaryEntry = (after: Record<string, unknown>) => ({ action: 'stone.import' as const, subject: { type: 'inventory', id: 'import' }, after });
  let written = null as Readonly<ImportSummary> | null;
  try {
    await migrateToLatest(d);
    const started = Date.now();
    let lastReport = 0;
    let summary: ImportSummary;
    try {
      summary = await importCsvFile(d, file, {
        record: (trx, entries) => audit.recordMany(trx, actor, entries),
        onBatch(sofar) {
          written = sofar;
        },
        onProgress(bytes, total, rows) {
          const now = Date.now();
          if (now - lastReport < 1000) return;
          lastReport = now;
          process.stderr.write(`  ${Math.round((bytes / Math.max(1, total)) * 100)}% read, ${rows.toLocaleString('en-US')} rows\n`);
        },
      });
    } catch (err) {
      // The batches written before the stop stay written, each stone with its entry; the summary says it stopped.
      // The stop's own error is the one to report, whether or not the database still takes the summary.
      if (written) await audit.recordNow(actor, summaryEntry({ stopped: true, file, inserted: written.inserted, updated: written.updated, errors: written.errors.length })).catch(() => {});
      throw err;
    }
    await audit.recordNow(actor, summaryEntry({ file, rows: summary.rows, inserted: summary.inserted, updated: summary.updated, errors: summary.errors.length }));
    printRowErrors(summary.errors);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Read ${summary.rows.toLocaleString('en-US')} rows in ${seconds} s: ${summary.inserted.toLocaleString('en-US')} added, ` +
        `${summary.updated.toLocaleString('en-US')} updated, ${summary.errors.length.toLocaleString('en-US')} skipped with errors.`,
    );
    return summary.errors.length > 0 ? 2 : 0;
  } finally {
    await d.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof ImportHeaderError) console.error(`${err.message}\n\n${USAGE}`);
  else console.error(`The import failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
