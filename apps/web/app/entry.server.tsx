import { PassThrough, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { appContext } from './lib/app-context';

// The hosting server reads the context key from here, so both sides use the same object.
export { appContext };

export const streamTimeout = 5_000;

/**
 * The page, compressed when the browser accepts it (a search page's HTML carries its first results: ~90 KB,
 * ~12 KB compressed). React calls `flush()` on a destination that has one after each batch it writes,
 * so a compressing stream still sends the shell and each streamed part at once. Brotli at a low quality
 * costs about what gzip does for a better ratio; the static assets are compressed harder at build time.
 */
function compressor(acceptEncoding: string | null): { encoding: string; stream: Transform } | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*/))
      .filter(([, ...params]) => !params.some((p) => /^q=0(\.0*)?$/.test(p)))
      .map(([name]) => name),
  );
  if (accepted.has('br')) {
    return { encoding: 'br', stream: createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (accepted.has('gzip')) return { encoding: 'gzip', stream: createGzip({ level: 6 }) };
  return null;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(appContext).nonce || undefined;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const compressed = compressor(request.headers.get('accept-encoding'));
          const body = compressed?.stream ?? new PassThrough();
          body.once('finish', () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          responseHeaders.append('Vary', 'Accept-Encoding');
          if (compressed) responseHeaders.set('Content-Encoding', compressed.encoding);
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
