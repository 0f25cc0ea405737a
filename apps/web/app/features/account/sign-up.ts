import {
  ACCOUNT_FALLBACK_MESSAGES,
  ACCOUNT_MESSAGES,
  registerResponseSchema,
  type RegisterRequest,
} from '@everstone/contract';
import { failureText, type ApiClient, type FieldErrors } from '../../lib/api';

/* ------------------------------------------------------------------------------------------------
 * The form's values and the registration payload (§3)
 * --------------------------------------------------------------------------------------------- */

/** Dates as YYYY-MM-DD, '' for none; the title '' until one is chosen. */
export interface Values {
  title: string;
  first_name: string;
  last_name: string;
  email: string;
  birth_date: string;
  anniversary_date: string;
  password: string;
}
export type Field = keyof Values;
export const EMPTY: Values = { title: '', first_name: '', last_name: '', email: '', birth_date: '', anniversary_date: '', password: '' };

/**
 * §5: sign-up has no client checks beyond the email type, so the form sends what it holds and the server
 * judges (a missing title included, hence the wider `title`).
 */
type RegisterPayload = Omit<RegisterRequest, 'title'> & { title: string };

function toPayload(v: Values): RegisterPayload {
  return {
    title: v.title,
    // §3: first and last name joined by a space.
    name: [v.first_name.trim(), v.last_name.trim()].filter(Boolean).join(' '),
    email: v.email.trim(),
    birth_date: v.birth_date || null,
    anniversary_date: v.anniversary_date || null,
    password: v.password,
  };
}

/* ------------------------------------------------------------------------------------------------
 * Reading the answer (§8 Registration)
 * --------------------------------------------------------------------------------------------- */

export type Outcome =
  /** `email` is where the verification link went. */
  | { kind: 'registered'; email: string }
  /** A success code other than 201. */
  | { kind: 'not-created' }
  | { kind: 'rejected'; message: string; errors: FieldErrors }
  /** No answer at all. */
  | { kind: 'failed' };

/** POST /api/register, from the browser or from the page's action, and what its answer means (§8). */
export async function register(api: ApiClient, values: Values): Promise<Outcome> {
  const res = await api.post('/api/register', toPayload(values), registerResponseSchema);
  if (res.ok) return res.status === 201 ? { kind: 'registered', email: res.data.user.email } : { kind: 'not-created' };
  if (res.status === 0) return { kind: 'failed' };
  return { kind: 'rejected', message: failureText(res) ?? ACCOUNT_FALLBACK_MESSAGES.register, errors: res.errors ?? {} };
}

export function outcomeMessage(outcome: Outcome): string | null {
  switch (outcome.kind) {
    case 'registered':
      return ACCOUNT_MESSAGES.registered;
    case 'not-created':
      return ACCOUNT_FALLBACK_MESSAGES.registerNot201;
    case 'rejected':
      return outcome.message;
    case 'failed':
      return ACCOUNT_FALLBACK_MESSAGES.register;
  }
}

