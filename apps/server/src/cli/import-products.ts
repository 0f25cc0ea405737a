/**
 * `npm run import:products -- FILE.csv`: loads jewelry, one row per variant (products grouped by slug), priced by
 * the store's price model; `--example` prints a starting file from the demo catalog. `npm run import:stock --
 * FILE.csv` sets units on hand by SKU. Units held by open orders are never put back on sale. Honours DATABASE_URL
 * like the server does. The columns are documented in docs/jewelry.md.
 */
import { parseArgs } from 'node:util';
import { importFileArgument, printRowErrors } from './import-file.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createDb, migrateToLatest } from '../db/database.ts';
import { createInventoryService } from '../modules/inventory/index.ts';
import { unitsHeldFromStock } from '../modules/orders/index.ts';
import {
  PRODUCT_IMPORT_COLUMNS,
  ProductImportHeaderError,
  STOCK_IMPORT_COLUMNS,
  demoJewelry,
  exampleRows,
  importProductsFile,
  importStockFile,
  type HeldUnits,
  type RecordJewelryImport,
} from '../modules/jewelry/index.ts';
import { commandLineActor, createAuditLog } from '../modules/audit/index.ts';

const stockOnly = process.argv.includes('--stock');
const columns = stockOnly ? STOCK_IMPORT_COLUMNS : PRODUCT_IMPORT_COLUMNS;
const USAGE =
  `Usage: npm run ${stockOnly ? 'import:stock' : 'import:products'} -- FILE.csv${stockOnly ? '' : '   (or --example > FILE.csv)'}\n\nColumns (header row required, * = required):\n` +
  Object.entries(columns)
    .map(([name, c]) => `  ${c.required ? '*' : ' '} ${name.padEnd(15)} ${c.help}`)
    .join('\n');


const csvField = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h', default: false }, example: { type: 'boolean', default: false }, stock: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.example && !stockOnly) {
    for (const row of exampleRows(demoJewelry())) console.log(row.map(csvField).join(','));
    return 0;
  }
  const named = importFileArgument(positionals, USAGE);
  if ('exit' in named) return named.exit;
  const { file } = named;
  const config = loadConfig();
  const d = createDb(config.DATABASE_URL);
  try {
    await migrateToLatest(d);
    const inventory = createInventoryService({ db: d.db });
    const heldUnits: HeldUnits = unitsHeldFromStock;
    // Every product and variant the file adds or changes is on the audit log, in its own transaction, under the terminal's user and host.
    const audit = createAuditLog({ db: d.db, now: () => new Date() });
    const actor = commandLineActor(stockOnly ? 'npm run import:stock' : 'npm run import:products');
    const record: RecordJewelryImport = (trx, entries) => audit.recordMany(trx, actor, entries);
    const started = Date.now();
    let lastReport = 0;
    const onProgress = (bytes: number, total: number, rows: number) => {
      const now = Date.now();
      if (now - lastReport < 1000) return;
      lastReport = now;
      process.stderr.write(`  ${Math.round((bytes / Math.max(1, total)) * 100)}% read, ${rows.toLocaleString('en-US')} rows\n`);
    };
    const summary = stockOnly
      ? await importStockFile(d, file, { inventory, heldUnits, record, onProgress })
      : await importProductsFile(d, file, { inventory, heldUnits, record, onProgress });
    printRowErrors(summary.errors);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const done =
      'products' in summary
        ? `${summary.products.inserted} products added, ${summary.products.updated} updated; ${summary.variants.inserted} variants added, ${summary.variants.updated} updated`
        : `${summary.updated} variants' stock set`;
    console.log(`Read ${summary.rows.toLocaleString('en-US')} rows in ${seconds} s: ${done}; ${summary.errors.length} rows skipped with errors.`);
    return summary.errors.length > 0 ? 2 : 0;
  } finally {
    await d.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof ProductImportHeaderError) console.error(`${err.message}\n\n${USAGE}`);
  else console.error(`The import failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
