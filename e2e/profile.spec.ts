import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { VERIFICATION_SUBJECT, readOutbox, sidewaysOverflow, verificationLinkFor } from './support.ts';

/*
 * /profile (issue 5): the account area of a signed-in shopper, every change through the API. Each test makes its
 * own account through the API and signs the browser in by putting the token where the session looks for it.
 */

const PASSWORD = 'sparkle-and-shine';
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

interface Account {
  email: string;
  name: string;
  token: string;
}

async function createAccount(request: APIRequestContext, name = 'Ada Lovelace'): Promise<Account> {
  const email = `profile-${unique()}@example.com`;
  const registered = await request.post('/api/register', {
    data: { title: 'Ms', name, email, birth_date: null, anniversary_date: null, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { email, name, token };
}

/** Signs the browser in as the session does after a login: the token in localStorage under `auth_token`. */
async function signInBrowser(page: Page, token: string) {
  await page.goto('/robots.txt');
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
}

const TAB_HEADINGS = { orders: 'Order History', details: 'Account Details', addresses: 'View Addresses', financing: 'Financing' } as const;
type Tab = keyof typeof TAB_HEADINGS;

/** Opens a tab and waits until the session has settled and the tab's own content is there. */
async function openTab(page: Page, tab: Tab) {
  await page.goto(`/profile?tab=${tab}`);
  const panel = page.locator('.profile-panel');
  await expect(panel.getByRole('heading', { level: 2, name: TAB_HEADINGS[tab] })).toBeVisible();
  await expect(panel).not.toHaveAttribute('aria-busy', 'true');
  if (tab === 'addresses') await expect(panel.getByText('Loading your addresses…')).toHaveCount(0);
  return panel;
}

async function seriousViolations(page: Page, include: string) {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const addresses = async (request: APIRequestContext, token: string) => {
  const res = await request.get('/api/addresses', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Array<{ address: { street: string; city: string }; is_default: boolean }> }).data;
};

test('a signed-out visit goes to sign-in and, once signed in through the form, comes back to the same tab', async ({ page, request }) => {
  const account = await createAccount(request, 'Grace Hopper');
  await page.goto('/profile?tab=addresses');
  await expect(page).toHaveURL(/\/signin$/);
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=addresses$/);
  await expect(page.getByRole('heading', { level: 2, name: 'View Addresses' })).toBeVisible();
  await expect(page.locator('.profile-sidebar')).toContainText('Hi, Grace Hopper');
  await expect(page.getByText('Your address book is empty')).toBeVisible();
});

test('the tabs are links: each can be opened by its address and Back returns to the previous one', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInBrowser(page, account.token);
  await openTab(page, 'orders');
  const tabs = page.getByRole('navigation', { name: 'My Account' });
  await expect(tabs.getByRole('link', { name: 'Order History' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('You have not placed an order yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shop diamonds' })).toHaveAttribute('href', '/diamond');

  await tabs.getByRole('link', { name: 'Financing' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=financing$/);
  await expect(tabs.getByRole('link', { name: 'Financing' })).toHaveAttribute('aria-current', 'page');
  const panel = page.locator('.profile-panel');
  await expect(panel).toContainText('no interest for 12 months on purchases of $199 or more');
  await expect(panel.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await expect(panel.locator('.financing-steps > li')).toHaveCount(4);
  const apply = panel.getByRole('link', { name: 'Apply now' });
  await expect(apply).toHaveAttribute('href', /^mailto:[^?]+@[^?]+\?subject=Everstone%20credit%20card%20application/);
  expect(decodeURIComponent((await apply.getAttribute('href')) ?? '')).toContain(account.email);

  await page.goBack();
  await expect(page).toHaveURL(/\/profile\?tab=orders$/);
  await expect(page.getByText('You have not placed an order yet')).toBeVisible();
});

test('account details show the real account, and an edit is saved', async ({ page, request }) => {
  const account = await createAccount(request, 'Ada Lovelace');
  const other = await createAccount(request, 'Someone Else');
  await signInBrowser(page, account.token);
  await openTab(page, 'details');
  const form = page.getByRole('form', { name: 'Personal information' });
  await expect(form.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  await expect(form.getByLabel('Email')).toHaveValue(account.email);
  await expect(form.getByLabel('Title')).toHaveValue('Ms');

  // Client check: the contract's own message, beside the field, focus on it.
  await form.getByLabel('Full name').fill('');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('The name field is required.')).toBeVisible();
  await expect(form.getByLabel('Full name')).toBeFocused();

  // The server's own 422 (an address already in use) lands beside the email.
  await form.getByLabel('Full name').fill('Ada King');
  await form.getByLabel('Email').fill(other.email);
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('The email has already been taken.')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  // A new email needs the current password; a wrong one is refused by the server.
  const newEmail = `renamed-${unique()}@example.com`;
  await form.getByLabel('Email').fill(newEmail);
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('The current password is incorrect.')).toBeVisible();

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByLabel('Title').selectOption('Mrs');
  await form.getByLabel('Birth date').fill('1985-12-10');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Your account details have been saved.')).toBeVisible();
  await expect(page.locator('.profile-sidebar')).toContainText('Hi, Ada King');

  await page.reload();
  const reloaded = page.getByRole('form', { name: 'Personal information' });
  await expect(reloaded.getByLabel('Full name')).toHaveValue('Ada King');
  await expect(reloaded.getByLabel('Email')).toHaveValue(newEmail);
  await expect(reloaded.getByLabel('Title')).toHaveValue('Mrs');
  await expect(reloaded.getByLabel('Birth date')).toHaveValue('1985-12-10');
  const me = await request.get('/api/user', { headers: { Authorization: `Bearer ${account.token}` } });
  expect(await me.json()).toMatchObject({ name: 'Ada King', email: newEmail, title: 'Mrs', birth_date: '1985-12-10' });
});

test('account details say whether the address is verified; a new link is sent from there, and opening it verifies the address', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInBrowser(page, account.token);
  const panel = await openTab(page, 'details');
  const notice = panel.getByRole('region', { name: 'Verify your email address' });
  await expect(notice).toContainText('Your email address is not verified yet.');
  await expect(notice).toContainText(account.email);
  await notice.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(notice.getByRole('status')).toHaveText(`We have emailed a new link to ${account.email}. It works once, within 3 days.`);
  await expect.poll(async () => (await readOutbox(account.email, { subject: VERIFICATION_SUBJECT })).length).toBe(2);
  expect(await seriousViolations(page, '.profile-panel')).toEqual([]);

  // The newest link, opened in the signed-in browser: verified, and the profile says so.
  await page.goto(await verificationLinkFor(account.email));
  await expect(page.getByText('Your email address is verified. Thank you.')).toBeVisible();
  const after = await openTab(page, 'details');
  await expect(after.getByText(`${account.email} is verified.`)).toBeVisible();
  await expect(after.getByRole('region', { name: 'Verify your email address' })).toHaveCount(0);
});

test('the password is changed, and the new one signs in', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInBrowser(page, account.token);
  await openTab(page, 'details');
  const form = page.getByRole('form', { name: 'Change password' });
  const newPassword = `new-${unique()}`;

  await form.getByLabel('Current password').fill('wrong-password');
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The password confirmation does not match.')).toBeVisible();

  await form.getByLabel('Confirm new password').fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The current password is incorrect.')).toBeVisible();

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Your password has been changed. You have been signed out everywhere else.')).toBeVisible();
  await expect(form.getByLabel('Current password')).toHaveValue('');

  expect((await request.post('/api/login', { data: { email: account.email, password: newPassword } })).status()).toBe(200);
  expect((await request.post('/api/login', { data: { email: account.email, password: PASSWORD } })).status()).toBe(401);
});

test('addresses: validation, add, edit, set another as default, delete, all through the API', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInBrowser(page, account.token);
  const panel = await openTab(page, 'addresses');
  await expect(panel.getByText('Your address book is empty')).toBeVisible();

  // An empty form: every required field says so, focus on the first.
  await panel.getByRole('button', { name: 'Add a New Address' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a New Address' });
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  for (const message of [
    'The first name field is required.',
    'The last name field is required.',
    'The street address field is required.',
    'The city field is required.',
    'The zip code field is required.',
    'The phone number field is required.',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await expect(dialog.getByLabel('First name')).toBeFocused();
  // The first address is the default whatever the box says.
  await expect(dialog.getByLabel('Set as default address')).toBeChecked();
  await expect(dialog.getByLabel('Set as default address')).toBeDisabled();

  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('Lovelace');
  await dialog.getByLabel('Company').fill('Analytical Engines Ltd');
  await dialog.getByLabel('Address', { exact: true }).fill('580 Fifth Avenue');
  await dialog.getByLabel('Apartment').fill('Suite 1200');
  await dialog.getByLabel('City').fill('New York');
  await dialog.getByLabel('State').fill('NY');
  await dialog.getByLabel('Country').selectOption('United States');
  await dialog.getByLabel('ZIP code').fill('1003');
  await dialog.getByLabel('Phone').fill('212-555-0100');
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await expect(dialog.getByText('The zip code must be a US ZIP code such as 10036 or 10036-1234.')).toBeVisible();
  await dialog.getByLabel('ZIP code').fill('10036');

  // A 422 from the server is shown beside the field its key names (a nested one here).
  await page.route('**/api/addresses', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 422,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Invalid body', errors: { 'address.street': ['We could not verify this street.'] } }),
        })
      : route.fallback(),
  );
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await expect(dialog.getByText('We could not verify this street.')).toBeVisible();
  await expect(dialog.getByLabel('Address', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Address', { exact: true })).toBeFocused();
  await page.unroute('**/api/addresses');

  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await expect(dialog).toBeHidden();
  const cards = panel.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Default');
  await expect(cards.first()).toContainText('Analytical Engines Ltd');
  await expect(cards.first()).toContainText('New York, NY 10036');
  // The empty state's button is gone with the empty state: focus goes to the one that replaced it.
  await expect(panel.getByRole('button', { name: 'Add a New Address' })).toBeFocused();

  // Edit: the form comes filled in; focus goes back to the Edit button that opened it.
  const edit = cards.first().getByRole('button', { name: /^Edit/ });
  await edit.click();
  dialog = page.getByRole('dialog', { name: 'Edit Address' });
  await expect(dialog.getByLabel('Address', { exact: true })).toHaveValue('580 Fifth Avenue');
  await dialog.getByLabel('City').fill('Brooklyn');
  await dialog.getByLabel('ZIP code').fill('11201');
  await dialog.getByRole('button', { name: 'Edit Address' }).click();
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
  await expect(cards.first()).toContainText('Brooklyn, NY 11201');

  // A second address, not the default; Escape and Cancel leave nothing behind.
  const add = panel.getByRole('button', { name: 'Add a New Address' });
  await add.click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(add).toBeFocused();
  await add.click();
  dialog = page.getByRole('dialog', { name: 'Add a New Address' });
  await expect(dialog.getByLabel('Set as default address')).not.toBeChecked();
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('King');
  await dialog.getByLabel('Address', { exact: true }).fill('100 King Street West');
  await dialog.getByLabel('City').fill('Toronto');
  await dialog.getByLabel('Country').selectOption('Canada');
  await dialog.getByLabel('Province').fill('ON');
  await dialog.getByLabel('Postal code').fill('M5X 1A9');
  await dialog.getByLabel('Phone').fill('416-555-0199');
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await expect(dialog).toBeHidden();
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Brooklyn');
  await expect(cards.nth(1)).not.toContainText('Default');

  // Make the Toronto address the default: it moves first and carries the mark.
  await cards.nth(1).getByRole('button', { name: /^Set as default address/ }).click();
  await expect(panel.getByText('is now your default address.')).toBeVisible();
  await expect(cards.first()).toContainText('Toronto, ON M5X 1A9');
  await expect(cards.first()).toContainText('Default');
  await expect(cards.first().getByRole('button', { name: /^Edit/ })).toBeFocused();
  await expect(cards.nth(1)).not.toContainText('Default');
  let saved = await addresses(request, account.token);
  expect(saved.map((a) => [a.address.city, a.is_default])).toEqual([
    ['Toronto', true],
    ['Brooklyn', false],
  ]);

  // Delete asks first; keeping it changes nothing.
  await cards.nth(1).getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this address?' });
  await confirm.getByRole('button', { name: 'Keep address' }).click();
  await expect(confirm).toBeHidden();
  await expect(cards).toHaveCount(2);
  await cards.nth(1).getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete address' }).click();
  await expect(confirm).toBeHidden();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Toronto');
  await expect(panel.getByText('The address has been deleted.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add a New Address' })).toBeFocused();
  saved = await addresses(request, account.token);
  expect(saved.map((a) => a.address.city)).toEqual(['Toronto']);

  // The book survives a reload: it is the server's.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem')).toHaveCount(1);
});

test('log out ends the session and returns to the home page', async ({ page, request }) => {
  const account = await createAccount(request);
  await signInBrowser(page, account.token);
  await openTab(page, 'orders');
  await page.locator('.profile-sidebar').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'SIGN IN / UP' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  // The token is revoked on the server too.
  expect((await request.get('/api/user', { headers: { Authorization: `Bearer ${account.token}` } })).status()).toBe(401);
});

test('no serious or critical accessibility violation on any tab or in the open modal', async ({ page, request }) => {
  const account = await createAccount(request);
  await request.post('/api/addresses', {
    headers: { Authorization: `Bearer ${account.token}` },
    data: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      country: 'United States',
      address: { street: '580 Fifth Avenue', city: 'New York', state: 'NY', zip: '10036' },
      phone_number: '212-555-0100',
    },
  });
  await signInBrowser(page, account.token);
  for (const tab of Object.keys(TAB_HEADINGS) as Tab[]) {
    await openTab(page, tab);
    expect(await seriousViolations(page, '.profile'), tab).toEqual([]);
  }
  await openTab(page, 'addresses');
  await page.getByRole('button', { name: 'Add a New Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a New Address' });
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await expect(dialog.getByText('The first name field is required.')).toBeVisible();
  expect(await seriousViolations(page, '.profile-dialog'), 'address modal').toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Delete/ }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(await seriousViolations(page, '.profile-dialog'), 'delete confirmation').toEqual([]);
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('every tab and the modal fit the screen, with the tabs in reach', async ({ page, request }) => {
    const account = await createAccount(request, 'Maximilian Alexander Worthington-Smythe');
    await request.post('/api/addresses', {
      headers: { Authorization: `Bearer ${account.token}` },
      data: {
        first_name: 'Maximilian',
        last_name: 'Worthington-Smythe',
        company: 'Worthington-Smythe Fine Art Conservation Incorporated',
        country: 'Canada',
        address: { street: '1 Avenue of the Extraordinarily Long Street Names', apartment: 'Penthouse', city: 'Toronto', state: 'ON', zip: 'M5X 1A9' },
        phone_number: '+1 (416) 555-0199',
      },
    });
    await signInBrowser(page, account.token);
    for (const tab of Object.keys(TAB_HEADINGS) as Tab[]) {
      await openTab(page, tab);
      // All four tabs can be reached without scrolling sideways.
      for (const label of Object.values(TAB_HEADINGS)) {
        await expect(page.getByRole('navigation', { name: 'My Account' }).getByRole('link', { name: label })).toBeInViewport();
      }
      expect(await sidewaysOverflow(page), tab).toEqual([]);
    }
    await openTab(page, 'addresses');
    await page.getByRole('button', { name: 'Add a New Address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a New Address' });
    await dialog.getByRole('button', { name: 'Add Address' }).click();
    await expect(dialog.getByText('The first name field is required.')).toBeVisible();
    expect(await sidewaysOverflow(page, '.profile-dialog'), 'modal').toEqual([]);
  });
});
