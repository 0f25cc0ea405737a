/**
 * A drawing served as a picture file (`/art/pieces/…`, `/art/rings/…`): SVG markup drawn on the server, cached a day
 * (a piece's design changes only with an import; a day's cache spares every scroll of a listing), and sandboxed so
 * the file can run nothing.
 */
export function svgFile(markup: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${markup}`, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
