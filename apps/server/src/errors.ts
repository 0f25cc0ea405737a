/**
 * Domain errors: thrown by services, turned into one JSON shape by the error handler
 * ({ message, errors? }), so routes never build error replies by hand.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors?: Record<string, string[]>;
  constructor(statusCode: number, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.errors = errors;
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

export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}

/** One line that names every problem, for clients that show a single message. */
export function summarizeErrors(errors: Record<string, string[]>): string {
  return Object.values(errors).flat().join(' ');
}
