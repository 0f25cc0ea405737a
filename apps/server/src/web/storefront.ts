import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@react-router/node';
import { RouterContextProvider, type ServerBuild } from 'react-router';
import type { Config } from '../config.ts';

/** The storefront as `npm run dev` serves it: Vite renders the sources on each request, with hot reload. */
export interface DevStorefront {
  /** Vite's connect middleware stack (assets, HMR client, transformed modules). */
  middlewares: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
  ssrLoadModule(url: string): Promise<Record<string, unknown>>;
  /** Stops Vite's watcher and HMR socket; called when the server closes. */
  close(): Promise<void>;
}

/** Carries the shopper's address (request.ip, proxies considered) from the page request to its loaders. */
const CLIENT_IP_HEADER = 'x-everstone-client-ip';

export interface StorefrontOptions {
  /** A production build (apps/web/build), or Vite in middleware mode for development. */
  source: { buildDir: string } | { vite: DevStorefront };
  config: Config;
}

/**
 * Serves the React Router storefront from the same process and port as the API: hashed assets with
 * immutable caching, other public files briefly cached, both precompressed; every other request rendered
 * on the server (entry.server compresses the page).
 */
export async function registerStorefront(app: FastifyInstance, { source, config }: StorefrontOptions) {
  const dev = 'vite' in source ? source.vite : null;
  let loadBuild: () => Promise<ServerBuild>;
  if (dev) {
    app.addHook('onClose', async () => dev.close());
    // Loaded on every request so edits show at once; Vite caches the modules between edits.
    loadBuild = async () => (await dev.ssrLoadModule('virtual:react-router/server-build')) as unknown as ServerBuild;
  } else {
    const { buildDir } = source as { buildDir: string };
    const serverEntry = join(buildDir, 'server', 'index.js');
    if (!existsSync(serverEntry)) {
      throw new Error(`The storefront is not built (${serverEntry} is missing): run 'npm run build'.`);
    }
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    loadBuild = async () => build;
    await app.register(fastifyStatic, {
      root: join(buildDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each text asset (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders(reply, path) {
        // @fastify/static 10 hands over the Fastify reply here, not the raw response.
        (reply as unknown as { header(name: string, value: string): void }).header(
          'cache-control',
          path.includes(`${join('client', 'assets')}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  // The context key lives in the bundle (entry.server exports it) so loaders and the server share one object.
  const contextKey = (build: ServerBuild) => {
    const key = (build.entry.module as unknown as Record<string, unknown>).appContext;
    if (!key) throw new Error('The storefront build does not export appContext from entry.server.');
    return key;
  };
  contextKey(await loadBuild());

  // Loaders and actions call the API in-process on behalf of one shopper: the call carries the shopper's address,
  // so per-client rate limits count that shopper, not every page render as one client (127.0.0.1).
  const apiFor = (clientIp: string | undefined) => async (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      ...(clientIp ? { remoteAddress: clientIp } : {}),
      headers: { accept: 'application/json', ...init.headers },
      ...(init.body === undefined ? {} : { payload: init.body as string }),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
    const noBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(noBody ? null : res.body, { status: res.statusCode, headers });
  };

  const handler = createRequestListener({
    build: loadBuild,
    mode: config.NODE_ENV === 'production' ? 'production' : 'development',
    getLoadContext: async (request) => {
      const context = new RouterContextProvider();
      const nonce = request.headers.get('x-csp-nonce') ?? '';
      const api = apiFor(request.headers.get(CLIENT_IP_HEADER) ?? undefined);
      context.set(contextKey(await loadBuild()) as never, { nonce, api, publicUrl: config.PUBLIC_URL ?? null } as never);
      return context;
    },
  });

  // A page's form posted before its scripts ran goes to the page's action, which reads the body itself:
  // Fastify must leave form bodies unread. (The API takes JSON only, so it loses nothing.)
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], (_request, _payload, done) => {
    done(null, undefined);
  });

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    schema: { hide: true },
    handler(request, reply) {
      // Helmet set its headers on the reply; the raw response must carry them, plus the page's CSP.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value as string);
      }
      const nonce = randomBytes(16).toString('base64url');
      request.raw.headers['x-csp-nonce'] = nonce;
      // Always overwritten, so a shopper cannot choose the address their in-process API calls count against.
      request.raw.headers[CLIENT_IP_HEADER] = request.ip;
      reply.hijack();
      if (!dev) {
        reply.raw.setHeader('content-security-policy', pageCsp(nonce));
        void handler(request.raw, reply.raw);
        return;
      }
      // Development: Vite answers its own paths (modules, the HMR client, assets) and passes the rest on.
      // Its injected scripts carry no nonce, so development pages go without the CSP.
      dev.middlewares(request.raw, reply.raw, (err) => {
        if (err) {
          reply.raw.statusCode = 500;
          reply.raw.end(String(err));
          return;
        }
        void handler(request.raw, reply.raw);
      });
    },
  });
}

/**
 * Scripts run only with the page's nonce (React Router's inline hydration data included). Styles allow
 * inline attributes because the UI primitives position popovers and sliders with style attributes,
 * and a nonce in style-src would silently disable them.
 */
function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}
