import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The client's address as the request arrived (through a trusted proxy's X-Forwarded-For, as `request.ip`).
     * Fastify's `request.ip` reads the socket each time it is asked, and a socket the client has since closed has
     * no address: a handler that outlived its client would record none.
     */
    clientAddress: string;
  }
}

/** Keeps each request's client address from its first moment, for the rate limits, sessions and the audit log. */
export function registerClientAddress(app: FastifyInstance<any, any, any, any, any>): void {
  app.decorateRequest('clientAddress', '');
  app.addHook('onRequest', async (request) => {
    request.clientAddress = request.ip ?? 'unknown';
  });
}
