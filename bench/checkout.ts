/**
 * `npm run bench:checkout`: orders from 50 concurrent shoppers, then the database is checked; and the same load
 * with the server SIGKILLed in the middle, restarted, and checked again.
 *
 * For each engine (SQLite always; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names one) and each of
 * the two runs, a fresh scratch database is seeded with BENCH_COUNT stones (seed 1) and the production server is
 * started on it as a child process (so it can be killed), on a free port, `NODE_ENV=production`, rate limits off.
 * 50 shoppers place order after order for BENCH_SECONDS, each for one stone taken from a shared queue of
 * available stones (cash on delivery, the stone's price as the total), so no two orders ask for the same stone:
 * every answer should be a 201. The store holds at most MAX_HELD_STONES_PER_ACCOUNT unpaid stones per account
 * (docs/decisions/011-unpaid-holds.md), so each shopper orders through a string of accounts, that many orders each,
 * as many real shoppers would. Each answer (201 with its order_id, the public order number; 409; other) and its
 * latency is recorded.
 *
 * Afterwards the database is opened directly (the app's createDb) and checked: every order answered 201 exists
 * with exactly its stone, unreleased; that stone is `reserved`; no stone is held by two unreleased order items;
 * no order has no items; every reserved stone is held by an order item; reserved stones = orders; and no order
 * was stored beyond the 201s except for requests that got no answer. The crash run kills the server after
 * BENCH_KILL_AFTER seconds, restarts it on the same database, waits for /readyz and checks the same for every
 * order answered 201 before the kill. Scratch SQLite files live in data/bench/checkout-<pid>/, the PostgreSQL
 * scratch database is `everstone_bench_<pid>`; both are removed at the end.
 *
 * Numbers, not a pass/fail test, except that a broken invariant (or a broken run) exits non-zero.
 * Options (environment): BENCH_SECONDS (default 20), BENCH_KILL_AFTER (default 5), BENCH_SHOPPERS (default 50),
 * BENCH_COUNT stones (default 20000), BENCH_ENGINES (sqlite,postgres), BENCH_DATABASE_URL (PostgreSQL server to
 * create the scratch database on; TEST_DATABASE_URL otherwise).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { MAX_HELD_STONES_PER_ACCOUNT } from '@everstone/contract';
import { createAccountService, createAdminSessions, createAuditLog, createDb, migrateToLatest, seedInventory, type PasswordHasher } from '@everstone/server/tools';

type Engine = 'sqlite' | 'postgres';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const KILL_AFTER = Number(process.env.BENCH_KILL_AFTER ?? 5);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 50);
const COUNT = Number(process.env.BENCH_COUNT ?? 20_000);
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ENGINES = (process.env.BENCH_ENGINES ?? (PG_ADMIN ? 'sqlite,postgres' : 'sqlite')).split(',').map((e) => e.trim()) as Engine[];
/** The flags `npm start` gives the server (package.json), so the benchmark measures the same process. */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=256'];
const SCRATCH = resolve('data/bench', `checkout-${process.pid}`);
/**
 * The most orders a run is given accounts for: every stone, or 600 a second, twice what one store has taken here
 * (docs/performance.md). A shopper out of accounts stops, and the run's note says so.
 */
const MOST_ORDERS_PER_SECOND = 600;
const PG_NAME = `everstone_bench_${process.pid}`;

// ---------------------------------------------------------------------------------------------------------
// Child mode: the store itself (API only: no storefront build is needed to place orders).

if (process.argv[2] === '--serve') {
  const { loadConfig } = await import('@everstone/server/config');
  const { startServer } = await import('@everstone/server/server');
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', STORE_MODE: 'demo', WALLET_PROVIDER: 'simulator', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  await startServer({ config, buildDir: join(SCRATCH, 'no-build') });
} else {
  await main();
}

// ---------------------------------------------------------------------------------------------------------

interface Answer {
  status: number | 'error';
  ms: number;
  /** When the answer arrived, ms since the load started. */
  at: number;
  /** The order's order_id: its public number, e.g. EV-2026-K7M3QX. */
  orderId?: string;
  stoneId: number;
  /** A request cut off by the crash: what it takes to send it again, with the same Idempotency-Key. */
  resend?: () => Promise<Response>;
}

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function freePort(): Promise<number> {
  return new Promise((r, j) => {
    const s = createServer();
    s.once('error', j);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => r(port));
    });
  });
}

async function startStore(databaseUrl: string, port: number): Promise<ChildProcess> {
  // NODE_ENV in the process environment, not only in the config: libraries pick their production mode by it.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    STORE_MODE: 'demo',
    WALLET_PROVIDER: 'simulator',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    OUTBOX_DIR: join(SCRATCH, 'outbox'),
    RATE_LIMITS_ENABLED: 'false',
  };
  // Confirmation emails go to the scratch outbox, never to a real mail server.
  delete env.SMTP_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, import.meta.filename, '--serve'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let t = 0; t < 600 && !exited; t++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(exited ? `the store exited with code ${child.exitCode}` : 'the store did not become ready within 60 s');
}

async function stopStore(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function killStore(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

/** A fresh, seeded scratch database for one run. */
async function prepare(engine: Engine, run: string): Promise<string> {
  let url: string;
  if (engine === 'sqlite') {
    mkdirSync(SCRATCH, { recursive: true });
    const file = join(SCRATCH, `${run}.db`);
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    url = `sqlite:${file}`;
  } else {
    await dropPgScratch();
    const c = new pg.Client({ connectionString: PG_ADMIN });
    await c.connect();
    await c.query(`create database ${PG_NAME}`);
    await c.end();
    const u = new URL(PG_ADMIN!);
    u.pathname = `/${PG_NAME}`;
    url = u.toString();
  }
  const d = createDb(url);
  await migrateToLatest(d);
  await seedInventory(d, { count: COUNT, seed: 1, onProgress: () => {} });
  await d.close();
  return url;
}

async function dropPgScratch() {
  if (!PG_ADMIN) return;
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  await c.query(`drop database if exists ${PG_NAME} with (force)`);
  await c.end();
}

/** The stones to order, in the order the shoppers take them: available ones, with the total each costs. */
async function stoneQueue(url: string): Promise<Array<{ id: number; total: string }>> {
  const d = createDb(url);
  try {
    const rows = await d.db.selectFrom('diamonds').select(['id', 'price_cents']).where('status', '=', 'available').orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, total: (r.price_cents / 100).toFixed(2) }));
  } finally {
    await d.close();
  }
}

async function post(origin: string, path: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  return fetch(origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
}

/**
 * `count` accounts, signed in: their tokens. Made through the store's own account service on the scratch database
 * (the running store accepts the tokens), with a hash that costs nothing: the thousands of accounts a run needs,
 * each an scrypt hash through the API, would take minutes of the cores the server is measured on.
 */
async function createAccounts(url: string, run: string, count: number): Promise<string[]> {
  // The bench never signs in with a password, only with the tokens it is given.
  const freeHasher: PasswordHasher = {
    hash: async (password) => `bench$${password}`,
    verify: async (stored, password) => stored === `bench$${password}`,
    verifyNobody: async () => false,
    needsRehash: () => false,
  };
  const d = createDb(url);
  try {
    const accounts = createAccountService({
      db: d.db,
      engine: d.engine,
      mail: { enqueue: async () => [], flush: () => {} },
      hasher: freeHasher,
      now: () => new Date(),
      tokenTtlMs: 86_400_000,
      resetTtlMs: 3_600_000,
      publicUrl: 'http://127.0.0.1',
      storeEmail: 'orders@bench.example',
      audit: createAuditLog({ db: d.db, now: () => new Date() }),
      endBackOfficeSessions: (trx, userId) => {
        const sessions = createAdminSessions({ db: d.db, now: () => new Date() });
        return sessions.endAllOf(userId, trx);
      },
    });
    const password = 'bench-password-1';
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const email = `shopper-${i}-${run}-${process.pid}@bench.example`;
      await accounts.register({ title: 'Ms', name: `Shopper ${i}`, email, birth_date: null, anniversary_date: null, password });
      tokens.push((await accounts.login({ email, password })).token);
    }
    return tokens;
  } finally {
    await d.close();
  }
}

/** Enough accounts for `shoppers` shoppers to order `stones` stones, MAX_HELD_STONES_PER_ACCOUNT per account. */
async function createShoppers(url: string, run: string, shoppers: number, stones: number): Promise<string[][]> {
  const orders = Math.min(stones, SECONDS * MOST_ORDERS_PER_SECOND);
  const perShopper = Math.ceil(orders / shoppers / MAX_HELD_STONES_PER_ACCOUNT) + 1;
  const tokens = await createAccounts(url, run, shoppers * perShopper);
  return Array.from({ length: shoppers }, (_, i) => tokens.slice(i * perShopper, (i + 1) * perShopper));
}

/**
 * Every shopper places orders one after another until `stop()` says so or the stones run out, with each of its
 * accounts in turn for MAX_HELD_STONES_PER_ACCOUNT orders; a request that fails (the server was killed) is recorded
 * as 'error' and ends that shopper's loop.
 */
async function placeOrders(origin: string, shoppers: string[][], queue: Array<{ id: number; total: string }>, stop: () => boolean) {
  const answers: Answer[] = [];
  const started = performance.now();
  let next = 0;
  let outOfAccounts = 0;
  await Promise.all(
    shoppers.map(async (accounts, i) => {
      for (let placed = 0; !stop() && next < queue.length; placed++) {
        const token = accounts[Math.floor(placed / MAX_HELD_STONES_PER_ACCOUNT)];
        if (!token) {
          outOfAccounts += 1;
          return;
        }
        const stone = queue[next++]!;
        const t = performance.now();
        // One key per order attempt, as the storefront sends: a retry after a lost answer cannot order twice.
        const send = () =>
          post(
            origin,
            '/api/store-order',
            {
              user_name: `Shopper ${i}`,
              contact_number: '212-555-0100',
              items_id: [stone.id],
              total_price: stone.total,
              address: JSON.stringify({ street: '580 Fifth Avenue', apartment: null, city: 'New York', zip: '10036', country: 'United States' }),
              order_status: 'pending',
              payment_mode: 'cod',
              payment_status: 'pending',
              is_gift: 0,
              notes: null,
            },
            token,
            { 'idempotency-key': `bench-${process.pid}-${stone.id}` },
          );
        try {
          const res = await send();
          const body = (await res.json().catch(() => ({}))) as { order_id?: string };
          const now = performance.now();
          answers.push({ status: res.status, ms: now - t, at: now - started, orderId: res.status === 201 ? body.order_id : undefined, stoneId: stone.id });
        } catch {
          const now = performance.now();
          answers.push({ status: 'error', ms: now - t, at: now - started, stoneId: stone.id, resend: send });
          return;
        }
      }
    }),
  );
  return { answers, seconds: (performance.now() - started) / 1000, outOfAccounts };
}

/**
 * The invariants, read straight from the database. `answered` maps each order answered 201 (by its order_id, the
 * public order number) to its stone.
 */
async function checkDatabase(url: string, answered: Map<string, number>, unanswered: number): Promise<{ checks: Check[]; orders: number; reserved: number }> {
  const d = createDb(url);
  try {
    const orders = await d.db.selectFrom('orders').select(['id', 'order_number']).execute();
    const idOf = new Map(orders.map((o) => [o.order_number, o.id]));
    const items = await d.db.selectFrom('order_items').select(['order_id', 'diamond_id', 'released_at']).execute();
    const reserved = await d.db.selectFrom('diamonds').select(['id']).where('status', '=', 'reserved').execute();
    const soldOrReserved = new Set(
      (await d.db.selectFrom('diamonds').select(['id']).where('status', 'in', ['reserved', 'sold']).execute()).map((r) => r.id),
    );
    const orderIds = new Set(orders.map((o) => o.id));
    const itemsByOrder = new Map<number, typeof items>();
    for (const item of items) itemsByOrder.set(item.order_id, [...(itemsByOrder.get(item.order_id) ?? []), item]);
    const holders = new Map<number, number>();
    for (const item of items) if (item.released_at === null && item.diamond_id !== null) holders.set(item.diamond_id, (holders.get(item.diamond_id) ?? 0) + 1);
    const reservedIds = new Set(reserved.map((r) => r.id));

    const missing: string[] = [];
    const wrongItems: string[] = [];
    const notReserved: number[] = [];
    for (const [orderNumber, stoneId] of answered) {
      const orderId = idOf.get(orderNumber);
      if (orderId === undefined || !orderIds.has(orderId)) { missing.push(orderNumber); continue; }
      const own = itemsByOrder.get(orderId) ?? [];
      if (own.length !== 1 || own[0]!.diamond_id !== stoneId || own[0]!.released_at !== null) wrongItems.push(orderNumber);
      if (!soldOrReserved.has(stoneId)) notReserved.push(stoneId);
    }
    const doubleHeld = [...holders].filter(([, n]) => n > 1).map(([id]) => id);
    const empty = orders.filter((o) => !itemsByOrder.has(o.id)).map((o) => o.id);
    const orphanItems = items.filter((i) => !orderIds.has(i.order_id)).length;
    const reservedWithoutItem = [...reservedIds].filter((id) => !holders.has(id));
    const extra = orders.length - answered.size;
    const list = (xs: Array<number | string>) => (xs.length ? `${xs.length} (e.g. ${xs.slice(0, 5).join(', ')})` : 'none');
    const checks: Check[] = [
      { name: 'every order answered 201 exists', ok: missing.length === 0, detail: `${answered.size} answered, missing ${list(missing)}` },
      { name: 'each has exactly its stone, unreleased', ok: wrongItems.length === 0, detail: `wrong ${list(wrongItems)}` },
      { name: 'its stone is reserved', ok: notReserved.length === 0, detail: `not reserved ${list(notReserved)}` },
      { name: 'no stone held by two unreleased items', ok: doubleHeld.length === 0, detail: `double ${list(doubleHeld)}` },
      { name: 'no order without items', ok: empty.length === 0 && orphanItems === 0, detail: `empty orders ${list(empty)}, items without order ${orphanItems}` },
      { name: 'no reserved stone without an order item', ok: reservedWithoutItem.length === 0, detail: `${list(reservedWithoutItem)}` },
      { name: 'reserved stones = orders', ok: reserved.length === orders.length, detail: `${reserved.length} reserved, ${orders.length} orders` },
      {
        name: 'no order stored beyond the 201s, except unanswered requests',
        ok: extra >= 0 && extra <= unanswered,
        detail: `${extra} stored without a 201 seen, ${unanswered} requests unanswered`,
      },
    ];
    return { checks, orders: orders.length, reserved: reserved.length };
  } finally {
    await d.close();
  }
}

interface RunResult {
  engine: Engine;
  run: 'load' | 'crash';
  seconds: number;
  answers: Answer[];
  checks: Check[];
  orders: number;
  note: string;
}

function summarize(r: RunResult) {
  const ok = r.answers.filter((a) => a.status === 201);
  const conflict = r.answers.filter((a) => a.status === 409).length;
  const other = r.answers.length - ok.length - conflict;
  const otherKinds = new Map<string, number>();
  for (const a of r.answers) if (a.status !== 201 && a.status !== 409) otherKinds.set(String(a.status), (otherKinds.get(String(a.status)) ?? 0) + 1);
  const ms = r.answers.filter((a) => a.status !== 'error').map((a) => a.ms).sort((a, b) => a - b);
  return {
    ordersPerSecond: ok.length / r.seconds,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    ok: ok.length,
    conflict,
    other,
    otherKinds: [...otherKinds].map(([k, n]) => `${k}×${n}`).join(', '),
  };
}

async function loadRun(engine: Engine): Promise<RunResult> {
  const url = await prepare(engine, 'load');
  const port = await freePort();
  const child = await startStore(url, port);
  try {
    const origin = `http://127.0.0.1:${port}`;
    const queue = await stoneQueue(url);
    const shoppers = await createShoppers(url, 'load', SHOPPERS, queue.length);
    const deadline = performance.now() + SECONDS * 1000;
    const { answers, seconds, outOfAccounts } = await placeOrders(origin, shoppers, queue, () => performance.now() >= deadline);
    await stopStore(child);
    const answered = new Map(answers.filter((a) => a.status === 201 && a.orderId !== undefined).map((a) => [a.orderId!, a.stoneId]));
    const { checks, orders } = await checkDatabase(url, answered, answers.filter((a) => a.status === 'error').length);
    const ranOut = answers.length >= queue.length ? ' (the stones ran out: raise BENCH_COUNT)' : '';
    const noAccounts = outOfAccounts > 0 ? `; ${outOfAccounts} shoppers ran out of accounts (raise MOST_ORDERS_PER_SECOND)` : '';
    return { engine, run: 'load', seconds, answers, checks, orders, note: `${queue.length} stones available${ranOut}${noAccounts}` };
  } finally {
    await stopStore(child);
  }
}

async function crashRun(engine: Engine): Promise<RunResult> {
  const url = await prepare(engine, 'crash');
  const port = await freePort();
  let child = await startStore(url, port);
  try {
    const origin = `http://127.0.0.1:${port}`;
    const queue = await stoneQueue(url);
    const shoppers = await createShoppers(url, 'crash', SHOPPERS, queue.length);
    // Five more, for the orders after the restart: the others' accounts may hold all they may.
    const fresh = (await createAccounts(url, 'after', 5)).map((token) => [token]);
    let killedAt = Infinity;
    const started = performance.now();
    const killer = new Promise<void>((r) =>
      setTimeout(() => {
        killedAt = performance.now() - started;
        killStore(child).then(r, r);
      }, KILL_AFTER * 1000),
    );
    const { answers, seconds } = await placeOrders(origin, shoppers, queue, () => performance.now() - started >= SECONDS * 1000);
    await killer;
    const restartStarted = performance.now();
    child = await startStore(url, port);
    const restartSeconds = (performance.now() - restartStarted) / 1000;
    // After the restart the store must take orders again: five shoppers, one order each.
    const after = await placeOrders(origin, fresh, queue.slice(answers.length, answers.length + 5), () => false);
    const afterOk = after.answers.filter((a) => a.status === 201).length;
    // Every 201 a shopper received counts, including those that arrived while SIGKILL was on its way: the server
    // had committed and answered them.
    const before = answers.filter((a) => a.status === 201 && a.orderId !== undefined);
    const answered = new Map([...before, ...after.answers.filter((a) => a.status === 201 && a.orderId !== undefined)].map((a) => [a.orderId!, a.stoneId]));
    const unanswered = answers.filter((a) => a.status === 'error').length;
    const { orders } = await checkDatabase(url, answered, unanswered);
    // What a shopper's browser does about a request the crash cut off: send it again with its key. An order that
    // was committed is answered (200, replayed); one that was not is placed now (201); nothing is ordered twice.
    const retries = await Promise.all(
      answers
        .filter((a) => a.resend)
        .map(async (a) => {
          const res = await a.resend!();
          const body = (await res.json().catch(() => ({}))) as { order_id?: string };
          return { status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', orderId: body.order_id, stoneId: a.stoneId };
        }),
    );
    await stopStore(child);
    for (const r of retries) if ((r.status === 200 || r.status === 201) && r.orderId !== undefined) answered.set(r.orderId, r.stoneId);
    const { checks, orders: finalOrders } = await checkDatabase(url, answered, 0);
    const replayed = retries.filter((r) => r.status === 200 && r.replayed).length;
    const placed = retries.filter((r) => r.status === 201).length;
    checks.push({ name: 'the restarted store takes orders', ok: afterOk === Math.min(5, queue.length - answers.length), detail: `${afterOk} of 5 answered 201` });
    checks.push({
      name: 'every cut-off request, sent again with its key, gets its one order',
      ok: replayed + placed === retries.length && finalOrders === answered.size,
      detail: `${retries.length} resent: ${replayed} answered with the order already committed, ${placed} placed now, ${retries.length - replayed - placed} other; ${finalOrders} orders, all answered`,
    });
    return {
      engine,
      run: 'crash',
      seconds: Math.min(seconds, killedAt / 1000),
      answers,
      checks,
      orders,
      note:
        `SIGKILL at ${(killedAt / 1000).toFixed(1)} s; ${before.length} orders answered 201, ${unanswered} requests cut off; ` +
        `${orders} orders in the database after the restart (${orders - before.length - afterOk} committed without their 201 arriving, each answered when resent with its key); ready again in ${restartSeconds.toFixed(1)} s`,
    };
  } finally {
    await stopStore(child);
  }
}

async function main() {
  const results: RunResult[] = [];
  let failed = false;
  const loadBefore = loadavg()[0]!;
  try {
    for (const engine of ENGINES) {
      if (engine === 'postgres' && !PG_ADMIN) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
      for (const run of [loadRun, crashRun]) {
        console.log(`\n${engine}: ${run === loadRun ? 'load' : 'crash'} run (${SHOPPERS} shoppers, ${SECONDS} s, ${COUNT.toLocaleString('en-US')} stones)`);
        const r = await run(engine);
        results.push(r);
        const s = summarize(r);
        console.log(
          `  ${s.ok} orders in ${r.seconds.toFixed(1)} s: ${s.ordersPerSecond.toFixed(0)} orders/s; latency p50 ${s.p50.toFixed(1)} ms, ` +
            `p95 ${s.p95.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms; 201 ${s.ok}, 409 ${s.conflict}, other ${s.other}${s.otherKinds ? ` (${s.otherKinds})` : ''}`,
        );
        console.log(`  ${r.note}`);
        for (const c of r.checks) {
          console.log(`  ${c.ok ? 'ok    ' : 'BROKEN'} ${c.name}: ${c.detail}`);
          if (!c.ok) failed = true;
        }
      }
    }
  } finally {
    rmSync(SCRATCH, { recursive: true, force: true });
    await dropPgScratch().catch((err: unknown) => console.error(`could not drop ${PG_NAME}: ${String(err)}`));
  }

  console.log('\n## Results (markdown)\n');
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}; ` +
      `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after. ${SHOPPERS} shoppers, ${SECONDS} s, ${COUNT.toLocaleString('en-US')} stones.\n`,
  );
  console.log('| Engine | Run | orders/s | p50 | p95 | p99 | 201 | 409 | other | invariants |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    const s = summarize(r);
    const broken = r.checks.filter((c) => !c.ok).map((c) => c.name);
    console.log(
      `| ${r.engine} | ${r.run === 'load' ? `${SECONDS} s` : `SIGKILL at ${KILL_AFTER} s`} | ${s.ordersPerSecond.toFixed(0)} | ${s.p50.toFixed(1)} ms | ` +
        `${s.p95.toFixed(1)} ms | ${s.p99.toFixed(1)} ms | ${s.ok} | ${s.conflict} | ${s.other} | ${broken.length ? `**broken**: ${broken.join('; ')}` : `all ${r.checks.length} hold`} |`,
    );
  }
  if (failed) process.exitCode = 1;
}
