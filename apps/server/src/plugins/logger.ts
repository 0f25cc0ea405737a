import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** A writable the logger can write JSON lines to (tests capture the log this way). */
export interface LogStream {
  write(line: string): void;
}

/** Body and object fields that hold secrets or account data: redacted wherever a log line carries them. */
const SECRET_FIELDS = [
  'password',
  'password_confirmation',
  'current_password',
  'password_hash',
  'token',
  'token_hash',
  'email',
  'authorization',
];

/**
 * Pino redaction paths. Fastify's request serializer logs no headers and no body, but anything a module logs
 * by hand goes through these: headers carrying credentials, and the secret fields at the top level or nested
 * up to two objects deep (`{ body: { password } }`, `{ user: { email } }`).
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-rate-limit-exempt"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** Query parameters whose values are secrets or account data (the reset link's email, any token). */
const SECRET_QUERY_KEYS = new Set(['email', 'token', 'password', 'password_confirmation', 'code']);

const ADDRESS = /[^\s<>"'@/?&=()[\]{},;:]+@[^\s<>"'@/?&=()[\]{},;:]+/g;

/** Email addresses inside free text (error messages from drivers quote them) become [address]. */
export function scrubText(text: string): string {
  return text.replace(ADDRESS, '[address]');
}

/**
 * A request URL fit for the log: the token of a reset or verification link (/reset-password/{token},
 * /verify-email/{token}), of a document link (/api/documents/{token}: it opens the document without signing in)
 * or of a return label's link (/api/returns/labels/{token}), and secret query values (?email=…, ?token=…) are
 * replaced; the rest of the path stays, so the log still says what was asked for.
 */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(/^(\/(?:reset-password|verify-email|api\/documents|api\/returns\/labels)\/)[^/]+/i, '$1[redacted]');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq === -1 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the key as written.
      }
      return SECRET_QUERY_KEYS.has(key.toLowerCase().replace(/\[\]$/, '')) ? `${rawKey}=[redacted]` : scrubText(pair);
    })
    .join('&');
  return `${path}?${query}`;
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: scrubUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Errors keep their type, code and stack, but nothing a driver attached (pg's `detail` quotes the row:
 * "Key (email)=(ann@example.com) already exists"), and addresses in the message are replaced.
 */
function serializeError(err: unknown) {
  if (!(err instanceof Error)) return err;
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: e.name,
    message: scrubText(e.message),
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    stack: e.stack ? scrubText(e.stack) : undefined,
  };
}

/** The one logger configuration: JSON lines, credentials and account data redacted (docs/configuration.md). */
export function createLoggerOptions(config: Pick<Config, 'LOG_LEVEL'>, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest as never, err: serializeError as never },
    ...(stream ? { stream } : {}),
  };
}
