import type { FastifyInstance } from 'fastify';

/**
 * /healthz: the process answers. /readyz: it can also reach its database and its search has loaded the stones (for
 * load balancers: an instance that is still reading a million stones into memory answers 503 for its first seconds,
 * so shoppers are sent to one that is ready).
 */
export function healthRoutes(reachDatabase: () => Promise<void>, search: () => 'memory' | 'loading' | 'database' = () => 'database') {
  return async function (app: FastifyInstance) {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      try {
        await reachDatabase();
        const state = search();
        if (state === 'loading') return reply.status(503).send({ status: 'starting', search: state, message: 'The search is loading the stones.' });
        return { status: 'ready', search: state };
      } catch (err) {
        request.log.warn({ err }, 'database unreachable');
        return reply.status(503).send({ status: 'unavailable', message: 'The database cannot be reached.' });
      }
    });
  };
}
