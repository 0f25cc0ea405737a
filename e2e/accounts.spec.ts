import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { hydrated, readOutbox, sidewaysOverflow, stopPageClock, verificationLinkFor } from './support.ts';

/*
 * The account journeys of §2 (Sign In, Sign up, Reset request, Reset completion) against the real API.
 * Every test makes its own shopper with a unique email; accounts that are not what a test is about are
 * created through the API.
 */

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const newEmail = (tag: string) => `${tag}-${unique()}@example.com`;
const PASSWORD = 'Radiant-cut-2026';

const MESSAGES = {
  registered: 'Registration successful!',
  emailTaken: 'The email has already been taken.',
  invalidCredentials: 'Invalid email or password.',
  resetLinkSent: 'If an account exists for that email address, we have emailed a link to reset your password.',
  passwordReset: 'Your password has been reset. You can now sign in with your new password.',
  resetTokenUsed: 'This password reset link has already been used. Please request a new link.',
  checkInbox: (email: string) => `We have emailed a link to ${email}. Open it to verify your email address.`,
  verified: 'Your email address is verified. Thank you.',
  linkUsed: 'This verification link has already been used. If you used it, your email address is verified: your profile says so.',
  linkInvalid: 'This verification link is not valid. Please sign in and ask for a new one from your profile.',
};

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/**
 * The calendar has finished closing after a day was chosen. react-datepicker hands focus back to its box on a
 * zero-delay timer and blurs it in an animation frame, in either order, so focus may move after the day is
 * shown: the next field typed into before then could lose its keys. Both were queued by the click, so a frame,
 * another frame and a zero-delay timer queued after them run once they have.
 */
async function calendarSettled(page: Page) {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))));
}

async function register(request: APIRequestContext, email: string, name = 'Grace Hopper', password = PASSWORD) {
  const res = await request.post('/api/register', {
    data: { title: 'Ms', name, email, birth_date: null, anniversary_date: null, password },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The link of the newest reset email to `email`, as a path (/reset-password/{token}?email=…). */
async function resetLinkFor(email: string): Promise<string> {
  const messages = await readOutbox(email, { subject: 'Reset your Everstone password' });
  expect(messages.length).toBeGreaterThan(0);
  const link = /https?:\/\/\S+\/reset-password\/[^\s"<>]+/.exec(messages.at(-1)!.text)?.[0];
  expect(link, 'a reset link in the email').toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** Holds every call to `path` until released, so a busy state can be seen without racing the server. */
async function holdRequests(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Accepts the next dialog the moment it opens and gives its kind and text. Accepting from the event, not
 * after the triggering click resolves, matters: an alert that opens while Playwright is still finishing the
 * click (its trace snapshot) would otherwise hold both.
 */
function nextDialog(page: Page): Promise<{ type: string; message: string }> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve({ type: dialog.type(), message: dialog.message() });
      void dialog.accept();
    });
  });
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/* ------------------------------------------------------------------------------------------------
 * The pages
 * --------------------------------------------------------------------------------------------- */

test('the account pages are rendered on the server with their forms, and kept out of search engines', async ({ request }) => {
  const pages = [
    { path: '/signin', title: 'Sign In | Everstone', texts: ['Email', 'Password', 'Forgot your password?', 'Sign in with Google', 'Sign in with Apple'] },
    { path: '/signup', title: 'Create an Account | Everstone', texts: ['Title', 'First name', 'Last name', 'Birth date', 'Anniversary date', 'MM/DD/YYYY', '>Create<'] },
    { path: '/resetpassword', title: 'Reset Your Password | Everstone', texts: ['OTP', '>Submit<', '>Cancel<'] },
    { path: '/reset-password/secret-token-123?email=ann%40example.com', title: 'Choose a New Password | Everstone', texts: ['New password', 'Confirm password', 'value="ann@example.com"'] },
  ];
  for (const { path, title, texts } of pages) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    expect(html).toMatch(/<form class="auth-form"[^>]*method="post"/);
    for (const text of texts) expect(html, `${path} contains ${text}`).toContain(text);
  }
  // The reset link's token is a secret: the head does not repeat it.
  const head = (await (await request.get('/reset-password/secret-token-123?email=ann%40example.com')).text()).split('</head>')[0]!;
  expect(head).not.toContain('secret-token-123');
});

test('each account page works at phone width without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of ['/signin', '/signup', '/resetpassword', '/reset-password/t0k3n?email=a%40example.com']) {
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await sidewaysOverflow(page, 'main'), path).toEqual([]);
  }
});

// One page per test: on a busy machine four pages, a calendar and an error state in one test outgrew its time.
for (const path of ['/signin', '/resetpassword', '/reset-password/t0k3n?email=a%40example.com', '/signup']) {
  test(`axe finds no serious or critical problem on ${path.split('?')[0]}`, async ({ page }) => {
    await open(page, path);
    expect(await seriousViolations(page), path).toEqual([]);
  });
}

test('axe finds no serious or critical problem on sign-up with the calendar open, or with field errors', async ({ page }) => {
  await open(page, '/signup');
  const form = page.getByRole('form', { name: 'Create an Account' });
  await form.getByLabel('Birth date').click();
  await expect(page.getByLabel('Year', { exact: true })).toBeVisible();
  expect(await seriousViolations(page), 'calendar open').toEqual([]);
  await page.keyboard.press('Escape');
  const alert = nextDialog(page);
  await form.getByRole('button', { name: 'Create' }).click();
  await alert;
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page), 'with field errors').toEqual([]);
});

/* ------------------------------------------------------------------------------------------------
 * Sign up
 * --------------------------------------------------------------------------------------------- */

test('sign up with the date pickers: the payload, the 3-second banner and the cleared form', async ({ page, request }) => {
  const email = newEmail('signup');
  await open(page, '/signup');
  const form = page.getByRole('form', { name: 'Create an Account' });
  await expect(form.getByLabel('Title').locator('option')).toHaveText(['Select', 'Mr', 'Mrs', 'Ms']);
  await form.getByLabel('Title').selectOption('Mrs');
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email').fill(email);

  // Birth date through the calendar: year and month from the dropdowns, then the day.
  await form.getByLabel('Birth date').click();
  await page.getByLabel('Year', { exact: true }).selectOption('1990');
  await page.getByLabel('Month', { exact: true }).selectOption('April');
  await page.getByRole('gridcell', { name: 'Choose Thursday, April 12, 1990' }).click();
  await expect(form.getByLabel('Birth date')).toHaveValue('04/12/1990');
  await calendarSettled(page);

  await form.getByLabel('Anniversary date').click();
  // No future dates: the calendar opens on this month and cannot go further.
  await expect(page.getByRole('button', { name: 'Next month' })).toBeDisabled();
  await expect(page.getByLabel('Year', { exact: true }).locator('option').first()).toHaveText(String(new Date().getFullYear()));
  await page.getByLabel('Year', { exact: true }).selectOption('2015');
  await page.getByLabel('Month', { exact: true }).selectOption('June');
  await page.getByRole('gridcell', { name: 'Choose Saturday, June 20, 2015' }).click();
  await expect(form.getByLabel('Anniversary date')).toHaveValue('06/20/2015');
  await calendarSettled(page);

  await form.getByLabel('Password').fill(PASSWORD);
  await expect(form.getByLabel('Password')).toHaveValue(PASSWORD);
  // From here the page's clock stands still, so the banner's 3 seconds are stepped through.
  await stopPageClock(page);
  // The form posts to its page, whose action sends §3's payload to the API (the name joined, the dates as
  // YYYY-MM-DD: held by the action's own test, apps/web/app/routes/form-actions.test.ts, and by the account below).
  const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/signup.data');
  await form.getByRole('button', { name: 'Create' }).click();
  expect(Object.fromEntries(new URLSearchParams((await sent).postData() ?? ''))).toEqual({
    title: 'Mrs',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email,
    birth_date: '04/12/1990',
    anniversary_date: '06/20/2015',
    password: PASSWORD,
  });

  const banner = form.getByRole('status');
  await expect(banner).toHaveText(MESSAGES.registered);
  for (const label of ['Title', 'First name', 'Last name', 'Email', 'Birth date', 'Anniversary date', 'Password']) {
    await expect(form.getByLabel(label), label).toHaveValue('');
  }
  // §9: the banner stays for 3 seconds, then goes; the line saying where the verification link went stays.
  const inbox = page.getByText(MESSAGES.checkInbox(email));
  await expect(inbox).toBeVisible();
  await page.clock.runFor(2_900);
  await expect(banner).toHaveText(MESSAGES.registered);
  await page.clock.runFor(200);
  await expect(banner).toHaveText('');
  await expect(inbox).toBeVisible();
  await page.clock.resume();
  expect(await verificationLinkFor(email)).toMatch(/^\/verify-email\/[A-Za-z0-9_-]{43}$/);

  // The account exists with what was entered.
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  expect((await login.json()).user).toMatchObject({ title: 'Mrs', name: 'Ada Lovelace', birth_date: '1990-04-12', anniversary_date: '2015-06-20' });
});

test('the emailed verification link verifies the address once, without its token in the page’s head; a used or unknown link says so', async ({ page, request }) => {
  const email = newEmail('verify');
  await register(request, email);
  const path = await verificationLinkFor(email);
  const token = path.split('/').pop()!;
  // Opened from the mail (a plain GET, as a mail client's browser does): verified, before any script runs.
  const first = await request.get(path);
  expect(first.status()).toBe(200);
  const html = await first.text();
  expect(html).toContain(MESSAGES.verified);
  expect(html).toMatch(/<meta name="robots" content="noindex"/);
  expect(html.split('</head>')[0]).not.toContain(token);
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  expect((await login.json()).user.email_verified).toBe(true);

  // Again: it has done its work, and the page says so, with the way to check (sign in, the profile).
  await open(page, path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verify Your Email Address');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(MESSAGES.linkUsed);
  await expect(page.getByRole('link', { name: 'Sign in' }).last()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const unknown = await request.get('/verify-email/not-a-token-anyone-was-sent');
  expect(unknown.status()).toBe(422);
  expect(await unknown.text()).toContain(MESSAGES.linkInvalid);
});

test('an email already taken: the server’s message in an alert and beside the field', async ({ page, request }) => {
  const email = newEmail('taken');
  await register(request, email);
  await open(page, '/signup');
  const form = page.getByRole('form', { name: 'Create an Account' });
  await form.getByLabel('Title').selectOption('Mr');
  await form.getByLabel('First name').fill('Alan');
  await form.getByLabel('Last name').fill('Turing');
  await form.getByLabel('Email').fill(email.toUpperCase());
  await form.getByLabel('Password').fill(PASSWORD);
  const alert = nextDialog(page);
  await form.getByRole('button', { name: 'Create' }).click();
  expect(await alert).toEqual({ type: 'alert', message: MESSAGES.emailTaken });

  const emailBox = form.getByLabel('Email');
  await expect(emailBox).toHaveAttribute('aria-invalid', 'true');
  await expect(emailBox).toHaveAccessibleDescription(MESSAGES.emailTaken);
  await expect(emailBox).toBeFocused();
  // Nothing else is marked, and the form keeps what was typed.
  await expect(form.getByLabel('Password')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('First name')).toHaveValue('Alan');
  await expect(form.getByRole('status')).toHaveText('');
  // Correcting the field drops its message.
  await emailBox.fill(newEmail('fresh'));
  await expect(emailBox).not.toHaveAttribute('aria-invalid', 'true');
});

test('an empty sign-up: every field the server refuses says why, beside it', async ({ page }) => {
  await open(page, '/signup');
  const form = page.getByRole('form', { name: 'Create an Account' });
  const alert = nextDialog(page);
  await form.getByRole('button', { name: 'Create' }).click();
  const { message } = await alert;
  expect(message).toContain('Please choose a title: Mr, Mrs or Ms.');
  expect(message).toContain('The name field is required.');
  expect(message).toContain('The email field is required.');
  expect(message).toContain('The password field is required.');

  await expect(form.getByLabel('Title')).toHaveAccessibleDescription('Please choose a title: Mr, Mrs or Ms.');
  // The name is sent as one field: both boxes carry its message.
  await expect(form.getByLabel('First name')).toHaveAccessibleDescription('The name field is required.');
  await expect(form.getByLabel('Last name')).toHaveAccessibleDescription('The name field is required.');
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('The email field is required.');
  await expect(form.getByLabel('Password')).toHaveAccessibleDescription(/The password field is required\./);
  await expect(form.getByLabel('Birth date')).not.toHaveAttribute('aria-invalid', 'true');
  // Focus goes to the first field to fix.
  await expect(form.getByLabel('Title')).toBeFocused();
});

test('a sign-up that cannot reach the store alerts the fallback message', async ({ page }) => {
  await open(page, '/signup');
  await page.route('**/signup.data', (route) => route.abort('connectionfailed'));
  const alert = nextDialog(page);
  await page.getByRole('button', { name: 'Create' }).click();
  expect(await alert).toEqual({ type: 'alert', message: 'An error occurred. Please try again.' });
});

/* ------------------------------------------------------------------------------------------------
 * Sign in
 * --------------------------------------------------------------------------------------------- */

test('signing in from the diamond search returns there, greeted by name', async ({ page, request }) => {
  const email = newEmail('signin');
  await register(request, email, 'Grace Hopper');
  await open(page, '/diamond');
  await page.getByRole('link', { name: 'SIGN IN / UP' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);

  const release = await holdRequests(page, '/api/login');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/diamond$/);
  await expect(page.getByRole('link', { name: /Hi, Grace Hopper/ }).first()).toBeVisible();

  // Back on /signin, a signed-in shopper is told so and pointed to the account.
  await open(page, '/signin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed in');
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/profile');
  await expect(page.getByRole('form', { name: 'Sign In' })).toHaveCount(0);
});

test('a wrong password, or an unknown email, shows the same message in red and logs the failure', async ({ page, request }) => {
  const email = newEmail('wrong');
  await register(request, email);
  const logged: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') logged.push(m.text());
  });
  await open(page, '/signin');
  const form = page.getByRole('form', { name: 'Sign In' });
  for (const [address, password] of [
    [email, 'not-the-password'],
    [newEmail('nobody'), PASSWORD],
  ] as const) {
    await form.getByLabel('Email').fill(address);
    await form.getByLabel('Password').fill(password);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await form.getByRole('button', { name: 'Sign In' }).click();
    expect((await answer).status()).toBe(401);
    const alert = form.getByRole('alert');
    await expect(alert).toHaveText(MESSAGES.invalidCredentials);
    await expect(alert.locator('.form-banner')).toHaveCSS('color', 'rgb(180, 35, 24)');
    await expect(form.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  }
  await expect(page).toHaveURL(/\/signin$/);
  expect(logged.filter((line) => line.includes('Sign-in failed'))).toHaveLength(2);
  // The password typed never reaches the log.
  expect(logged.join('\n')).not.toContain('not-the-password');
});

test('too many tries show the server’s retry message rather than a wrong-password one', async ({ page }) => {
  await open(page, '/signin');
  await page.route('**/api/login', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'Retry-After': '42' },
      body: JSON.stringify({ message: 'Too many sign-in attempts. Please try again in 42 seconds.' }),
    }),
  );
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(newEmail('limited'));
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByRole('alert')).toHaveText('Too many sign-in attempts. Please try again in 42 seconds.');
});

test('a return path to another site is ignored: the shopper lands on the home page', async ({ page, request }) => {
  const email = newEmail('return');
  await register(request, email, 'Katherine Johnson');
  await open(page, '/signin');
  // React Router keeps navigation state in history.state.usr; a crafted one survives the reload.
  await page.evaluate(() => window.history.replaceState({ usr: { from: '//evil.example/steal' }, key: 'crafted', idx: 0 }, ''));
  await page.reload();
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${test.info().project.use.baseURL}/`);
  await expect(page.getByRole('link', { name: /Hi, Katherine Johnson/ }).first()).toBeVisible();
});

test('the sign-in page links to the password reset and to sign-up, and its social buttons are honest', async ({ page }) => {
  await open(page, '/signin');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/resetpassword');
  await expect(main.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  for (const name of ['Sign in with Google', 'Sign in with Apple']) {
    const button = main.getByRole('button', { name });
    await expect(button).toHaveAttribute('type', 'button');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(/not available yet/);
    // Playwright treats aria-disabled as disabled and would wait; a shopper can still press it.
    await button.click({ force: true });
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('form', { name: 'Sign In' })).toBeVisible();
  }
});

/* ------------------------------------------------------------------------------------------------
 * Password reset
 * --------------------------------------------------------------------------------------------- */

test('reset by email: request, the emailed link, a new password, then sign in with it', async ({ page, request }) => {
  const email = newEmail('reset');
  const newPassword = 'Emerald-cut-2027';
  await register(request, email, 'Dorothy Vaughan');

  await open(page, '/resetpassword');
  const requestForm = page.getByRole('form', { name: 'Reset Your Password' });
  await expect(page.getByText(/OTP/)).toBeVisible();
  await requestForm.getByLabel('Email').fill(email);
  const release = await holdRequests(page, '/resetpassword.data');
  const alert = nextDialog(page);
  await requestForm.getByRole('button', { name: 'Submit' }).click();
  await expect(requestForm.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  release();
  expect((await alert).message).toContain(`reset link has been sent to ${email}`);
  const sentMessage = requestForm.getByRole('status');
  await expect(sentMessage).toHaveText(MESSAGES.resetLinkSent);
  await expect(sentMessage.locator('.form-banner')).toHaveCSS('color', 'rgb(5, 96, 58)');

  const link = await resetLinkFor(email);
  expect(link).toMatch(/^\/reset-password\/[^/?]+\?email=/);
  await open(page, link);
  const resetForm = page.getByRole('form', { name: 'Choose a New Password' });
  await expect(resetForm.getByLabel('Email')).toHaveValue(email);
  await resetForm.getByLabel('New password').fill(newPassword);
  await resetForm.getByLabel('Confirm password').fill(newPassword);
  // From here the page's clock stands still, and the page notes that clock's time when the store starts its
  // navigation (the router's navigate(), before it loads the next page), so §9's two seconds are read off it.
  const pausedAt = await stopPageClock(page);
  await page.evaluate(() => {
    type Router = { navigate: (...args: unknown[]) => unknown };
    const w = window as unknown as { __reactRouterDataRouter: Router; navigatedAt?: number };
    const router = w.__reactRouterDataRouter;
    const navigate = router.navigate;
    router.navigate = (...args) => ((w.navigatedAt ??= Date.now()), navigate.apply(router, args));
  });
  await resetForm.getByRole('button', { name: 'Reset Password' }).click();

  const done = page.getByRole('main').getByRole('status');
  await expect(done).toContainText(MESSAGES.passwordReset);
  await expect(done).toContainText('Redirecting to sign-in page...');
  await page.clock.runFor(5_000);
  await expect(page).toHaveURL(/\/signin$/);
  const navigatedAt = await page.evaluate(() => (window as unknown as { navigatedAt?: number }).navigatedAt);
  // §9: two seconds on the message, then the sign-in page.
  expect(navigatedAt! - pausedAt).toBe(2_000);
  await page.clock.resume();

  // The old password no longer works; the new one does, through the page.
  expect((await request.post('/api/login', { data: { email, password: PASSWORD } })).status()).toBe(401);
  const signIn = page.getByRole('form', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill(newPassword);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /Hi, Dorothy Vaughan/ }).first()).toBeVisible();
});

test('a reset link used once fails the second time with the server’s message', async ({ page, request }) => {
  const email = newEmail('used');
  await register(request, email);
  expect((await request.post('/api/password/email', { data: { email } })).status()).toBe(200);
  const link = await resetLinkFor(email);
  const token = link.split('/')[2]!.split('?')[0]!;
  const first = await request.post('/password/reset', {
    data: { token, email, password: 'First-new-pass-1', password_confirmation: 'First-new-pass-1' },
  });
  expect(first.status()).toBe(200);

  await open(page, link);
  const form = page.getByRole('form', { name: 'Choose a New Password' });
  await form.getByLabel('New password').fill('Second-new-pass-2');
  await form.getByLabel('Confirm password').fill('Second-new-pass-2');
  await form.getByRole('button', { name: 'Reset Password' }).click();
  await expect(form.getByRole('alert')).toContainText(MESSAGES.resetTokenUsed);
  await expect(form.getByRole('alert').getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/resetpassword');
  await expect(page).toHaveURL(new RegExp(`/reset-password/${token}`));
});

test('passwords that do not match are refused by the server, beside the confirmation', async ({ page }) => {
  await open(page, `/reset-password/some-token?email=${encodeURIComponent(newEmail('mismatch'))}`);
  const form = page.getByRole('form', { name: 'Choose a New Password' });
  await form.getByLabel('New password').fill('Cushion-cut-2026');
  await form.getByLabel('Confirm password').fill('Cushion-cut-2025');
  // The form posts to its page (the token is the page's address), whose action calls the API.
  const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/reset-password/some-token.data');
  await form.getByRole('button', { name: 'Reset Password' }).click();
  expect(Object.fromEntries(new URLSearchParams((await sent).postData() ?? ''))).toMatchObject({ password: 'Cushion-cut-2026', password_confirmation: 'Cushion-cut-2025' });
  await expect(form.getByLabel('Confirm password')).toHaveAccessibleDescription('The password confirmation does not match.');
  await expect(form.getByRole('alert')).toContainText('The password confirmation does not match.');
});

test('the reset request shows its failures in red, and Cancel goes back to sign in', async ({ page }) => {
  await open(page, '/resetpassword');
  const form = page.getByRole('form', { name: 'Reset Your Password' });
  await form.getByLabel('Email').fill(newEmail('fail'));

  // The store answering nothing a page can read, then no answer at all (§8). What the form says of an API error
  // without a message ('Failed to send reset link.') is held by the action's own test (apps/web/app/routes/form-actions.test.ts).
  await page.route('**/resetpassword.data', (route) => route.fulfill({ status: 500, body: '' }));
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('Something went wrong.');
  await expect(form.getByRole('alert').locator('.form-banner')).toHaveCSS('color', 'rgb(180, 35, 24)');
  await expect(form.getByLabel('Email')).toHaveValue(/fail/);
  await page.unroute('**/resetpassword.data');
  await page.route('**/resetpassword.data', (route) => route.abort('connectionfailed'));
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('Something went wrong.');

  await form.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});

/* ------------------------------------------------------------------------------------------------
 * Before the scripts run, or without them: the forms post to their pages, never a password in a URL
 * --------------------------------------------------------------------------------------------- */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('sign-up goes through the page itself, dates typed as MM/dd/yyyy, and the password is not sent back', async ({ page, request }) => {
    const email = newEmail('nojs');
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Create an Account' });
    await form.getByLabel('Title').selectOption('Ms');
    await form.getByLabel('First name').fill('Mary');
    await form.getByLabel('Last name').fill('Jackson');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Birth date').fill('02/29/1988');
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('form', { name: 'Create an Account' }).getByRole('status')).toHaveText(MESSAGES.registered);
    expect(await page.content()).not.toContain(PASSWORD);
    const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
    expect((await login.json()).user).toMatchObject({ name: 'Mary Jackson', birth_date: '1988-02-29', anniversary_date: null });
  });

  test('sign-in explains that it needs JavaScript instead of failing silently', async ({ page }) => {
    await page.goto('/signin');
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email').fill(newEmail('nojs'));
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('form', { name: 'Sign In' }).getByRole('alert')).toContainText('needs JavaScript');
    expect(await page.content()).not.toContain(PASSWORD);
  });

  test('the reset request goes through the page itself', async ({ page }) => {
    await page.goto('/resetpassword');
    const form = page.getByRole('form', { name: 'Reset Your Password' });
    await form.getByLabel('Email').fill(newEmail('nojs'));
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('form', { name: 'Reset Your Password' }).getByRole('status')).toHaveText(MESSAGES.resetLinkSent);
  });
});
