import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hostNameOf, isLoopbackAddress, isLoopbackHost } from '../../lib/loopback.ts';
import { html } from './compose.ts';
import { OUTBOX_INDEX, type FileOutboxTransport, type OutboxEntry } from './transport.ts';

const FILE_NAME = /^[0-9TZ]+-[0-9a-f]+\.(eml|txt)$/;

/** The outbox folder's messages, newest first; a torn or foreign line is skipped, not fatal. */
export async function listOutbox(dir: string): Promise<OutboxEntry[]> {
  let raw: string;
  try {
    raw = await readFile(join(resolve(dir), OUTBOX_INDEX), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const entries: OutboxEntry[] = [];
  for (const line of raw.split('\n')) {
    if (!line.trim()) continue;
    try {
      const e = JSON.parse(line) as Partial<OutboxEntry>;
      if (typeof e.file === 'string' && FILE_NAME.test(e.file) && typeof e.date === 'string') {
        entries.push({ file: e.file, date: e.date, to: String(e.to ?? ''), subject: String(e.subject ?? '') });
      }
    } catch {
      // A line cut short by a crash mid-append.
    }
  }
  return entries.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

function renderPage(dir: string, entries: OutboxEntry[]): string {
  const rows = entries.map((e) => {
    const text = e.file.replace(/\.eml$/, '.txt');
    return html`<tr><td>${e.date.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</td><td>${e.to}</td><td><a href="/dev/outbox/${text}">${e.subject || '(no subject)'}</a></td><td><a href="/dev/outbox/${e.file}">raw</a></td></tr>`;
  });
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem;color:#1f1f1f}table{border-collapse:collapse}th,td{text-align:left;padding:.35rem .9rem;border-bottom:1px solid #ddd}</style>
</head><body>
<h1>Outbox</h1>
<p>Mail the store would have sent. SMTP_URL is not set, so messages are written to <code>${dir}</code> instead.</p>
${
  entries.length === 0
    ? html`<p>No messages yet.</p>`
    : html`<table><thead><tr><th>Date</th><th>To</th><th>Subject</th><th>Message</th></tr></thead><tbody>${rows}</tbody></table>`
}
</body></html>
`.value;
}

/**
 * A request typed on this machine: its TCP peer is loopback (the socket's own address, whatever TRUST_PROXY
 * says), no proxy forwarded it (a proxy on the same machine would be a loopback peer too), and it asked for a
 * loopback host name (a site that points its own name at 127.0.0.1 cannot read the page from a browser).
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  const h = request.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) return false;
  return isLoopbackAddress(request.raw.socket.remoteAddress) && isLoopbackHost(hostNameOf(h.host));
}

/**
 * A development page for the file outbox: what a contact form, a newsletter sign-up or a booking sent, without
 * an SMTP server. Password reset links pass through it, so it answers only requests typed on the store's own
 * machine (anything else gets the same 404 as a page that does not exist); the caller registers it only outside
 * production and only when the outbox is in use.
 */
export function devOutboxRoutes(dir: string, transport?: Pick<FileOutboxTransport, 'keptText'>) {
  return async function (app: FastifyInstance) {
    app.addHook('onRequest', async (request, reply) => {
      if (!isFromThisMachine(request)) return reply.status(404).send({ message: `Not found: ${request.url.split('?')[0]}` });
    });
    // The page links to its own files and nothing else; nothing on it needs scripts.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      reply.header('cache-control', 'no-store');
    });

    app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(renderPage(resolve(dir), await listOutbox(dir))),
    );

    app.get<{ Params: { file: string } }>('/dev/outbox/:file', { schema: { hide: true } }, async (request, reply) => {
      const { file } = request.params;
      // Only names the outbox itself writes: nothing else in (or outside) the folder can be read through here.
      if (!FILE_NAME.test(file)) return reply.status(404).send({ message: 'No such message.' });
      const kept = transport?.keptText(file);
      if (kept !== undefined) return reply.type('text/plain; charset=utf-8').send(kept);
      try {
        const body = await readFile(join(resolve(dir), file), 'utf8');
        return reply.type('text/plain; charset=utf-8').send(body);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return reply.status(404).send({ message: 'No such message.' });
        throw err;
      }
    });
  };
}
