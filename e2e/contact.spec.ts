import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CONTACT_FAILURE_MESSAGE } from '@everstone/contract';
import AxeBuilder from '@axe-core/playwright';
import { hydrated, sidewaysOverflow } from './support.ts';

async function openContact(page: Page) {
  await page.goto('/contact');
  await hydrated(page);
  return page.getByRole('form', { name: 'Send us a message' });
}

async function seriousViolations(page: Page, include: string[]) {
  const builder = new AxeBuilder({ page });
  for (const selector of include) builder.include(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

test('the contact page is rendered on the server with its form and FAQ', async ({ request }) => {
  const res = await request.get('/contact');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toMatch(/<title>Contact Us \| Everstone<\/title>/);
  expect(html).toContain('Send us a message');
  expect(html).toContain('We’re here to help');
  expect(html).toContain('Can I place an order over the phone?');
  expect(html).toContain('Why choose Everstone?');
  // The folded answers still reach search engines.
  expect(html).toContain('"@type":"FAQPage"');
});

test('the contact page hydrates and opens the booking dialog without script errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await openContact(page);
  await page.getByRole('button', { name: 'Book a video chat' }).click();
  await expect(page.getByRole('dialog', { name: 'Book an appointment' }).locator('input[name="starts_at"]').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // The page's action forwards the message to the API.
  test('the form still sends, through the page itself', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Email').fill(`nojs-${unique()}@example.com`);
    await form.getByLabel('Topic').selectOption('Diamonds');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('form', { name: 'Send us a message' }).getByRole('status')).toHaveText(/\S/);
  });
});

test('the FAQ opens with its first answer and keeps one answer open at a time', async ({ page }) => {
  await openContact(page);
  const first = page.getByRole('button', { name: 'Can I place an order over the phone?' });
  const second = page.getByRole('button', { name: 'How can I check the status of my order?' });
  await expect(page.locator('.contact-faq-trigger')).toHaveCount(6);
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/A gemologist will help you choose a diamond or setting/)).toBeVisible();

  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(/A gemologist will help you choose a diamond or setting/)).toBeHidden();

  // Collapsible: the open one closes on a second press, by keyboard too.
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-expanded', 'false');
});

test('the topic offers Select and the five topics, and the phone keeps only digits and hyphens', async ({ page }) => {
  const form = await openContact(page);
  await expect(form.getByLabel('Topic').locator('option')).toHaveText(['Select', 'Diamonds', 'Engagement Rings', 'Jewelry', 'Home Preview', 'Policies']);
  const phone = form.getByLabel('Phone');
  await phone.pressSequentially('(212) abc-555-0100 x');
  await expect(phone).toHaveValue('212-555-0100');
  await expect(phone).toHaveAttribute('inputmode', 'tel');
});

test('the browser asks for an email and a topic before anything is sent', async ({ page }) => {
  const form = await openContact(page);
  let sent = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contact') || r.url().endsWith('/contact.data')) sent = true;
  });
  await form.getByRole('button', { name: 'Send message' }).click();
  expect(await form.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await form.getByLabel('Email').fill('shopper@example.com');
  await form.getByRole('button', { name: 'Send message' }).click();
  expect(await form.getByLabel('Topic').evaluate((el: HTMLSelectElement) => el.validity.valueMissing)).toBe(true);
  expect(sent).toBe(false);
});

test('a valid message shows the store’s thank-you and clears the form', async ({ page, request }) => {
  // The thank-you the API gives any valid message, asked of it directly.
  const thanks = await request.post('/api/contact', { data: { name: '', email: `thanks-${unique()}@example.com`, phone: '', topic: 'Diamonds', question: '' } });
  expect(thanks.status()).toBe(200);
  const { message } = (await thanks.json()) as { message: string };
  const form = await openContact(page);
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill(`ada-${unique()}@example.com`);
  await form.getByLabel('Phone').fill('212-555-0100');
  await form.getByLabel('Topic').selectOption('Engagement Rings');
  await form.getByLabel('Your question').fill('Do you have oval lab-grown diamonds around 2 carats?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('status')).toHaveText(message);
  for (const label of ['Name', 'Email', 'Phone', 'Topic', 'Your question']) await expect(form.getByLabel(label)).toHaveValue('');
  await expect(form.getByRole('alert')).toBeEmpty();
});

/** What the API itself answers a message: the errors the page must show, asked of the same API the page's action calls. */
async function apiErrors(request: APIRequestContext, message: Record<string, string>): Promise<Record<string, string[]>> {
  const res = await request.post('/api/contact', { data: { name: '', phone: '', question: '', ...message } });
  expect(res.status()).toBe(422);
  return ((await res.json()) as { errors: Record<string, string[]> }).errors;
}

test('a 422 joins every message in the banner and marks each field', async ({ page, request }) => {
  const form = await openContact(page);
  const name = 'N'.repeat(101);
  const errors = await apiErrors(request, { name, email: 'a@b', topic: 'Diamonds' });
  expect(Object.keys(errors).sort()).toEqual(['email', 'name']);
  // The browser would stop a name this long; the store must still say why it refuses one.
  await form.getByLabel('Name').evaluate((el) => el.removeAttribute('maxlength'));
  await form.getByLabel('Name').fill(name);
  const email = form.getByLabel('Email');
  await email.fill('a@b');
  expect(await email.evaluate((el: HTMLInputElement) => el.checkValidity())).toBe(true);
  await form.getByLabel('Topic').selectOption('Diamonds');
  await form.getByRole('button', { name: 'Send message' }).click();

  await expect(form.getByRole('alert')).toHaveText(Object.values(errors).flat().join(' '));
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(errors.email!.join(' '));
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription(errors.name!.join(' '));
  // The first field to fix has the focus.
  await expect(form.getByLabel('Name')).toBeFocused();
  // What was typed stays, so the shopper can correct it.
  await expect(email).toHaveValue('a@b');
  // Correcting a field drops its own message.
  await email.fill('shopper@example.org');
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
});

test('while sending the button waits, and a failed trip to the store shows the generic message', async ({ page }) => {
  const form = await openContact(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/contact.data', async (route) => {
    await held;
    await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
  });
  await form.getByLabel('Email').fill('shopper@example.com');
  await form.getByLabel('Topic').selectOption('Jewelry');
  await form.getByRole('button', { name: 'Send message' }).click();
  const busy = form.getByRole('button', { name: 'Sending...' });
  await expect(busy).toBeDisabled();
  release();
  await expect(form.getByRole('alert')).toHaveText(CONTACT_FAILURE_MESSAGE);
  await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await expect(form.getByLabel('Email')).toHaveValue('shopper@example.com');
});

test('a network failure shows the generic message too', async ({ page }) => {
  const form = await openContact(page);
  await page.route('**/contact.data', (route) => route.abort('failed'));
  await form.getByLabel('Email').fill('shopper@example.com');
  await form.getByLabel('Topic').selectOption('Home Preview');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('alert')).toHaveText(CONTACT_FAILURE_MESSAGE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
});

test('the help block offers a video chat, email and a phone call', async ({ page }) => {
  await openContact(page);
  const help = page.getByRole('region', { name: 'We’re here to help' });
  await expect(help.getByRole('link', { name: /care@everstone/ })).toHaveAttribute('href', /^mailto:/);
  await expect(help.getByRole('link', { name: /1-800-555-0199/ })).toHaveAttribute('href', /^tel:/);
  await help.getByRole('button', { name: 'Book a video chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
  await expect(dialog.getByRole('radio', { name: /Virtual appointment/ })).toBeChecked();
});

test('the footer newsletter subscribes a new address and greets a known one kindly', async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page);
  const box = page.getByRole('region', { name: /\$100 off your first purchase/ });
  const email = box.getByLabel('Email address');
  const address = `news-${unique()}@example.com`;

  await email.fill(address);
  let answer = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
  await box.getByRole('button', { name: 'Submit' }).click();
  let res = await answer;
  expect(res.status()).toBe(201);
  await expect(box.getByRole('status')).toHaveText(((await res.json()) as { message: string }).message);
  await expect(email).toHaveValue('');

  await email.fill(address.toUpperCase());
  answer = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
  await box.getByRole('button', { name: 'Submit' }).click();
  res = await answer;
  expect(res.status()).toBe(200);
  await expect(box.getByRole('status')).toHaveText(((await res.json()) as { message: string }).message);
  await expect(box.getByRole('alert')).toBeEmpty();
});

test('the newsletter shows a 422 beside the field and other failures generically', async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page);
  const box = page.getByRole('region', { name: /\$100 off your first purchase/ });
  const email = box.getByLabel('Email address');

  await email.fill('a@b');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
  await box.getByRole('button', { name: 'Submit' }).click();
  expect((await answer).status()).toBe(422);
  await expect(box.getByRole('alert')).not.toBeEmpty();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await page.route('**/api/newsletter', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await email.fill('shopper@example.com');
  await box.getByRole('button', { name: 'Submit' }).click();
  await expect(box.getByRole('alert')).toHaveText('Something went wrong. Please try again later.');
});

test.describe('booking an appointment', () => {
  test('pick a day by keyboard, a free time, and get a confirmation', async ({ page }) => {
    await openContact(page);
    const opener = page.getByRole('button', { name: 'Book a video chat' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: /In-person showroom visit/ }).check();

    // A few days ahead, by keyboard: the calendar's active day takes arrow keys and Enter.
    await expect(dialog.locator('.react-datepicker__day[tabindex="0"]')).toHaveCount(1);
    await dialog.locator('.react-datepicker__day[tabindex="0"]').focus();
    const slotsLoaded = page.waitForResponse((r) => r.url().includes('/api/appointments/slots') && r.url().includes('kind=in-person'));
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const slotsRes = await slotsLoaded;
    expect(slotsRes.status()).toBe(200);

    const free = dialog.locator('input[name="starts_at"]:enabled');
    await expect(free.first()).toBeVisible();
    const count = await free.count();
    expect(count).toBeGreaterThan(0);
    // A random free time, so parallel runs rarely reach for the same one.
    const slot = free.nth(Math.floor(Math.random() * count));
    const startsAt = await slot.getAttribute('value');
    await slot.check();
    await expect(slot).toBeChecked();

    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill(`grace-${unique()}@example.com`);
    await dialog.getByLabel('Phone').fill('+1 (212) 555-0100');
    await dialog.getByLabel(/Anything we should know/).fill('Looking at oval solitaires.');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/appointments') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    const res = await answer;
    expect(res.status()).toBe(201);
    const body = (await res.json()) as { message: string; appointment: { starts_at: string; kind: string } };
    expect(body.appointment.kind).toBe('in-person');
    expect(new Date(body.appointment.starts_at).getTime()).toBe(new Date(startsAt!).getTime());

    await expect(dialog.getByRole('heading', { name: 'You’re booked' })).toBeFocused();
    await expect(dialog.getByRole('status')).toHaveText(body.message);
    await expect(dialog.getByText(/^\w+day, \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(dialog.getByText(/^\d{1,2}:\d{2} (AM|PM) ET$/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // The slot is now taken for in-person visits.
    const day = startsAt!.slice(0, 10);
    const after = await page.request.get(`/api/appointments/slots?date=${day}&kind=in-person`);
    if (after.ok()) {
      const { slots } = (await after.json()) as { slots: { starts_at: string; available: boolean }[] };
      const booked = slots.find((s) => new Date(s.starts_at).getTime() === new Date(startsAt!).getTime());
      if (booked) expect(booked.available).toBe(false);
    }
  });

  test('a time taken meanwhile shows the store’s message and reloads the times', async ({ page }) => {
    await openContact(page);
    await page.getByRole('button', { name: 'Book a video chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
    const free = dialog.locator('input[name="starts_at"]:enabled');
    // Today may have no times left; the next day always has some.
    await dialog.locator('.react-datepicker__day[tabindex="0"]').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(free.first()).toBeVisible();
    await free.first().check();
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill('grace@example.com');
    await dialog.getByLabel('Phone').fill('212-555-0100');
    await page.route('**/api/appointments', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'That time was just booked. Please choose another.' }) }),
    );
    const reload = page.waitForRequest((r) => r.url().includes('/api/appointments/slots'));
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: /\S/ })).toHaveText('That time was just booked. Please choose another.');
    await reload;
    await expect(free.first()).toBeVisible();
    await expect(dialog.locator('input[name="starts_at"]:checked')).toHaveCount(0);
  });

  test('a failed booking shows the generic message and asks for a time first', async ({ page }) => {
    await openContact(page);
    await page.getByRole('button', { name: 'Book a video chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
    await dialog.locator('.react-datepicker__day[tabindex="0"]').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(dialog.locator('input[name="starts_at"]:enabled').first()).toBeVisible();
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill('grace@example.com');
    await dialog.getByLabel('Phone').fill('212-555-0100');
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: /\S/ })).toHaveText('Please choose a time.');

    await page.route('**/api/appointments', (route) => route.fulfill({ status: 500, body: '{}' }));
    await dialog.locator('input[name="starts_at"]:enabled').first().check();
    await dialog.getByRole('button', { name: 'Book appointment' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: /\S/ })).toHaveText('Something went wrong. Please try again later.');
  });

  test('Escape closes the dialog and gives focus back to the header button', async ({ page }) => {
    await openContact(page);
    const opener = page.locator('header').getByRole('button', { name: 'Book an appointment', exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-describedby', /.+/);
    // Focus stays inside while tabbing.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});

test('the contact page and the open dialog have no serious accessibility violations', async ({ page }) => {
  await openContact(page);
  // The page's own content and the footer's newsletter box; the shared header and footer have their own checks.
  expect(await seriousViolations(page, ['main', '.newsletter'])).toEqual([]);
  await page.getByRole('button', { name: 'Book a video chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
  await expect(dialog.locator('input[name="starts_at"]').first()).toBeVisible();
  expect(await seriousViolations(page, ['.appt-dialog'])).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 780 } });

  test('nothing scrolls sideways and the dialog fills the screen', async ({ page }) => {
    await openContact(page);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.getByRole('button', { name: 'Book a video chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book an appointment' });
    await expect(dialog.locator('input[name="starts_at"]').first()).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 780 });
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});
