import { ACCOUNT_FALLBACK_MESSAGES, messageResponseSchema, passwordEmailResponseSchema } from '@everstone/contract';
import type { FormAnswer } from '../../components/ui/form';
import { failureText, type ApiClient } from '../../lib/api';

/**
 * The two steps of a forgotten password (§2, §7, §8), called by the pages' actions: asking for a link by email, and
 * choosing a new password with it. Each answers its form in the kit's one shape; neither sends a password back.
 */

export const RESET_REQUEST_FIELDS = ['email'] as const;
export type ResetRequestAnswer = FormAnswer<(typeof RESET_REQUEST_FIELDS)[number]>;

/**
 * §8 Reset request: the server's message in green on success; on failure its message in red, 'Failed to send
 * reset link.' when an error answer carries none, and 'Something went wrong.' when there is no usable answer
 * at all (the network failed, or a 2xx without `success` and `message`).
 */
export async function requestReset(api: ApiClient, { email }: { email: string }): Promise<ResetRequestAnswer> {
  const res = await api.post('/api/password/email', { email }, passwordEmailResponseSchema);
  const values = { email };
  if (res.ok) return { status: res.status, ok: true, notice: { kind: 'success', text: res.data.message }, errors: {}, values };
  if (res.status === 0) return { status: 0, ok: false, notice: { kind: 'error', text: ACCOUNT_FALLBACK_MESSAGES.generic }, errors: {}, values };
  return { status: res.status, ok: false, notice: { kind: 'error', text: failureText(res) ?? ACCOUNT_FALLBACK_MESSAGES.resetRequest }, errors: res.errors ?? {}, values };
}

export const RESET_FIELDS = ['email', 'password', 'password_confirmation'] as const;
export type ResetAnswer = FormAnswer<(typeof RESET_FIELDS)[number]>;

/** §3 Reset completion payload. */
export type ResetPayload = { token: string; email: string; password: string; password_confirmation: string };

/**
 * §8 Reset completion: the server's message (for a 422, its field messages: the token's, the password's);
 * 'Failed to reset password' when an error answer carries none; 'Something went wrong.' when there is no
 * usable answer (the network failed, or a 2xx without a message). §5: whether the two passwords match is left to
 * the server.
 */
export async function resetPassword(api: ApiClient, payload: ResetPayload): Promise<ResetAnswer> {
  const res = await api.post('/password/reset', payload, messageResponseSchema);
  const values = { email: payload.email };
  const generic = { status: res.status, ok: false, notice: { kind: 'error', text: ACCOUNT_FALLBACK_MESSAGES.generic }, errors: {}, values } as const;
  if (res.ok) return res.data.message ? { status: res.status, ok: true, notice: { kind: 'success', text: res.data.message }, errors: {}, values } : generic;
  if (res.status === 0) return generic;
  return { status: res.status, ok: false, notice: { kind: 'error', text: failureText(res) ?? ACCOUNT_FALLBACK_MESSAGES.resetCompletion }, errors: res.errors ?? {}, values };
}
