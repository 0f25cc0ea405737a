import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { PUBLIC_PAGES } from '@everstone/contract';
import { hydrated, sidewaysOverflow } from './support.ts';

async function aDiamond(page: Page) {
  const res = await page.request.get('/api/get-all-diamonds?active_tab=2&per_page=1');
  return (await res.json()).data[0] as { diamondid: number; certificate_number: string; price: number };
}

test('the home page has the dark header and every other page the white one', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('header.site-header')).toHaveClass(/site-header--dark/);
  await page.goto('/about');
  await expect(page.locator('header.site-header')).toHaveClass(/site-header--light/);
  await expect(page.getByRole('link', { name: /1-800-555-0199/ }).first()).toHaveAttribute('href', /^tel:/);
  await expect(page.getByText('Free insured shipping and returns · Lifetime warranty')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'NO DEALBREAKERS' })).toBeVisible();
});

test('the navigation leads to engagement, wedding and diamonds', async ({ page }) => {
  await page.goto('/about');
  const nav = page.locator('header nav[aria-label="Main"]');
  await expect(nav.getByRole('link', { name: 'ENGAGEMENT' })).toHaveAttribute('href', '/engagement');
  await expect(nav.getByRole('link', { name: 'WEDDING' })).toHaveAttribute('href', '/wedding-brands');
  await expect(nav.getByRole('link', { name: 'Diamonds' })).toHaveAttribute('href', '/diamond');
  await expect(page.getByRole('link', { name: 'SIGN IN / UP' })).toHaveAttribute('href', '/signin');
});

test('the cart badge counts the cart lines and hides at zero', async ({ page }) => {
  const diamond = await aDiamond(page);
  await page.goto('/about');
  await hydrated(page);
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await page.evaluate((d) => {
    localStorage.setItem('cart', JSON.stringify([{ ...d, quantity: 1 }, { ...d, certificate_number: 'X-2', quantity: 3 }]));
  }, diamond);
  await page.reload();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
});

test('the header search finds a diamond by certificate number, or says none was found', async ({ page }) => {
  const diamond = await aDiamond(page);
  await page.goto('/about');
  await hydrated(page);
  await page.getByRole('button', { name: 'Search by certificate number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Find a diamond' });
  await dialog.getByLabel('Certificate number').fill('0000000');
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(dialog.getByText('No diamond was found with certificate number 0000000.')).toBeVisible();
  await dialog.getByLabel('Certificate number').fill(`  ${diamond.certificate_number.toLowerCase()} `);
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/diamond-details/${diamond.diamondid}$`));
});

test('the wishlist lists saved diamonds and removes them', async ({ page }) => {
  const diamond = await aDiamond(page);
  await page.goto('/wishlist');
  await hydrated(page);
  await expect(page.getByText('You have not saved any diamonds yet.')).toBeVisible();
  const res = await page.request.get(`/api/diamonds/${diamond.diamondid}`);
  const record = (await res.json()).data;
  await page.evaluate((d) => localStorage.setItem('wishlist', JSON.stringify([d])), record);
  await page.reload();
  await expect(page.getByText(record.certificate_number, { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('You have not saved any diamonds yet.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBe('[]');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 780 } });

  test('the navigation folds into a menu that works by touch and keyboard', async ({ page }) => {
    await page.goto('/about');
    await hydrated(page);
    await expect(page.locator('.header-nav')).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'WEDDING' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
    await open.press('Enter');
    await drawer.getByRole('link', { name: 'ENGAGEMENT' }).click();
    await expect(page).toHaveURL(/\/engagement$/);
    await expect(drawer).toBeHidden();
  });

  test('no page scrolls sideways', async ({ page }) => {
    for (const path of ['/', '/about', '/contact', '/wishlist', '/pages/diamonds-4cs']) {
      await page.goto(path);
      expect(await sidewaysOverflow(page), path).toEqual([]);
    }
  });
});

test('every public page answers with its own heading, title and canonical link', async ({ request }) => {
  const titles = new Set<string>();
  for (const path of PUBLIC_PAGES) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html, path).toMatch(/<h1[\s>]/);
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    expect(title, path).toBeTruthy();
    titles.add(title!);
    expect(html, path).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+[^"]*"/);
    expect(html, path).toContain('property="og:title"');
    expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
  }
  expect(titles.size).toBe(PUBLIC_PAGES.length);
});

test('the sitemap lists the public pages and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const path of PUBLIC_PAGES) expect(sitemap).toContain(`${path}</loc>`);
  // And every piece of the catalog: each listed page answers.
  const pieces = [...sitemap.matchAll(/<loc>[^<]*(\/jewelry\/[a-z0-9-]+)<\/loc>/g)].map((m) => m[1]!);
  expect(pieces.length).toBeGreaterThan(300);
  for (const path of [pieces[0]!, pieces.at(-1)!]) expect((await request.get(path)).status(), path).toBe(200);
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
});

test('no link on the shared layout leads to a missing page', async ({ page, request }) => {
  await page.goto('/about');
  const hrefs = await page.locator('header a[href^="/"], footer a[href^="/"]').evaluateAll((as) =>
    [...new Set(as.map((a) => (a as HTMLAnchorElement).getAttribute('href')!.split('#')[0]!))],
  );
  expect(hrefs.length).toBeGreaterThan(15);
  for (const href of hrefs) expect((await request.get(href || '/')).status(), href).toBe(200);
});

test('the layout, the wishlist and the 404 page pass axe', async ({ page }) => {
  for (const path of ['/wishlist', '/no-such-page', '/checkout']) {
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path}: ${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
  }
});
