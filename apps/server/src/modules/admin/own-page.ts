import type { FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES } from '@everstone/contract';
import { ForbiddenError, HttpError } from '../../errors.ts';
import type { AdminRouteConfig } from './routes.ts';

/**
 * The back office's guard against a change forged by another site (docs/security.md, "Forging a change from another
 * site"), run on every request to /api/admin before the session is even looked up: the sign-in included. The cookie
 * is SameSite=Strict; on top of it, a change (any method but GET and HEAD) must
 *  - carry the store's own Origin: browsers send it on every POST, PUT and DELETE, same-origin fetches included, so
 *    a change without one came from no page of the store;
 *  - be JSON (the stone import: the type its route names), bodiless or not. A page of another site can send a
 *    text/plain, form or bodiless request without asking first; a JSON one needs a CORS preflight the store never
 *    answers, so it is never sent.
 */
export function requireOwnPage(request: FastifyRequest): void {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  const origin = request.headers.origin;
  if (origin === undefined || origin !== `${request.protocol}://${request.host}`) throw new ForbiddenError(ADMIN_MESSAGES.crossSite);
  const expected = (request.routeOptions.config as AdminRouteConfig).bodyType ?? 'application/json';
  const type = request.headers['content-type']?.split(';')[0]!.trim().toLowerCase();
  if (type !== expected) {
    throw new HttpError(415, expected === 'application/json' ? ADMIN_MESSAGES.notJson : `Send the file as ${expected}.`);
  }
}
