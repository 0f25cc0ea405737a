import { failureText, type ApiFailure, type FieldErrors } from '../../lib/api';

/**
 * What a failed call means for a form of the account pages: the 422's field messages, and one line for the banner.
 * A field the form does not show still reaches the shopper through the banner. An answer that says nothing, or a
 * server error, gives the form's fallback.
 */
export function readFailure(failure: ApiFailure, known: readonly string[], fallback: string): { errors: FieldErrors; banner: string } {
  if (failure.status === 422 && failure.errors) {
    const elsewhere = Object.entries(failure.errors)
      .filter(([key]) => !known.includes(key))
      .flatMap(([, messages]) => messages);
    return { errors: failure.errors, banner: elsewhere.length > 0 ? elsewhere.join(' ') : 'Please correct the highlighted fields.' };
  }
  if (failure.status > 0 && failure.status < 500) return { errors: {}, banner: failureText(failure) ?? fallback };
  return { errors: {}, banner: fallback };
}
