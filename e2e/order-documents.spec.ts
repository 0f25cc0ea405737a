import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { orderSchema } from '@everstone/contract';
import { createAccount, hydrated, seriousViolations, stonesPricedWithin, postOrder } from './support.ts';

/*
 * The order page's documents: the shopper downloads the invoice and a stone's insurance sheet as PDFs (the API needs
 * the session's bearer token, so the page fetches each file and saves it). Stones from a price band of its own,
 * 9,500–9,900 dollars, which no other journey orders from.
 */
test('the shopper downloads the invoice and the insurance documentation of a diamond from the order page', async ({ page, request }) => {
  const account = await createAccount(request, 'order-documents');
  const [stone] = await stonesPricedWithin(request, 9500, 9900, 1);
  const placed = await postOrder(request, {
    headers: { Authorization: `Bearer ${account.token}` },
    data: {
      user_name: 'Ada Lovelace',
      contact_number: '212-555-0100',
      lines: [{ kind: 'diamond', diamond_id: stone!.diamondid, quantity: 1 }],
      address: JSON.stringify({ street: '12 Analytical Row', apartment: '', city: 'New York', zip: '10036', country: 'United States' }),
      payment_mode: 'cod',
      is_gift: 0,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = orderSchema.parse(await placed.json());

  await page.goto('/robots.txt');
  await page.evaluate((t) => localStorage.setItem('auth_token', t), account.token);
  await page.goto(`/orders/${order.order_number}`);
  await hydrated(page);
  const box = page.getByRole('region', { name: 'Documents' });
  await expect(box).toBeVisible();
  await expect(box.getByRole('button')).toHaveCount(3);

  const [invoice] = await Promise.all([page.waitForEvent('download'), box.getByRole('button', { name: /^Invoice/ }).click()]);
  expect(invoice.suggestedFilename()).toBe(`${order.order_number}-invoice.pdf`);
  expect((await readFile((await invoice.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(box.getByRole('status')).toContainText('Invoice downloaded.');

  const [sheet] = await Promise.all([page.waitForEvent('download'), box.getByRole('button', { name: /Insurance documentation, item 1/ }).click()]);
  expect(sheet.suggestedFilename()).toBe(`${order.order_number}-insurance-line-1.pdf`);
  expect(await seriousViolations(page)).toEqual([]);
});
