/**
 * `npm run bench:search`: the diamond search under load on 1,000,000 stones, as shoppers use it.
 *
 * Seeds a scratch database (SQLite, and PostgreSQL when BENCH_PG_URL or TEST_DATABASE_URL is set), starts the real
 * server on it (`npm start`'s Node flags, the storefront built), and measures with autocannon (32 connections, no
 * pipelining), in one run:
 *
 * - **unique searches**: every request new (continuous slider values, all eleven ranges, shapes, tabs, report,
 *   featured, certificate prefixes, every sort, pages 1–50), so no cache can answer: the search itself;
 * - **while they run**, a page (`/cart`) and `/healthz` on 2 connections each: whether a search holds up the process;
 * - the **repeated mix** (a fixed list of 1,000 searches sent over and over: what a cache answers), the search's
 *   **counts** (`/api/diamond-facets`) for unique searches, and the bare `/healthz` alone;
 * - start-up (process start to /readyz 200, the stones loaded), the server's peak memory, and **freshness**: how long
 *   a reservation, and an import of 10,000 stones, take to show in the search of two instances on one database.
 *
 * With BENCH_COMPARE=1 the unique searches also run against `SEARCH_ENGINE=database` (SQL on every search).
 * Numbers, not a pass/fail test: they go into docs/performance.md.
 *
 * Options (environment): BENCH_COUNT (default 1000000), BENCH_DURATION seconds per run (default 20),
 * BENCH_ENGINES (sqlite,postgres), BENCH_KEEP=1 to reuse an already seeded scratch database, BENCH_COMPARE=1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDb, createInventoryService, generateDiamonds, migrateToLatest, seedInventory } from '@everstone/server/tools';
import { searchMix, uniqueSearches } from './mix.ts';
import { chooseBuild } from './web-build.ts';

const COUNT = Number(process.env.BENCH_COUNT ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = 32;
const PORT = Number(process.env.BENCH_PORT ?? 3301);
const scratch = resolve('data/bench');
/** The flags `npm start` gives the server (package.json), so the benchmark measures the same process. */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=256'];

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

interface RunResult { label: string; requests: number; rps: number; p50: number; p95: number; p99: number; errors: number }

async function load(label: string, paths: string[] | (() => string), seconds = DURATION, connections = CONNECTIONS, port = PORT): Promise<RunResult> {
  let i = 0;
  const nextPath = typeof paths === 'function' ? paths : () => paths[i++ % paths.length]!;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        pipelining: 1,
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
  });
  latencies.sort((a, b) => a - b);
  const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
  const out = {
    label,
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors,
  };
  console.log(`  ${label.padEnd(44)} ${String(out.rps).padStart(6)} req/s  p50 ${out.p50.toFixed(1)} ms  p95 ${out.p95.toFixed(1)} ms  p99 ${out.p99.toFixed(1)} ms  errors ${errors}`);
  return out;
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

interface Server {
  child: ChildProcess;
  /** From the process's start to /readyz answering 200 (the stones loaded into memory). */
  readyMs: number;
}

async function startServer(databaseUrl: string, buildDir: string, mode: 'memory' | 'database', port = PORT): Promise<Server> {
  const started = performance.now();
  // The server as `npm start` runs it, serving the build chosen above.
  const launch = `const { startServer } = await import('./apps/server/src/server.ts'); await startServer({ buildDir: process.env.WEB_BUILD_DIR });`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), '--input-type=module', '-e', launch], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      STORE_MODE: 'demo',
      LOG_LEVEL: 'warn',
      RATE_LIMITS_ENABLED: 'false',
      SEARCH_ENGINE: mode,
      WEB_BUILD_DIR: buildDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let t = 0; t < 1200; t++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { child, readyMs: performance.now() - started };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready');
}

async function stop(server: Server): Promise<void> {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

/** The unique searches at 32 connections, and a page and /healthz on 2 connections each at the same time. */
async function underLoad(label: string) {
  const [unique, page, health] = await Promise.all([
    load(`${label}: unique searches`, uniqueSearches(Date.now() % 100_000)),
    load(`${label}: /cart meanwhile (2 connections)`, ['/cart'], DURATION, 2),
    load(`${label}: /healthz meanwhile (2 connections)`, ['/healthz'], DURATION, 2),
  ]);
  return { unique, page, health };
}

/** Waits until `check` holds, polling; returns the milliseconds from `since`. */
async function until(check: () => Promise<boolean>, since: number, limitMs = 60_000): Promise<number> {
  for (;;) {
    if (await check()) return performance.now() - since;
    if (performance.now() - since > limitMs) throw new Error('the change did not show in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function totalOf(port: number, query: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/get-all-diamonds?${query}`);
  return ((await res.json()) as { total: number }).total;
}

/**
 * Two instances on one database: a stone reserved by an order, then 10,000 stones imported, each timed from its
 * commit to the moment both instances' searches show it.
 */
async function freshness(databaseUrl: string, buildDir: string) {
  const second = PORT + 1;
  const [a, b] = await Promise.all([startServer(databaseUrl, buildDir, 'memory'), startServer(databaseUrl, buildDir, 'memory', second)]);
  const d = createDb(databaseUrl);
  try {
    const stone = await d.db.selectFrom('diamonds').select('id').where('status', '=', 'available').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const query = `checkedDiamonds=${stone.id}&showOnlyChecked=1`;
    const inventory = createInventoryService({ db: d.db });
    const unit = { kind: 'diamond' as const, diamondId: Number(stone.id), label: 'bench' };
    let since = performance.now();
    await d.db.transaction().execute(async (trx) => {
      await inventory.reserve(trx, [unit]);
      await inventory.changed(trx);
    });
    const reserved = await Promise.all([PORT, second].map((port) => until(async () => (await totalOf(port, query)) === 0, since)));
    // Back on sale, so a second run finds the inventory as the seed left it.
    await d.db.transaction().execute((trx) => inventory.release(trx, [unit]));

    const before = await totalOf(PORT, '');
    const fresh = [...generateDiamonds({ count: 10_000, seed: Date.now() % 1_000_000 })].map((row, k) => ({ ...row, certificate_number: `BENCH${Date.now()}${k}` }));
    since = performance.now();
    await d.db.transaction().execute(async (trx) => {
      for (let k = 0; k < fresh.length; k += 500) await trx.insertInto('diamonds').values(fresh.slice(k, k + 500)).execute();
      await inventory.changed(trx);
    });
    const commitMs = performance.now() - since;
    const imported = await Promise.all([PORT, second].map((port) => until(async () => (await totalOf(port, '')) >= before + 10_000, since)));
    await d.db.deleteFrom('diamonds').where('certificate_number', 'like', 'BENCH%').execute();
    await d.db.transaction().execute((trx) => inventory.changed(trx));
    const f = (xs: number[]) => xs.map((x) => `${x.toFixed(0)} ms`).join(' and ');
    console.log(`  freshness, two instances: a reservation showed after ${f(reserved)}; 10,000 imported stones (committed in ${commitMs.toFixed(0)} ms) after ${f(imported)}`);
    return { reserved, imported, commitMs };
  } finally {
    await d.close();
    await Promise.all([stop(a), stop(b)]);
  }
}

async function prepare(engine: 'sqlite' | 'postgres'): Promise<string> {
  let url: string;
  if (engine === 'sqlite') {
    mkdirSync(scratch, { recursive: true });
    const file = join(scratch, 'search.db');
    url = `sqlite:${file}`;
    if (process.env.BENCH_KEEP && existsSync(file)) return url;
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  } else {
    const admin = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL!;
    const u = new URL(admin);
    u.pathname = '/everstone_bench';
    url = u.toString();
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    const exists = (await c.query(`select 1 from pg_database where datname = 'everstone_bench'`)).rowCount;
    if (!(process.env.BENCH_KEEP && exists)) {
      await c.query('drop database if exists everstone_bench with (force)');
      await c.query('create database everstone_bench');
    } else { await c.end(); return url; }
    await c.end();
  }
  const d = createDb(url);
  await migrateToLatest(d);
  const started = performance.now();
  await seedInventory(d, { count: COUNT, seed: 1, onProgress: () => {} });
  console.log(`  seeded ${COUNT.toLocaleString('en-US')} stones in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (engine === 'postgres') await (await import('kysely')).sql`analyze`.execute(d.db);
  await d.close();
  return url;
}

async function benchEngine(engine: 'sqlite' | 'postgres', buildDir: string) {
  console.log(`\n== ${engine}, ${COUNT.toLocaleString('en-US')} stones (load average ${loadavg()[0]!.toFixed(1)})`);
  const url = await prepare(engine);
  const server = await startServer(url, buildDir, 'memory');
  console.log(`  ready (stones in memory) ${(server.readyMs / 1000).toFixed(1)} s after start`);
  let memory;
  try {
    const meanwhile = await underLoad('memory');
    const repeated = await load('memory: repeated mix (1,000 searches)', searchMix(1000));
    // The counts beside the filters and the bars behind the sliders, for searches never seen before.
    const unique = uniqueSearches(Date.now() % 100_000 + 1);
    const facets = await load('memory: unique facet counts', () => unique().replace('/api/get-all-diamonds?', '/api/diamond-facets?'));
    const bare = await load('memory: bare /healthz alone', ['/healthz']);
    const rss = peakRssMb(server.child.pid!);
    console.log(`  server peak RSS ${rss} MB`);
    memory = { ...meanwhile, repeated, facets, bare, rss, readyMs: server.readyMs };
  } finally {
    await stop(server);
  }
  let database;
  if (process.env.BENCH_COMPARE) {
    const sqlServer = await startServer(url, buildDir, 'database');
    try {
      database = await underLoad('database');
    } finally {
      await stop(sqlServer);
    }
  }
  const fresh = await freshness(url, buildDir);
  return { engine, memory, database, fresh };
}

const engines = (process.env.BENCH_ENGINES ?? `sqlite${process.env.BENCH_PG_URL || process.env.TEST_DATABASE_URL ? ',postgres' : ''}`).split(',') as Array<'sqlite' | 'postgres'>;
console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
const build = chooseBuild(scratch);
try {
  for (const engine of engines) await benchEngine(engine, build.dir);
} finally {
  if (build.temporary) rmSync(build.dir, { recursive: true, force: true });
}
