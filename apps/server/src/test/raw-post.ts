import { request as httpRequest } from 'node:http';

/**
 * A POST over a real socket, as a script would send it: the headers, then `body` (already chunk-framed when the
 * request is chunked), and nothing more, as an upload still under way. Resolves with the answer the server gives
 * without waiting for the rest.
 */
export function postRaw(target: { host: string; port: number; path: string }, headers: Record<string, string>, body: Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: target.host, port: target.port, path: target.path, method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.flushHeaders();
    if (body.length > 0) req.write(body);
  });
}

/** `bytes` of body framed as HTTP/1.1 chunks of at most 16 KB. */
export function chunked(bytes: number): Buffer {
  const parts: Buffer[] = [];
  for (let left = bytes; left > 0; left -= 16 * 1024) {
    const size = Math.min(left, 16 * 1024);
    parts.push(Buffer.from(`${size.toString(16)}\r\n`), Buffer.alloc(size, 'a'), Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}
