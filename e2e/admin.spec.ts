import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN_MESSAGES, bankWirePrice, orderSchema, type Diamond, type Order } from '@everstone/contract';
import { INVITATION_SUBJECT, createStaffAccount, invitationLinkIn, submitSignIn } from './admin-support.ts';
import { SHOPPER_PASSWORD, createAccount, hydrated, readOutbox, stonesPricedWithin, waitForMail, type ShopperAccount, postOrder } from './support.ts';

/*
 * The back office (/admin) in the browser: staff and owners on their cookie session, against the real API. Each test
 * makes its own owner, staff and shoppers, and orders stones from a price band no other journey orders from
 * (10,500–13,500 dollars).
 */

const stones = (request: APIRequestContext, count: number) => stonesPricedWithin(request, 10_500, 13_500, count);

const STAFF_PASSWORD = 'Back-office-2026';

/** Places an unpaid order through the API (§7 POST /api/store-order), as the checkout sends it. */
async function placeOrder(request: APIRequestContext, account: ShopperAccount, method: 'cod' | 'pay-wire', items: Diamond[]): Promise<Order> {
  const price = (d: Diamond) => (method === 'pay-wire' ? bankWirePrice(d.price) : d.price);
  const res = await postOrder(request, {
    headers: { Authorization: `Bearer ${account.token}` },
    data: {
      user_id: account.id,
      user_name: 'Ada Lovelace',
      contact_number: '212-555-0100',
      items_id: items.map((d) => d.diamondid),
      item_details: JSON.stringify(Object.fromEntries(items.map((d) => [d.diamondid, { type: d.type, price: price(d), quantity: 1, weight: d.carat_weight }]))),
      address: JSON.stringify({ street: '12 Analytical Row', apartment: 'Suite 3', city: 'New York', state: 'NY', zip: '10036', country: 'United States' }),
      order_status: 'pending',
      payment_mode: method,
      payment_status: 'pending',
      is_gift: true,
      notes: 'Leave with the doorman.\n<b>Not bold</b>',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return orderSchema.parse(await res.json());
}

/** Opens the back office's sign-in page and signs in; `path` may carry a `next`. */
async function signIn(page: Page, email: string, password: string, path = '/admin/sign-in') {
  await page.goto(path);
  await hydrated(page);
  await submitSignIn(page, email, password);
}

/** A page of its own (cookies, storage) for another person. */
async function personPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Whether a certificate is listed by the storefront's search (stones on sale only). */
async function onSale(request: APIRequestContext, certificate: string): Promise<number> {
  const res = await request.get(`/api/get-all-diamonds?certificate=${certificate}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

test('an owner invites staff, the staff member records a wire payment, the shopper sees it and the audit log names who did it', async ({ page, browser, request }) => {
  const owner = await createStaffAccount(request, 'admin-owner', 'owner', 'Olivia Owner');
  const shopper = await createAccount(request, 'admin-shopper');
  const [stone] = await stones(request, 1);
  const order = await placeOrder(request, shopper, 'pay-wire', [stone!]);

  await signIn(page, owner.email, SHOPPER_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Waiting on you');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('link', { name: 'Staff' }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page).toHaveTitle('Staff | Everstone back office');

  // Signing in counts as a fresh password for a few minutes, so the server's "enter it again" answer is given to the
  // first invitation here, as it would be later in the day; the invitation then goes through for real.
  let asked = false;
  await page.route('**/api/admin/staff', async (route) => {
    if (route.request().method() === 'POST' && !asked) {
      asked = true;
      await route.fulfill({ status: 403, json: { message: ADMIN_MESSAGES.reauth, reauth: true } });
    } else await route.fallback();
  });
  const staffEmail = `admin-invited-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const invite = page.getByRole('form', { name: 'Invite someone' });
  await invite.getByLabel('Email').fill(staffEmail);
  await invite.getByLabel('Title').selectOption('Ms');
  await invite.getByLabel('Name').fill('Sam Staff');
  await invite.getByLabel('Role').selectOption('staff');
  await invite.getByRole('button', { name: 'Send invitation' }).click();

  const reauth = page.getByRole('dialog', { name: 'Enter your password again' });
  await expect(reauth).toBeVisible();
  await expect(reauth.getByLabel('Password')).toBeFocused();
  await reauth.getByLabel('Password').fill('not-my-password');
  await reauth.getByRole('button', { name: 'Confirm' }).click();
  await expect(reauth.getByText(ADMIN_MESSAGES.passwordWrong)).toBeVisible();
  await expect(reauth.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await reauth.getByLabel('Password').fill(SHOPPER_PASSWORD);
  await reauth.getByRole('button', { name: 'Confirm' }).click();
  await expect(reauth).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Sam Staff was invited' })).toBeVisible();
  const invitedRow = page.getByRole('row').filter({ hasText: staffEmail });
  await expect(invitedRow).toContainText('Invited');

  // The invitation's link is the back office's own page: it names the role and takes a new password; nothing is
  // granted before.
  const refused = await request.post('/api/admin/session', { data: { email: staffEmail, password: STAFF_PASSWORD }, headers: { origin: new URL(page.url()).origin } });
  expect(refused.status()).toBe(401);
  const link = invitationLinkIn((await waitForMail(staffEmail, INVITATION_SUBJECT)).text);
  const staffPage = await personPage(browser);
  await staffPage.goto(link.pathname);
  await hydrated(staffPage);
  await expect(staffPage.getByRole('heading', { level: 1 })).toHaveText('Join the back office');
  await expect(staffPage.getByText('you are invited to Everstone’s back office as staff')).toBeVisible();
  const choose = staffPage.getByRole('form', { name: 'Choose your password' });
  await expect(choose.getByLabel('Email')).toHaveValue(staffEmail);
  await choose.getByLabel('New password').fill(STAFF_PASSWORD);
  await choose.getByLabel('Confirm password').fill(`${STAFF_PASSWORD}!`);
  await choose.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(choose.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  await choose.getByLabel('Confirm password').fill(STAFF_PASSWORD);
  await choose.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(staffPage).toHaveURL(/\/admin\/sign-in$/);
  await expect(staffPage.getByText(ADMIN_MESSAGES.invitationAccepted)).toBeVisible();
  await expect(staffPage.getByRole('form', { name: 'Sign in' }).getByLabel('Email')).toHaveValue(staffEmail);
  // The link works once.
  await staffPage.goto(link.pathname);
  await expect(staffPage.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.invitationUsed })).toBeVisible();
  // The owner's list no longer shows it waiting.
  await page.reload();
  await expect(page.getByRole('region', { name: /Invitations not yet accepted/ }).getByText(staffEmail)).toHaveCount(0);

  await signIn(staffPage, staffEmail, STAFF_PASSWORD);
  await expect(staffPage).toHaveURL(/\/admin$/);
  const staffNav = staffPage.getByRole('navigation', { name: 'Back office' });
  await expect(staffNav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(staffNav.getByRole('link', { name: 'Staff' })).toHaveCount(0);

  // The wire waits in Today's first group; its page offers to record the payment.
  const wires = staffPage.getByRole('region', { name: 'Wire transfers to match', exact: true });
  await wires.getByRole('link', { name: order.order_number }).click();
  await expect(staffPage).toHaveURL(new RegExp(`/admin/orders/${order.order_number}$`));
  await expect(staffPage.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.order_number}`);
  await expect(staffPage).toHaveTitle(`Order ${order.order_number} | Everstone back office`);
  const record = staffPage.getByRole('button', { name: 'Record payment' });
  await record.click();
  const confirm = staffPage.getByRole('dialog', { name: `Record payment: ${order.order_number}` });
  await expect(confirm).toContainText('The shopper is emailed that the payment was received.');
  await confirm.getByRole('button', { name: 'Record payment' }).click();
  await expect(confirm).toBeHidden();
  await expect(staffPage.getByRole('status').filter({ hasText: `Payment recorded for order ${order.order_number}` })).toBeVisible();
  const badges = staffPage.locator('.adm-order__facts');
  await expect(badges).toContainText('Order status: Confirmed');
  await expect(badges).toContainText('Payment status: Paid');
  await expect(staffPage.getByRole('button', { name: 'Record payment' })).toHaveCount(0);
  await expect(staffPage.getByRole('region', { name: 'History', exact: true })).toContainText(staffEmail);

  // The shopper's own order page says the payment arrived.
  const shopperPage = await personPage(browser);
  await shopperPage.goto('/robots.txt');
  await shopperPage.evaluate((token) => localStorage.setItem('auth_token', token), shopper.token);
  await shopperPage.goto(`/orders/${order.order_number}`);
  await expect(shopperPage.getByRole('region', { name: 'Payment received' })).toBeVisible();
  await expect.poll(async () => (await readOutbox(shopper.email)).map((m) => m.subject)).toContain(`Payment received for your Everstone order ${order.order_number}`);

  // A stone from stock, paid: the fulfilment queue lists it to ship. The tracking number is checked as it is typed
  // in; the parcel then shows with its carrier's own tracking page, and the order can be marked delivered.
  await staffNav.getByRole('link', { name: 'Fulfilment' }).click();
  await expect(staffPage.getByRole('heading', { level: 1 })).toHaveText('Fulfilment');
  await staffPage.getByRole('region', { name: 'To ship', exact: true }).getByRole('link', { name: order.order_number }).click();
  await staffPage.getByRole('button', { name: 'Ship with tracking' }).click();
  const ship = staffPage.getByRole('dialog', { name: `Ship with tracking: ${order.order_number}` });
  await ship.getByLabel('Carrier').selectOption('fedex');
  const tracking = String(Date.now()).padStart(15, '7').slice(-15);
  await ship.getByLabel('Tracking number').fill(tracking.slice(0, 10));
  await ship.getByRole('button', { name: 'Ship with tracking' }).click();
  await expect(ship.getByText('A FedEx tracking number has 12, 15, 20 or 22 digits.')).toBeVisible();
  await expect(ship.getByLabel('Tracking number')).toBeFocused();
  await ship.getByLabel('Tracking number').fill(tracking);
  await ship.getByRole('button', { name: 'Ship with tracking' }).click();
  await expect(ship).toBeHidden();
  await expect(staffPage.getByRole('status').filter({ hasText: `Order ${order.order_number} is shipped with FedEx ${tracking}` })).toBeVisible();
  await expect(badges).toContainText('Order status: Shipped');
  const parcel = staffPage.getByRole('region', { name: 'Fulfilment', exact: true }).getByRole('link', { name: new RegExp(tracking) });
  await expect(parcel).toHaveAttribute('href', `https://www.fedex.com/fedextrack/?trknbr=${tracking}`);
  await staffPage.getByRole('button', { name: 'Mark delivered' }).click();
  const deliver = staffPage.getByRole('dialog', { name: `Mark delivered: ${order.order_number}` });
  await deliver.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(deliver).toBeHidden();
  await expect(badges).toContainText('Order status: Delivered');
  await expect.poll(async () => (await readOutbox(shopper.email)).map((m) => m.subject)).toContain(`Your Everstone order ${order.order_number} has shipped`);

  // The owner's audit log names the staff member.
  await page.unrouteAll();
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('Subject').fill(order.order_number);
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`subject=${order.order_number}`));
  const entry = page.getByRole('row').filter({ hasText: 'Recorded a payment' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(staffEmail);
  await expect(entry).toContainText(order.order_number);
  await expect(entry).toContainText('payment_status: pending → paid');
  await shopperPage.context().close();
  await staffPage.context().close();
});

test('cancelling an unpaid order from its page returns its diamond to the search; the dialog works by keyboard', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'admin-staff');
  const shopper = await createAccount(request, 'admin-shopper');
  const [stone] = await stones(request, 1);
  const order = await placeOrder(request, shopper, 'cod', [stone!]);
  expect(await onSale(request, stone!.certificate_number)).toBe(0);

  // Signed out, the orders list sends to sign in and back to the same list.
  await signIn(page, staff.email, SHOPPER_PASSWORD, `/admin/sign-in?next=${encodeURIComponent('/admin/orders')}`);
  await expect(page).toHaveURL(/\/admin\/orders$/);
  const search = page.getByRole('search', { name: 'Orders' });
  await search.getByLabel('Search').fill(stone!.certificate_number);
  await search.getByLabel('Search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${stone!.certificate_number}`));
  const table = page.getByRole('table', { name: /^Orders/ });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: order.order_number }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.order_number}`);
  // What the shopper typed is shown as text.
  await expect(page.getByRole('region', { name: 'Shopper’s note' })).toContainText('<b>Not bold</b>');
  await expect(page.getByRole('region', { name: 'Ship to' })).toContainText('This order is a gift');

  const cancel = page.getByRole('button', { name: 'Cancel order' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Cancel order: ${order.order_number}` });
  await expect(dialog).toContainText('its stones go back on sale');
  await expect(dialog).toContainText('The shopper is emailed that the order was cancelled.');
  await expect(dialog.getByRole('button', { name: 'Go back' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel order' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Go back' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  expect(await onSale(request, stone!.certificate_number)).toBe(0);

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Order ${order.order_number} is cancelled` })).toBeVisible();
  await expect(page.locator('.adm-order__facts')).toContainText('Order status: Cancelled');
  await expect(page.getByText('No step can be taken on this order now.')).toBeVisible();
  await expect.poll(() => onSale(request, stone!.certificate_number)).toBe(1);
  await expect.poll(async () => (await readOutbox(shopper.email)).map((m) => m.subject)).toContain(`Your Everstone order ${order.order_number} has been cancelled`);
});

test('a shopper cannot enter the back office, and staff who are not owners see no owner pages', async ({ page, browser, request }) => {
  const shopper = await createAccount(request, 'admin-shopper');
  // Signed in on the storefront: the back office still asks for its own sign-in.
  await page.goto('/robots.txt');
  await page.evaluate((token) => localStorage.setItem('auth_token', token), shopper.token);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await expect(page).toHaveTitle('Sign in | Everstone back office');
  await signIn(page, shopper.email, SHOPPER_PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(ADMIN_MESSAGES.notStaff);
  await expect(page).toHaveURL(/\/admin\/sign-in$/);

  // A wrong password and empty fields are said beside the fields or in the banner.
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill('');
  await form.getByLabel('Password').fill('');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Email')).toBeFocused();
  await expect(form.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');

  const staff = await createStaffAccount(request, 'admin-staff');
  const staffPage = await personPage(browser);
  // An owner's page asked for while signed out comes back after sign-in, and says it is not allowed.
  await staffPage.goto('/admin/staff');
  await expect(staffPage).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Fstaff$/);
  await signIn(staffPage, staff.email, 'wrong-password', staffPage.url());
  await expect(staffPage.getByRole('alert')).toHaveText(ADMIN_MESSAGES.invalidCredentials);
  await staffPage.getByRole('form', { name: 'Sign in' }).getByLabel('Password').fill(SHOPPER_PASSWORD);
  await staffPage.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign in' }).click();
  await expect(staffPage).toHaveURL(/\/admin\/staff$/);
  await expect(staffPage.getByRole('heading', { level: 1 })).toHaveText('Not allowed');
  await expect(staffPage.getByText(ADMIN_MESSAGES.ownerOnly)).toBeVisible();
  const nav = staffPage.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Today' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expect(staffPage.getByText(`${staff.email} · Staff`)).toBeVisible();
  await staffPage.goto('/admin/audit');
  await expect(staffPage.getByRole('heading', { level: 1 })).toHaveText('Not allowed');

  // Signing out ends the session: the back office asks for sign-in again.
  await staffPage.getByRole('button', { name: 'Sign out' }).click();
  await expect(staffPage).toHaveURL(/\/admin\/sign-in$/);
  await expect(staffPage.getByRole('alert')).toHaveText(ADMIN_MESSAGES.signedOutDone);
  await staffPage.goto('/admin/orders');
  await expect(staffPage).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Forders$/);
  await staffPage.context().close();
});

test('the orders list keeps its search, filters, sort and page size in the address', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'admin-staff');
  const shopper = await createAccount(request, 'admin-shopper', 'Zelda Fitzgerald');
  const picked = await stones(request, 2);
  const orders = [await placeOrder(request, shopper, 'cod', [picked[0]!]), await placeOrder(request, shopper, 'pay-wire', [picked[1]!])];

  await signIn(page, staff.email, SHOPPER_PASSWORD, `/admin/sign-in?next=${encodeURIComponent('/admin/orders')}`);
  await expect(page).toHaveURL(/\/admin\/orders$/);
  const table = page.getByRole('table', { name: /^Orders/ });
  const placed = table.getByRole('columnheader', { name: 'Placed' });
  await expect(placed).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('columnheader', { name: 'Total' })).toHaveAttribute('aria-sort', 'none');

  await page.getByRole('search', { name: 'Orders' }).getByLabel('Search').fill(shopper.email);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(shopper.email)}`));
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Method').selectOption('pay-wire');
  await expect(page).toHaveURL(/method=pay-wire/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('link', { name: orders[1]!.order_number })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1–1 of 1 order' })).toBeVisible();

  await page.goBack();
  await expect(page).not.toHaveURL(/method=/);
  await expect(page.getByLabel('Method')).toHaveValue('');
  await expect(table.getByRole('row')).toHaveCount(3);

  await table.getByRole('button', { name: 'Total' }).click();
  await expect(page).toHaveURL(/sort=total&dir=desc/);
  await expect(table.getByRole('columnheader', { name: 'Total' })).toHaveAttribute('aria-sort', 'descending');
  await table.getByRole('button', { name: 'Total' }).click();
  await expect(page).toHaveURL(/sort=total&dir=asc/);
  await expect(table.getByRole('columnheader', { name: 'Total' })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByLabel('Rows per page').selectOption('50');
  await expect(page).toHaveURL(/per_page=50/);

  // The address alone brings the same list back.
  const address = page.url();
  await page.goto('/admin');
  await page.goto(address);
  await expect(page.getByRole('search', { name: 'Orders' }).getByLabel('Search')).toHaveValue(shopper.email);
  await expect(table.getByRole('columnheader', { name: 'Total' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByLabel('Rows per page')).toHaveValue('50');
  await expect(table.getByRole('row')).toHaveCount(3);
});

test('a session that ends while a page is open sends the person to sign in, then back to that page', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'admin-staff');
  const shopper = await createAccount(request, 'admin-shopper');
  const [stone] = await stones(request, 1);
  const order = await placeOrder(request, shopper, 'cod', [stone!]);
  const orderPath = `/admin/orders/${order.order_number}`;

  await signIn(page, staff.email, SHOPPER_PASSWORD, `/admin/sign-in?next=${encodeURIComponent(orderPath)}`);
  await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.order_number}`);

  // The session's cookie is gone (it ran out, or was signed out elsewhere): the next step asks for sign-in again.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Confirm with the shopper' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm with the shopper' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/sign-in\\?next=${encodeURIComponent(orderPath)}&ended=1$`));
  await expect(page.getByRole('alert')).toHaveText(ADMIN_MESSAGES.expired);
  await submitSignIn(page, staff.email, SHOPPER_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
  // Nothing was done meanwhile: the step is still there to take.
  await expect(page.getByRole('button', { name: 'Confirm with the shopper' })).toBeVisible();
  await expect(page.locator('.adm-order__facts')).toContainText('Order status: Pending');
});
