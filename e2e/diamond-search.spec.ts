import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { SCALES, type Diamond, type DiamondListResponse } from '@everstone/contract';
import { hydrated, sidewaysOverflow, stopPageClock } from './support.ts';

/**
 * The diamond search journeys (/diamond). Every expectation about which stones are listed comes from the
 * store's own API at the time of the test, never from the seed's numbers: each shown row is checked against
 * the filter, and the list against what the API answers for the page's own URL.
 */

interface Row {
  id: number;
  shape: string;
  carat: number;
  color: string;
  clarity: string;
  cut: string;
  report: string;
  price: number;
  featured: boolean;
}

async function openSearch(page: Page, query = '') {
  await page.goto(`/diamond${query}`);
  await hydrated(page);
  await settled(page);
}

const heading = (page: Page) => page.getByRole('heading', { level: 2, name: /^Showing/ });
const table = (page: Page) => page.getByRole('table', { name: 'Diamonds matching your filters' });
const rowLinks = (page: Page) => table(page).getByRole('row').getByRole('link');

/** The results answer the current filters: the header shows its numbers again. */
async function settled(page: Page) {
  await expect(heading(page)).toHaveText(/\(\d[\d,]* of \d[\d,]*\)$/);
}

async function readRows(page: Page): Promise<Row[]> {
  return table(page)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs
        .filter((tr) => tr.querySelector('a'))
        .map((tr) => {
          const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
          return {
            id: Number(tr.querySelector('a')!.getAttribute('href')!.split('/').pop()),
            shape: tr.querySelector('.ds-row__shape')!.textContent ?? '',
            carat: Number.parseFloat(cells[1]!),
            color: cells[2]!,
            clarity: cells[3]!,
            cut: cells[4]!,
            report: cells[5]!,
            // The price, without the price per carat under it.
            price: Number(tr.querySelector('.ds-price')!.textContent!.replace(/[$,]/g, '')),
            featured: tr.querySelector('.ds-deal') !== null,
          };
        }),
    );
}

/** What the API answers for the page's own query (the loader forwards it the same way). */
async function apiFor(request: APIRequestContext, page: Page, pageNo = 1): Promise<DiamondListResponse> {
  const params = new URL(page.url()).searchParams;
  if (!params.has('active_tab')) params.set('active_tab', '2');
  params.set('page', String(pageNo));
  const res = await request.get(`/api/get-all-diamonds?${params}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as DiamondListResponse;
}

/** The rows shown are exactly the API's first page for the URL, and the header counts them. */
async function expectRowsFromApi(request: APIRequestContext, page: Page): Promise<Row[]> {
  await settled(page);
  const rows = await readRows(page);
  const api = await apiFor(request, page);
  expect(rows.map((r) => r.id)).toEqual(api.data.map((d) => d.diamondid));
  await expect(heading(page)).toContainText(`(${api.data.length.toLocaleString('en-US')} of ${api.total.toLocaleString('en-US')})`);
  return rows;
}

async function seriousViolations(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const slider = (page: Page, name: string) => page.getByRole('slider', { name, exact: true });

async function press(thumb: Locator, key: string, times = 1) {
  await thumb.focus();
  for (let i = 0; i < times; i++) await thumb.press(key);
}

async function typeBound(page: Page, label: string, value: string) {
  const box = page.getByRole('textbox', { name: label, exact: true });
  await box.fill(value);
  await box.press('Enter');
}

const shapeButton = (page: Page, name: string) => page.getByRole('group', { name: 'Shape' }).getByRole('button', { name });

test.describe('server rendering', () => {
  test('the server HTML already lists the first page of stones for the URL', async ({ request }) => {
    const query = 'cut=2,4&price=300,6000&sort=carat_desc';
    const res = await request.get(`/diamond?${query}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<title>Lab-Grown, Natural &amp; Color Diamonds \| [^<]+<\/title>/);
    expect(html).toContain('Create Your Diamond Ring');
    const api = (await (await request.get(`/api/get-all-diamonds?active_tab=2&${query}`)).json()) as DiamondListResponse;
    expect(api.data.length).toBeGreaterThan(0);
    const ids = [...html.matchAll(/href="\/diamond-details\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids).toEqual(api.data.map((d) => d.diamondid));
    expect(html).toContain(`(${api.data.length} of ${api.total.toLocaleString('en-US')})`);
    // The shapes come from the API too.
    const shapes = (await (await request.get('/api/diamond-shapes')).json()) as { data: Array<{ name: string; image: string }> };
    for (const s of shapes.data) expect(html).toContain(`/shapes/${s.image}.svg`);
  });

  test('a parameter the API would refuse is ignored, not a failure', async ({ page, request }) => {
    const res = await request.get('/diamond?price=abc&sort=bogus&active_tab=9&cut=2,4');
    expect(res.status()).toBe(200);
    await openSearch(page, '?price=abc&sort=bogus&active_tab=9&cut=2,4');
    await expect(page.getByRole('tab', { name: 'LAB DIAMONDS' })).toHaveAttribute('aria-selected', 'true');
    await expect(slider(page, 'Minimum cut')).toHaveAttribute('aria-valuetext', 'Very Good');
    const rows = await readRows(page);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(['Very Good', 'Good']).toContain(r.cut);
  });

  test('the page hydrates without script errors and has no serious accessibility violation', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await openSearch(page);
    await page.getByRole('button', { name: 'SHOW ADVANCED' }).click();
    expect(await seriousViolations(page, '.ds-page')).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the open sort menu has no serious accessibility violation', async ({ page }) => {
    await openSearch(page);
    await page.getByRole('button', { name: /SORT BY/ }).click();
    expect(await seriousViolations(page, '.ds-page')).toEqual([]);
  });
});

test('the three steps are links: step 1 is this page, the later ones open and say what comes first', async ({ page }) => {
  await openSearch(page);
  const steps = page.getByRole('navigation', { name: 'Ring builder steps' });
  const first = steps.getByRole('link', { name: /Step 1: Choose a Diamond/ });
  await expect(first).toHaveAttribute('aria-current', 'step');
  await expect(steps.getByRole('link', { name: /Step 3: Complete Your Ring/ })).toContainText('Choose a diamond and a setting first');
  await steps.getByRole('link', { name: /Step 2: Choose a Setting/ }).click();
  await expect(page).toHaveURL(/\/ring-builder\/settings$/);
  await expect(page.getByRole('link', { name: /Step 2: Choose a Setting/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText(/Choose a diamond first/)).toBeVisible();
  await page.getByRole('link', { name: 'Choose a diamond', exact: true }).click();
  await expect(page).toHaveURL(/\/diamond$/);
  await expect(page.getByRole('link', { name: /Step 1: Choose a Diamond/ })).toHaveAttribute('aria-current', 'step');
});

test('changing the tab clears the selected shapes and lists that kind of stone', async ({ page, request }) => {
  await openSearch(page);
  await shapeButton(page, 'Round').click();
  await shapeButton(page, 'Oval').click();
  await expect(shapeButton(page, 'Round')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/shapes=\d+,\d+/);
  await settled(page);

  await page.getByRole('tab', { name: 'NATURAL DIAMONDS' }).click();
  await expect(page.getByRole('tab', { name: 'NATURAL DIAMONDS' })).toHaveAttribute('aria-selected', 'true');
  await expect(shapeButton(page, 'Round')).toHaveAttribute('aria-pressed', 'false');
  await expect(shapeButton(page, 'Oval')).toHaveAttribute('aria-pressed', 'false');
  await expect(page).toHaveURL(/active_tab=1/);
  await expect(page).not.toHaveURL(/shapes=/);
  await expect(heading(page)).toContainText('Showing Natural Diamonds');
  await expectRowsFromApi(request, page);

  // On COLOR the fancy colors replace the D–H slider.
  await page.getByRole('tab', { name: 'COLOR DIAMONDS' }).click();
  await expect(page.getByRole('group', { name: 'Fancy Color' })).toBeVisible();
  await expect(slider(page, 'Minimum color')).toHaveCount(0);
  await page.getByRole('group', { name: 'Fancy Color' }).getByRole('button', { name: 'Pink' }).click();
  await expect(page).toHaveURL(/active_tab=3&fancy_colors=2/);
  await expect(heading(page)).toContainText('Showing Color Diamonds');
  const rows = await expectRowsFromApi(request, page);
  for (const r of rows) expect(r.color).toMatch(/Pink$/);
});

/** One filter per test: each opens the page, applies the filter, and checks the rows narrow to it. */
async function expectNarrowed(page: Page, request: APIRequestContext, apply: () => Promise<void>, check: (r: Row) => void) {
  await openSearch(page);
  const { total } = await apiFor(request, page);
  await apply();
  const rows = await expectRowsFromApi(request, page);
  expect(rows.length).toBeGreaterThan(0);
  expect((await apiFor(request, page)).total).toBeLessThan(total);
  for (const r of rows) check(r);
  await page.getByRole('button', { name: 'RESET FILTERS' }).click();
  await expect(page).toHaveURL(/\/diamond$/);
}

test.describe('each filter narrows the rows', () => {
  test('shapes', async ({ page, request }) => {
    await expectNarrowed(
      page,
      request,
      async () => {
        await shapeButton(page, 'Round').click();
        await shapeButton(page, 'Emerald').click();
        await expect(page).toHaveURL(/shapes=\d+,\d+/);
      },
      (r) => expect(['Round', 'Emerald']).toContain(r.shape),
    );
  });

  test('price, typed into the bounds', async ({ page, request }) => {
    await expectNarrowed(
      page,
      request,
      async () => {
        await typeBound(page, 'Lowest price', '$1,000');
        await typeBound(page, 'Highest price', '4000');
        await expect(page).toHaveURL(/price=1000,4000/);
      },
      (r) => {
        expect(r.price).toBeGreaterThanOrEqual(1000);
        expect(r.price).toBeLessThanOrEqual(4000);
      },
    );
  });

  test('carat', async ({ page, request }) => {
    await expectNarrowed(
      page,
      request,
      async () => {
        await typeBound(page, 'Highest carat', '1');
        await expect(page).toHaveURL(/carat=0,1/);
      },
      (r) => expect(r.carat).toBeLessThanOrEqual(1),
    );
  });

  test('cut, by keyboard on the discrete slider', async ({ page, request }) => {
    await expectNarrowed(
      page,
      request,
      async () => {
        // Cut 2–4 is Very Good and Good.
        await press(slider(page, 'Minimum cut'), 'ArrowRight');
        await press(slider(page, 'Maximum cut'), 'ArrowLeft', 2);
        await expect(slider(page, 'Minimum cut')).toHaveAttribute('aria-valuetext', 'Very Good');
        await expect(slider(page, 'Maximum cut')).toHaveAttribute('aria-valuetext', 'Good');
        await expect(page).toHaveURL(/cut=2,4/);
      },
      (r) => expect(['Very Good', 'Good']).toContain(r.cut),
    );
  });

  test('color', async ({ page, request }) => {
    await expectNarrowed(
      page,
      request,
      async () => {
        await press(slider(page, 'Maximum color'), 'ArrowLeft', 2);
        await expect(page).toHaveURL(/color=1,4/);
      },
      (r) => expect(SCALES.color.slice(0, 3)).toContain(r.color),
    );
  });

  test('clarity', async ({ page, request }) => {
    await expectNarrowed(
      page,
      request,
      async () => {
        await press(slider(page, 'Minimum clarity'), 'ArrowRight', 3);
        await expect(page).toHaveURL(/clarity=4,7/);
      },
      (r) => expect(SCALES.clarity.slice(3)).toContain(r.clarity),
    );
  });
});

test('the handles keep their minimum gap, by keyboard and when typed', async ({ page }) => {
  await openSearch(page);
  // Typed too close: the edited bound yields (price gap 100, carat gap 1).
  await typeBound(page, 'Lowest price', '2000');
  await typeBound(page, 'Highest price', '2020');
  await expect(page.getByRole('textbox', { name: 'Highest price' })).toHaveValue('2100');
  await expect(slider(page, 'Maximum price')).toHaveAttribute('aria-valuenow', '2100');
  await typeBound(page, 'Lowest carat', '19.5');
  await expect(page.getByRole('textbox', { name: 'Lowest carat' })).toHaveValue('19.00');
  await expect(slider(page, 'Maximum carat')).toHaveAttribute('aria-valuetext', '20.00 carat or more');
  // Discrete: at least one grade stays between the handles.
  await press(slider(page, 'Maximum clarity'), 'ArrowLeft', 8);
  await expect(slider(page, 'Maximum clarity')).toHaveAttribute('aria-valuenow', '2');
  await expect(slider(page, 'Maximum clarity')).toHaveAttribute('aria-valuetext', 'I3');
  await press(slider(page, 'Minimum cut'), 'ArrowRight', 8);
  await expect(slider(page, 'Minimum cut')).toHaveAttribute('aria-valuenow', '5');
  await expect(slider(page, 'Minimum cut')).toHaveAttribute('aria-valuetext', '8X');
  await expect(page).toHaveURL(/price=2000,2100/);
  await expect(page).toHaveURL(/clarity=1,2/);
  await expect(page).toHaveURL(/cut=5,6/);
});

test('the handles follow the pointer: dragged, sent by a press on the track, and stopped at the gap', async ({ page, request }) => {
  await openSearch(page);
  const low = slider(page, 'Minimum price');
  const high = slider(page, 'Maximum price');
  const track = (await page.getByRole('group', { name: 'Price', exact: true }).locator('.ds-slider').boundingBox())!;
  const y = track.y + track.height / 2;
  const centre = async (thumb: Locator) => {
    const box = (await thumb.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const valueOf = async (thumb: Locator) => Number(await thumb.getAttribute('aria-valuenow'));

  // The highest price, dragged to the middle of the track ($0 to $10,000).
  const from = await centre(high);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width * 0.5, y, { steps: 8 });
  await page.mouse.up();
  await expect(high).toBeFocused();
  const top = await valueOf(high);
  expect(top).toBeGreaterThan(4500);
  expect(top).toBeLessThan(5500);
  await expect(page).toHaveURL(new RegExp(`price=0,${top}(&|$)`));

  // A press on the track moves the nearer handle there.
  await page.mouse.click(track.x + track.width * 0.2, y);
  await expect(low).toBeFocused();
  const bottom = await valueOf(low);
  expect(bottom).toBeGreaterThan(1500);
  expect(bottom).toBeLessThan(2500);
  expect(await valueOf(high)).toBe(top);

  // Dragged past the other handle, a handle stops at the gap ($100) and the two never cross.
  const start = await centre(low);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width * 0.95, y, { steps: 8 });
  await page.mouse.up();
  await expect(low).toHaveAttribute('aria-valuenow', String(top - 100));
  await expect(high).toHaveAttribute('aria-valuenow', String(top));
  await expect(page).toHaveURL(new RegExp(`price=${top - 100},${top}(&|$)`));
  await expectRowsFromApi(request, page);
});

test('SHOW/HIDE ADVANCED toggles the advanced filters, which narrow the rows too', async ({ page, request }) => {
  await openSearch(page);
  const toggle = page.getByRole('button', { name: 'SHOW ADVANCED' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  for (const name of ['Minimum polish', 'Minimum symmetry', 'Minimum fluorescence', 'Minimum L/W ratio', 'Minimum table', 'Minimum depth']) {
    await expect(slider(page, name)).toBeHidden();
  }
  await toggle.click();
  const hide = page.getByRole('button', { name: 'HIDE ADVANCED' });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Minimum polish', 'Minimum symmetry', 'Minimum fluorescence', 'Minimum L/W ratio', 'Minimum table', 'Minimum depth']) {
    await expect(slider(page, name)).toBeVisible();
  }

  await typeBound(page, 'Lowest table', '55');
  await typeBound(page, 'Highest table', '62');
  await press(slider(page, 'Maximum polish'), 'ArrowLeft', 4);
  await expect(page).toHaveURL(/table=55,62/);
  await expect(page).toHaveURL(/polish=1,3/);
  await expectRowsFromApi(request, page);
  for (const d of (await apiFor(request, page)).data) {
    expect(d.table_diamond).not.toBeNull();
    expect(d.table_diamond!).toBeGreaterThanOrEqual(55);
    expect(d.table_diamond!).toBeLessThanOrEqual(62);
    expect(['Excellent', 'Very Good']).toContain(d.polish);
  }

  await hide.click();
  await expect(slider(page, 'Minimum polish')).toBeHidden();
});

test('RESET FILTERS restores ranges, shapes and checks, and keeps tab, certificate, report and featured', async ({ page, request }) => {
  await openSearch(page, '?active_tab=1');
  const first = (await apiFor(request, page)).data;
  const prefix = first[0]!.certificate_number.slice(0, 2);
  await shapeButton(page, 'Round').click();
  await typeBound(page, 'Lowest price', '100');
  await press(slider(page, 'Minimum cut'), 'ArrowRight');
  await page.getByRole('searchbox', { name: 'Certificate number' }).fill(prefix);
  await page.getByRole('checkbox', { name: 'Featured Deal' }).check();
  await page.getByRole('button', { name: /FILTER BY/ }).click();
  await page.getByRole('menuitemradio', { name: 'IGI' }).click();
  await settled(page);
  const rowChecks = table(page).getByRole('checkbox');
  if ((await rowChecks.count()) > 0) await rowChecks.first().check();
  await page.getByRole('checkbox', { name: /^Compare \(/ }).check();
  await expect(page).toHaveURL(/showOnlyChecked=1/);
  await settled(page);

  await page.getByRole('button', { name: 'RESET FILTERS' }).click();
  await expect(shapeButton(page, 'Round')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('textbox', { name: 'Lowest price' })).toHaveValue('0');
  await expect(page.getByRole('textbox', { name: 'Highest price' })).toHaveValue('10000');
  await expect(slider(page, 'Minimum cut')).toHaveAttribute('aria-valuenow', '1');
  await expect(page.getByRole('checkbox', { name: 'Compare (0)' })).not.toBeChecked();
  // Kept:
  await expect(page.getByRole('tab', { name: 'NATURAL DIAMONDS' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox', { name: 'Certificate number' })).toHaveValue(prefix);
  await expect(page.getByRole('checkbox', { name: 'Featured Deal' })).toBeChecked();
  await expect(page.getByRole('button', { name: /FILTER BY/ })).toHaveAccessibleName('FILTER BY IGI');

  await expect(page).not.toHaveURL(/shapes=|price=|cut=|checkedDiamonds=|showOnlyChecked=/);
  await expect(page).toHaveURL(/active_tab=1/);
  await expect(page).toHaveURL(/featured=1/);
  await expect(page).toHaveURL(/selectedReport=2/);
  await expect(page).toHaveURL(new RegExp(`certificate=${prefix}`));
  await expectRowsFromApi(request, page);
});

test('FILTER BY report closes on selection and keeps only that lab', async ({ page, request }) => {
  await openSearch(page);
  const button = page.getByRole('button', { name: /FILTER BY/ });
  await expect(button).toHaveAccessibleName('FILTER BY All');
  await button.click();
  const menu = page.getByRole('menu', { name: 'FILTER BY' });
  await expect(menu).toBeVisible();
  // Each lab with the stones it would give (e2e/diamond-counts.spec.ts checks the numbers).
  await expect(menu.getByRole('menuitemradio')).toHaveText(['All', /^IGI [\d,]+$/, /^GIA [\d,]+$/]);
  await menu.getByRole('menuitemradio', { name: 'GIA' }).click();
  await expect(menu).toBeHidden();
  await expect(button).toHaveAccessibleName('FILTER BY GIA');
  await expect(page).toHaveURL(/selectedReport=1/);
  for (const r of await expectRowsFromApi(request, page)) expect(r.report).toBe('GIA');

  // By keyboard too: Escape closes, Enter chooses.
  await button.focus();
  await page.keyboard.press('ArrowDown');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(button).toHaveAccessibleName('FILTER BY IGI');
  for (const r of await expectRowsFromApi(request, page)) expect(r.report).toBe('IGI');
});

test('SORT BY closes on selection and reorders the rows', async ({ page, request }) => {
  await openSearch(page);
  const button = page.getByRole('button', { name: /SORT BY/ });
  await expect(button).toHaveAccessibleName('SORT BY Price: Low to High');
  await button.click();
  const menu = page.getByRole('menu', { name: 'SORT BY' });
  await expect(menu.getByRole('menuitemradio')).toHaveCount(10);
  await menu.getByRole('menuitemradio', { name: 'Price: High to Low' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/sort=price_desc/);
  const byPrice = await expectRowsFromApi(request, page);
  for (let i = 1; i < byPrice.length; i++) expect(byPrice[i]!.price).toBeLessThanOrEqual(byPrice[i - 1]!.price);

  await button.click();
  await menu.getByRole('menuitemradio', { name: 'Carat: Low to High' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/sort=carat_asc/);
  const byCarat = await expectRowsFromApi(request, page);
  for (let i = 1; i < byCarat.length; i++) expect(byCarat[i]!.carat).toBeGreaterThanOrEqual(byCarat[i - 1]!.carat);
});

test('certificate search: trimmed, one request after typing, and emptying it clears the search', async ({ page, request }) => {
  await openSearch(page);
  const all = await apiFor(request, page);
  const target = all.data[3]!;
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/get-all-diamonds')) requests.push(r.url());
  });
  const box = page.getByRole('searchbox', { name: 'Certificate number' });
  await box.pressSequentially(`  ${target.certificate_number}  `, { delay: 30 });
  await expect(page).toHaveURL(new RegExp(`certificate=${target.certificate_number}(&|$)`));
  await settled(page);
  const rows = await expectRowsFromApi(request, page);
  expect(rows.map((r) => r.id)).toEqual([target.diamondid]);
  // The debounce: one search for the whole number, none per keystroke.
  expect(requests).toHaveLength(1);

  await box.fill('');
  await expect(page).not.toHaveURL(/certificate=/);
  await settled(page);
  await expect(heading(page)).toContainText(`of ${all.total.toLocaleString('en-US')})`);

  await box.fill('ZZ-NO-SUCH-STONE');
  await box.press('Enter');
  await expect(page.getByText('No diamonds match your filter criteria.')).toBeVisible();
  await expect(heading(page)).toContainText('(0 of 0)');
});

test('Featured Deal lists featured stones only', async ({ page, request }) => {
  await openSearch(page);
  await page.getByRole('checkbox', { name: 'Featured Deal' }).check();
  await expect(page).toHaveURL(/featured=1/);
  const rows = await expectRowsFromApi(request, page);
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r.featured).toBe(true);
});

test('compare: the count, show-only-checked, and the side-by-side view', async ({ page, request }) => {
  await openSearch(page);
  const shown = await readRows(page);
  const records = new Map((await apiFor(request, page)).data.map((d) => [d.diamondid, d]));
  const checkOf = (id: number) =>
    table(page).getByRole('checkbox', { name: new RegExp(`certificate ${records.get(id)!.certificate_number}$`) });
  const checks = table(page).getByRole('checkbox');
  const compareButton = page.getByRole('button', { name: /^Compare the checked diamonds/ });
  await expect(compareButton).toBeDisabled();
  await checks.nth(0).check();
  await expect(compareButton).toBeDisabled();
  await checks.nth(1).check();
  await checks.nth(2).check();
  await expect(page.getByRole('checkbox', { name: 'Compare (3)' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`checkedDiamonds=${shown[0]!.id},${shown[1]!.id},${shown[2]!.id}`));
  await expect(compareButton).toBeEnabled();

  await compareButton.click();
  const dialog = page.getByRole('dialog', { name: 'Compare diamonds' });
  await expect(dialog).toBeVisible();
  const stones = dialog.getByRole('columnheader');
  await expect(stones).toHaveCount(3);
  for (const label of ['Shape', 'Carat', 'Color', 'Clarity', 'Cut', 'Polish', 'Symmetry', 'Fluorescence', 'Measurements', 'L/W Ratio', 'Table', 'Depth', 'Lab', 'Certificate', 'Price']) {
    await expect(dialog.getByRole('rowheader', { name: new RegExp(`^${label}`) })).toBeVisible();
  }
  // Certificate numbers always differ; the marker says so in words.
  await expect(dialog.getByRole('rowheader', { name: 'Certificate Differs' })).toBeVisible();
  expect(await seriousViolations(page, '.ds-compare')).toEqual([]);
  await dialog.getByRole('button', { name: /^Remove .* from the comparison$/ }).first().click();
  await expect(stones).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('checkbox', { name: 'Compare (2)' })).toBeVisible();

  // Show only the checked stones; unchecking one refetches at once.
  await page.getByRole('checkbox', { name: 'Compare (2)' }).check();
  await expect(page).toHaveURL(/showOnlyChecked=1/);
  let rows = await expectRowsFromApi(request, page);
  expect(rows.map((r) => r.id).sort()).toEqual([shown[1]!.id, shown[2]!.id].sort());
  // The page's clock stands still from here: a request held back by the 600 ms debounce could never start, so
  // one that starts was sent at once. Nothing is timed, so a busy machine cannot make this fail or pass.
  await stopPageClock(page);
  const refetch = page.waitForRequest((r) => r.url().includes('/api/get-all-diamonds'), { timeout: 10_000 });
  // A click, not uncheck(): the row leaves the list at once, so its box cannot be seen unchecked.
  await checkOf(shown[1]!.id).click();
  await refetch;
  await page.clock.resume();
  rows = await expectRowsFromApi(request, page);
  expect(rows.map((r) => r.id)).toEqual([shown[2]!.id]);

  // A stone opens from the comparison view.
  await page.getByRole('checkbox', { name: 'Compare (1)' }).uncheck();
  await settled(page);
  await checkOf(shown[5]!.id).check();
  await compareButton.click();
  const view = dialog.getByRole('link', { name: /^View / }).first();
  const href = await view.getAttribute('href');
  await view.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('scrolling to the bottom loads page 2 under page 1', async ({ page, request }) => {
  await openSearch(page);
  const first = await apiFor(request, page);
  test.skip(first.last_page < 2, 'the store holds a single page of lab diamonds');
  await expect(rowLinks(page)).toHaveCount(20);
  const second = await apiFor(request, page, 2);
  await page.locator('.ds-sentinel').scrollIntoViewIfNeeded();
  await expect(rowLinks(page)).toHaveCount(20 + second.data.length);
  const ids = (await readRows(page)).map((r) => r.id);
  expect(ids).toEqual([...first.data, ...second.data].map((d) => d.diamondid));
  await expect(heading(page)).toContainText(`(${ids.length} of ${first.total.toLocaleString('en-US')})`);
});

test('a failed search ends the loading and offers a retry', async ({ page, request }) => {
  await openSearch(page);
  await page.route('**/api/get-all-diamonds**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
  await page.getByRole('checkbox', { name: 'Featured Deal' }).check();
  const retry = page.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible();
  await page.unroute('**/api/get-all-diamonds**');
  await retry.click();
  await expect(retry).toBeHidden();
  await expectRowsFromApi(request, page);
});

test('the URL holds the search: a reload keeps it and Back from a stone restores it', async ({ page, request }) => {
  await openSearch(page);
  await page.getByRole('tab', { name: 'NATURAL DIAMONDS' }).click();
  await shapeButton(page, 'Round').click();
  await typeBound(page, 'Highest price', '5000');
  await page.getByRole('button', { name: /SORT BY/ }).click();
  await page.getByRole('menuitemradio', { name: 'Carat: High to Low' }).click();
  await expect(page).toHaveURL(/active_tab=1/);
  await expect(page).toHaveURL(/sort=carat_desc/);
  await expect(page).toHaveURL(/price=0,5000/);
  const before = await expectRowsFromApi(request, page);
  const url = page.url();

  await page.reload();
  await hydrated(page);
  await settled(page);
  expect(page.url()).toBe(url);
  await expect(page.getByRole('tab', { name: 'NATURAL DIAMONDS' })).toHaveAttribute('aria-selected', 'true');
  await expect(shapeButton(page, 'Round')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('textbox', { name: 'Highest price' })).toHaveValue('5000');
  await expect(page.getByRole('button', { name: /SORT BY/ })).toHaveAccessibleName('SORT BY Carat: High to Low');
  expect((await readRows(page)).map((r) => r.id)).toEqual(before.map((r) => r.id));

  // The row opens the stone with its record; Back comes home to the same search.
  await rowLinks(page).first().click();
  await expect(page).toHaveURL(new RegExp(`/diamond-details/${before[0]!.id}$`));
  await page.goBack();
  await expect(page).toHaveURL(url);
  await settled(page);
  await expect(shapeButton(page, 'Round')).toHaveAttribute('aria-pressed', 'true');
  expect((await readRows(page)).map((r) => r.id)).toEqual(before.map((r) => r.id));
});

test('the heart saves a stone to the wishlist', async ({ page }) => {
  await openSearch(page);
  const heart = table(page).getByRole('button', { name: /to wishlist$/ }).first();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('wishlist') ?? '[]') as Diamond[]);
  expect(saved).toHaveLength(1);
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('filters fold into a disclosure, rows fit, and nothing scrolls sideways', async ({ page }) => {
    await openSearch(page);
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(shapeButton(page, 'Round')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(shapeButton(page, 'Round')).toBeVisible();
    await page.getByRole('button', { name: 'SHOW ADVANCED' }).click();
    await expect(rowLinks(page).first()).toBeVisible();
    expect(await sidewaysOverflow(page)).toEqual([]);
    expect(await seriousViolations(page, '.ds-page')).toEqual([]);
  });
});
