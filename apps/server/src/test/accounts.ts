import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { LoginResponse, RegisterRequest, User } from '@everstone/contract';
import type { Database } from '../db/schema.ts';
import type { PasswordHasher } from '../modules/accounts/index.ts';

/** An address no other test uses, so tests never depend on each other's accounts. */
export function uniqueEmail(label = 'shopper'): string {
  return `${label}-${randomUUID().slice(0, 8)}@shopper.test`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function registration(overrides: Partial<RegisterRequest> = {}): RegisterRequest & { email: string; password: string } {
  return {
    title: 'Ms',
    name: 'Ann Lee',
    email: uniqueEmail(),
    birth_date: '1990-04-12',
    anniversary_date: null,
    password: 'correct horse battery',
    ...overrides,
  } as RegisterRequest & { email: string; password: string };
}

/** Registers a fresh account and signs it in. */
export async function signUpAndIn(
  app: FastifyInstance,
  overrides: Partial<RegisterRequest> = {},
): Promise<{ user: User; token: string; email: string; password: string }> {
  const body = registration(overrides);
  const reg = await app.inject({ method: 'POST', url: '/api/register', payload: body });
  if (reg.statusCode !== 201) throw new Error(`register answered ${reg.statusCode}: ${reg.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: body.email, password: body.password } });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  const answer = login.json() as LoginResponse;
  return { user: answer.user, token: answer.token, email: body.email, password: body.password };
}

/**
 * Marks an account's address verified, as its emailed link would: for suites where verification is not the subject
 * (the link itself is tested over SMTP in modules/accounts/routes.test.ts).
 */
export async function markEmailVerified(db: Kysely<Database>, userId: number): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: new Date().toISOString() }).where('id', '=', userId).execute();
}

/** Registers a fresh account, verifies its address and signs it in: a shopper who may hold stones in the builder. */
export async function signUpVerified(
  app: FastifyInstance,
  db: Kysely<Database>,
  overrides: Partial<RegisterRequest> = {},
): Promise<{ user: User; token: string; email: string; password: string }> {
  const person = await signUpAndIn(app, overrides);
  await markEmailVerified(db, person.user.id);
  return { ...person, user: { ...person.user, email_verified: true } };
}

/** The store's own origin as `app.inject` addresses it (Host: localhost:80), which the back office's pages send. */
export const STORE_ORIGIN = 'http://localhost:80';

/**
 * The headers of a change to the back office as its pages send it: the store's Origin and JSON (a bodiless change
 * included), with the session's cookie when there is one. Without them the back office refuses the change.
 */
export function adminChange(cookie?: string | null): Record<string, string> {
  return { ...(cookie ? { cookie } : {}), origin: STORE_ORIGIN, 'content-type': 'application/json' };
}

/** Signs in to the back office: the session cookie (`name=value`), or an error when the sign-in is refused. */
export async function adminCookie(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/session', headers: adminChange(), payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`the back office's sign-in answered ${res.statusCode}: ${res.body}`);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

/** A fresh account raised to staff or owner (as `npm run staff` does) and signed in to the back office. */
export async function signUpAsStaff(
  app: FastifyInstance,
  db: Kysely<Database>,
  role: 'staff' | 'owner',
  name: string,
): Promise<{ id: number; email: string; password: string; cookie: string }> {
  const person = await signUpAndIn(app, { name });
  await db.updateTable('users').set({ role }).where('id', '=', person.user.id).execute();
  return { id: person.user.id, email: person.email, password: person.password, cookie: await adminCookie(app, person.email, person.password) };
}

/** For suites where sign-ups are not the subject: no scrypt (90 ms each), so dozens of shoppers sign up quickly. */
export const quickHasher: PasswordHasher = {
  hash: async (password) => `plain$${password}`,
  verify: async (stored, password) => stored === `plain$${password}`,
  verifyNobody: async () => false,
  needsRehash: () => false,
};
