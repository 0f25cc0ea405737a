import { VERIFICATION_MESSAGES, messageResponseSchema } from '@everstone/contract';
import { failureText, type ApiClient } from '../../lib/api';

/** What opening a verification link came to. */
export type VerifyOutcome =
  | { kind: 'verified'; message: string }
  /** The link no longer works (used, expired, unknown): the message says which. */
  | { kind: 'rejected'; message: string }
  /** No answer at all. */
  | { kind: 'failed' };

/** POST /api/email/verify with the link's token: from the page's loader, so it works before (and without) scripts. */
export async function verifyEmail(api: ApiClient, token: string): Promise<VerifyOutcome> {
  const res = await api.post('/api/email/verify', { token }, messageResponseSchema);
  if (res.ok) return { kind: 'verified', message: res.data.message };
  if (res.status === 0 || res.status >= 500) return { kind: 'failed' };
  return { kind: 'rejected', message: failureText(res) ?? VERIFICATION_MESSAGES.invalid };
}
