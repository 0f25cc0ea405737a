/**
 * Domain errors: thrown by services, turned into one JSON shape by the error handler
 * ({ message, errors? }), so routes never build error replies by hand.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors?: Record<string, string[]>;
  /** Response headers that belong to the error (Retry-After, WWW-Authenticate). */
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, errors?: Record<string, string[]>, headers: Record<string, string> = {}) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.errors = errors;
    this.headers = headers;
  }
}

/** 400: the request is malformed (a bad query parameter, a non-numeric id). */
export class BadRequestError extends HttpError {
  constructor(message: string, errors?: Record<string, string[]>) {
    super(400, message, errors);
  }
}

/** 422: the request is well-formed but breaks a rule (a field fails validation). */
export class ValidationError extends HttpError {
  constructor(errors: Record<string, string[]>, message = 'The given data was invalid.') {
    super(422, message, errors);
  }
}

/** 401: no valid sign-in token, or wrong credentials. The message never says which part was wrong. */
export class UnauthorizedError extends HttpError {
  constructor(message: string) {
    super(401, message, undefined, { 'www-authenticate': 'Bearer' });
  }
}

/** 403: signed in, but the record belongs to someone else. */
export class ForbiddenError extends HttpError {
  constructor(message: string) {
    super(403, message);
  }
}

/** 429: a rate limit is reached; Retry-After says in how many seconds to try again. */
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}

/** One line that names every problem, for clients that show a single message. */
export function summarizeErrors(errors: Record<string, string[]>): string {
  return Object.values(errors).flat().join(' ');
}

/** 409: the request lost a race for something only one can have (a stone, a slot). */
export class ConflictError extends HttpError {
  constructor(message: string, errors?: Record<string, string[]>) {
    super(409, message, errors);
  }
}

/** 503: the database stayed busy; nothing was done and the request may simply be sent again. */
export class ServiceUnavailableError extends HttpError {
  constructor(message: string, retryAfterSeconds = 1) {
    super(503, message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}
