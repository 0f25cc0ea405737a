import { expect, test, type APIRequestContext } from '@playwright/test';
import { orderSchema, type Order } from '@everstone/contract';
import { createStaffAccount, submitSignIn } from './admin-support.ts';
import { SHOPPER_PASSWORD, createAccount, hydrated, seriousViolations, sidewaysOverflow, stonesPricedWithin, postOrder } from './support.ts';

/*
 * The back office's pages at a phone's width and a desktop's: axe finds nothing serious, and nothing sticks out
 * sideways at 375 pixels (wide tables scroll inside their own box). Stones come from the admin journeys' band.
 */

/** A ring-free order with a long name and address, placed unpaid by cash on delivery. */
async function placeOrder(request: APIRequestContext): Promise<Order> {
  const shopper = await createAccount(request, 'admin-layout', 'Maximilian Alexander Worthington-Smythe');
  const [stone] = await stonesPricedWithin(request, 10_500, 13_500, 1);
  const res = await postOrder(request, {
    headers: { Authorization: `Bearer ${shopper.token}` },
    data: {
      user_id: shopper.id,
      user_name: 'Maximilian Alexander Worthington-Smythe',
      contact_number: '+1 (416) 555-0199',
      items_id: [stone!.diamondid],
      item_details: JSON.stringify({ [stone!.diamondid]: { type: stone!.type, price: stone!.price, quantity: 1, weight: stone!.carat_weight } }),
      address: JSON.stringify({
        street: '1 Avenue of the Extraordinarily Long Street Names',
        apartment: 'Penthouse Suite 4100',
        city: 'Toronto',
        state: 'ON',
        zip: 'M5X 1A9',
        country: 'Canada',
      }),
      order_status: 'pending',
      payment_mode: 'cod',
      payment_status: 'pending',
      is_gift: false,
      notes: 'A very long note without spaces: abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return orderSchema.parse(await res.json());
}

for (const width of [1440, 375]) {
  test(`the back office passes axe and fits ${width} pixels: sign-in, Today, Orders, an order, Fulfilment, its packing slip`, async ({ page, request }) => {
    const owner = await createStaffAccount(request, 'admin-layout-owner', 'owner', 'Olivia Owner');
    const order = await placeOrder(request);
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });

    const check = async (what: string) => {
      expect(await sidewaysOverflow(page), `${what} at ${width}`).toEqual([]);
      expect(await seriousViolations(page), `${what} at ${width}`).toEqual([]);
    };

    await page.goto('/admin/sign-in');
    await hydrated(page);
    await check('sign-in');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await check('sign-in with field errors');
    await submitSignIn(page, owner.email, SHOPPER_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Waiting on you');
    await check('Today');

    // The navigation stays usable on a phone: every page is a link in reach.
    const nav = page.getByRole('navigation', { name: 'Back office' });
    for (const name of ['Today', 'Orders', 'Fulfilment', 'Staff', 'Audit log']) await expect(nav.getByRole('link', { name })).toBeVisible();
    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page.getByRole('table', { name: /^Orders/ })).toBeVisible();
    await check('Orders');

    await page.goto(`/admin/orders/${order.order_number}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.order_number}`);
    await check('an order');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('an order with its step dialog open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // Agreed with the shopper (cash on delivery), it may ship: the shipping form, with its messages.
    await page.getByRole('button', { name: 'Confirm with the shopper' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm with the shopper' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Ship with tracking' }).click();
    const ship = page.getByRole('dialog', { name: `Ship with tracking: ${order.order_number}` });
    await ship.getByRole('button', { name: 'Ship with tracking' }).click();
    await expect(ship.getByLabel('Carrier')).toHaveAttribute('aria-invalid', 'true');
    await check('an order with its shipping form and its messages');
    await page.keyboard.press('Escape');
    await expect(ship).toBeHidden();

    await nav.getByRole('link', { name: 'Fulfilment' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fulfilment');
    await expect(page.getByRole('region', { name: 'To ship', exact: true }).getByRole('link', { name: order.order_number })).toBeVisible();
    await check('Fulfilment');

    await page.goto(`/admin/orders/${order.order_number}`);
    await page.getByRole('link', { name: 'Packing slip', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Packing slip');
    await expect(page.locator('main')).not.toContainText('$');
    await check('the packing slip');

    await page.goto('/admin/staff');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff');
    await check('Staff');
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit log');
    await check('Audit log');
  });
}

test('each back-office page is kept from search engines and sends only a frame from the server', async ({ request }) => {
  for (const path of ['/admin/sign-in', '/admin', '/admin/orders', '/admin/orders/EV-2026-ABCDEF', '/admin/orders/EV-2026-ABCDEF/packing-slip', '/admin/fulfilment', '/admin/staff', '/admin/audit', '/admin/account', '/admin/invitation/not-a-real-token']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    expect(html, path).toMatch(/<title>[^<]+ \| Everstone back office<\/title>/);
    // The storefront's header and footer stay off the back office.
    expect(html, path).not.toContain('site-footer');
  }
});
