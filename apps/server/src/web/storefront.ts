import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { RouterContextProvider, createRequestHandler, type ServerBuild } from 'react-router';
import { storeClosures } from '@everstone/contract';
import type { Config } from '../config.ts';
import { BODY_LIMIT_BYTES } from '../plugins/body-limit.ts';

/** The storefront as `npm run dev` serves it: Vite renders the sources on each request, with hot reload. */
export interface DevStorefront {
  /** Vite's connect middleware stack (assets, HMR client, transformed modules). */
  middlewares: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
  ssrLoadModule(url: string): Promise<Record<string, unknown>>;
  /** Stops Vite's watcher and HMR socket; called when the server closes. */
  close(): Promise<void>;
}

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
  const apiFor = (clientIp: string) => async (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      remoteAddress: clientIp,
      headers: { accept: 'application/json', ...init.headers },
      ...(init.body === undefined ? {} : { payload: init.body as string }),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
    const noBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(noBody ? null : res.body, { status: res.statusCode, headers });
  };

  const mode = config.NODE_ENV === 'production' ? 'production' : 'development';
  let handle: { build: ServerBuild; run: ReturnType<typeof createRequestHandler> } | null = null;
  /** Renders a page or runs its action: React Router's handler, with the page's nonce and the shopper's API. */
  async function render(request: FastifyRequest, nonce: string, signal: AbortSignal): Promise<Response> {
    const build = await loadBuild();
    // One handler per build: in development a changed source is a new build object.
    if (handle?.build !== build) handle = { build, run: createRequestHandler(build, mode) };
    const context = new RouterContextProvider();
    context.set(
      contextKey(build) as never,
      { nonce, api: apiFor(request.clientAddress), publicUrl: config.PUBLIC_URL ?? null, closedDays: storeClosures() } as never,
    );
    return handle.run(toWebRequest(request, signal), context);
  }

  // Page routes take the bodies their actions read, HTML forms (application/x-www-form-urlencoded; no page uploads
  // files), up to the store's one cap (plugins/body-limit.ts): Fastify reads the body, refuses it with a 413 past the
  // cap, and hands it to the page's action as a finished buffer. Any other type is a 415 before a byte is read.
  // Nothing below reads from the socket itself.
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) =>
      done(null, body),
    );

    pages.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      async handler(request, reply) {
        const nonce = randomBytes(16).toString('base64url');
        const aborted = new AbortController();
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) aborted.abort();
        });
        if (!dev) {
          reply.header('content-security-policy', pageCsp(nonce));
          try {
            return reply.send(await render(request, nonce, aborted.signal));
          } catch (err) {
            if (err instanceof BadPageRequestError) return reply.status(400).type('text/plain; charset=utf-8').send(err.message);
            throw err;
          }
        }
        // Development: Vite answers its own paths (modules, the HMR client, assets) and passes the rest on.
        // Its injected scripts carry no nonce, so development pages go without the CSP.
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) reply.raw.setHeader(name, value as string);
        }
        reply.hijack();
        dev.middlewares(request.raw, reply.raw, (err) => {
          if (err) {
            reply.raw.statusCode = 500;
            reply.raw.end(String(err));
            return;
          }
          render(request, nonce, aborted.signal).then(
            (response) => writeResponse(reply.raw, response),
            (error: unknown) => {
              reply.raw.statusCode = error instanceof BadPageRequestError ? 400 : 500;
              reply.raw.end(error instanceof Error ? error.message : String(error));
            },
          );
        });
      },
    });
  });
}

/** A request whose address cannot be a URL (a malformed Host): answered 400, never passed on. */
class BadPageRequestError extends Error {}

/**
 * The web Request React Router reads: the address as the shopper's browser used it (scheme and host through
 * trusted proxies, as TRUST_PROXY says), the headers, and the body Fastify has already read within the cap.
 */
function toWebRequest(request: FastifyRequest, signal: AbortSignal): Request {
  let url: URL;
  try {
    // Joined, not resolved: a path such as //elsewhere.example must stay a path on this host.
    url = new URL(`${request.protocol}://${request.host}${request.url}`);
  } catch {
    throw new BadPageRequestError('Bad Request: the Host header does not name a host.');
  }
  // React Router refuses an action whose Origin is not a URL too, but logs a stack trace for each: answered here.
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== 'null' && URL.parse(origin) === null) {
    throw new BadPageRequestError('Bad Request: the Origin header is not a URL.');
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  const method = request.method.toUpperCase();
  const body = method === 'GET' || method === 'HEAD' || !Buffer.isBuffer(request.body) ? undefined : new Uint8Array(request.body);
  return new Request(url, { method, headers, body, signal });
}

/** Writes a web Response to a raw Node response (development's hijacked path). */
async function writeResponse(raw: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) {
    const existing = headers[name];
    headers[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  raw.writeHead(response.status, headers);
  if (!response.body || raw.req.method === 'HEAD') {
    raw.end();
    return;
  }
  Readable.fromWeb(response.body as NodeReadableStream).pipe(raw);
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
