/**
 * `npm run bench:admin-a11y`: Lighthouse's accessibility category on the back office's pages, mobile and desktop,
 * signed in as an owner. Exits 1 when any page scores below 100.
 *
 * Serves the production build on a free port with a scratch SQLite database (a small inventory and the demo jewelry
 * catalog), as bench/pages.ts does; registers an account and makes it an owner with `npm run staff`; places one
 * order and books two appointments; signs in to the back office for its session cookie; then audits /admin/orders,
 * that order's page, /admin/numbers, the week of the appointments in /admin/appointments, and the catalog: the
 * products list, an engagement setting's page, its first variant's editor and the metal prices. The back office loads its data in the browser with the cookie, so
 * Lighthouse sends it with every request (`extraHeaders`); an audit that ends anywhere but the page asked for (the
 * sign-in page, when the cookie is refused) fails the run.
 *
 * The build: WEB_BUILD_DIR when given (absolute, or relative to apps/web as `WEB_BUILD_DIR=… npx react-router
 * build` writes it); otherwise apps/web/build when it is newer than its sources; otherwise a fresh build into the
 * scratch folder, removed afterwards.
 *
 * Options (environment): BENCH_COUNT stones (default 3000), BENCH_PAGES to audit only some pages (labels: orders,
 * order, numbers, appointments, products, product, variant, metals), CHROME_PATH (default /usr/bin/chromium), BENCH_REPORTS=folder to keep every report.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result as LighthouseResult } from 'lighthouse';
import { chooseBuild } from './web-build.ts';
import { readyOrigin, stopStore } from './store-process.ts';

const COUNT = Number(process.env.BENCH_COUNT ?? 3000);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const REPORTS = process.env.BENCH_REPORTS ? resolve(process.env.BENCH_REPORTS) : null;
const ONLY = process.env.BENCH_PAGES ? new Set(process.env.BENCH_PAGES.split(',').map((p) => p.trim())) : null;
const TARGET = 100;
const PASSWORD = 'back-office-audit-2026';

// ---------------------------------------------------------------------------------------------------------
// Child mode: the store itself, on a free port, reporting the port on stdout.

if (process.argv[2] === '--serve') {
  const { loadConfig } = await import('@everstone/server/config');
  const { startServer } = await import('@everstone/server/server');
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', STORE_MODE: 'demo', WALLET_PROVIDER: 'simulator', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
  const { app } = await startServer({ config, buildDir: process.argv[3] });
  const address = app.server.address();
  console.log(`ready ${typeof address === 'object' && address ? address.port : ''}`);
} else {
  process.exitCode = await main();
}

// ---------------------------------------------------------------------------------------------------------

/** The store's environment: the scratch database, mail written to files, no rate limits (one client signs in). */
function storeEnv(databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    STORE_MODE: 'demo',
    WALLET_PROVIDER: 'simulator',
    DATABASE_URL: databaseUrl,
    OUTBOX_DIR: join(databaseUrl.slice('sqlite:'.length), '..', 'outbox'),
    RATE_LIMITS_ENABLED: 'false',
  };
}

async function seed(databaseUrl: string) {
  const { createDb, migrateToLatest, seedDemoJewelry, seedInventory } = await import('@everstone/server/tools');
  const d = createDb(databaseUrl);
  await migrateToLatest(d);
  await seedInventory(d, { count: COUNT, seed: 1, onProgress: () => {} });
  await seedDemoJewelry(d);
  await d.close();
}

async function startStore(databaseUrl: string, buildDir: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [import.meta.filename, '--serve', buildDir], { env: storeEnv(databaseUrl), stdio: ['ignore', 'pipe', 'inherit'] });
  return { child, origin: await readyOrigin(child) };
}

async function call<T>(origin: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ res: Response; data: T }> {
  const res = await fetch(origin + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { accept: 'application/json', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { res, data: (text ? JSON.parse(text) : null) as T };
}

/**
 * `npm run staff -- add EMAIL --role owner`, against the scratch database, then the invitation accepted as its person
 * would: the store has no mail server here, so the command prints the link, and the link's page sets the password.
 */
async function makeOwner(origin: string, databaseUrl: string, email: string): Promise<void> {
  const env = { ...storeEnv(databaseUrl), NODE_ENV: 'development' };
  const printed = await new Promise<string>((done, fail) =>
    execFile(process.execPath, [resolve('apps/server/src/cli/staff.ts'), 'add', email, '--role', 'owner'], { env, timeout: 30_000 }, (error, stdout, stderr) =>
      error ? fail(new Error(`npm run staff failed: ${stderr}`)) : done(stdout),
    ),
  );
  const token = /\/admin\/invitation\/([^\s/]+)/.exec(printed)?.[1];
  if (!token) throw new Error(`npm run staff printed no invitation link:\n${printed}`);
  await call(origin, '/api/admin/invitations/accept', {
    body: { token: decodeURIComponent(token), password: PASSWORD, password_confirmation: PASSWORD },
    headers: { origin },
  });
}

/**
 * An owner with one order of their own and two appointments booked, signed in to the back office: the session cookie,
 * the order's number and the appointments' day.
 */
async function prepare(origin: string, databaseUrl: string): Promise<{ cookie: string; orderNumber: string; appointmentsDay: string }> {
  const email = `audit-owner-${Date.now()}@example.com`;
  await call(origin, '/api/register', { body: { title: 'Ms', name: 'Olivia Owner', email, birth_date: null, anniversary_date: null, password: PASSWORD } });
  // Accepting the invitation ends the account's earlier tokens, so the shopper's side signs in after it.
  await makeOwner(origin, databaseUrl, email);
  const { data: login } = await call<{ token: string; user: { id: number } }>(origin, '/api/login', { body: { email, password: PASSWORD } });

  const { data: stones } = await call<{ data: Array<{ diamondid: number; type: number; price: number; carat_weight: number }> }>(origin, '/api/get-all-diamonds?per_page=1');
  const stone = stones.data[0];
  if (!stone) throw new Error('the inventory lists no stone');
  const { data: order } = await call<{ order_number: string }>(origin, '/api/store-order', {
    headers: { Authorization: `Bearer ${login.token}` },
    body: {
      user_id: login.user.id,
      user_name: 'Olivia Owner',
      contact_number: '212-555-0100',
      items_id: [stone.diamondid],
      item_details: JSON.stringify({ [stone.diamondid]: { type: stone.type, price: stone.price, quantity: 1, weight: stone.carat_weight } }),
      total_price: stone.price.toFixed(2),
      address: JSON.stringify({ street: '580 Fifth Avenue', apartment: 'Suite 1200', city: 'New York', state: 'NY', zip: '10036', country: 'United States' }),
      order_status: 'pending',
      payment_mode: 'cod',
      payment_status: 'pending',
      is_gift: false,
      notes: 'Please call before delivery.',
    },
  });

  // Two bookings a few days ahead, so the calendar's week has cards to audit.
  const day = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  for (const kind of ['virtual', 'in-person'] as const) {
    const { data } = await call<{ slots: Array<{ starts_at: string; available: boolean }> }>(origin, `/api/appointments/slots?date=${day}&kind=${kind}`);
    const slot = data.slots.find((s) => s.available);
    if (!slot) throw new Error(`no free ${kind} time on ${day}`);
    await call(origin, '/api/appointments', {
      body: { kind, starts_at: slot.starts_at, name: 'Grace Hopper', email: `audit-shopper-${kind}@example.com`, phone: '212-555-0142', note: 'Looking at oval solitaires.' },
    });
  }

  // The store's Origin, as its sign-in page sends it: the back office refuses a change without one.
  const { res } = await call(origin, '/api/admin/session', { body: { email, password: PASSWORD }, headers: { origin } });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.includes('everstone_admin='));
  if (!cookie) throw new Error('signing in to the back office set no session cookie');
  return { cookie, orderNumber: order.order_number, appointmentsDay: day };
}

/** The demo catalog's first engagement setting and its first variant, as the back office lists them. */
async function aSetting(origin: string, cookie: string): Promise<{ productId: number; variantId: number }> {
  const { data: list } = await call<{ products: Array<{ id: number }> }>(origin, '/api/admin/products?family=setting', { headers: { cookie } });
  const productId = list.products[0]?.id;
  if (!productId) throw new Error('the back office lists no engagement setting');
  const { data } = await call<{ product: { variants: Array<{ id: number }> } }>(origin, `/api/admin/products/${productId}`, { headers: { cookie } });
  return { productId, variantId: data.product.variants[0]!.id };
}

interface Audit {
  label: string;
  path: string;
  formFactor: 'mobile' | 'desktop';
  lhr: LighthouseResult;
  score: number;
}

async function audit(port: number, origin: string, cookie: string, label: string, path: string, formFactor: Audit['formFactor']): Promise<Audit> {
  let lhr: LighthouseResult | undefined;
  // A trace that fails to record happens now and then on a busy machine: retry.
  for (let attempt = 1; !lhr; attempt++) {
    const result = await lighthouse(
      origin + path,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'], extraHeaders: { Cookie: cookie } },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    if (!result.lhr.runtimeError) lhr = result.lhr;
    else if (attempt === 3) throw new Error(`Lighthouse failed on ${path}: ${result.lhr.runtimeError.message}`);
  }
  const landed = new URL(lhr.finalDisplayedUrl);
  if (`${landed.pathname}${landed.search}` !== path) throw new Error(`${path} ended at ${landed.pathname}${landed.search}: the session cookie was not accepted`);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(join(REPORTS, `admin-${label}-${formFactor}.json`), JSON.stringify(lhr));
  }
  const score = Math.round((lhr.categories.accessibility?.score ?? NaN) * 100);
  console.log(`  ${label.padEnd(13)} ${formFactor.padEnd(7)} accessibility ${score}`);
  return { label, path, formFactor, lhr, score };
}

/** The audits that cost points: what to fix. */
function explain(a: Audit) {
  for (const ref of a.lhr.categories.accessibility?.auditRefs ?? []) {
    const result = a.lhr.audits[ref.id];
    if (!result || result.score === null || result.score >= 1 || ref.weight === 0) continue;
    console.log(`    ${a.label} (${a.formFactor}): ${ref.id}: ${result.title}`);
    const items = (result.details as { items?: Array<{ node?: { snippet?: string; selector?: string } }> } | undefined)?.items ?? [];
    for (const item of items.slice(0, 5)) console.log(`        ${(item.node?.selector ?? '').slice(0, 80)}  ${(item.node?.snippet ?? '').slice(0, 140)}`);
  }
}

async function main(): Promise<number> {
  const scratch = resolve(`data/bench/admin-a11y-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  let store: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const cleanUp = async () => {
    if (chrome) await chrome.kill();
    if (store) await stopStore(store);
    rmSync(scratch, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

  try {
    const build = chooseBuild(scratch);
    console.log(`Build: ${build.dir}${build.temporary ? ' (made for this run, removed afterwards)' : ''}`);
    const databaseUrl = `sqlite:${join(scratch, 'store.db')}`;
    await seed(databaseUrl);
    const started = await startStore(databaseUrl, build.dir);
    store = started.child;
    const { origin } = started;
    const { cookie, orderNumber, appointmentsDay } = await prepare(origin, databaseUrl);

    const { productId, variantId } = await aSetting(origin, cookie);

    const pages = [
      { label: 'orders', path: '/admin/orders' },
      { label: 'order', path: `/admin/orders/${orderNumber}` },
      { label: 'numbers', path: '/admin/numbers' },
      { label: 'appointments', path: `/admin/appointments?from=${appointmentsDay}&days=7` },
      { label: 'products', path: '/admin/products' },
      { label: 'product', path: `/admin/products/${productId}` },
      { label: 'variant', path: `/admin/products/${productId}/variants/${variantId}` },
      { label: 'metals', path: '/admin/products/metals' },
      { label: 'staff', path: '/admin/staff' },
      { label: 'account', path: '/admin/account' },
    ].filter((p) => !ONLY || ONLY.has(p.label));

    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    console.log(`Lighthouse, accessibility only, mobile and desktop presets, Chromium at ${CHROME_PATH}, signed in as an owner`);
    const audits: Audit[] = [];
    for (const p of pages) for (const formFactor of ['mobile', 'desktop'] as const) audits.push(await audit(chrome.port, origin, cookie, p.label, p.path, formFactor));

    const below = audits.filter((a) => a.score < TARGET);
    if (below.length) {
      console.log('\nAudits that cost points:');
      for (const a of below) explain(a);
    }
    const at = (label: string, formFactor: Audit['formFactor']) => audits.find((a) => a.label === label && a.formFactor === formFactor)?.score ?? '–';
    console.log(`\n## Back office accessibility, ${new Date().toISOString().slice(0, 10)}`);
    console.log(`Lighthouse ${audits[0]?.lhr.lighthouseVersion ?? ''}, accessibility category, signed in as an owner.\n`);
    console.log('| Page | Mobile | Desktop |');
    console.log('|---|---:|---:|');
    const shown = (p: { label: string; path: string }) => (p.label === 'order' ? '/admin/orders/{number}' : p.label === 'appointments' ? '/admin/appointments (a week)' : p.path);
    for (const p of pages) console.log(`| \`${shown(p)}\` | ${at(p.label, 'mobile')} | ${at(p.label, 'desktop')} |`);
    console.log(below.length ? `\n**Below ${TARGET}**: ${below.map((a) => `${a.label} (${a.formFactor}) ${a.score}`).join(', ')}` : `\nEvery page scores ${TARGET}.`);
    return below.length ? 1 : 0;
  } finally {
    await cleanUp();
  }
}
