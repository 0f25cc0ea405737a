import { expect, test } from '@playwright/test';
import { chunked, postRaw } from '@everstone/server/testing';
import { baseURL } from './playwright.config.ts';

const { hostname, port } = new URL(baseURL);

/** A POST over a raw socket to the store under test (see postRaw). */
const post = (path: string, headers: Record<string, string>, body: Buffer) => postRaw({ host: hostname, port: Number(port), path }, headers, body);

test('a page form that declares 120 MB is refused with a 413 before a byte of it is read, and the store keeps serving', async ({ request }) => {
  const res = await post('/contact', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(120 * 1024 * 1024), origin: baseURL }, Buffer.alloc(0));
  expect(res.status).toBe(413);
  expect(JSON.parse(res.body).message).toMatch(/^The request is too large: the store accepts at most 64 KB in one request\./);
  expect((await request.get('/healthz')).status()).toBe(200);
  expect((await request.get('/contact')).status()).toBe(200);
});

test('a chunked page form is refused with a 413 as soon as it passes the cap, without its end', async ({ request }) => {
  // Just past the cap, and no final chunk: the store cannot have waited for the rest.
  const res = await post('/signup', { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked', origin: baseURL }, chunked(64 * 1024 + 1));
  expect(res.status).toBe(413);
  expect((await request.get('/healthz')).status()).toBe(200);
});

test('every page action and API call takes at most 64 KB, and pages only HTML forms', async ({ request }) => {
  for (const path of ['/contact', '/signup', '/resetpassword', '/reset-password/some-token', '/newsletter/unsubscribe', '/api/contact', '/api/register']) {
    const res = await request.post(path, {
      headers: { 'content-type': path.startsWith('/api') ? 'application/json' : 'application/x-www-form-urlencoded', origin: baseURL },
      data: 'x'.repeat(65 * 1024),
    });
    expect(res.status(), path).toBe(413);
  }
  const text = await request.post('/contact', { headers: { 'content-type': 'text/plain', origin: baseURL }, data: 'hello' });
  expect(text.status()).toBe(415);
  // The longest form a shopper can send (a 5,000-character question in a script of three-byte characters) fits.
  const form = await request.post('/contact', { form: { email: 'fits@shopper.test', topic: 'Diamonds', question: '钻'.repeat(5000) }, headers: { origin: baseURL } });
  expect(form.status()).toBe(200);
});

test('the development outbox does not exist in production', async ({ request }) => {
  expect((await request.get('/dev/outbox')).status()).toBe(404);
});

test('a page request whose Host or Origin cannot be a URL gets a 400, never a 500', async () => {
  const malformed = await post('/contact', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '3', origin: 'http://[not a host' }, Buffer.from('a=1'));
  expect(malformed.status).toBe(400);
});

/**
 * The page actions get the API's fuzz pass (apps/server/src/fuzz.test.ts) here, where the built storefront runs
 * them: forms with missing, repeated, oversized and hostile fields, as a document post and as the router's data
 * request. Whatever arrives, a page answers with its form and a message (2xx or 4xx), never a 5xx.
 */
test('the page actions answer hostile forms without a 5xx', async ({ request }) => {
  const fc = (await import('fast-check')).default;
  const hostile = fc.oneof(
    fc.string(),
    fc.constantFrom('', '\u0000', '\u001b[2K\rpaid', '💎'.repeat(500), '<script>alert(1)</script>', "' OR 1=1 --", '2026-02-30', '12/31/1899', 'a@b', 'Diamonds', 'Mrs'),
  );
  const fields = ['name', 'email', 'phone', 'topic', 'question', 'title', 'first_name', 'last_name', 'birth_date', 'anniversary_date', 'password', 'password_confirmation', 'token', 'intent'];
  const actions = ['/contact', '/signup', '/resetpassword', '/reset-password/not-a-token?email=a%40b.c', '/newsletter/unsubscribe?token=abc'];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...actions),
      fc.boolean(),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 10 })), hostile), { maxLength: 8 }),
      async (path, asData, pairs) => {
        const url = asData ? path.replace(/(\?|$)/, '.data$1') : path;
        const body = new URLSearchParams(pairs.map(([k, v]) => [k.toWellFormed(), v.toWellFormed()])).toString();
        const res = await request.post(url, { headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseURL }, data: body, maxRedirects: 0 });
        expect(res.status(), `${url} ${body.slice(0, 200)}`).toBeLessThan(500);
      },
    ),
    { numRuns: 60 },
  );
});
