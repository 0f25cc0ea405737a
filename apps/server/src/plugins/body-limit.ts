/**
 * The one cap on request bodies, API calls and page forms alike (docs/security.md, "Request bodies").
 *
 * The largest body the store has a use for is the contact form's 5,000-character question: posted by a page
 * form in a script that needs three UTF-8 bytes a character, percent-encoded to nine, it comes to about 45 KB.
 * Every other form and every API call is far smaller (an order is under 10 KB). 64 KiB leaves room for that
 * and no more: a request that declares a longer body is refused before a byte of it is read, and a chunked one
 * as soon as it passes the cap, so a flood of large bodies costs the store at most 64 KiB each.
 */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** The 413 answer's message, naming the cap. */
export const BODY_TOO_LARGE_MESSAGE = `The request is too large: the store accepts at most ${BODY_LIMIT_BYTES / 1024} KB in one request. Please shorten what you entered and try again.`;

/** The 415 answer's message: the API takes JSON, pages take HTML forms. */
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE =
  'The request body must be JSON (Content-Type: application/json) for the API, or an HTML form (application/x-www-form-urlencoded) for a page';
