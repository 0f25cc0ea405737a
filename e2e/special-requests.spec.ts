import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { customReplyBy, replyByText, trackingNumberProblem } from '@everstone/contract';
import { SHOPPER_PASSWORD, createAccount, hydrated, readOutbox, sidewaysOverflow } from './support.ts';
import { createStaffAccount, signInToBackOffice } from './admin-support.ts';

const STORE = 'care@everstone.example';
/** A real picture for the browser to read, downsize and upload: a 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A Home Preview card's step button: its label, then (read by screen readers only) which request it is for. */
const stepButton = (label: string, number: string) => new RegExp(`^${label}\\s*: Home Preview ${number}$`);
/** A UPS tracking number of this run's own (one number is one parcel), with its check digit right. */
function upsNumber(): string {
  const body = `1Z${String(Math.floor(Math.random() * 1e15)).padStart(15, '0')}`;
  return [...'0123456789'].map((d) => body + d).find((n) => trackingNumberProblem('ups', n) === null)!;
}
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a guest sends a custom ring request with a picture and is told by when the store replies', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/custom-rings');
      await hydrated(page);
      const form = page.getByRole('form', { name: 'Tell us about your ring' });
      // The editorial stays around the form.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Custom Engagement Rings');
      await expect(page.getByRole('heading', { name: 'Our Design Process' })).toBeVisible();
      const promise = replyByText(customReplyBy(new Date()));
      await expect(form).toContainText(promise.replace(/^We/, 'we'));
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);

      // Sent empty: each field says what it needs, and focus goes to the first.
      await form.getByRole('button', { name: 'Send my request' }).click();
      await expect(form.getByLabel('Style')).toBeFocused();
      await expect(form.getByText('Please choose a style.')).toBeVisible();
      await expect(form.getByText('The email field is required.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      const email = `custom-${unique()}@example.com`;
      await form.getByLabel('Style').selectOption({ label: 'Halo' });
      await form.getByLabel('Budget').selectOption({ label: '$5,000 to $10,000' });
      await form.getByLabel('Metal').selectOption({ label: 'Platinum' });
      await form.getByLabel('Ring size').selectOption('6.5');
      await form.getByLabel('Shape').selectOption('Oval');
      await form.getByLabel('Lab-grown or natural').selectOption({ label: 'Lab-grown' });
      await form.getByLabel(/Approximate carat weight/).fill('1.5');
      await form.getByLabel(/Describe it/).fill('A halo with milgrain edges, like my grandmother’s ring.');
      await form.getByLabel(/Reference images/).setInputFiles({ name: 'sketch.png', mimeType: 'image/png', buffer: PNG });
      await expect(form.getByRole('img', { name: 'Reference image 1: sketch.png' })).toBeVisible();
      await expect(form.getByText('Added')).toBeVisible();
      await form.getByLabel('Name').fill('Ada Lovelace');
      await form.getByLabel('Email').fill(email);
      await form.getByRole('button', { name: 'Send my request' }).click();

      const thanks = page.getByRole('heading', { name: 'Thank you. Your request is with our designers.' });
      await expect(thanks).toBeFocused();
      await expect(page.getByText(promise, { exact: true })).toBeVisible();
      const number = (await page.locator('.cr-thanks-number strong').textContent())!;
      expect(number).toMatch(/^CR-\d{4}-[0-9A-Z]{6}$/);
      expect(await seriousViolations(page)).toEqual([]);

      const [ack] = await readOutbox(email);
      expect(ack!.subject).toBe(`We received your custom ring request ${number}`);
      const notice = (await readOutbox(STORE, { timeoutMs: 7_000 })).find((m) => m.subject.includes(number));
      // The picture travels to the store only, attached (the server's tests read the attachment itself).
      expect(notice?.text).toContain('Reference images: 1 attached');
      expect(errors).toEqual([]);
    });

    test('a shopper chooses two settings, signs in, requests a Home Preview and sees it listed', async ({ page, request }) => {
      const account = await createAccount(request, `preview-${width}`, 'Grace Hopper');
      await page.goto('/home-preview');
      await hydrated(page);
      await expect(page.getByRole('heading', { name: 'Before you choose' })).toBeVisible();
      await expect(page.getByText('A maximum of 2 rings per order.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);

      const form = page.getByRole('form', { name: 'Choose up to 2 settings to try' });
      const tries = form.getByRole('button', { name: /^Try at home / });
      await tries.nth(0).click();
      await expect(form.getByRole('heading', { name: /^Replica 1:/ })).toBeVisible();
      await tries.nth(0).click();
      await expect(form.getByRole('heading', { name: /^Replica 2:/ })).toBeVisible();
      await expect(form.getByText('2 of 2 chosen. Remove one to choose another.')).toBeVisible();
      await expect(tries.first()).toBeDisabled();

      // A guest signs in and comes back with the same two settings chosen.
      await form.getByRole('link', { name: 'Sign in to continue' }).click();
      await expect(page).toHaveURL(/\/signin$/);
      const signin = page.getByRole('form', { name: 'Sign In' });
      await signin.getByLabel('Email').fill(account.email);
      await signin.getByLabel('Password').fill(SHOPPER_PASSWORD);
      await signin.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/home-preview\?variant=\d+&variant=\d+/);
      await hydrated(page);
      await expect(form.getByRole('heading', { name: /^Replica 2:/ })).toBeVisible();
      await expect(page.getByText('You may place 2 more Home Preview orders in these six months.')).toBeVisible();

      // Sent without sizes and an address: the messages sit beside the fields.
      await form.getByRole('button', { name: 'Request my Home Preview' }).click();
      await expect(form.getByText('Please choose a ring size, or "I don\'t know the size yet".').first()).toBeVisible();
      await expect(form.getByText('The street address field is required.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await form.getByLabel('Ring size').nth(0).selectOption('6');
      await form.getByLabel('Ring size').nth(1).selectOption({ label: 'I don\'t know the size yet' });
      await form.getByLabel('Metal').nth(1).selectOption({ label: '18K Yellow Gold' });
      await form.getByLabel('First name').fill('Grace');
      await form.getByLabel('Last name').fill('Hopper');
      await form.getByLabel('Street address').fill('580 Fifth Avenue');
      await form.getByLabel('City').fill('New York');
      await form.getByLabel('State').fill('NY');
      await form.getByLabel('ZIP code').fill('10036');
      await form.getByLabel('Phone').fill('212-555-0100');
      await expect(form.getByText('Refundable deposit: $200')).toBeVisible();
      await form.getByRole('button', { name: 'Request my Home Preview' }).click();

      const done = page.getByRole('heading', { name: /^Your Home Preview request HP-\d{4}-[0-9A-Z]{6} is in$/ });
      await expect(done).toBeFocused();
      const number = (await done.textContent())!.match(/HP-\d{4}-[0-9A-Z]{6}/)![0];
      await expect(page.getByText('Refundable deposit: $200')).toBeVisible();
      await expect(page.getByText(/Our team will call you within one business day to take the refundable deposit of \$200/)).toBeVisible();
      const mine = page.getByRole('region', { name: 'Your Home Preview requests' });
      await expect(mine.locator('.hp-mine-number')).toHaveText([number]);
      await expect(mine.getByText('You may place 1 more Home Preview order in these six months.')).toBeVisible();
      await expect(mine).toContainText('18K Yellow Gold');
      // The delivery details are on the page, for the signed-in account, and not in the email to its unverified address.
      await expect(mine).toContainText('Ships to Grace Hopper, 580 Fifth Avenue, New York, NY 10036 · we call 212-555-0100');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);

      const [confirmation] = await readOutbox(account.email, { subject: 'Your Home Preview request' });
      expect(confirmation!.subject).toBe(`Your Home Preview request ${number}`);
      for (const typed of ['Grace', 'Hopper', 'Fifth Avenue', '212-555-0100']) expect(confirmation!.text, typed).not.toContain(typed);
    });

    test('staff take the deposit and ship a Home Preview from Requests; the shopper sees it shipped with the carrier’s tracking link', async ({ page, browser, request }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const staff = await createStaffAccount(request, `hp-steps-${width}`);
      const shopper = await createAccount(request, `hp-shopper-${width}`, 'Grace Hopper');
      const settings = ((await (await request.get('/api/products?department=engagement-rings')).json()) as { data: { variant_id: number }[] }).data;
      const asked = await request.post('/api/home-preview/requests', {
        headers: { Authorization: `Bearer ${shopper.token}` },
        data: { rings: [{ variant_id: settings[0]!.variant_id, ring_size: '6' }], ship_to: { first_name: 'Grace', last_name: 'Hopper', street: '580 Fifth Avenue', apartment: null, city: 'New York', state: 'NY', zip: '10036', country: 'United States', phone_number: '212-555-0100' } },
      });
      expect(asked.status(), await asked.text()).toBe(201);
      const number = ((await asked.json()) as { request: { number: string } }).request.number;

      await signInToBackOffice(page, staff.email, '/admin/requests');
      const card = page.getByRole('article', { name: `Home Preview ${number}` });
      await card.getByRole('button', { name: stepButton('Record deposit taken', number) }).click();
      const deposit = page.getByRole('dialog', { name: `Record deposit taken: ${number}` });
      await expect(deposit.getByText('No email is sent to the shopper.')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await deposit.getByLabel('Deposit’s payment reference').fill('POS-4411');
      await deposit.getByRole('button', { name: 'Record deposit taken' }).click();
      await expect(card.getByRole('status')).toContainText(`The deposit of $100 is recorded for Home Preview ${number} (reference POS-4411).`);
      // Focus comes back to the card, and the next step is offered.
      await expect(card.getByRole('status')).toBeFocused();

      await card.getByRole('button', { name: stepButton('Ship with tracking', number) }).click();
      const ship = page.getByRole('dialog', { name: `Ship with tracking: ${number}` });
      await ship.getByLabel('Carrier').selectOption({ label: 'UPS' });
      const tracking = upsNumber();
      const wrong = `${tracking.slice(0, 17)}${(Number(tracking[17]) + 1) % 10}`;
      await ship.getByLabel('Tracking number').fill(wrong);
      await ship.getByRole('button', { name: 'Ship with tracking' }).click();
      await expect(ship.getByText('This UPS tracking number’s check digit does not match: please check it against the label.')).toBeVisible();
      // As printed on the label, in groups.
      await ship.getByLabel('Tracking number').fill(tracking.replace(/(.{2})(.{3})(.{3})(.{4})(.{6})/, '$1 $2 $3 $4 $5'));
      await ship.getByRole('button', { name: 'Ship with tracking' }).click();
      await expect(card.getByRole('status')).toContainText(`Home Preview ${number} is shipped with UPS ${tracking}.`);
      await expect(card.getByRole('link', { name: /Track on UPS/ })).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${tracking}`);
      await expect(card.getByRole('button', { name: stepButton('Mark delivered', number) })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toEqual([]);

      const [shipped] = await readOutbox(shopper.email, { subject: `Your Home Preview ${number} has shipped` });
      expect(shipped!.text).toContain(`https://www.ups.com/track?tracknum=${tracking}`);

      // The shopper, signed in on their own browser, sees it shipped and the carrier's page.
      const theirs = await browser.newContext({ viewport: { width, height: 900 } });
      const shopperPage = await theirs.newPage();
      await shopperPage.goto('/signin');
      await hydrated(shopperPage);
      const signin = shopperPage.getByRole('form', { name: 'Sign In' });
      await signin.getByLabel('Email').fill(shopper.email);
      await signin.getByLabel('Password').fill(SHOPPER_PASSWORD);
      await signin.getByRole('button', { name: 'Sign In' }).click();
      await expect(shopperPage).not.toHaveURL(/\/signin$/);
      await shopperPage.goto('/home-preview');
      await hydrated(shopperPage);
      const mine = shopperPage.getByRole('region', { name: 'Your Home Preview requests' });
      await expect(mine.locator('.hp-status')).toHaveText(['Shipped']);
      await expect(mine.getByRole('link', { name: /Track your parcel on UPS/ })).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${tracking}`);
      await expect(mine.getByRole('button', { name: /Cancel this request/ })).toHaveCount(0);
      expect(await seriousViolations(shopperPage)).toEqual([]);
      expect(await sidewaysOverflow(shopperPage)).toEqual([]);
      await theirs.close();
      expect(errors).toEqual([]);
    });
  });
}
