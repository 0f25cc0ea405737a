import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';

/** /healthz: the process answers. /readyz: it can also reach its database (for load balancers). */
export function healthRoutes(d: Db) {
  return async function (app: FastifyInstance) {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
      try {
        await sql`select 1`.execute(d.db);
        return { status: 'ready' };
      } catch (err) {
        request.log.warn({ err }, 'database unreachable');
        return reply.status(503).send({ status: 'unavailable', message: 'The database cannot be reached.' });
      }
    });
  };
}
