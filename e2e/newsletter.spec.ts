import { expect, test, type APIRequestContext } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { NEWSLETTER_UNSUBSCRIBE_MESSAGES } from '@everstone/contract';
import { readOutbox, sidewaysOverflow } from './support.ts';

/*
 * /newsletter/unsubscribe: the link at the foot of every newsletter email. Each test subscribes an address of its
 * own and follows the link its welcome email carries.
 */

async function subscribedLink(request: APIRequestContext): Promise<{ email: string; path: string }> {
  const email = `letters-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect((await request.post('/api/newsletter', { data: { email } })).status()).toBe(201);
  const [welcome] = await readOutbox(email);
  const link = /https?:\/\/[^\s]+\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+/.exec(welcome?.text ?? '');
  expect(link, welcome?.text).not.toBeNull();
  const url = new URL(link![0]);
  return { email, path: `${url.pathname}${url.search}` };
}

const subscribed = async (request: APIRequestContext, path: string) => {
  const token = new URL(path, 'http://x').searchParams.get('token');
  return ((await (await request.get(`/api/newsletter/subscription?token=${token}`)).json()) as { subscribed: boolean }).subscribed;
};

test('the welcome email’s link asks once, then unsubscribes; opening it alone changes nothing', async ({ page, request }) => {
  const { email, path } = await subscribedLink(request);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from our newsletter?' })).toBeVisible();
  await expect(page.getByTestId('unsubscribe-email')).toHaveText(`${email.slice(0, 2)}***@example.com`);
  expect(await subscribed(request, path)).toBe(true);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'You are unsubscribed' }).getByRole('status')).toContainText(NEWSLETTER_UNSUBSCRIBE_MESSAGES.done);
  expect(await subscribed(request, path)).toBe(false);

  // The same link later says so at once.
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
});

test('works without JavaScript, and fits a 375 px phone', async ({ browser, request }) => {
  const { path } = await subscribedLink(request);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(path);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
    expect(await subscribed(request, path)).toBe(false);
  } finally {
    await context.close();
  }
});

test('a link that names nobody says so with a 404', async ({ page }) => {
  const res = await page.goto('/newsletter/unsubscribe?token=AAAAAAAAAAAAAAAAAAAAAAAA');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'This link is not valid' }).getByRole('alert')).toHaveText(NEWSLETTER_UNSUBSCRIBE_MESSAGES.invalid);
});
