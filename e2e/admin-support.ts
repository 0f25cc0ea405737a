import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SHOPPER_PASSWORD, createAccount, hydrated, runStaffCli, type ShopperAccount } from './support.ts';

/*
 * The back office's people for the journeys: staff and owners made as the store makes them (a shopper's account
 * raised by the staff command), and signed in through the back office's own form.
 */

/** A shopper's account of its own made an owner or staff member by the store's staff command, as the first owner is made (`label` names the journey in the address). */
export async function createStaffAccount(
  request: APIRequestContext,
  label: string,
  role: 'owner' | 'staff' = 'staff',
  name = 'Sam Staff',
): Promise<ShopperAccount> {
  const account = await createAccount(request, label, name);
  const made = await runStaffCli('add', account.email, '--role', role);
  expect(made.code, made.stderr).toBe(0);
  return account;
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
