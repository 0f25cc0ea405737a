import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { hydrated, sidewaysOverflow } from './support.ts';

/** Every education page (§2 route table) with the heading it opens on. */
const EDUCATION_PAGES: Array<{ path: string; h1: string }> = [
  { path: '/engagement-ring-style', h1: 'ENGAGEMENT RING EDUCATION' },
  { path: '/pages/diamonds-4cs', h1: 'The 4Cs of Diamond Quality' },
  { path: '/pages/wedding-band-styles', h1: 'Wedding Band Styles Guide' },
  { path: '/pages/fine-jewelry-earrings', h1: 'Diamond Earrings Guide' },
  { path: '/pages/gemstones-types-guide', h1: 'Gemstone Guide: Sapphire, Ruby, Emerald and More' },
  { path: '/pages/engagement-ring-settings', h1: 'Engagement Ring Settings Guide' },
  { path: '/pages/engagement-ring-diamond-types', h1: 'Natural, Lab-Grown and Color Diamonds' },
  { path: '/pages/engagement-ring-diamond-shapes', h1: 'Diamond Shapes Guide' },
  { path: '/pages/engagement-ring-metal', h1: 'Engagement Ring Metals Guide' },
  { path: '/pages/engagement-ring-sizing', h1: 'Ring Size Guide' },
  { path: '/pages/engagement-ring-budgeting', h1: 'How Much to Spend on an Engagement Ring' },
];

const SIDE_MENU: Array<{ name: string; path: string; h1: string }> = [
  { name: 'Settings', path: '/pages/engagement-ring-settings', h1: 'Engagement Ring Settings Guide' },
  { name: 'Diamond Types', path: '/pages/engagement-ring-diamond-types', h1: 'Natural, Lab-Grown and Color Diamonds' },
  { name: 'Diamond Shapes', path: '/pages/engagement-ring-diamond-shapes', h1: 'Diamond Shapes Guide' },
  { name: 'Metal', path: '/pages/engagement-ring-metal', h1: 'Engagement Ring Metals Guide' },
  { name: 'Ring Sizing', path: '/pages/engagement-ring-sizing', h1: 'Ring Size Guide' },
  { name: 'Budgeting', path: '/pages/engagement-ring-budgeting', h1: 'How Much to Spend on an Engagement Ring' },
];

const STYLES = ['Solitaire', 'Halo', 'Vintage', 'Side Stone', 'Three Stone', 'Pavé', 'Hidden Halo', 'Something Blue', 'Luxe'];

/** Serious and critical axe findings in the page's own content (the shared header and footer have their own spec). */
async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const { path, h1 } of EDUCATION_PAGES) {
  test(`${path} answers 200 with its heading, rendered on the server`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    expect(await res?.text()).toContain(h1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page).toHaveTitle(/Everstone/);
  });
}

test('an unknown guide answers 404 with the not-found page', async ({ page }) => {
  const res = await page.goto('/pages/nope');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
});

test('the education page has the top menu, the side menu and the nine styles', async ({ page }) => {
  await page.goto('/engagement-ring-style');
  await expect(page.getByRole('link', { name: 'Shop engagement rings' })).toHaveAttribute('href', '/engagement');

  const topics = page.getByRole('navigation', { name: 'Education topics' });
  await expect(topics.getByRole('link')).toHaveText(['Engagement Rings', 'Diamonds', 'Wedding Bands', 'Fine Jewelry', 'Gemstone']);
  await expect(topics.getByRole('link', { name: 'Engagement Rings' })).toHaveAttribute('aria-current', 'page');
  await expect(topics.getByRole('link', { name: 'Diamonds' })).toHaveAttribute('href', '/pages/diamonds-4cs');
  await expect(topics.getByRole('link', { name: 'Gemstone' })).toHaveAttribute('href', '/pages/gemstones-types-guide');

  const side = page.getByRole('navigation', { name: 'Engagement ring guides' });
  await expect(side.getByRole('link')).toHaveText(['Style', ...SIDE_MENU.map((item) => item.name)]);
  await expect(side.getByRole('link', { name: 'Style' })).toHaveAttribute('aria-current', 'page');
  await expect(side.getByRole('link', { name: 'Style' })).toHaveAttribute('href', '#solitaire');

  await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText(STYLES);
  for (const name of STYLES) {
    const section = page.getByRole('region', { name, exact: true });
    await expect(section.getByRole('img')).toHaveAttribute('alt', /engagement ring/i);
    await expect(section.getByRole('link', { name: /^Shop / })).toHaveAttribute('href', /^\/(engagement|diamond|preset-rings)$/);
    const related = section.getByRole('list').getByRole('link');
    await expect(related).toHaveCount(3);
    for (const href of await related.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/pages\/[a-z0-9-]+$/);
    }
  }
  await expect(page.getByRole('region', { name: 'Luxe' })).toContainText('3-carat center stone');
});

test('the side menu links go to their guides', async ({ page }) => {
  for (const item of SIDE_MENU) {
    await page.goto('/engagement-ring-style');
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Engagement ring guides' }).getByRole('link', { name: item.name }).click();
    await expect(page).toHaveURL(item.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.h1);
  }
});

test('a guide has a breadcrumb, a table of contents that finds its sections, and links to the other guides', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/pages/engagement-ring-sizing');
  await hydrated(page);

  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(crumbs.getByRole('link', { name: 'Education' })).toHaveAttribute('href', '/engagement-ring-style');
  await expect(crumbs.getByText('Ring Size Guide')).toHaveAttribute('aria-current', 'page');
  // The guide belongs to the engagement ring topic of the top menu.
  await expect(page.getByRole('navigation', { name: 'Education topics' }).getByRole('link', { name: 'Engagement Rings' })).toHaveAttribute('aria-current', 'true');

  const toc = page.getByRole('navigation', { name: 'In this guide' }).getByRole('link');
  await expect(toc.first()).toBeVisible();
  for (const href of await toc.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
    await expect(page.locator(href)).toHaveCount(1);
  }

  // The size chart runs from 3 to 13 in half sizes on the standard (diameter 11.63 + 0.8128 × size mm).
  const chart = page.getByRole('table', { name: /US ring sizes/ });
  await expect(chart.getByRole('row')).toHaveCount(1 + 21);
  const size7 = chart.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '7', exact: true }) });
  await expect(size7.getByRole('cell')).toHaveText(['17.3', '54.4']);

  const more = page.getByRole('region', { name: 'Keep learning' }).getByRole('link');
  await expect(more).toHaveCount(9);
  await page.getByRole('region', { name: 'Keep learning' }).getByRole('link', { name: 'Diamond 4Cs' }).click();
  await expect(page).toHaveURL('/pages/diamonds-4cs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The 4Cs of Diamond Quality');
  await expect(page.getByRole('navigation', { name: 'Education topics' }).getByRole('link', { name: 'Diamonds' })).toHaveAttribute('aria-current', 'page');
  expect(errors).toEqual([]);
});

test('on a phone the side menu is a row above the content and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/engagement-ring-style');
  const side = page.getByRole('navigation', { name: 'Engagement ring guides' });
  const sideBox = await side.boundingBox();
  const firstStyle = await page.getByRole('heading', { name: 'Solitaire', level: 2 }).boundingBox();
  expect(sideBox && firstStyle && sideBox.y + sideBox.height <= firstStyle.y).toBe(true);
  const settings = await side.getByRole('link', { name: 'Settings' }).boundingBox();
  const style = await side.getByRole('link', { name: 'Style' }).boundingBox();
  expect(settings && style && Math.abs(settings.y - style.y) < 2).toBe(true);
  for (const path of ['/engagement-ring-style', '/pages/engagement-ring-metal']) {
    await page.goto(path);
    expect(await sidewaysOverflow(page), path).toEqual([]);
  }
});

test('axe finds no serious or critical violations on the education page and two guides', async ({ page }) => {
  for (const path of ['/engagement-ring-style', '/pages/diamonds-4cs', '/pages/engagement-ring-diamond-shapes']) {
    await page.goto(path);
    await hydrated(page);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
