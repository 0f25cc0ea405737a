import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_MESSAGES, RECOVERY_CODE_COUNT } from '@everstone/contract';
import { createStaffAccount, signInToBackOffice, submitSignIn } from './admin-support.ts';
import { SHOPPER_PASSWORD, hydrated, seriousViolations, sidewaysOverflow, waitForMail } from './support.ts';

/*
 * Two-step sign-in in the browser: a staff member sets up an authenticator app from "Your account" (the QR code and
 * the key to type, the first code, the recovery codes shown once), then signs in with the app's code and with a
 * recovery code, and turns it off. The codes are computed here as the phone's app computes them (RFC 6238).
 */

/** The code an authenticator app shows for `key` at `at`: the setup key as the page shows it, in groups of four. */
function codeOf(key: string, at = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key.replace(/\s/g, '')) }).generate({ timestamp: at });
}

/**
 * A code the store has not taken yet: each is accepted once, and the store takes the app's codes one step either side
 * of now, so the next step's code (30 seconds on) is new whatever was entered last.
 */
const freshCode = (key: string, step: number) => codeOf(key, Date.now() + step * 30_000);

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
}

/** Sets up the app from "Your account" and answers the setup key and the recovery codes shown. */
async function setUpApp(page: Page, width: number): Promise<{ key: string; codes: string[] }> {
  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page).toHaveTitle('Your account | Everstone back office');
  const panel = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(panel).toContainText('Off.');
  await panel.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await panel.getByRole('button', { name: 'Set up the authenticator app' }).click();
  await expect(panel.getByRole('img', { name: /QR code for Everstone/ })).toBeVisible();
  const key = await panel.getByLabel('Setup key').inputValue();
  expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  expect(await sidewaysOverflow(page), `setting up at ${width}`).toEqual([]);
  expect(await seriousViolations(page), `setting up at ${width}`).toEqual([]);

  const confirm = panel.getByRole('form', { name: 'Confirm the authenticator app' });
  // A code of another key is refused, and says what to do.
  await confirm.getByLabel('Code from the app').fill(codeOf('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'));
  await confirm.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(confirm.getByText(ADMIN_MESSAGES.enrollCodeWrong)).toBeVisible();
  await confirm.getByLabel('Code from the app').fill(codeOf(key));
  await confirm.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  const list = panel.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(RECOVERY_CODE_COUNT);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes[0]).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
  expect(await sidewaysOverflow(page), `recovery codes at ${width}`).toEqual([]);
  expect(await seriousViolations(page), `recovery codes at ${width}`).toEqual([]);
  await panel.getByRole('button', { name: 'I have kept my recovery codes' }).click();
  await expect(panel).toContainText(`${RECOVERY_CODE_COUNT} of ${RECOVERY_CODE_COUNT} unused`);
  return { key, codes };
}

for (const width of [1440, 375]) {
  test(`staff set up two-step sign-in, then sign in with the app's code or a recovery code, and turn it off (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const staff = await createStaffAccount(request, `admin-2fa-${width}`, 'staff', 'Tess Twostep');
    await signInToBackOffice(page, staff.email, '/admin');
    const { key, codes } = await setUpApp(page, width);
    expect((await waitForMail(staff.email, 'Two-step sign-in is on for your Everstone back office')).text).toContain('authenticator app');

    // The password alone no longer opens the back office: the sign-in asks for the code, and a page asked for on the
    // way sends the person back to that step.
    await signOut(page);
    await submitSignIn(page, staff.email, SHOPPER_PASSWORD);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-step sign-in');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect(await sidewaysOverflow(page), `the code step at ${width}`).toEqual([]);
    expect(await seriousViolations(page), `the code step at ${width}`).toEqual([]);
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Forders$/);
    await hydrated(page);
    const step = page.getByRole('form', { name: 'Two-step sign-in' });
    await step.getByLabel('Code').fill('123456');
    await step.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(step.getByText(ADMIN_MESSAGES.codeWrong)).toBeVisible();
    await expect(step.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
    await step.getByLabel('Code').fill(freshCode(key, 1));
    await step.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);

    // A recovery code works once, in place of the app, and its use is emailed.
    await signOut(page);
    await submitSignIn(page, staff.email, SHOPPER_PASSWORD);
    await page.getByRole('form', { name: 'Two-step sign-in' }).getByLabel('Code').fill(codes[0]!.toLowerCase());
    await page.getByRole('form', { name: 'Two-step sign-in' }).getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await waitForMail(staff.email, 'A recovery code was used to sign in to the Everstone back office');
    await page.getByRole('link', { name: 'Your account' }).click();
    const panel = page.getByRole('region', { name: 'Two-step sign-in' });
    await expect(panel).toContainText(`${RECOVERY_CODE_COUNT - 1} of ${RECOVERY_CODE_COUNT} unused`);
    await signOut(page);
    await submitSignIn(page, staff.email, SHOPPER_PASSWORD);
    const again = page.getByRole('form', { name: 'Two-step sign-in' });
    await again.getByLabel('Code').fill(codes[0]!);
    await again.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(again.getByText(ADMIN_MESSAGES.codeWrong)).toBeVisible();
    // Someone else's sign-in can start over from here.
    await page.getByRole('button', { name: 'Sign in as someone else' }).click();
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await submitSignIn(page, staff.email, SHOPPER_PASSWORD);
    await page.getByRole('form', { name: 'Two-step sign-in' }).getByLabel('Code').fill(codes[1]!);
    await page.getByRole('form', { name: 'Two-step sign-in' }).getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // Turning it off (the store does not require it of staff here) asks first; the password alone then opens the back office.
    await page.getByRole('link', { name: 'Your account' }).click();
    await page.getByRole('region', { name: 'Two-step sign-in' }).getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await dialog.getByRole('button', { name: 'Turn it off' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: ADMIN_MESSAGES.secondFactorOff })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText('Off.');
    await signOut(page);
    await submitSignIn(page, staff.email, SHOPPER_PASSWORD);
    await expect(page).toHaveURL(/\/admin$/);
  });
}

test('a sign-in that must set up two-step sign-in does it on the way in, and goes on to the page asked for', async ({ page, request }) => {
  const staff = await createStaffAccount(request, 'admin-2fa-enroll', 'staff', 'Erin Enrol');
  // This store offers the second factor to everyone and requires it of nobody (a demo store's default), so its
  // sign-in's answer is the one a live store gives an owner without one: stage `enroll`. The steps after it are the
  // server's own (a session just opened may set one up).
  await page.route('**/api/admin/session', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, stage: 'enroll', second_factor: { enrolled: false, required: true } } });
  });
  await page.goto('/admin/sign-in?next=%2Fadmin%2Fcustomers');
  await hydrated(page);
  await submitSignIn(page, staff.email, SHOPPER_PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up two-step sign-in');
  await page.unroute('**/api/admin/session');
  await page.getByRole('button', { name: 'Set up the authenticator app' }).click();
  const key = await page.getByLabel('Setup key').inputValue();
  const confirm = page.getByRole('form', { name: 'Confirm the authenticator app' });
  await confirm.getByLabel('Code from the app').fill(codeOf(key));
  await confirm.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(RECOVERY_CODE_COUNT);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'I have kept my recovery codes' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
});
