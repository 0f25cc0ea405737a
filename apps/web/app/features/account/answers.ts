import { joinErrorMessages, messageResponseSchema, validationErrorSchema } from '@everstone/contract';
import type { FieldErrors } from '../../components/ui/field-errors';
import { JSON_HEADERS } from '../../lib/http';

export { JSON_HEADERS, readBody } from '../../lib/http';

/**
 * What an error answer says: for a 422, its field messages (joined, they read better than the summary,
 * which starts "Invalid body: …") and the map itself; otherwise its `message`, or null when it has none.
 */
export function readErrorAnswer(body: unknown): { message: string | null; errors: FieldErrors } {
  const invalid = validationErrorSchema.safeParse(body);
  if (invalid.success) return { message: joinErrorMessages(invalid.data.errors) || invalid.data.message, errors: invalid.data.errors };
  const plain = messageResponseSchema.safeParse(body);
  return { message: plain.success && plain.data.message.trim() ? plain.data.message : null, errors: {} };
}

/** The browser's JSON POST to the API (no bearer: these calls are made signed out). */
export function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, { method: 'POST', headers: JSON_HEADERS, credentials: 'same-origin', body: JSON.stringify(body) });
}
