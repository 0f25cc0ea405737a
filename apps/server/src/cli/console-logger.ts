import type { FastifyBaseLogger } from 'fastify';

/** Warnings and errors of the mail dispatcher on stderr; its routine notes are left out. */
export function consoleLogger(): FastifyBaseLogger {
  const say = (level: string) => (obj: unknown, msg?: string) =>
    console.error(`${level}: ${typeof obj === 'string' ? obj : (msg ?? '')}${typeof obj === 'object' && obj ? ` ${JSON.stringify(obj)}` : ''}`);
  const quiet = () => {};
  const log = { level: 'warn', fatal: say('error'), error: say('error'), warn: say('warning'), info: quiet, debug: quiet, trace: quiet, silent: quiet, child: () => log };
  return log as unknown as FastifyBaseLogger;
}
