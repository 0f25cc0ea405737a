import { resolve } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Diamond } from '@everstone/contract';

/**
 * What sticks out sideways on this screen. The body clips horizontal overflow, so the document's scroll width
 * alone cannot show a defect: every visible element must also sit inside the viewport, unless a container of
 * its own scrolls or clips it on purpose (a table that scrolls, a carousel track). Returns up to ten offenders.
 */
export async function sidewaysOverflow(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`document is ${document.documentElement.scrollWidth}px wide`);
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll(`${selector} *`)) {
      // The skip link waits off screen until focused; hidden things take no room.
      if (el.closest('.skip-link, .visually-hidden, [hidden], [aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if ((box.left < -1 || box.right > width + 1) && !clipped(el)) {
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        found.push(`${el.tagName.toLowerCase()}${cls} spans ${Math.round(box.left)}–${Math.round(box.right)}px`);
      }
    }
    return found.slice(0, 10);
  }, scope);
}

/**
 * The messages the store under test has sent to `to` over SMTP (e2e/serve.ts runs the mail server and keeps what
 * arrives in a mailbox folder), oldest first, with their text. Waits up to `timeoutMs` for at least one; with
 * `subject`, only messages whose subject starts with it (a shopper's inbox also holds the sign-up's verification link).
 */
export async function readOutbox(to: string, { timeoutMs = 7_000, subject }: { timeoutMs?: number; subject?: string } = {}): Promise<Array<{ subject: string; text: string }>> {
  const { readFile } = await import('node:fs/promises');
  const dir = `${storeDir()}/mailbox`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let index = '';
    try {
      index = await readFile(`${dir}/index.jsonl`, 'utf8');
    } catch {
      // No message yet.
    }
    const entries = index
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { file: string; to: string[]; subject: string })
      .filter((e) => e.to.some((address) => address.toLowerCase() === to.toLowerCase()))
      .filter((e) => subject === undefined || e.subject.startsWith(subject));
    if (entries.length > 0 || Date.now() > deadline) {
      return Promise.all(entries.map(async (e) => ({ subject: e.subject, text: await readFile(`${dir}/${e.file}`, 'utf8') })));
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The newest message sent to `to` whose subject is `subject` (or matches it), waiting for it to arrive: the store's
 * mail leaves after its change commits, so a journey waits for it rather than for a fixed time.
 */
export async function waitForMail(to: string, subject: string | RegExp, { timeoutMs = 15_000 } = {}): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  const matches = (s: string) => (typeof subject === 'string' ? s === subject : subject.test(s));
  for (;;) {
    const found = (await readOutbox(to, { timeoutMs: 0 })).filter((m) => matches(m.subject)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No email "${String(subject)}" reached ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** What axe finds serious or critical on the page as it stands, one line per rule with the elements it names. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The scratch folder of the store under test (e2e/serve.ts): its database, its mailbox, its mail server's address. */
function storeDir(): string {
  return resolve(`test-results/e2e-db-${process.env.E2E_PORT ?? '3210'}`);
}

/**
 * Runs the store's order desk (`npm run orders -- …`) against the store under test, as staff would beside it.
 * Its mail goes through the same mail server, so `readOutbox` sees it.
 */
export async function runOrderDesk(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { execFile } = await import('node:child_process');
  const { readFileSync } = await import('node:fs');
  const dir = storeDir();
  const smtpUrl = readFileSync(`${dir}/smtp-url`, 'utf8').trim();
  return new Promise((done) => {
    execFile(
      process.execPath,
      [resolve('apps/server/src/cli/orders.ts'), ...args],
      { env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: `sqlite:${dir}/store.db`, SMTP_URL: smtpUrl }, timeout: 20_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * Runs the store's staff command (`npm run staff -- …`) against the store under test: `add EMAIL --role owner` makes
 * an owner of an account (or invites a new one). Its mail goes through the same mail server, so `readOutbox` sees it.
 */
export async function runStaffCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { execFile } = await import('node:child_process');
  const { readFileSync } = await import('node:fs');
  const dir = storeDir();
  const smtpUrl = readFileSync(`${dir}/smtp-url`, 'utf8').trim();
  const publicUrl = `http://127.0.0.1:${process.env.E2E_PORT ?? '3210'}`;
  return new Promise((done) => {
    execFile(
      process.execPath,
      [resolve('apps/server/src/cli/staff.ts'), ...args],
      { env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: `sqlite:${dir}/store.db`, SMTP_URL: smtpUrl, PUBLIC_URL: publicUrl }, timeout: 20_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The password of every shopper the journeys create. */
export const SHOPPER_PASSWORD = 'sparkle-and-shine';

export interface ShopperAccount {
  id: number;
  email: string;
  token: string;
}

/** The subject of the email that carries an account's verification link. */
export const VERIFICATION_SUBJECT = 'Verify your Everstone email address';

/** The path of the newest verification link mailed to `email` (/verify-email/{token}). */
export async function verificationLinkFor(email: string): Promise<string> {
  const mails = await readOutbox(email, { subject: VERIFICATION_SUBJECT });
  const link = /https?:\/\/\S+\/verify-email\/[^\s"<>]+/.exec(mails.at(-1)?.text ?? '')?.[0];
  expect(link, 'a verification link in the email').toBeTruthy();
  return new URL(link!).pathname;
}

/**
 * Registers a shopper of its own through the API (`label` names the journey in the address), verifies the address as
 * the shopper would (the link read from the mailbox, its page opened: holding a stone in the builder needs it), and
 * signs in. `verified: false` leaves the address unverified.
 */
export async function createAccount(request: APIRequestContext, label: string, name = 'Ada Lovelace', { verified = true } = {}): Promise<ShopperAccount> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await request.post('/api/register', {
    data: { title: 'Ms', name, email, birth_date: null, anniversary_date: null, password: SHOPPER_PASSWORD },
  });
  expect(registered.status()).toBe(201);
  if (verified) {
    const page = await request.get(await verificationLinkFor(email));
    expect(page.status(), 'the verification page').toBe(200);
    expect(await page.text()).toContain('Your email address is verified.');
  }
  const login = await request.post('/api/login', { data: { email, password: SHOPPER_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  return { id: user.id, email, token };
}

/**
 * Stops the page's clock (Playwright's clock API): from here its timers fire only as the test steps the clock on
 * (`page.clock.runFor`), so a timing of the store is read off that clock rather than measured on a busy machine.
 * Answers the stopped clock's time.
 */
export async function stopPageClock(page: Page): Promise<number> {
  await page.clock.install();
  const stoppedAt = (await page.evaluate(() => Date.now())) + 1_000;
  await page.clock.pauseAt(stoppedAt);
  return stoppedAt;
}

/**
 * The page has hydrated: its route modules are loaded and React has taken over the document (hydrateRoot marks the
 * body with its fiber). Before that, a click on server-rendered HTML does nothing and is lost; after, React handles
 * it (or replays it while hydration finishes).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined &&
      Object.keys(document.body).some((key) => key.startsWith('__reactFiber$')),
  );
}

/**
 * `count` distinct available stones priced within [min, max] dollars, picked at random: a journey that orders
 * stones takes them from a price band of its own, so it never takes what another journey uses.
 */
export async function stonesPricedWithin(request: APIRequestContext, min: number, max: number, count: number): Promise<Diamond[]> {
  const res = await request.get(`/api/get-all-diamonds?price=${min}&price=${max}&sort=price_asc&per_page=100`);
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: Diamond[] };
  expect(data.length).toBeGreaterThanOrEqual(count);
  const picked = new Set<number>();
  while (picked.size < count) picked.add(Math.floor(Math.random() * data.length));
  return [...picked].map((i) => data[i]!);
}

/**
 * POST /api/store-order at the store's own quote (POST /api/checkout/quote for the same lines, method and address:
 * the prices with a wire's discount and the address's sales tax), as the checkout page sends it. `data` is the
 * order's payload without its total_price.
 */
export async function postOrder(request: APIRequestContext, options: { headers: Record<string, string>; data: Record<string, unknown> }) {
  const { lines, items_id, item_details, payment_mode, address } = options.data;
  const quote = await request.post('/api/checkout/quote', { data: { lines, items_id, item_details, payment_mode, address } });
  if (quote.status() !== 200) throw new Error(`The quote failed (${quote.status()}): ${await quote.text()}`);
  const { total } = (await quote.json()) as { total: string };
  return request.post('/api/store-order', { headers: options.headers, data: { ...options.data, total_price: total } });
}

