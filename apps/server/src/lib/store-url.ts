import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { hostNameOf, isLoopbackHost } from './loopback.ts';

/**
 * The store's own address for a request, for addresses a third party sends the shopper to (PayPal's return and
 * cancel URLs, the simulator's approval page). PUBLIC_URL when set. Without it (development, a demo), the request's
 * own origin only when it names this machine (localhost, 127.0.0.1, [::1]), so `npm start` works at either
 * spelling; any other Host header is a stranger's choice (an open redirect through the approval page) and gets
 * http://localhost:PORT instead.
 */
export function storeUrlOf(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): (request: FastifyRequest) => string {
  const fallback = `http://localhost:${config.PORT}`;
  if (config.PUBLIC_URL) {
    const fixed = config.PUBLIC_URL.replace(/\/+$/, '');
    return () => fixed;
  }
  return (request) => {
    const ours = isLoopbackHost(hostNameOf(request.host)) && /^[a-z0-9.[\]:-]+$/i.test(request.host);
    return ours ? `${request.protocol}://${request.host.toLowerCase()}` : fallback;
  };
}
