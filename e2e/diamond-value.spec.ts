import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { bandVerdict, type DiamondListResponse, type PriceBand, type ValueChartResponse } from '@everstone/contract';
import { hydrated, sidewaysOverflow } from './support.ts';

/**
 * The price insight (decision 017): a stone's price among the similar stones on sale, on its page and in the
 * results, and the value chart of a search. Every figure expected comes from the store's API at the time of the
 * test, never from the seed's numbers.
 */

async function seriousAxe(page: Page, selector = 'main'): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A stone on sale with enough similar stones for a median, read from the API page by page. */
async function stoneWithBand(request: APIRequestContext): Promise<{ band: PriceBand; tab: number }> {
  for (const tab of [2, 1]) {
    for (let page = 1; page <= 40; page++) {
      const list = (await (await request.get(`/api/get-all-diamonds?active_tab=${tab}&per_page=100&page=${page}`)).json()) as DiamondListResponse;
      if (list.data.length === 0) break;
      const res = await request.get(`/api/diamond-price-bands?ids=${list.data.map((d) => d.diamondid).join(',')}`);
      expect(res.status()).toBe(200);
      const band = ((await res.json()) as { data: PriceBand[] }).data.find((b) => b.median !== null && b.similar >= 6);
      if (band) return { band, tab };
      if (page >= list.last_page) break;
    }
  }
  throw new Error('No stone on sale has five similar stones or more');
}

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 800 : 900 } });

    test('a stone’s page says where its price sits among similar diamonds and lists them', async ({ page, request }) => {
      const { band } = await stoneWithBand(request);
      await page.goto(`/diamond-details/${band.diamondid}`);
      await hydrated(page);
      const panel = page.getByRole('region', { name: 'Price among similar diamonds' });
      await expect(panel).toContainText(bandVerdict(band)!.sentence);
      const n = band.cheaper.toLocaleString('en-US');
      await expect(panel).toContainText(band.cheaper === 0 ? 'None is priced lower.' : `${n} ${band.cheaper === 1 ? 'is' : 'are'} priced lower.`);

      await panel.getByRole('button', { name: `See the ${band.similar} similar diamonds` }).click();
      const table = panel.getByRole('table', { name: 'Similar diamonds, lowest price first' });
      await expect(table.locator('tbody tr')).toHaveCount(Math.min(band.similar, 60));
      const prices = (await table.locator('tbody tr td:nth-child(3)').allTextContents()).map((t) => Number(t.replace(/[$,]/g, '')));
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      if (band.similar <= 60) await expect(table.locator('tr[aria-current="true"]')).toContainText('(this diamond)');
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(await seriousAxe(page)).toEqual([]);

      // A similar stone's link opens its page, with its own band.
      const other = table.getByRole('link').first();
      const href = await other.getAttribute('href');
      await other.click();
      await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, '\\?')}$`));
      await expect(page.getByRole('region', { name: 'Price among similar diamonds' })).toContainText(`similar diamonds`);
    });

    test('the results show each stone’s place against the median, and the value chart marks the best values', async ({ page, request }) => {
      const { band, tab } = await stoneWithBand(request);
      await page.goto(`/diamond?active_tab=${tab}&checkedDiamonds=${band.diamondid}&showOnlyChecked=1`);
      await hydrated(page);
      const row = page.getByRole('table', { name: 'Diamonds matching your filters' }).locator('tbody tr').first();
      await expect(row).toContainText(bandVerdict(band)!.short);

      await page.goto(`/diamond?active_tab=${tab}`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Value chart' }).click();
      const chart = page.getByRole('region', { name: 'Price against carat' });
      await expect(chart).toContainText('diamonds drawn');
      const answer = (await (await request.get(`/api/diamond-value-chart?active_tab=${tab}`)).json()) as ValueChartResponse;
      const best = answer.points.filter((p) => p.best);
      await expect(chart.locator('.ds-chart__points circle')).toHaveCount(answer.points.length - best.length);
      const links = chart.getByRole('list').getByRole('link');
      await expect(links).toHaveCount(best.length);
      expect(best.length).toBeGreaterThan(0);
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(await seriousAxe(page)).toEqual([]);

      // A best value opens its stone.
      const first = links.first();
      const href = (await first.getAttribute('href'))!;
      expect(best.map((p) => `/diamond-details/${p.diamondid}`)).toContain(href);
      await first.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    });
  });
}

test('when the similar diamonds or the chart cannot be loaded, the page says so, and the list can be asked for again', async ({ page, request }) => {
  const { band, tab } = await stoneWithBand(request);
  // The list fails once (a dropped connection), then loads.
  let failures = 1;
  await page.route('**/api/diamonds/*/similar', (route) => (failures-- > 0 ? route.abort('connectionreset') : route.continue()));
  await page.goto(`/diamond-details/${band.diamondid}`);
  await hydrated(page);
  const panel = page.getByRole('region', { name: 'Price among similar diamonds' });
  await panel.getByRole('button', { name: `See the ${band.similar} similar diamonds` }).click();
  await expect(panel.getByRole('alert')).toHaveText('The similar diamonds could not be loaded. Try again');
  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(panel.getByRole('table', { name: 'Similar diamonds, lowest price first' }).locator('tbody tr')).toHaveCount(Math.min(band.similar, 60));
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // The chart: a failure, and a store whose search is still loading (503), each in its own words.
  for (const [status, words] of [
    [500, 'The chart could not be drawn. Change a filter or try again later.'],
    [503, 'The chart is not available right now. Please try again in a minute.'],
  ] as const) {
    await page.route('**/api/diamond-value-chart**', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message: 'Not now.' }) }),
    );
    await page.goto(`/diamond?active_tab=${tab}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Value chart' }).click();
    const chart = page.getByRole('region', { name: 'Price against carat' });
    await expect(chart.locator('.ds-chart__note')).toHaveText(words);
    await expect(chart.locator('.ds-chart__points circle')).toHaveCount(0);
    await page.unroute('**/api/diamond-value-chart**');
  }
});
