import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SHOPPER_PASSWORD, createAccount, hydrated, runStaffCli, waitForMail, type ShopperAccount } from './support.ts';

/*
 * The back office's people for the journeys: staff and owners made as the store makes them (a shopper's account
 * raised by the staff command), and signed in through the back office's own form.
 */

/** The subject of the email an owner's invitation sends. */
export const INVITATION_SUBJECT = 'Your invitation to the Everstone back office';

/** The invitation's link in its email: the back office's own page for accepting it. */
export function invitationLinkIn(text: string): URL {
  const href = /https?:\/\/\S+\/admin\/invitation\/[^\s"<>]+/.exec(text)?.[0];
  expect(href, 'the invitation link').toBeDefined();
  return new URL(href!);
}

/**
 * A shopper's account of its own raised to owner or staff as the store does it: the staff command invites the
 * address, and the person accepts with the emailed link, choosing the journeys' password again (`label` names the
 * journey in the address).
 */
export async function createStaffAccount(
  request: APIRequestContext,
  label: string,
  role: 'owner' | 'staff' = 'staff',
  name = 'Sam Staff',
): Promise<ShopperAccount> {
  const account = await createAccount(request, label, name);
  const made = await runStaffCli('add', account.email, '--role', role);
  expect(made.code, made.stderr).toBe(0);
  const link = invitationLinkIn((await waitForMail(account.email, INVITATION_SUBJECT)).text);
  const token = decodeURIComponent(link.pathname.split('/').at(-1)!);
  const accepted = await request.post('/api/admin/invitations/accept', {
    data: { token, password: SHOPPER_PASSWORD, password_confirmation: SHOPPER_PASSWORD },
    headers: { origin: new URL(link).origin },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  // Accepting ended the account's storefront tokens: the shopper's side signs in again.
  const login = await request.post('/api/login', { data: { email: account.email, password: SHOPPER_PASSWORD } });
  expect(login.status()).toBe(200);
  return { ...account, token: ((await login.json()) as { token: string }).token };
}

/** Fills in and sends the back office's sign-in form on the page shown now. */
export async function submitSignIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in with the shoppers' password from the sign-in page that goes on to `next`, and waits to arrive there. */
export async function signInToBackOffice(page: Page, email: string, next: string) {
  await page.goto(`/admin/sign-in?next=${encodeURIComponent(next)}`);
  await hydrated(page);
  await submitSignIn(page, email, SHOPPER_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[?]/g, '\\?')}$`));
}

/**
 * Puts `data` to the back office's API as its pages do: with the page's session and the store's Origin (a browser
 * adds it to a page's own fetch; the back office refuses a change without it), as JSON. For a journey's clean-up.
 */
export function adminPut(page: Page, url: string, data: unknown) {
  return page.request.put(url, { data, headers: { origin: new URL(page.url()).origin } });
}
