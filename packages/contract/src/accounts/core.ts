/** Accounts: sign-up, sign-in, profiles, addresses, and the email verification. Without its Zod schemas (the storefront's first load). */
export * from './verification.ts';
export type * from './accounts.ts';
