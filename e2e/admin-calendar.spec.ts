import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { appointmentResponseSchema, appointmentSlotsResponseSchema, orderSchema, type Order } from '@everstone/contract';
import { createStaffAccount, signInToBackOffice } from './admin-support.ts';
import { createAccount, readOutbox, sidewaysOverflow, stonesPricedWithin, postOrder } from './support.ts';

/*
 * The back office's appointments calendar and numbers in the browser: a shopper's booking seen in the week, moved to
 * another free time and cancelled, each with the shopper's email; the numbers with their figures, chart and after-sale
 * tables; and axe at a phone's width and a desktop's. Each test makes its own staff member and shoppers; bookings are virtual ones
 * at a random free time a week or so ahead (the contact journey books in-person visits nearer), and the order takes
 * a stone from a price band no other journey orders from (17,500–20,000 dollars).
 */

/** Something of this run's own in names and addresses, so a calendar shared with other journeys shows which is ours. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const storeDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The Monday of a day's week: the calendar's weeks start on Mondays. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));

/** The free virtual times of a showroom day, from the storefront's own list. */
async function freeSlots(request: APIRequestContext, day: string): Promise<string[]> {
  const res = await request.get(`/api/appointments/slots?date=${day}&kind=virtual`);
  expect(res.status()).toBe(200);
  return appointmentSlotsResponseSchema
    .parse(await res.json())
    .slots.filter((s) => s.available)
    .map((s) => s.starts_at);
}

/** A shopper books a virtual appointment, as the contact page's dialog sends it, on the first day from `ahead` days on with a few free times. */
async function bookAppointment(request: APIRequestContext, ahead: number) {
  const name = `Grace ${unique()}`;
  const email = `admin-cal-shopper-${unique()}@example.com`;
  for (let n = ahead; n < ahead + 14; n++) {
    const day = addDays(storeDay(new Date()), n);
    const free = await freeSlots(request, day);
    if (free.length < 3) continue;
    const startsAt = free[Math.floor(Math.random() * free.length)]!;
    const res = await request.post('/api/appointments', {
      data: { kind: 'virtual', starts_at: startsAt, name, email, phone: '+1 (212) 555-0142', note: 'Looking at oval solitaires.\nPlease call first.' },
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(201);
    return { name, email, day, startsAt, id: appointmentResponseSchema.parse(await res.json()).appointment.id };
  }
  throw new Error('no day with free virtual times in the next weeks');
}

/** An unpaid cash-on-delivery order of one stone, placed today, as the checkout sends it (§7 POST /api/store-order). */
async function placeOrder(request: APIRequestContext): Promise<Order> {
  const shopper = await createAccount(request, 'admin-cal-buyer');
  const [stone] = await stonesPricedWithin(request, 17_500, 20_000, 1);
  const res = await postOrder(request, {
    headers: { Authorization: `Bearer ${shopper.token}` },
    data: {
      user_id: shopper.id,
      user_name: 'Ada Lovelace',
      contact_number: '212-555-0100',
      items_id: [stone!.diamondid],
      item_details: JSON.stringify({ [stone!.diamondid]: { type: stone!.type, price: stone!.price, quantity: 1, weight: stone!.carat_weight } }),
      address: JSON.stringify({ street: '12 Analytical Row', apartment: '', city: 'New York', state: 'NY', zip: '10036', country: 'United States' }),
      order_status: 'pending',
      payment_mode: 'cod',
      payment_status: 'pending',
      is_gift: false,
      notes: '',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return orderSchema.parse(await res.json());
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('staff see a booking in the week, move it to another free time and cancel it; the shopper is emailed each time', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'admin-cal-staff');
  const booking = await bookAppointment(request, 5);
  const today = storeDay(new Date());

  await signInToBackOffice(page, staff.email, '/admin');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Appointments' }).click();
  await expect(page).toHaveURL(/\/admin\/appointments$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Appointments');
  await expect(page).toHaveTitle('Appointments | Everstone back office');

  // Week by week to the booking's, each step in the address.
  const weeks = page.getByRole('navigation', { name: 'Weeks' });
  for (let monday = mondayOf(today); monday < mondayOf(booking.day); ) {
    monday = addDays(monday, 7);
    await weeks.getByRole('link', { name: 'Next week' }).click();
    await expect(page).toHaveURL(new RegExp(`[?]from=${monday}&days=7$`));
  }
  const card = page.getByRole('article', { name: booking.name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Kind: Virtual');
  await expect(card.getByRole('link', { name: booking.email })).toHaveAttribute('href', `mailto:${booking.email}`);
  await expect(card.getByRole('link', { name: '+1 (212) 555-0142' })).toHaveAttribute('href', 'tel:+12125550142');
  await expect(card).toContainText('Looking at oval solitaires.');
  await expect(page.getByRole('listitem').filter({ has: card }).getByRole('heading', { level: 2 })).toContainText(new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long' }).format(new Date(`${booking.day}T12:00:00Z`)));

  // The Cancel dialog by keyboard: Escape leaves it with nothing done, and focus goes back to the button.
  const cancel = card.getByRole('button', { name: /^Cancel/ });
  await cancel.focus();
  await page.keyboard.press('Enter');
  const cancelDialog = page.getByRole('dialog', { name: `Cancel ${booking.name}’s appointment` });
  await expect(cancelDialog).toBeVisible();
  await expect(cancelDialog).toContainText('is emailed that it is cancelled, and the time becomes free for another booking');
  await expect(cancelDialog.getByLabel(/^Note to the shopper/)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(cancelDialog).toBeHidden();
  await expect(cancel).toBeFocused();

  // Move: the day's free times for a virtual appointment, one of them chosen, a note for the email.
  await card.getByRole('button', { name: /^Move/ }).click();
  const move = page.getByRole('dialog', { name: `Move ${booking.name}’s appointment` });
  await expect(move.getByLabel('Day')).toHaveValue(booking.day);
  const times = move.getByRole('group', { name: 'Free times (New York)' }).getByRole('radio');
  await expect(times.first()).toBeVisible();
  const offered = await times.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const free = await freeSlots(request, booking.day);
  expect(offered).toEqual(free);
  expect(offered).not.toContain(booking.startsAt);
  // Nothing chosen: the dialog says so beside the times.
  await move.getByRole('button', { name: 'Save' }).click();
  await expect(move.getByText('Please choose one of the free times.')).toBeVisible();
  const pick = times.nth(Math.floor(Math.random() * offered.length));
  const newTime = (await pick.locator('xpath=..').innerText()).trim();
  await pick.check();
  await move.getByLabel(/^Note to the shopper/).fill('Our gemologist is away that morning.');
  await move.getByRole('button', { name: 'Save' }).click();
  await expect(move).toBeHidden();
  // The change is said, and focus waits there (the card may have changed places).
  await expect(page.getByRole('status').filter({ hasText: `The appointment is moved, and ${booking.name} was emailed the new time.` })).toBeFocused();
  await expect(card.locator('time')).toHaveText(newTime);

  await expect
    .poll(async () => (await readOutbox(booking.email)).find((m) => m.subject.startsWith('Your Everstone appointment has moved'))?.text ?? '')
    .toContain('Our gemologist is away that morning.');

  // Cancel, with a note: the card leaves the calendar and the time is free again.
  await card.getByRole('button', { name: /^Cancel/ }).click();
  await cancelDialog.getByLabel(/^Note to the shopper/).fill('We are sorry for the trouble.');
  await cancelDialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(cancelDialog).toBeHidden();
  const done = page.getByRole('status').filter({ hasText: `The appointment is cancelled, and ${booking.name} was emailed.` });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  await expect(card).toHaveCount(0);
  await expect
    .poll(async () => (await readOutbox(booking.email)).find((m) => / is cancelled$/.test(m.subject))?.text ?? '')
    .toContain('We are sorry for the trouble.');
  expect(await freeSlots(request, booking.day)).toContain(booking.startsAt);
});

test('the numbers show today’s orders, the month, and 30 days as a chart and a table', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'admin-cal-staff');
  await placeOrder(request);

  await signInToBackOffice(page, staff.email, '/admin/numbers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Numbers');
  await expect(page).toHaveTitle('Numbers | Everstone back office');
  const today = page.getByRole('region', { name: 'Today', exact: true });
  const orders = today.getByRole('definition').first();
  await expect(orders).toHaveText(/^\d+$/);
  expect(Number(await orders.innerText())).toBeGreaterThanOrEqual(1);
  await expect(today.getByRole('definition').nth(1)).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByRole('region', { name: /^This month, / })).toContainText('Average order');

  const chart = page.getByRole('img', { name: /^Revenue per day from / });
  await expect(chart).toBeVisible();
  await expect(chart.locator('rect')).toHaveCount(30);
  const show = page.getByRole('button', { name: 'Show as a table' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  await expect(page.getByRole('button', { name: 'Hide the table' })).toHaveAttribute('aria-expanded', 'true');
  const table = page.getByRole('table', { name: /^Orders and revenue per day/ });
  await expect(table.locator('tbody tr')).toHaveCount(30);
  await expect(table.locator('tbody tr').last().getByRole('cell').first()).toHaveText(/^\d+$/);

  await expect(page.getByRole('region', { name: 'Ring builder' })).toContainText('Conversion');
  for (const name of ['Diamonds sold by type', 'Diamonds sold by shape']) {
    const panel = page.getByRole('region', { name });
    await expect(panel.getByRole('list').or(panel.getByText('No diamonds sold yet this month.'))).toBeVisible();
  }

  // After the sale: each figure for this month beside the last 90 days, a row header and a column header to each cell.
  const onTime = page.getByRole('region', { name: 'Shipping on time', exact: true }).getByRole('table', { name: /^Shipping on time/ });
  await expect(onTime.getByRole('columnheader')).toHaveText([/^Figure$/, /^[A-Z][a-z]+ \d{4}/, /^The last 90 days/]);
  await expect(onTime.getByRole('rowheader', { name: 'Shipped', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Returns,/ }).getByRole('rowheader', { name: /^Return rate: orders with a return per order delivered$/ })).toBeVisible();
  const production = page.getByRole('region', { name: 'Time in production', exact: true });
  await expect(production.getByRole('definition').first()).toHaveText(/^\d+/);
  await expect(production.getByRole('table').getByRole('rowheader')).toHaveText(['Finished', 'Median', '90th percentile']);
});

for (const width of [1440, 375]) {
  test(`the calendar and the numbers pass axe and fit ${width} pixels`, async ({ page, request }) => {
    const staff = await createStaffAccount(request, 'admin-cal-staff');
    const booking = await bookAppointment(request, 4);
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const check = async (what: string) => {
      expect(await sidewaysOverflow(page), `${what} at ${width}`).toEqual([]);
      expect(await seriousViolations(page), `${what} at ${width}`).toEqual([]);
    };

    await signInToBackOffice(page, staff.email, `/admin/appointments?from=${booking.day}&days=7`);
    const card = page.getByRole('article', { name: booking.name });
    await expect(card).toBeVisible();
    await check('the week');
    await card.getByRole('button', { name: /^Move/ }).click();
    const move = page.getByRole('dialog');
    await expect(move.getByRole('radio').first()).toBeVisible();
    await check('the week with the Move dialog open');
    await page.keyboard.press('Escape');
    await expect(move).toBeHidden();

    await page.getByRole('navigation', { name: 'Calendar view' }).getByRole('link', { name: 'Day' }).click();
    await expect(page).toHaveURL(/days=1$/);
    await page.goto(`/admin/appointments?from=${booking.day}&days=1`);
    await expect(page.getByRole('article', { name: booking.name })).toBeVisible();
    await check('a day');

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Numbers' }).click();
    await expect(page.getByRole('img', { name: /^Revenue per day from / })).toBeVisible();
    await check('the numbers');
    await page.getByRole('button', { name: 'Show as a table' }).click();
    await expect(page.getByRole('table', { name: /^Orders and revenue per day/ })).toBeVisible();
    await check('the numbers with their table');
  });
}
