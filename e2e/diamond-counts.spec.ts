import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { HISTOGRAM_BINS, SCALES, type Diamond, type DiamondFacetsResponse, type DiamondListResponse, type Shape } from '@everstone/contract';
import { hydrated, sidewaysOverflow } from './support.ts';

/**
 * The search's counts (/diamond with GET /api/diamond-facets): how many stones each choice would give, the bars behind
 * the price and carat sliders, and the price per carat. Every number expected is read from the store's API for the
 * page's own URL at the time of the test, never from the seed.
 */

const grouped = (n: number) => n.toLocaleString('en-US');
const diamonds = (n: number) => `${grouped(n)} ${n === 1 ? 'diamond' : 'diamonds'}`;
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

const heading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Showing/ });
const shapeGroup = (page: Page) => page.getByRole('group', { name: 'Shape' });
const histogram = (page: Page, name: 'price' | 'carat') => page.locator(`svg[data-histogram="${name}"]`);

async function openSearch(page: Page, query = '') {
  await page.goto(`/diamond${query}`);
  await hydrated(page);
  await settled(page);
}

/** The results answer the filters, and the counts the search as it is (not dimmed, waiting for newer ones). */
async function settled(page: Page) {
  await expect(heading(page)).toHaveText(/\(\d[\d,]* of \d[\d,]*\)$/);
  await expect(page.locator('.ds-filters[data-stale]')).toHaveCount(0);
}

/** The page's URL as the API's query (the loader forwards it the same way; the tab defaults to LAB). */
function apiQuery(page: Page): URLSearchParams {
  const params = new URLSearchParams(new URL(page.url()).search);
  if (!params.has('active_tab')) params.set('active_tab', '2');
  return params;
}

async function facetsFor(request: APIRequestContext, page: Page): Promise<DiamondFacetsResponse> {
  const res = await request.get(`/api/diamond-facets?${apiQuery(page)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as DiamondFacetsResponse;
}

async function firstPageFor(request: APIRequestContext, page: Page): Promise<DiamondListResponse> {
  const res = await request.get(`/api/get-all-diamonds?${apiQuery(page)}&page=1`);
  expect(res.status()).toBe(200);
  return (await res.json()) as DiamondListResponse;
}

async function shapes(request: APIRequestContext): Promise<Shape[]> {
  return ((await (await request.get('/api/diamond-shapes')).json()) as { data: Shape[] }).data;
}

/** A shape's button as a screen reader names it: the shape first, then its count. */
const shapeButton = (page: Page, name: string, count: number) =>
  shapeGroup(page).getByRole('button', { name: `${name}, ${diamonds(count)}`, exact: true });

/** The heights of the bars behind a slider, left to right (SVG units; a step without stones has no bar). */
async function barHeights(page: Page, name: 'price' | 'carat'): Promise<string[]> {
  return histogram(page, name)
    .locator('rect')
    .evaluateAll((rects) => rects.map((r) => `${r.getAttribute('x')}:${r.getAttribute('height')}`));
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('.ds-page').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the server HTML already shows the counts and the bars for the URL', async ({ request }) => {
  const query = 'price=300,8000&cut=1,4';
  const html = await (await request.get(`/diamond?${query}`)).text();
  const facets = (await (await request.get(`/api/diamond-facets?active_tab=2&${query}`)).json()) as DiamondFacetsResponse;
  for (const { count } of facets.shapes) expect(html).toContain(`<span class="ds-shape__count ds-tally">${grouped(count)}<`);
  expect(html).toMatch(/<svg class="ds-histogram"[^>]*data-histogram="price"/);
  expect(html).toMatch(/<svg class="ds-histogram"[^>]*data-histogram="carat"/);
  // The bars' code is not among the page's first scripts: it is fetched as the page wakes up.
  expect(html).not.toContain('slider-histogram');
});

test('nothing in the filters moves as the page wakes up and the bars’ code arrives', async ({ page }) => {
  // Every layout shift of the page, with what moved.
  await page.addInitScript(() => {
    const moved: string[] = [];
    (window as unknown as { moved: string[] }).moved = moved;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; sources?: Array<{ node?: Node }> }>) {
        for (const source of entry.sources ?? []) {
          const el = source.node instanceof Element ? source.node : source.node?.parentElement;
          if (el?.closest('.ds-filters')) moved.push(`${el.className || el.tagName} (${entry.value.toFixed(4)})`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openSearch(page, '?price=300,8000');
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/slider-histogram-[^/]+\.js$/.test(e.name))))
    .toBe(true);
  // The bars React draws once their code is here are the server's, where they were.
  await expect(histogram(page, 'price').locator('rect').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { moved: string[] }).moved)).toEqual([]);
});

test('the shapes, the grades, the fancy colors and the reports show what the API counts for the URL', async ({ page, request }) => {
  await openSearch(page, '?price=300,8000&clarity=2,6');
  const facets = await facetsFor(request, page);
  for (const shape of await shapes(request)) {
    const count = facets.shapes.find((s) => s.id === shape.id)?.count ?? 0;
    const button = shapeButton(page, shape.name, count);
    await expect(button).toBeVisible();
    // A shape that would give none is muted but can still be chosen.
    if (count === 0) {
      await expect(button).toHaveAttribute('data-empty', '');
      await expect(button).toBeEnabled();
    }
  }

  // Each grade's count is written under it; screen readers hear them from the group's description.
  const cut = facets.grades.cut;
  const cutGroup = page.getByRole('group', { name: 'Cut', exact: true });
  await expect(cutGroup.locator('.ds-grades__count')).toHaveText(cut.map((n) => (n < 10_000 ? grouped(n) : /\d[KM]$/)));
  await expect(cutGroup).toHaveAccessibleDescription(
    `The chosen grades hold ${diamonds(cut.reduce((a, b) => a + b, 0))}. By grade: ${SCALES.cut.map((g, i) => `${g} ${grouped(cut[i]!)}`).join(', ')}.`,
  );
  // Clarity 2–6 is VVS1 to VS2: the chosen grades hold the search's own total.
  await expect(page.getByRole('group', { name: 'Clarity', exact: true })).toHaveAccessibleDescription(
    new RegExp(`^The chosen grades hold ${diamonds(facets.total)}\\.`),
  );

  const report = page.getByRole('button', { name: /FILTER BY/ });
  await expect(report).toHaveAccessibleName('FILTER BY All');
  await report.click();
  const menu = page.getByRole('menu', { name: 'FILTER BY' });
  await expect(menu.getByRole('menuitemradio', { name: `GIA, ${diamonds(facets.reports.gia)}`, exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitemradio', { name: `IGI, ${diamonds(facets.reports.igi)}`, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  // On the COLOR tab, each fancy color.
  await page.getByRole('tab', { name: 'COLOR DIAMONDS' }).click();
  await expect(page).toHaveURL(/active_tab=3/);
  await settled(page);
  const color = await facetsFor(request, page);
  const fancy = page.getByRole('group', { name: 'Fancy Color' });
  for (const [i, name] of ['Yellow', 'Pink', 'Blue', 'Green', 'Orange', 'Purple', 'Champagne', 'Gray'].entries()) {
    await expect(fancy.getByRole('button', { name: `${name}, ${diamonds(color.fancy_colors[i]!)}`, exact: true })).toBeVisible();
  }
});

test('choosing a shape lists as many stones as it showed, and leaves the other shapes’ counts as they were', async ({ page, request }) => {
  await openSearch(page, '?price=200,9000');
  const facets = await facetsFor(request, page);
  const all = await shapes(request);
  // The shape with the fewest stones that still has some, so the total differs from the search's own.
  const [pick, other] = facets.shapes
    .filter((s) => s.count > 0)
    .sort((a, b) => a.count - b.count)
    .map((s) => ({ ...s, name: all.find((x) => x.id === s.id)!.name }));
  expect(other).toBeDefined();
  await shapeButton(page, pick!.name, pick!.count).click();
  await expect(page).toHaveURL(new RegExp(`shapes=${pick!.id}(&|$)`));
  await settled(page);
  await expect(heading(page)).toContainText(` of ${grouped(pick!.count)})`);
  expect((await firstPageFor(request, page)).total).toBe(pick!.count);
  // A shape's count leaves its own filter out: choosing one changes no shape's count.
  await expect(shapeButton(page, pick!.name, pick!.count)).toHaveAttribute('aria-pressed', 'true');
  await expect(shapeButton(page, other!.name, other!.count)).toBeVisible();
});

test('the bars behind price and carat follow the other filters and light up the chosen range on the slider’s scale', async ({ page, request }) => {
  await openSearch(page);
  for (const name of ['price', 'carat'] as const) {
    const counts = (await facetsFor(request, page)).histograms[name].counts;
    expect(counts).toHaveLength(HISTOGRAM_BINS);
    await expect(histogram(page, name)).toHaveAttribute('aria-hidden', 'true');
    // One bar for each step that holds stones, all in the accent color while the whole range is chosen.
    await expect(histogram(page, name).locator('rect')).toHaveCount(counts.filter((c) => c > 0).length);
    await expect(histogram(page, name).locator('rect:not(.ds-histogram__bar--on)')).toHaveCount(0);
  }
  const price = await barHeights(page, 'price');
  const carat = await barHeights(page, 'carat');

  // Another filter: the bars are counted again for it.
  const slider = (name: string) => page.getByRole('slider', { name, exact: true });
  await slider('Maximum clarity').focus();
  await slider('Maximum clarity').press('ArrowLeft');
  await slider('Maximum clarity').press('ArrowLeft');
  await expect(page).toHaveURL(/clarity=1,5/);
  await settled(page);
  await expect.poll(() => barHeights(page, 'price')).not.toEqual(price);
  await expect.poll(() => barHeights(page, 'carat')).not.toEqual(carat);
  const narrowed = await facetsFor(request, page);
  await expect(histogram(page, 'price').locator('rect')).toHaveCount(narrowed.histograms.price.counts.filter((c) => c > 0).length);

  // A price range of $2,000 to $6,000: the bars from $2,000 up to $6,000 are lit ($200 a bar), and the handles stand
  // at those bars' edges.
  const box = page.getByRole('textbox', { name: 'Lowest price', exact: true });
  await box.fill('2000');
  await box.press('Enter');
  const high = page.getByRole('textbox', { name: 'Highest price', exact: true });
  await high.fill('6000');
  await high.press('Enter');
  await expect(page).toHaveURL(/price=2000,6000/);
  await settled(page);
  const withStones = narrowed.histograms.price.counts.map((c, k) => ({ c, k })).filter(({ c }) => c > 0);
  // The price bars leave the price range out, so they are the same as before it was set.
  await expect(histogram(page, 'price').locator('.ds-histogram__bar--on')).toHaveCount(withStones.filter(({ k }) => k >= 10 && k < 30).length);
  const chart = (await histogram(page, 'price').boundingBox())!;
  for (const [handle, k] of [['Minimum price', 10], ['Maximum price', 30]] as const) {
    const thumb = (await slider(handle).boundingBox())!;
    expect(Math.abs(thumb.x + thumb.width / 2 - (chart.x + (chart.width * k) / HISTOGRAM_BINS))).toBeLessThan(2);
  }
});

test('while newer counts are on the way the previous ones stay, dimmed; without counts the search works as before', async ({ page }) => {
  await openSearch(page);
  const round = shapeGroup(page).getByRole('button', { name: /^Round, [\d,]+ diamonds?$/ });
  const shown = await round.textContent();

  // The counts' answer is held back until the test lets it go.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/diamond-facets**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('checkbox', { name: 'Featured Deal' }).check();
  await expect(heading(page)).toHaveText(/\(\d[\d,]* of \d[\d,]*\)$/);
  await expect(page.locator('.ds-filters[data-stale]')).toHaveCount(1);
  await expect(round).toHaveText(shown!);
  release();
  await expect(page.locator('.ds-filters[data-stale]')).toHaveCount(0);
  await page.unroute('**/api/diamond-facets**');

  // A store whose counts are not ready (503 while its search loads): no counts and no bars, and the results as ever;
  // the page asks again when the store says, and the counts come once it answers.
  let ready = false;
  const asked: string[] = [];
  await page.route('**/api/diamond-facets**', (route) => {
    asked.push(route.request().url());
    if (ready) return route.continue();
    return route.fulfill({ status: 503, headers: { 'retry-after': '1' }, contentType: 'application/json', body: '{"message":"The counts are not available yet. Try again in a few seconds."}' });
  });
  await page.getByRole('checkbox', { name: 'Featured Deal' }).uncheck();
  await expect(shapeGroup(page).getByRole('button', { name: 'Round', exact: true })).toBeVisible();
  await expect(page.locator('.ds-histogram')).toHaveCount(0);
  await expect(page.locator('.ds-tally')).toHaveCount(0);
  await expect(heading(page)).toHaveText(/\(\d[\d,]* of \d[\d,]*\)$/);
  await shapeGroup(page).getByRole('button', { name: 'Round', exact: true }).click();
  await expect(page).toHaveURL(/shapes=1/);
  await expect(heading(page)).toHaveText(/\(\d[\d,]* of \d[\d,]*\)$/);
  // Asked again for the same search, a second after each 503.
  await expect.poll(() => asked.filter((url) => url.includes('shapes=1')).length).toBeGreaterThanOrEqual(2);
  await expect(page.locator('.ds-tally')).toHaveCount(0);
  ready = true;
  await expect(shapeGroup(page).getByRole('button', { name: /^Round, [\d,]+ diamonds?$/ })).toBeVisible({ timeout: 15_000 });
  await page.unroute('**/api/diamond-facets**');
});

test('the fancy colors keep their widths as their counts change, so the buttons never reflow under the pointer', async ({ page }) => {
  await openSearch(page, '?active_tab=3');
  const buttons = page.getByRole('group', { name: 'Fancy Color' }).getByRole('button');
  await expect(buttons.first()).toHaveAccessibleName(/^\w[\w ]*, [\d,]+ diamonds?$/);
  const widths = () => buttons.evaluateAll((all) => all.map((b) => Math.round(b.getBoundingClientRect().width)));
  const before = await widths();
  const names = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')));
  // A narrower search: every count changes (most get fewer digits); no button may change its width.
  await page.getByRole('checkbox', { name: 'Featured Deal' }).check();
  await expect.poll(() => buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')))).not.toEqual(names);
  await settled(page);
  expect(await widths()).toEqual(before);
});

test('the price per carat is the price divided by the carat weight, in a row and on the stone’s page', async ({ page, request }) => {
  await openSearch(page, '?sort=price_desc');
  const stone: Diamond = (await firstPageFor(request, page)).data[0]!;
  const perCarat = wholeDollars.format(Math.round(stone.price / stone.carat_weight));
  const row = page.locator('.ds-row').filter({ has: page.locator(`a[href="/diamond-details/${stone.diamondid}"]`) });
  await expect(row.locator('.ds-per-carat')).toHaveText(`${perCarat}/ct, ${perCarat} per carat`);
  await expect(row.getByRole('cell').filter({ hasText: '/ct' })).toContainText(wholeDollars.format(stone.price));

  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/diamond-details/${stone.diamondid}$`));
  await expect(page.locator('.dd-per-carat')).toHaveText(`${perCarat} per carat`);
  // A fresh load of the page says the same.
  await page.reload();
  await hydrated(page);
  await expect(page.locator('.dd-per-carat')).toHaveText(`${perCarat} per carat`);
});

for (const width of [375, 1440]) {
  test(`at ${width} px the counts and the bars fit, and nothing has a serious accessibility problem`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openSearch(page, '?active_tab=1&price=200,9000');
    if (width < 760) await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: 'SHOW ADVANCED' }).click();
    await expect(histogram(page, 'price')).toBeVisible();
    await expect(histogram(page, 'carat')).toBeVisible();
    await expect(shapeGroup(page).locator('.ds-shape__count').first()).toHaveText(/^\d[\d,]*/);
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    // With the report menu open, its counts included.
    await page.getByRole('button', { name: /FILTER BY/ }).click();
    await expect(page.getByRole('menu', { name: 'FILTER BY' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
