/**
 * `npm run bench:pages`: Lighthouse's mobile preset on the storefront's key pages, and the JavaScript the
 * search page's first load ships.
 *
 * Serves the production build on a free port with a scratch SQLite database seeded like a first `npm start`
 * (100,000 stones and the demo jewelry catalog), then audits /, /diamond, the detail page of a stone the search
 * lists, a jewelry listing (/preset-rings), a piece's page, the ring builder's step 3 (the best-selling setting
 * holding the first stone the search lists for it), /cart (empty) and /cart holding that stone, three runs each, and reports the median of
 * every score and metric. The first
 * load of /diamond is weighed from the server's HTML: every script and modulepreload it references,
 * gzipped here with node:zlib (level 9, as a build or a CDN would store them); the listing's and the piece's first
 * loads are weighed the same way and held to /diamond's budget (their 3D view loads only on demand). Numbers, not a pass/fail
 * test: the targets are marked met or missed, and the results go into docs/performance.md.
 *
 * The build: WEB_BUILD_DIR when given (absolute, or relative to apps/web as `WEB_BUILD_DIR=… npx
 * react-router build` writes it); otherwise apps/web/build when it is newer than its sources; otherwise a
 * fresh build into the scratch folder, removed afterwards (the served build is never touched).
 *
 * Options (environment): BENCH_COUNT stones (default 100000), BENCH_RUNS per page (default 3),
 * BENCH_PAGES to audit only some pages (e.g. `search,detail`; labels: home, search, detail, listing, piece, builder, cart,
 * cart-full),
 * CHROME_PATH (default /usr/bin/chromium), BENCH_REPORTS=folder to keep every Lighthouse report (JSON).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { chooseBuild } from './web-build.ts';
import { readyOrigin, stopStore } from './store-process.ts';

const COUNT = Number(process.env.BENCH_COUNT ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const REPORTS = process.env.BENCH_REPORTS ? resolve(process.env.BENCH_REPORTS) : null;
const ONLY = process.env.BENCH_PAGES ? new Set(process.env.BENCH_PAGES.split(',').map((p) => p.trim())) : null;
/** The issue's targets for the search page (Speed and quality). */
const JS_BUDGET_KB = 120;
const PERFORMANCE_TARGET = 95;
/** "No layout jump when results arrive": Lighthouse rounds anything below this to a zero shift. */
const CLS_TARGET = 0.01;
/** The flags `npm start` gives the server (package.json), so the benchmark measures the same process. */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--max-old-space-size=256'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

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
  await main();
}

// ---------------------------------------------------------------------------------------------------------

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

async function seed(databaseUrl: string) {
  const { createDb, migrateToLatest } = await import('@everstone/server/tools');
  const { seedDemoJewelry, seedInventory } = await import('@everstone/server/tools');
  const d = createDb(databaseUrl);
  await migrateToLatest(d);
  const started = performance.now();
  await seedInventory(d, { count: COUNT, seed: 1, onProgress: () => {} });
  await seedDemoJewelry(d);
  await d.close();
  console.log(`Seeded ${COUNT.toLocaleString('en-US')} stones in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function startStore(databaseUrl: string, buildDir: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, import.meta.filename, '--serve', buildDir], {
    // NODE_ENV in the process environment, not only in the config: React picks its production build by it.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      STORE_MODE: 'demo',
      WALLET_PROVIDER: 'simulator',
      DATABASE_URL: databaseUrl,
      OUTBOX_DIR: join(databaseUrl.slice('sqlite:'.length), '..', 'outbox'),
      RATE_LIMITS_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { child, origin: await readyOrigin(child) };
}

async function getText(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.text();
}

/** What the first load of a page must download before it runs: every script the server's HTML names. */
async function firstLoadJs(origin: string, path: string) {
  const res = await fetch(origin + path, { headers: { 'accept-encoding': 'gzip, br' } });
  const htmlEncoding = res.headers.get('content-encoding');
  const html = await res.text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g)) urls.add(m[1]!);
  // React Router's inline module script imports the client entry and the route modules.
  for (const m of html.matchAll(/import\s*(?:\(\s*)?["']([^"']+\.js)["']/g)) urls.add(m[1]!);
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('');
  const files = [];
  for (const url of urls) {
    const r = await fetch(new URL(url, origin), { headers: { 'accept-encoding': 'gzip, br' } });
    const body = Buffer.from(await r.arrayBuffer());
    const encoding = r.headers.get('content-encoding');
    // fetch decodes what it receives; the size on the wire is what the server would send compressed.
    files.push({ url, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, served: encoding ?? 'identity', cache: r.headers.get('cache-control') ?? '' });
  }
  return {
    files,
    raw: files.reduce((s, f) => s + f.raw, 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
    inlineGzip: gzipSync(Buffer.from(inline), { level: 9 }).length,
    htmlGzip: gzipSync(Buffer.from(html), { level: 9 }).length,
    htmlEncoding: htmlEncoding ?? 'identity',
  };
}

/**
 * Puts one stone in the browser's cart (localStorage `cart`, SPEC §3) through the DevTools protocol.
 * Lighthouse's default reset leaves local storage alone, so the next audits of /cart see a full cart.
 */
async function putInCart(debugPort: number, origin: string, line: unknown) {
  const target = (await (await fetch(`http://127.0.0.1:${debugPort}/json/new?${origin}/robots.txt`, { method: 'PUT' })).json()) as {
    id: string;
    webSocketDebuggerUrl: string;
  };
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((r, j) => ((ws.onopen = r), (ws.onerror = j)));
  let id = 0;
  const call = (expression: string) =>
    new Promise<unknown>((r) => {
      const n = ++id;
      ws.addEventListener('message', function onMessage(e) {
        const msg = JSON.parse(String(e.data)) as { id?: number; result?: { result?: { value?: unknown } } };
        if (msg.id !== n) return;
        ws.removeEventListener('message', onMessage);
        r(msg.result?.result?.value);
      });
      ws.send(JSON.stringify({ id: n, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }));
    });
  for (let t = 0; t < 100 && (await call('location.origin + document.readyState')) !== `${origin}complete`; t++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  await call(`localStorage.setItem('cart', ${JSON.stringify(JSON.stringify([line]))}), localStorage.getItem('cart').length`);
  ws.close();
  await fetch(`http://127.0.0.1:${debugPort}/json/close/${target.id}`);
}

interface PageResult {
  label: string;
  path: string;
  runs: LighthouseResult[];
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** Bytes of JavaScript on the wire during the audited load (lazy chunks included). */
  scriptBytes: number;
}

async function audit(port: number, origin: string, label: string, path: string): Promise<PageResult> {
  const runs: LighthouseResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    let lhr: LighthouseResult | undefined;
    // A trace that fails to record (NO_NAVSTART and the like) happens now and then on a busy machine: retry.
    for (let attempt = 1; !lhr; attempt++) {
      const result = await lighthouse(origin + path, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      if (!result.lhr.runtimeError) lhr = result.lhr;
      else if (attempt === 3) throw new Error(`Lighthouse failed on ${path}: ${result.lhr.runtimeError.message}`);
      else console.log(`  ${label.padEnd(18)} run ${i + 1}: ${result.lhr.runtimeError.code}, again`);
    }
    runs.push(lhr);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(join(REPORTS, `${label.replace(/[^a-z0-9]+/gi, '-')}-${i + 1}.json`), JSON.stringify(lhr));
    }
    const s = (c: string) => Math.round((lhr.categories[c]?.score ?? NaN) * 100);
    console.log(
      `  ${label.padEnd(18)} run ${i + 1}: perf ${s('performance')} a11y ${s('accessibility')} bp ${s('best-practices')} seo ${s('seo')}` +
        `  LCP ${Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN)} ms` +
        `  TBT ${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN)} ms` +
        `  CLS ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)}` +
        `  (${((performance.now() - started) / 1000).toFixed(0)} s, benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)})`,
    );
  }
  const metric = (id: string) => median(runs.map((r) => r.audits[id]?.numericValue ?? NaN));
  return {
    label,
    path,
    runs,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => Math.round((r.categories[c]?.score ?? NaN) * 100)))])) as PageResult['scores'],
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    fcp: metric('first-contentful-paint'),
    scriptBytes: median(runs.map(scriptTransfer)),
  };
}

/** The spread of the performance score over the runs: on a shared machine one run can differ a lot. */
function performanceRange(page: PageResult): string {
  const scores = page.runs.map((r) => Math.round((r.categories.performance?.score ?? NaN) * 100));
  return `${Math.min(...scores)}–${Math.max(...scores)}`;
}

function scriptTransfer(lhr: LighthouseResult): number {
  const items = (lhr.audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
  return items.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

/** The audits that cost points, from the last run: what to fix. */
function explain(page: PageResult) {
  const lhr = page.runs.at(-1)!;
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.score >= 0.9 || ref.weight === 0 && category !== 'performance') continue;
      if (a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'manual') continue;
      const details = a.details as { items?: Array<Record<string, unknown>> } | undefined;
      const nodes = (details?.items ?? [])
        .slice(0, 4)
        .map((item) => {
          const node = item.node as { snippet?: string; nodeLabel?: string } | undefined;
          return node?.snippet ?? (typeof item.url === 'string' ? item.url : '');
        })
        .filter(Boolean);
      lines.push(`    [${category}] ${ref.id} (score ${a.score})${a.displayValue ? `: ${a.displayValue}` : ''}`);
      for (const n of nodes) lines.push(`        ${n.slice(0, 160)}`);
    }
  }
  if (lines.length) console.log(`  ${page.label}, audits below 0.9 (last run):\n${lines.join('\n')}`);
}

async function main() {
  const scratch = resolve(`data/bench/pages-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const loadBefore = loadavg()[0]!;
  let store: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let build: { dir: string; temporary: boolean } | undefined;
  const cleanUp = async () => {
    if (chrome) await chrome.kill();
    if (store) await stopStore(store);
    rmSync(scratch, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

  try {
    console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${loadBefore.toFixed(2)}`);
    build = chooseBuild(scratch);
    console.log(`Build: ${build.dir}${build.temporary ? ' (made for this run, removed afterwards)' : ''}`);
    const databaseUrl = `sqlite:${join(scratch, 'store.db')}`;
    await seed(databaseUrl);
    const started = await startStore(databaseUrl, build.dir);
    store = started.child;
    const { origin } = started;

    // A stone the search lists first, as a shopper would open it.
    const searchHtml = await getText(`${origin}/diamond`);
    const diamondId = /href="\/diamond-details\/(\d+)/.exec(searchHtml)?.[1];
    if (!diamondId) throw new Error('the search page lists no stone');
    const stone = ((await (await fetch(`${origin}/api/diamonds/${diamondId}`)).json()) as { data: Record<string, unknown> }).data;

    // The best-selling preset, as a shopper opens it from the listing.
    const listingHtml = await getText(`${origin}/preset-rings`);
    const piecePath = /href="(\/jewelry\/[^"]+)"/.exec(listingHtml)?.[1]?.replace(/&amp;/g, '&');
    if (!piecePath) throw new Error('the preset listing lists no piece');

    // Step 3 of the ring builder as a shopper reaches it: the best-selling setting, holding the first stone the search
    // lists for it.
    const settingList = (await (await fetch(`${origin}/api/products?department=engagement-rings`)).json()) as { data: { slug: string; metal: string }[] };
    const setting = settingList.data[0];
    if (!setting) throw new Error('the catalog has no setting');
    const fitting = (await (await fetch(`${origin}/api/get-all-diamonds?setting=${setting.slug}`)).json()) as { data: { diamondid: number }[] };
    if (!fitting.data[0]) throw new Error(`no stone fits the setting ${setting.slug}`);
    const builderPath = `/ring-builder/complete?diamond=${fitting.data[0].diamondid}&setting=${setting.slug}&metal=${setting.metal}&size=6`;

    const pages = [
      { id: 'home', label: 'home', path: '/' },
      { id: 'search', label: 'search', path: '/diamond' },
      { id: 'detail', label: 'detail', path: `/diamond-details/${diamondId}` },
      { id: 'listing', label: 'listing', path: '/preset-rings' },
      { id: 'piece', label: 'piece', path: piecePath },
      { id: 'builder', label: 'builder', path: builderPath },
      { id: 'cart', label: 'cart (empty)', path: '/cart' },
    ];
    // Warm the server (JIT, caches) as a running store is: the audits measure pages, not a cold process.
    for (const p of pages) for (let i = 0; i < 3; i++) await getText(origin + p.path);

    const js = await firstLoadJs(origin, '/diamond');
    const jewelryJs = { listing: await firstLoadJs(origin, '/preset-rings'), piece: await firstLoadJs(origin, piecePath), builder: await firstLoadJs(origin, builderPath) };

    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    console.log(`Lighthouse ${RUNS} × per page, mobile preset (simulated slow 4G, 4× CPU slowdown), Chromium at ${CHROME_PATH}`);
    const results: PageResult[] = [];
    for (const p of pages) if (!ONLY || ONLY.has(p.id)) results.push(await audit(chrome.port, origin, p.label, p.path));
    // Last, as the cart stays in the browser's storage from here on.
    if (!ONLY || ONLY.has('cart-full')) {
      await putInCart(chrome.port, origin, { ...stone, quantity: 1 });
      results.push(await audit(chrome.port, origin, 'cart (1 stone)', '/cart'));
    }
    const loadAfter = loadavg()[0]!;
    const benchmarkIndex = median(results.flatMap((r) => r.runs.map((l) => l.environment.benchmarkIndex)));

    console.log('');
    for (const r of results) explain(r);

    // The report, in markdown.
    const kb = (bytes: number) => (bytes / 1000).toFixed(1);
    const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
    console.log(`\n## Storefront pages, ${new Date().toISOString().slice(0, 10)}`);
    console.log(
      `Lighthouse ${results[0]!.runs[0]!.lighthouseVersion}, mobile preset, median of ${RUNS} runs; ${results[0]!.runs[0]!.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'} headless; ` +
        `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'}, load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after; ` +
        `Lighthouse benchmarkIndex ${Math.round(benchmarkIndex)}; ${COUNT.toLocaleString('en-US')} stones, SQLite.\n`,
    );
    console.log('| Page | Performance (range) | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | JS on the wire |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      const path = r.path.startsWith('/diamond-details/') ? '/diamond-details/{id}' : r.path.startsWith('/jewelry/') ? '/jewelry/{slug}' : r.path.split('?')[0]!;
      const label = r.label.startsWith('cart') ? `\`${path}\` ${r.label.slice(4)}` : `\`${path}\``;
      console.log(
        `| ${label} | ${r.scores.performance} (${performanceRange(r)}) | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ` +
          `${(r.fcp / 1000).toFixed(1)} s | ${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${kb(r.scriptBytes)} kB |`,
      );
    }
    console.log(
      `\nFirst load of /diamond: ${js.files.length} scripts, ${kb(js.raw)} kB raw, **${kb(js.gzip)} kB gzip** ` +
        `(+ ${kb(js.inlineGzip)} kB gzip of inline scripts in the HTML; the HTML itself ${kb(js.htmlGzip)} kB gzip). ` +
        `Served with content-encoding: HTML ${js.htmlEncoding}, scripts ${[...new Set(js.files.map((f) => f.served))].join(', ')}; ` +
        `script cache-control: ${[...new Set(js.files.map((f) => f.cache))].join(', ')}.`,
    );
    for (const f of [...js.files].sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kb(f.gzip).padStart(6)} kB gzip  ${kb(f.raw).padStart(6)} kB  ${f.url}`);
    for (const [name, weighed] of Object.entries(jewelryJs)) {
      console.log(
        `First load of the ${name} (${{ listing: '/preset-rings', piece: '/jewelry/{slug}', builder: '/ring-builder/complete' }[name]}): ${weighed.files.length} scripts, **${kb(weighed.gzip)} kB gzip** ` +
          `(HTML ${kb(weighed.htmlGzip)} kB gzip; three.js: ${weighed.files.some((f) => /three|fiber|drei/i.test(f.url)) ? '**in the first load**' : 'not in the first load'}).`,
      );
    }

    const search = results.find((r) => r.label === 'search');
    console.log('\n| Target (search page) | Result |');
    console.log('|---|---|');
    console.log(`| First load ≤ ${JS_BUDGET_KB} kB of JavaScript (gzip) | ${mark(js.gzip <= JS_BUDGET_KB * 1000)}: ${kb(js.gzip)} kB |`);
    if (search) {
      console.log(`| Performance ≥ ${PERFORMANCE_TARGET} (mobile) | ${mark(search.scores.performance >= PERFORMANCE_TARGET)}: ${search.scores.performance} |`);
      console.log(`| Accessibility 100 | ${mark(search.scores.accessibility === 100)}: ${search.scores.accessibility} |`);
      console.log(`| No layout jump (CLS < ${CLS_TARGET}) | ${mark(search.cls < CLS_TARGET)}: ${search.cls.toFixed(3)} |`);
    }
    for (const [name, weighed] of Object.entries(jewelryJs)) {
      console.log(`| The ${name}'s first load within /diamond's (${kb(js.gzip)} kB) | ${mark(weighed.gzip <= js.gzip)}: ${kb(weighed.gzip)} kB |`);
    }
    const others = results.filter((r) => r !== search);
    const a11yMissed = others.filter((r) => r.scores.accessibility < 100).map((r) => r.label);
    const perfMissed = others.filter((r) => r.scores.performance < PERFORMANCE_TARGET).map((r) => r.label);
    console.log(`| Other pages: accessibility 100 | ${a11yMissed.length ? `**missed** on ${a11yMissed.join(', ')}` : 'met'} |`);
    console.log(`| Other pages: performance ≥ ${PERFORMANCE_TARGET} | ${perfMissed.length ? `**missed** on ${perfMissed.join(', ')}` : 'met'} |`);
  } finally {
    await cleanUp();
  }
}
