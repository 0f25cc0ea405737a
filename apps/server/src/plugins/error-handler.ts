import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ORDER_MESSAGES } from '@everstone/contract';
import { HttpError } from '../errors.ts';
import { isUnreadableValue } from '../db/errors.ts';
import { DatabaseBusyError } from '../db/transaction.ts';
import { BODY_TOO_LARGE_MESSAGE, UNSUPPORTED_MEDIA_TYPE_MESSAGE } from './body-limit.ts';

/**
 * The one place where errors become replies: { message, errors? }. 4xx replies say what is wrong;
 * 5xx replies never carry internals (the log has them, with the request id).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .headers(error.headers)
        .status(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        (errors[field] ??= []).push(issue.message ?? 'is invalid');
      }
      const where = error.validationContext === 'body' ? 422 : 400;
      const message = Object.entries(errors)
        .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
        .join('; ');
      return reply.status(where).send({ message: `Invalid ${error.validationContext ?? 'request'}: ${message}`, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Answered before the body was read; the connection closes, so the rest of a large upload is never taken in.
      return reply.status(413).header('connection', 'close').send({ message: BODY_TOO_LARGE_MESSAGE });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ message: `${UNSUPPORTED_MEDIA_TYPE_MESSAGE} (got ${String(request.headers['content-type'] ?? 'none').slice(0, 100)}).` });
    }
    if (error instanceof DatabaseBusyError) {
      // Every try found the database busy: nothing was done, and the same request may simply be sent again.
      return reply.status(503).header('retry-after', '1').send({ message: ORDER_MESSAGES.busy });
    }
    if (isUnreadableValue(error)) {
      // A safety net: the contract's schemas keep such values out, so one that gets here is logged to be closed there.
      request.log.warn({ err: error, code: (error as { code?: string }).code }, 'a request value the database could not hold');
      return reply.status(400).send({ message: 'The request holds a value the store cannot read (a control character, or a number out of range). Please check what was sent.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type): its message is safe.
    return reply.status(status).send({ message: error.message });
  });
}
