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
import { createDb, createDiamondRepository, migrateToLatest, seedInventory, toConditions, toSortOrder, type Db } from '@everstone/server/tools';
import { parseDiamondSearch } from '@everstone/contract';
import { searchMix } from './mix.ts';

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

/** Every path once, 4 at a time: searches nobody made before, so nothing is cached yet. */
async function firstPass(label: string, paths: string[]): Promise<RunResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        const t = performance.now();
        const res = await fetch(`http://127.0.0.1:${PORT}${path}`);
        await res.arrayBuffer();
        if (!res.ok) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const seconds = (performance.now() - started) / 1000;
  const out = { label, requests: latencies.length, rps: Math.round(latencies.length / seconds), p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), p99: percentile(latencies, 0.99), errors };
  console.log(`  ${label.padEnd(28)} ${String(out.rps).padStart(6)} req/s  p50 ${out.p50.toFixed(1)} ms  p95 ${out.p95.toFixed(1)} ms  p99 ${out.p99.toFixed(1)} ms  errors ${errors}`);
  return out;
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function startServer(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/src/server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production', STORE_MODE: 'demo', LOG_LEVEL: 'warn' },
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

/**
 * In-process, with every cache bypassed: what a first-time search costs in the database, split into the
 * page read and the total count (same mix, same database).
 */
async function coldCosts(d: Db, paths: string[]) {
  const repo = createDiamondRepository(d.db, d.engine);
  const pageOnly: number[] = [];
  const countOnly: number[] = [];
  const both: number[] = [];
  let n = 0;
  for (const path of paths.slice(0, 400)) {
    const parsed = parseDiamondSearch(new URL(path, 'http://x').searchParams);
    if (!parsed.ok) continue;
    const s = parsed.value;
    const conditions = toConditions(s);
    let t = performance.now();
    // A version no cache has seen: the count is really computed.
    const total = await repo.count(conditions, `cold-${n++}`);
    const c = performance.now() - t;
    t = performance.now();
    await repo.findPage(conditions, toSortOrder(s.sort), s.perPage, (s.page - 1) * s.perPage, total);
    const p = performance.now() - t;
    pageOnly.push(p);
    countOnly.push(c);
    both.push(p + c);
  }
  for (const xs of [pageOnly, countOnly, both]) xs.sort((a, b) => a - b);
  return {
    page: { p50: percentile(pageOnly, 0.5), p95: percentile(pageOnly, 0.95) },
    count: { p50: percentile(countOnly, 0.5), p95: percentile(countOnly, 0.95) },
    both: { p50: percentile(both, 0.5), p95: percentile(both, 0.95) },
  };
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
    const page1Mix = searchMix(500, 2026, 1);
    const page50Mix = searchMix(500, 2026, 50);
    const firstPage1 = await firstPass('first time, page 1', page1Mix);
    const firstPage50 = await firstPass('first time, page 50', page50Mix);
    const firstMix = await firstPass('first time, search mix', mix);
    const bare = await load('bare JSON route (/healthz)', ['/healthz']);
    const search = await load('search mix', mix);
    const page1 = await load('same filters, page 1', page1Mix, Math.max(5, DURATION / 2));
    const page50 = await load('same filters, page 50', page50Mix, Math.max(5, DURATION / 2));
    const rss = peakRssMb(server.pid!);
    console.log(`  server peak RSS ${rss} MB`);
    const d = createDb(url);
    const cold = await coldCosts(d, mix);
    await d.close();
    const f = (x: { p50: number; p95: number }) => `p50 ${x.p50.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms`;
    console.log(`  first-time searches in-process, no cache: page ${f(cold.page)}; total count ${f(cold.count)}; both ${f(cold.both)}`);
    return { engine, bare, search, page1, page50, rss, cold, firstPage1, firstPage50, firstMix };
  } finally {
    server.kill('SIGTERM');
  }
}

const engines = (process.env.BENCH_ENGINES ?? `sqlite${process.env.BENCH_PG_URL || process.env.TEST_DATABASE_URL ? ',postgres' : ''}`).split(',') as Array<'sqlite' | 'postgres'>;
console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
for (const engine of engines) await benchEngine(engine);
