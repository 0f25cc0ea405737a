/**
 * `npm run bench:search`: the diamond search under load on 1,000,000 stones.
 *
 * Seeds a scratch database (SQLite, and PostgreSQL when BENCH_PG_URL or TEST_DATABASE_URL is set),
 * starts the real server on it, and drives it with autocannon (32 connections, no pipelining) through a
 * fixed pseudo-random mix of realistic searches, deep pages included. Reports p50/p95/p99 and requests/s
 * beside a bare JSON route of the same server in the same run, page 1 against page 50, the share of the
 * total count in a search's time, and the server's peak memory. Numbers, not a pass/fail test:
 * they go into docs/performance.md.
 *
 * Options (environment): BENCH_COUNT (default 1000000), BENCH_DURATION seconds per run (default 20),
 * BENCH_ENGINES (sqlite,postgres), BENCH_KEEP=1 to reuse an already seeded scratch database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDb, migrateToLatest, type Db } from '../apps/server/src/db/database.ts';
import { seedInventory } from '../apps/server/src/modules/inventory/seed.ts';
import { createDiamondRepository } from '../apps/server/src/modules/diamonds/repository.ts';
import { toConditions, toOrder } from '../apps/server/src/modules/diamonds/filter.ts';
import { parseDiamondSearch } from '@everstone/contract';

const COUNT = Number(process.env.BENCH_COUNT ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = 32;
const PORT = Number(process.env.BENCH_PORT ?? 3301);
const scratch = resolve('data/bench');

/** A small deterministic PRNG so every run sends the same mix. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Searches a shopper makes: a tab, often shapes and a budget, sometimes grades, any sort, mostly early pages. */
export function searchMix(n: number, seed = 2026, page?: number): string[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const sorts = ['price_asc', 'price_asc', 'price_asc', 'price_desc', 'carat_asc', 'carat_desc', 'color_asc', 'clarity_asc', 'cut_asc', 'cut_desc'];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const p = new URLSearchParams();
    p.set('active_tab', pick(['1', '2', '2', '3']));
    if (r() < 0.6) for (const s of new Set([1 + Math.floor(r() * 10), ...(r() < 0.3 ? [1 + Math.floor(r() * 10)] : [])])) p.append('shapes', String(s));
    if (r() < 0.6) {
      const lo = pick([0, 0, 500, 1000, 2000, 3000]);
      p.append('price', String(lo));
      p.append('price', String(pick([lo + 1000, lo + 2500, lo + 5000, 10000])));
    }
    if (r() < 0.5) {
      const lo = pick([0.3, 0.5, 0.7, 1, 1.5, 2]);
      p.append('carat', String(lo));
      p.append('carat', String(pick([lo + 0.5, lo + 1, lo + 2, 20])));
    }
    if (r() < 0.3) { p.append('color', String(1 + Math.floor(r() * 2))); p.append('color', String(4 + Math.floor(r() * 3))); }
    if (r() < 0.3) { p.append('clarity', String(1 + Math.floor(r() * 3))); p.append('clarity', String(5 + Math.floor(r() * 3))); }
    if (r() < 0.2) { p.append('cut', '1'); p.append('cut', String(3 + Math.floor(r() * 4))); }
    if (r() < 0.1) { p.append('ratio', '1.2'); p.append('ratio', '1.6'); }
    if (r() < 0.1) p.set('featured', '1');
    if (r() < 0.15) p.set('selectedReport', pick(['1', '2']));
    p.set('sort', pick(sorts));
    p.set('page', String(page ?? pick([1, 1, 1, 1, 2, 2, 3, 4, 5, 10, 25, 50])));
    out.push(`/api/get-all-diamonds?${p}`);
  }
  return out;
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

interface RunResult { label: string; requests: number; rps: number; p50: number; p95: number; p99: number; errors: number }

async function load(label: string, paths: string[], seconds = DURATION): Promise<RunResult> {
  let i = 0;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${PORT}`,
        connections: CONNECTIONS,
        pipelining: 1,
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
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
  console.log(`  ${label.padEnd(28)} ${String(out.rps).padStart(6)} req/s  p50 ${out.p50.toFixed(1)} ms  p95 ${out.p95.toFixed(1)} ms  p99 ${out.p99.toFixed(1)} ms  errors ${errors}`);
  return out;
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function startServer(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let t = 0; t < 300; t++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return child;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready');
}

/** In-process: how much of a search's database time is the total count (same mix, same database). */
async function countShare(d: Db, paths: string[]) {
  const repo = createDiamondRepository(d.db);
  const pageOnly: number[] = [];
  const withCount: number[] = [];
  for (const path of paths.slice(0, 400)) {
    const parsed = parseDiamondSearch(new URL(path, 'http://x').searchParams);
    if (!parsed.ok) continue;
    const s = parsed.value;
    const conditions = toConditions(s);
    let t = performance.now();
    await repo.findPage(conditions, toOrder(s.sort), s.perPage, (s.page - 1) * s.perPage);
    pageOnly.push(performance.now() - t);
    t = performance.now();
    await Promise.all([repo.findPage(conditions, toOrder(s.sort), s.perPage, (s.page - 1) * s.perPage), repo.count(conditions)]);
    withCount.push(performance.now() - t);
  }
  pageOnly.sort((a, b) => a - b);
  withCount.sort((a, b) => a - b);
  return { pageP95: percentile(pageOnly, 0.95), fullP95: percentile(withCount, 0.95), pageP50: percentile(pageOnly, 0.5), fullP50: percentile(withCount, 0.5) };
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

async function benchEngine(engine: 'sqlite' | 'postgres') {
  console.log(`\n== ${engine}, ${COUNT.toLocaleString('en-US')} stones`);
  const url = await prepare(engine);
  const server = await startServer(url);
  try {
    const mix = searchMix(1000);
    await load('warm-up', mix, 5);
    const bare = await load('bare JSON route (/healthz)', ['/healthz']);
    const search = await load('search mix', mix);
    const page1 = await load('same filters, page 1', searchMix(1000, 2026, 1), Math.max(5, DURATION / 2));
    const page50 = await load('same filters, page 50', searchMix(1000, 2026, 50), Math.max(5, DURATION / 2));
    const rss = peakRssMb(server.pid!);
    console.log(`  server peak RSS ${rss} MB`);
    const d = createDb(url);
    const share = await countShare(d, mix);
    await d.close();
    console.log(`  in-process p95: page only ${share.pageP95.toFixed(1)} ms, page + total ${share.fullP95.toFixed(1)} ms (+${(((share.fullP95 - share.pageP95) / share.pageP95) * 100).toFixed(0)}%)`);
    return { engine, bare, search, page1, page50, rss, share };
  } finally {
    server.kill('SIGTERM');
  }
}

const engines = (process.env.BENCH_ENGINES ?? `sqlite${process.env.BENCH_PG_URL || process.env.TEST_DATABASE_URL ? ',postgres' : ''}`).split(',') as Array<'sqlite' | 'postgres'>;
console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
for (const engine of engines) await benchEngine(engine);
