import { ACCOUNT_FALLBACK_MESSAGES, messageResponseSchema, passwordEmailResponseSchema } from '@everstone/contract';
import { failureText, type ApiClient, type FieldErrors } from '../../lib/api';

/**
 * The two steps of a forgotten password (§2, §7, §8), from the browser or from the pages' actions: asking for a
 * link by email, and choosing a new password with it.
 */

export type ResetRequestOutcome =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'rejected'; message: string; errors: FieldErrors }
  /** No answer, or one that is not what a success looks like. */
  | { kind: 'failed' };

/**
 * §8 Reset request: the server's message in green on success; on failure its message in red, 'Failed to send
 * reset link.' when an error answer carries none, and 'Something went wrong.' when there is no usable answer
 * at all (the network failed, or a 2xx without `success` and `message`).
 */
export async function requestReset(api: ApiClient, email: string): Promise<ResetRequestOutcome> {
  const res = await api.post('/api/password/email', { email }, passwordEmailResponseSchema);
  if (res.ok) return { kind: 'sent', message: res.data.message };
  if (res.status === 0) return { kind: 'failed' };
  return { kind: 'rejected', message: failureText(res) ?? ACCOUNT_FALLBACK_MESSAGES.resetRequest, errors: res.errors ?? {} };
}

export type ResetOutcome =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'reset'; message: string }
  | { kind: 'rejected'; message: string; errors: FieldErrors }
  /** No answer, or a success without a message. */
  | { kind: 'failed' };

/** §3 Reset completion payload. */
export type ResetPayload = { token: string; email: string; password: string; password_confirmation: string };

/**
 * §8 Reset completion: the server's message (for a 422, its field messages: the token's, the password's);
 * 'Failed to reset password' when an error answer carries none; 'Something went wrong.' when there is no
 * usable answer (the network failed, or a 2xx without a message).
 */
export async function resetPassword(api: ApiClient, payload: ResetPayload): Promise<ResetOutcome> {
  const res = await api.post('/password/reset', payload, messageResponseSchema);
  if (res.ok) return res.data.message ? { kind: 'reset', message: res.data.message } : { kind: 'failed' };
  if (res.status === 0) return { kind: 'failed' };
  return { kind: 'rejected', message: failureText(res) ?? ACCOUNT_FALLBACK_MESSAGES.resetCompletion, errors: res.errors ?? {} };
}

