/**
 * `npm run seed -- --count N [--seed S] [--replace]`: fills the catalog with a generated demo inventory.
 * Honours DATABASE_URL like the server does.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { createDb, migrateToLatest } from '../db/database.ts';
import { commandLineActor, createAuditLog } from '../modules/audit/index.ts';
import { InventoryNotEmptyError, seedInventory } from '../modules/inventory/index.ts';
import { seedDemoJewelry } from '../modules/jewelry/index.ts';

const USAGE = 'Usage: npm run seed -- [--count N] [--seed S] [--replace]\n' +
  '  --count    stones to generate (default 100000, at most 10000000)\n' +
  '  --seed     whole number that fixes the inventory (default 1): the same seed gives the same stones\n' +
  '  --replace  delete the stones already in the database first';

function wholeNumber(name: string, raw: string, max: number): number {
  const value = /^\d+$/.test(raw.replace(/_/g, '')) ? Number(raw.replace(/_/g, '')) : Number.NaN;
  if (!Number.isSafeInteger(value) || value > max) throw new UsageError(`--${name} must be a whole number from 0 to ${max} (got "${raw}")`);
  return value;
}

class UsageError extends Error {}

async function main() {
  let args;
  try {
    args = parseArgs({
      options: {
        count: { type: 'string', default: '100000' },
        seed: { type: 'string', default: '1' },
        replace: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const count = wholeNumber('count', args.count, 10_000_000);
  const seed = wholeNumber('seed', args.seed, 2 ** 31 - 1);
  const config = loadConfig();
  const d = createDb(config.DATABASE_URL);
  try {
    await migrateToLatest(d);
    // The jewelry catalog first: it is seeded once, into an empty catalog, whatever happens to the diamonds.
    const catalog = await seedDemoJewelry(d);
    console.log(
      catalog.seeded
        ? `Seeded the jewelry catalog: ${catalog.products} pieces in ${catalog.variants.toLocaleString('en-US')} variants.`
        : `The jewelry catalog already holds pieces; it is left as it is${catalog.giftPieces > 0 ? `, and the free gift's ${catalog.giftPieces} pieces it lacked were added with their stock` : ''}.`,
    );
    console.log(`Seeding ${count.toLocaleString('en-US')} diamonds (seed ${seed}) into ${d.describe}...`);
    const started = Date.now();
    let lastReport = 0;
    // Run on a live store, a seed replaces every stone and its price: it is on the audit log, in its transaction.
    const audit = createAuditLog({ db: d.db, now: () => new Date() });
    const result = await seedInventory(d, {
      count,
      seed,
      replace: args.replace,
      record: (trx, seeded) => audit.record(trx, commandLineActor('npm run seed'), { action: 'stone.seed', subject: { type: 'inventory', id: 'all' }, after: seeded }),
      onProgress(done, total) {
        const now = Date.now();
        if (now - lastReport < 1000 && done < total) return;
        lastReport = now;
        process.stderr.write(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} (${Math.round((done / total) * 100)}%)\n`);
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const replaced = result.deleted > 0 ? `, replacing ${result.deleted.toLocaleString('en-US')}` : '';
    console.log(`Seeded ${result.count.toLocaleString('en-US')} diamonds in ${seconds} s${replaced}.`);
  } finally {
    await d.close();
  }
}

try {
  await main();
} catch (err) {
  if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
  else if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof InventoryNotEmptyError) console.error(`The database already holds ${err.existing.toLocaleString('en-US')} diamonds. Add --replace to delete them and seed anew.`);
  else console.error(`Seeding failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
