import { expect, test } from '@playwright/test';

test('the home page is rendered on the server', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  const html = await res.text();
  // The text is in the server's HTML, before any script runs.
  expect(html).toContain('The Perfect Beginning');
  expect(html).toMatch(/<title>[^<]*Everstone[^<]*<\/title>/);
  expect(html).toMatch(/\d[\d,]* lab-grown, \d[\d,]* natural and \d[\d,]* color diamonds/);
});

test('the home page hydrates without script errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'The Perfect Beginning' })).toBeVisible();
  // React Router marks hydration by handing links its click handling; wait for the router to exist.
  await page.waitForFunction(() => (window as any).__reactRouterRouteModules !== undefined);
  expect(errors).toEqual([]);
});

test('an unknown path answers 404 with a helpful page', async ({ page }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
});

test('the API answers JSON and documents itself', async ({ request }) => {
  const shapes = await request.get('/api/diamond-shapes');
  expect(shapes.status()).toBe(200);
  expect((await shapes.json()).data.length).toBeGreaterThanOrEqual(10);
  const docs = await request.get('/api/docs/json');
  expect(docs.status()).toBe(200);
  expect(Object.keys((await docs.json()).paths)).toContain('/api/get-all-diamonds');
});
