import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { customReplyBy, replyByText } from '@everstone/contract';
import { SHOPPER_PASSWORD, createAccount, hydrated, readOutbox, sidewaysOverflow } from './support.ts';

const STORE = 'care@everstone.example';
/** A real picture for the browser to read, downsize and upload: a 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
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
  });
}
