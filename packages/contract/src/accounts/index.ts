/** Accounts: sign-up, sign-in, profiles, addresses, and the email verification. */
export * from './core.ts';
export * from './accounts.ts';
