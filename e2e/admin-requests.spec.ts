import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { REPLY_MAX_LENGTH, orderSchema, type Order } from '@everstone/contract';
import { createStaffAccount, signInToBackOffice } from './admin-support.ts';
import { createAccount, readOutbox, sidewaysOverflow, stonesPricedWithin, type ShopperAccount, postOrder } from './support.ts';

/*
 * The back office's customers, messages and requests in the browser: a contact message answered by email from the
 * page, a customer found and sent a password reset, a custom ring request counted down and marked answered, and axe
 * at a phone's width and a desktop's. Each test makes its own staff member and shoppers; orders take stones from a
 * price band no other journey orders from (14,000–17,000 dollars).
 */

/** Something of this run's own in names and addresses, so a list shared with other journeys shows which is ours. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** An unpaid cash-on-delivery order of one stone, as the checkout sends it (§7 POST /api/store-order). */
async function placeOrder(request: APIRequestContext, account: ShopperAccount, name: string): Promise<Order> {
  const [stone] = await stonesPricedWithin(request, 14_000, 17_000, 1);
  const res = await postOrder(request, {
    headers: { Authorization: `Bearer ${account.token}` },
    data: {
      user_id: account.id,
      user_name: name,
      contact_number: '212-555-0100',
      items_id: [stone!.diamondid],
      item_details: JSON.stringify({ [stone!.diamondid]: { type: stone!.type, price: stone!.price, quantity: 1, weight: stone!.carat_weight } }),
      address: JSON.stringify({ street: '12 Analytical Row', apartment: null, city: 'New York', state: 'NY', zip: '10036', country: 'United States' }),
      order_status: 'pending',
      payment_mode: 'cod',
      payment_status: 'pending',
      is_gift: false,
      notes: null,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return orderSchema.parse(await res.json());
}

/** A custom ring request as the storefront's form sends it; answers its number. */
async function sendCustomRequest(request: APIRequestContext, name: string, email: string): Promise<string> {
  const res = await request.post('/api/custom-ring-requests', {
    data: {
      style: 'halo',
      budget: '5000-10000',
      center_shape: 'Oval',
      center_origin: 'lab',
      center_carat: '1.5',
      metal: '18k-rose',
      ring_size: '6.5',
      note: 'Milgrain edges.\n<i>A hidden sapphire</i>, please.',
      name,
      email,
      phone: '212-555-0100',
      images: [],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { request_number: string }).request_number;
}

async function sendContact(request: APIRequestContext, name: string, email: string, question: string) {
  const res = await request.post('/api/contact', { data: { name, email, phone: '212-555-0142', topic: 'Policies', question } });
  expect(res.status(), await res.text()).toBe(200);
}

async function subjectsTo(email: string): Promise<string[]> {
  return (await readOutbox(email, { timeoutMs: 0 })).map((m) => m.subject);
}

test('staff answer a contact message from the page: the sender receives the reply and the message moves to Handled', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'admin-req-staff');
  const name = `Vera Visitor ${unique()}`;
  const email = `admin-req-visitor-${unique()}@example.com`;
  await sendContact(request, name, email, 'Can I return a ring?\n\n<b>Not bold</b>, just asking.');

  await signInToBackOffice(page, staff.email, '/admin');
  // Today counts the messages waiting, and leads to them.
  await page.getByRole('link', { name: /^\d+ messages? waiting for a reply$/ }).click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Messages | Everstone back office');
  await expect(page.getByRole('navigation', { name: 'Which messages' }).getByRole('link', { name: 'Open' })).toHaveAttribute('aria-current', 'true');
  // Other journeys write too: the longest list keeps this run's message on the first page.
  await page.getByLabel('Rows per page').selectOption('100');
  await expect(page).toHaveURL(/per_page=100/);

  const card = page.getByRole('article', { name });
  await expect(card).toContainText('Policies');
  await expect(card).toContainText(email);
  // What the sender typed is text, line breaks and all.
  const question = card.locator('.adm-note');
  await expect(question).toHaveText('Can I return a ring?\n\n<b>Not bold</b>, just asking.', { useInnerText: true });
  await expect(card.locator('b')).toHaveCount(0);

  // An empty reply is refused beside the field, which says why.
  const form = card.getByRole('form', { name: `Reply to ${name}` });
  const field = form.getByLabel(`Reply to ${name}`);
  await form.getByRole('button', { name: /^Send reply/ }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription(/Please write the reply\./);

  const reply = 'Yes, within 30 days.\n\nWe send a prepaid label.';
  await field.fill(reply);
  await expect(field).not.toHaveAttribute('aria-invalid');
  await expect(form).toContainText(`${reply.length} of ${REPLY_MAX_LENGTH.toLocaleString('en-US')} characters`);
  await form.getByRole('button', { name: /^Send reply/ }).click();
  const status = card.getByRole('status');
  await expect(status).toHaveText(`Your reply was emailed to ${email}.`);
  await expect(status).toBeFocused();
  await expect(card.getByText('Handled', { exact: true })).toBeVisible();
  await expect(card.locator('.adm-note--reply')).toHaveText(reply, { useInnerText: true });
  await expect(card.getByRole('button', { name: /^Open again/ })).toBeVisible();

  await expect.poll(() => subjectsTo(email)).toContain('Re: your message to Everstone about Policies');
  const mail = (await readOutbox(email)).find((m) => m.subject === 'Re: your message to Everstone about Policies');
  expect(mail!.text).toContain('We send a prepaid label.');
  // The address was typed on the form and never verified: the reply quotes neither the question nor the name.
  expect(mail!.text).not.toContain('Can I return a ring?');
  expect(mail!.text).not.toContain(name);

  // Once answered it is listed under Handled, and no longer under Open.
  const tabs = page.getByRole('navigation', { name: 'Which messages' });
  await tabs.getByRole('link', { name: 'Handled' }).click();
  await expect(page).toHaveURL(/state=handled/);
  await expect(tabs.getByRole('link', { name: 'Handled' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('article', { name })).toContainText(`By ${staff.email}`);
  await tabs.getByRole('link', { name: 'Open' }).click();
  await expect(page).not.toHaveURL(/state=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages');
  await expect(page.getByRole('article', { name })).toHaveCount(0);
});

test('staff find a customer by email, see their order, and email them a password reset link', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'admin-req-staff');
  const name = `Clara Customer ${unique()}`;
  const shopper = await createAccount(request, 'admin-req-customer', name);
  const order = await placeOrder(request, shopper, name);

  await signInToBackOffice(page, staff.email, '/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  const search = page.getByRole('search', { name: 'Customers' });
  await search.getByLabel('Search').fill(shopper.email);
  await search.getByLabel('Search').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(shopper.email)}`));
  const table = page.getByRole('table', { name: /^Customers/ });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: '1–1 of 1 customer' })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: shopper.email });
  await expect(row).toContainText('Customer');
  await expect(row.getByRole('cell').last()).toHaveText('1');

  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${shopper.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(`${name} | Everstone back office`);
  const orders = page.getByRole('table', { name: `Orders of ${name}, newest first` });
  await expect(orders.getByRole('link', { name: order.order_number })).toBeVisible();
  // Nothing on the page is a password.
  await expect(page.locator('input[type="password"]')).toHaveCount(0);

  // The search is kept in the address: Back returns to the same list.
  await page.goBack();
  await expect(page.getByRole('search', { name: 'Customers' }).getByLabel('Search')).toHaveValue(shopper.email);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  const send = page.getByRole('button', { name: 'Send password reset email' });
  await send.click();
  const dialog = page.getByRole('dialog', { name: `Email ${shopper.email} a link to choose a new password?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toBeHidden();
  await expect(send).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Send email' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `A link to choose a new password was emailed to ${shopper.email}.` })).toBeVisible();
  await expect(send).toBeFocused();
  await expect.poll(() => subjectsTo(shopper.email)).toContain('Reset your Everstone password');
  const mail = (await readOutbox(shopper.email)).find((m) => m.subject === 'Reset your Everstone password');
  expect(mail!.text).toMatch(/reset-password\/[A-Za-z0-9_-]{43}/);

  await orders.getByRole('link', { name: order.order_number }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.order_number}`);
});

test('a custom ring request is counted down on Requests, and Mark answered moves it to Answered', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'admin-req-staff');
  const name = `Dee Designer ${unique()}`;
  const number = await sendCustomRequest(request, name, `admin-req-designer-${unique()}@example.com`);

  // The page's clock runs on, so the countdown can be seen to follow it.
  await page.clock.install();
  await signInToBackOffice(page, staff.email, '/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Requests' }).click();
  await expect(page).toHaveURL(/\/admin\/requests$/);
  await expect(page).toHaveTitle('Requests | Everstone back office');

  const card = page.getByRole('article', { name: `Request ${number}` });
  await expect(card).toContainText(name);
  for (const text of ['Halo', '$5,000 to $10,000', 'Oval', 'Lab-grown', '1.5 ct', '18K Rose Gold', 'Size 6.5']) await expect(card).toContainText(text);
  await expect(card.locator('.adm-note')).toHaveText('Milgrain edges.\n<i>A hidden sapphire</i>, please.', { useInnerText: true });
  // A request sent now is due by the end of the next business day: the countdown has hours to go.
  const countdown = card.locator('.adm-due__left');
  await expect(countdown).toHaveText(/^Reply due in (\d+ days?( \d+ h)?|\d+ h( \d+ min)?|\d+ min)$/);
  // It changes every minute, so it is no live region that a screen reader would read out each time.
  expect(await countdown.evaluate((el) => el.closest('[aria-live], [role="status"], [role="alert"]'))).toBeNull();
  const before = await countdown.textContent();
  await page.clock.fastForward('03:00:00');
  await expect(countdown).not.toHaveText(before!);
  await expect(countdown).toHaveText(/^(Reply due in|Overdue by) /);

  await card.getByRole('button', { name: /^Mark answered/ }).click();
  await expect(card.getByRole('status')).toHaveText(`Request ${number} is marked answered.`);
  await expect(card).toContainText(`Answered`);
  await expect(card).toContainText(staff.email);
  await expect(card.locator('.adm-due')).toHaveCount(0);

  const tabs = page.getByRole('navigation', { name: 'Which custom ring requests' });
  await tabs.getByRole('link', { name: 'Answered' }).click();
  await expect(page).toHaveURL(/state=handled/);
  await expect(page.getByRole('article', { name: `Request ${number}` })).toContainText(`by ${staff.email}`);
  await tabs.getByRole('link', { name: 'Open' }).click();
  await expect(page).not.toHaveURL(/state=/);
  await expect(page.getByRole('heading', { name: 'Custom ring requests' })).toBeVisible();
  await expect(page.getByRole('article', { name: `Request ${number}` })).toHaveCount(0);

  // The newsletter's list is a download of its own, with the staff's session.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download subscribers (CSV)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^everstone-newsletter-\d{4}-\d{2}-\d{2}\.csv$/);
});

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const width of [1440, 375]) {
  test(`customers, a customer, messages and requests pass axe and fit ${width} pixels`, async ({ page, request }) => {
    const staff = await createStaffAccount(request, 'admin-req-staff');
    const name = `Maximilian Alexander Worthington-Smythe ${unique()}`;
    const shopper = await createAccount(request, 'admin-req-layout', name);
    await placeOrder(request, shopper, name);
    await sendContact(request, name, shopper.email, `A long word: ${'abcdefghij'.repeat(12)}\nand a second line.`);
    await sendCustomRequest(request, name, shopper.email);
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });

    const check = async (what: string) => {
      expect(await sidewaysOverflow(page), `${what} at ${width}`).toEqual([]);
      expect(await seriousViolations(page), `${what} at ${width}`).toEqual([]);
    };

    await signInToBackOffice(page, staff.email, `/admin/customers?q=${encodeURIComponent(shopper.email)}`);
    await expect(page.getByRole('table', { name: /^Customers/ }).getByRole('link', { name })).toBeVisible();
    await check('Customers');

    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('region', { name: /^Messages/ }).getByRole('article', { name })).toBeVisible();
    await check('a customer');
    await page.getByRole('button', { name: 'Send password reset email' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('a customer with the reset dialog open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/admin/messages?per_page=100');
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await check('Messages');
    await card.getByRole('button', { name: /^Send reply/ }).click();
    await expect(card.getByRole('textbox', { name: `Reply to ${name}` })).toHaveAttribute('aria-invalid', 'true');
    await check('Messages with a reply’s error');

    await page.goto('/admin/requests');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Requests');
    await expect(page.getByRole('heading', { name: 'Newsletter' })).toBeVisible();
    await check('Requests');
  });
}
