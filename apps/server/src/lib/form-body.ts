import type { FastifyInstance } from 'fastify';

/**
 * Reads `application/x-www-form-urlencoded` bodies as a flat object, in the scope (plugin) it is called in only:
 * the rest of the store takes JSON. For the few posts that come from plain HTML forms or mail programs (the wallet
 * simulator's page, RFC 8058 one-click unsubscribe).
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
  });
}
