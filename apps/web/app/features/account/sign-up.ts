import {
  ACCOUNT_FALLBACK_MESSAGES,
  VERIFICATION_MESSAGES,
  registerResponseSchema,
  type RegisterRequest,
} from '@everstone/contract';
import { withoutSecrets, type FormAnswer } from '../../components/ui/form';
import { usDateToIso } from '../../components/ui/date-field';
import { failureText, type ApiClient } from '../../lib/api';

/* ------------------------------------------------------------------------------------------------
 * The form's fields and the registration payload (§3)
 * --------------------------------------------------------------------------------------------- */

/** What the sign-up form posts: the name in two boxes, the dates as their boxes show them (MM/dd/yyyy, '' for none). */
export const SIGN_UP_FIELDS = ['title', 'first_name', 'last_name', 'email', 'birth_date', 'anniversary_date', 'password'] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];
/** A success's line is where the verification link went; the values keep the dates as YYYY-MM-DD, as the date boxes take them. */
export type SignUpAnswer = FormAnswer<SignUpField>;

/**
 * §5: sign-up has no client checks beyond the email type, so the form sends what it holds and the server
 * judges (a missing title included, hence the wider `title`).
 */
type RegisterPayload = Omit<RegisterRequest, 'title'> & { title: string };

function toPayload(v: Record<SignUpField, string>): RegisterPayload {
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

/**
 * POST /api/register from the page's action, and what its answer means (§8): a 201 says where the verification link
 * went; any other success code is 'Registration failed.'; a refusal is the server's message (a 422's field messages
 * joined, each also beside its field); no usable answer is 'An error occurred. Please try again.'. The password is
 * never sent back.
 */
export async function register(api: ApiClient, typed: Record<SignUpField, string>): Promise<SignUpAnswer> {
  // The date boxes post what they show (§9 MM/dd/yyyy), with or without scripts; the API takes YYYY-MM-DD.
  const values = { ...typed, birth_date: usDateToIso(typed.birth_date), anniversary_date: usDateToIso(typed.anniversary_date) };
  const res = await api.post('/api/register', toPayload(values), registerResponseSchema);
  if (res.ok && res.status === 201) {
    return { status: 201, ok: true, notice: { kind: 'success', text: VERIFICATION_MESSAGES.checkInbox(res.data.user.email) }, errors: {}, values: {} };
  }
  const kept = withoutSecrets(values);
  if (res.ok) return { status: res.status, ok: false, notice: { kind: 'error', text: ACCOUNT_FALLBACK_MESSAGES.registerNot201 }, errors: {}, values: kept };
  return {
    status: res.status,
    ok: false,
    notice: { kind: 'error', text: failureText(res) ?? ACCOUNT_FALLBACK_MESSAGES.register },
    errors: res.errors ?? {},
    values: kept,
  };
}
