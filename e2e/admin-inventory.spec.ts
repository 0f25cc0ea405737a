import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { STONE_PRICE_TOO_LOW, diamondListResponseSchema, diamondResponseSchema, type Diamond } from '@everstone/contract';
import { createStaffAccount, signInToBackOffice } from './admin-support.ts';
import { hydrated, sidewaysOverflow } from './support.ts';

/*
 * The back office's inventory (/admin/stones) in the browser, against the real API: a stone found by its certificate,
 * repriced, hidden from the storefront's search and shown again; a supplier file with bad rows imported, its
 * problems listed by line; and the pages at a phone's width and a desktop's. The stones come from a price band no
 * other journey takes from (40,000 dollars and up, short of the dearest, which the details journeys use).
 */

/** A stone for sale from this journey's band, picked at random so two runs side by side rarely meet. */
async function stoneForSale(request: APIRequestContext): Promise<Diamond> {
  const res = await request.get('/api/get-all-diamonds?price=40000,40000&sort=price_asc&per_page=30');
  expect(res.status()).toBe(200);
  const { data } = diamondListResponseSchema.parse(await res.json());
  const band = data.filter((d) => d.price < 60_000);
  expect(band.length).toBeGreaterThan(5);
  return band[Math.floor(Math.random() * band.length)]!;
}

/** How many stones the storefront's search finds with exactly this certificate number. */
async function foundBySearch(request: APIRequestContext, certificate: string): Promise<number> {
  const res = await request.get(`/api/get-all-diamonds?certificate=${encodeURIComponent(certificate)}`);
  expect(res.status()).toBe(200);
  return diamondListResponseSchema.parse(await res.json()).data.filter((d) => d.certificate_number === certificate).length;
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A new certificate number of the import's form (letters, digits, dashes), unique to this run. */
const newCertificate = (tag: string) => `INV-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

/**
 * A small supplier file: the header and one row of the exported inventory (a stone for sale, so its status may be
 * imported), two valid rows copied from it under new certificate numbers, then two rows with problems (lines 4, 5).
 */
async function fileWithBadRows(page: Page): Promise<{ csv: string; added: string[] }> {
  const res = await page.request.get('/api/admin/stones/export.csv');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/csv');
  const [header, ...rows] = (await res.text()).split(/\r?\n/);
  const columns = header!.split(',');
  const status = columns.indexOf('status');
  const type = columns.indexOf('type');
  // A plain natural or lab stone for sale, without quoted fields: its row can be split at commas.
  const row = rows.find((line) => !line.includes('"') && line.split(',')[status] === 'available' && line.split(',')[type] !== 'color');
  expect(row, 'an exported row to copy').toBeTruthy();
  const fields = row!.split(',');
  const added = [newCertificate('a'), newCertificate('b')];
  const copy = (certificate: string) => [certificate, ...fields.slice(1)].join(',');
  const broken = (changes: Record<string, string>) => [newCertificate('x'), ...fields.slice(1)].map((v, i) => changes[columns[i]!] ?? v).join(',');
  const csv = [header, copy(added[0]!), copy(added[1]!), broken({ shape: 'Triangle', carat: '-1' }), broken({ price: '', clarity: 'XYZ' })].join('\n');
  return { csv: `${csv}\n`, added };
}

async function importFile(page: Page, csv: string) {
  await page.getByLabel('Supplier file (CSV)').setInputFiles({ name: 'supplier.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
}

test('staff find a stone by its certificate, change its price, hide it from the search and show it again', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'inventory-staff', 'staff', 'Sam Stock');
  const stone = await stoneForSale(request);
  const cert = stone.certificate_number;
  expect(await foundBySearch(request, cert)).toBe(1);

  await signInToBackOffice(page, staff.email, '/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Inventory' }).click();
  await expect(page).toHaveURL(/\/admin\/stones$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inventory');
  await expect(page).toHaveTitle('Inventory | Everstone back office');

  const search = page.getByRole('search', { name: 'Inventory' });
  await search.getByLabel('Certificate number').fill(cert);
  await search.getByLabel('Certificate number').press('Enter');
  await expect(page).toHaveURL(new RegExp(`certificate=${cert}`));
  const table = page.getByRole('table', { name: /^Diamonds/ });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: cert });
  await expect(row).toContainText('For sale');
  await row.getByRole('link', { name: cert }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/stones/${stone.diamondid}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Diamond ${cert}`);
  await expect(page).toHaveTitle(`Diamond ${cert} | Everstone back office`);
  await expect(page.getByRole('region', { name: 'Who holds it' })).toContainText('Nobody holds this diamond.');

  // A price that is not an amount is refused beside the field; a new one is saved and sold at by the storefront.
  const edit = page.getByRole('form', { name: 'Price and featured' });
  const price = edit.getByLabel('Price (US dollars)');
  await expect(price).toHaveValue(stone.price.toFixed(2));
  await price.fill('a lot');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toBeFocused();
  // A price under the bank-wire discount would sell the stone for less than nothing by wire.
  await price.fill('1.00');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText(`The price ${STONE_PRICE_TOO_LOW}.`)).toBeVisible();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toBeFocused();
  const newPrice = Math.round(stone.price) + 250;
  await price.fill(newPrice.toLocaleString('en-US'));
  await expect(price).not.toHaveAttribute('aria-invalid');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Diamond ${cert} is saved.` })).toBeVisible();
  await expect(edit.getByLabel('Price (US dollars)')).toHaveValue(newPrice.toFixed(2));
  // The form stays as it was: the focus is still on Save.
  await expect(edit.getByRole('button', { name: 'Save' })).toBeFocused();
  await expect
    .poll(async () => diamondResponseSchema.parse(await (await request.get(`/api/diamonds/${stone.diamondid}`)).json()).data.price)
    .toBe(newPrice);

  // Hiding asks first, says what it does, and can be left by keyboard.
  const hide = page.getByRole('button', { name: 'Hide from the search' });
  await hide.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Hide from the search: ${cert}` });
  await expect(dialog).toContainText('Shoppers no longer find this diamond in the search');
  await expect(dialog).toContainText('It is not sold');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(hide).toBeFocused();
  expect(await foundBySearch(request, cert)).toBe(1);

  await hide.click();
  await dialog.getByRole('button', { name: 'Hide from the search' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.adm-order__facts')).toContainText('Status: Hidden from the search');
  await expect.poll(() => foundBySearch(request, cert)).toBe(0);
  const history = page.getByRole('region', { name: 'History', exact: true });
  await expect(history).toContainText(`price: ${stone.price.toFixed(2)} → ${newPrice.toFixed(2)}`);
  await expect(history).toContainText('status: available → hidden');
  await expect(history).toContainText(staff.email);

  // The list finds it among the hidden stones.
  await page.getByRole('link', { name: 'Inventory' }).first().click();
  await expect(page).toHaveURL(/\/admin\/stones$/);
  await page.getByLabel('Status').selectOption('hidden');
  await expect(page).toHaveURL(/status=hidden/);
  await expect(page.getByRole('table', { name: /^Diamonds/ }).getByRole('link', { name: cert })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/stones$/);
  await page.goto(`/admin/stones/${stone.diamondid}`);

  const show = page.getByRole('button', { name: 'Show in the search' });
  await show.click();
  const showDialog = page.getByRole('dialog', { name: `Show in the search: ${cert}` });
  await showDialog.getByRole('button', { name: 'Show in the search' }).click();
  await expect(showDialog).toBeHidden();
  await expect(page.locator('.adm-order__facts')).toContainText('Status: For sale');
  await expect(show).toHaveCount(0);
  await expect.poll(() => foundBySearch(request, cert)).toBe(1);
});

test('the list keeps its filters, sort and page size in the address', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'inventory-staff', 'staff', 'Sam Stock');
  await signInToBackOffice(page, staff.email, '/admin/stones');
  const table = page.getByRole('table', { name: /^Diamonds/ });
  await expect(table.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'ascending');

  await page.getByRole('navigation', { name: 'Diamond type' }).getByRole('link', { name: 'Natural' }).click();
  await expect(page).toHaveURL(/active_tab=1/);
  await page.getByRole('group', { name: 'Shapes' }).getByLabel('Oval').check();
  await expect(page).toHaveURL(/shapes=4/);
  await page.getByLabel('Color from').selectOption('E');
  await page.getByLabel('Color to').selectOption('G');
  await expect(page).toHaveURL(/color=2,5/);
  await page.getByLabel('Carat from (ct)').fill('0.5');
  await page.getByLabel('Carat to (ct)').fill('-1');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByLabel('Carat to (ct)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The carat weight must be a number of 0 or more.')).toBeVisible();
  // Above the storefront slider's top, a maximum still narrows the back office's list; an empty one is open.
  await page.getByLabel('Carat to (ct)').fill('30');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/carat=0\.5,30/);
  await page.getByLabel('Carat to (ct)').fill('');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/carat=0\.5,20/);

  await expect(page.getByRole('status').filter({ hasText: /diamonds?$/ })).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) {
    if (text.includes('CERTIFICATE') || text.includes('Certificate')) continue;
    expect(text).toContain('Oval');
    expect(text).toContain('Natural');
  }

  await table.getByRole('button', { name: 'Carat' }).click();
  await expect(page).toHaveURL(/sort=carat_asc/);
  await table.getByRole('button', { name: 'Carat' }).click();
  await expect(page).toHaveURL(/sort=carat_desc/);
  await expect(table.getByRole('columnheader', { name: 'Carat' })).toHaveAttribute('aria-sort', 'descending');
  await page.getByLabel('Rows per page').selectOption('50');
  await expect(page).toHaveURL(/per_page=50/);

  // The address alone brings the same list back.
  const address = page.url();
  await page.goto('/admin');
  await page.goto(address);
  await expect(page.getByLabel('Color from')).toHaveValue('2');
  await expect(page.getByLabel('Carat from (ct)')).toHaveValue('0.5');
  await expect(page.getByRole('group', { name: 'Shapes' }).getByLabel('Oval')).toBeChecked();
  await expect(page.getByRole('navigation', { name: 'Diamond type' }).getByRole('link', { name: 'Natural' })).toHaveAttribute('aria-current', 'true');
  await expect(table.getByRole('columnheader', { name: 'Carat' })).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('link', { name: 'Clear the filters' }).first().click();
  await expect(page).toHaveURL(/\/admin\/stones\?sort=carat_desc&per_page=50$/);
});

test('an imported file’s rows with problems are listed by line; its good rows reach the storefront’s search', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'inventory-staff', 'staff', 'Sam Stock');
  await signInToBackOffice(page, staff.email, '/admin/stones');
  await page.getByRole('link', { name: 'Import a file' }).click();
  await expect(page).toHaveURL(/\/admin\/stones\/import$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import a file');
  await expect(page.getByRole('region', { name: 'The file’s columns' })).toContainText('certificate_number');

  // Nothing chosen: said beside the field.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByLabel('Supplier file (CSV)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Choose a CSV file to import.')).toBeVisible();

  const { csv, added } = await fileWithBadRows(page);
  await importFile(page, csv);
  const outcome = page.getByRole('heading', { name: 'Imported: 2 new, 0 updated, 2 rows with problems' });
  await expect(outcome).toBeVisible();
  await expect(outcome).toBeFocused();
  const problems = page.getByRole('table', { name: 'Rows with problems' });
  await expect(problems.getByRole('row')).toHaveCount(3);
  const line4 = problems.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '4', exact: true }) });
  await expect(line4).toContainText('shape: "Triangle" is not one of');
  await expect(line4).toContainText('carat: "-1" must be a number');
  const line5 = problems.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '5', exact: true }) });
  await expect(line5).toContainText('price: is required');
  await expect(line5).toContainText('clarity: "XYZ" is not one of');

  for (const certificate of added) await expect.poll(() => foundBySearch(request, certificate)).toBe(1);

  // The same file again updates the two stones instead of adding them twice.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await expect(page.getByLabel('Supplier file (CSV)')).toBeFocused();
  await importFile(page, csv);
  await expect(page.getByRole('heading', { name: 'Imported: 0 new, 2 updated, 2 rows with problems' })).toBeVisible();
});

test('a file the store cannot read is refused with its reason', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'inventory-staff', 'staff', 'Sam Stock');
  await signInToBackOffice(page, staff.email, '/admin/stones/import');
  await importFile(page, 'name,price\nRing,100\n');
  await expect(page.getByRole('heading', { name: 'The import failed' })).toBeVisible();
  await expect(page.getByText(/The header lacks the required columns certificate_number/)).toBeVisible();
});

for (const width of [1440, 375]) {
  test(`the inventory pages pass axe and fit ${width} pixels: the list, a stone with its dialog, an import with problems`, async ({ page, request }) => {
    const owner = await createStaffAccount(request, 'inventory-owner', 'owner', 'Olivia Owner');
    const stone = await stoneForSale(request);
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const check = async (what: string) => {
      expect(await sidewaysOverflow(page), `${what} at ${width}`).toEqual([]);
      expect(await seriousViolations(page), `${what} at ${width}`).toEqual([]);
    };

    await signInToBackOffice(page, owner.email, '/admin/stones?status=all&active_tab=3');
    await expect(page.getByRole('table', { name: /^Diamonds/ })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Fancy colors' })).toBeVisible();
    await check('the inventory list');

    await page.goto(`/admin/stones/${stone.diamondid}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Diamond ${stone.certificate_number}`);
    await check('a stone');
    await page.getByRole('button', { name: 'Hide from the search' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('a stone with its dialog open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/admin/stones/import');
    await hydrated(page);
    const header = 'certificate_number,lab,type,shape,carat,price,clarity,color';
    await importFile(page, `${header}\nINV-AXE-1,GIA,natural,Round,1.01,,VS1,D\nINV-AXE-2,XYZ,lab,Blob,2,4250,VS2,E\n`);
    await expect(page.getByRole('heading', { name: 'Imported: 0 new, 0 updated, 2 rows with problems' })).toBeVisible();
    await check('the import with problems');
  });
}
