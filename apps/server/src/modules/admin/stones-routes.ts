import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_STONE_STATUSES,
  IMPORT_ERRORS_SHOWN,
  IMPORT_MAX_BYTES,
  adminStoneEditRequestSchema,
  adminStoneEditResponseSchema,
  adminStoneSchema,
  diamondListResponseSchema,
  errorResponseSchema,
  parseDiamondSearch,
  summarizeSearchErrors,
  validationErrorSchema,
  type AdminStone,
  type DiamondStatus,
  type ImportEvent,
} from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { BadRequestError, HttpError } from '../../errors.ts';
import type { CustomerDirectory } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { DiamondService } from '../diamonds/index.ts';
import { ImportHeaderError, importCsvStream, type HoldService, type ImportSummary, type StoneDesk } from '../inventory/index.ts';
import type { OrderDesk } from '../orders/index.ts';
import { actorOf } from './actor.ts';
import type { AdminRouteConfig } from './routes.ts';

type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;

export interface StoneRouteDeps {
  /** Handed to the inventory's import, which opens it as its own tables: the back office runs no query with it. */
  db: { db: Handle; engine: Engine };
  diamonds: DiamondService;
  stones: StoneDesk;
  holds: HoldService;
  desk: OrderDesk;
  customers: CustomerDirectory;
  audit: AuditLog;
}

const staffOnly = { 401: errorResponseSchema, 403: errorResponseSchema };
const ONE_STONE = z.object({ id: z.coerce.number({ error: 'The id must be a whole number.' }).int().positive('The id must be a positive whole number.').max(2_147_483_647) });
const statusOf = (raw: unknown): DiamondStatus | null => {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '' || value === 'all') return value === 'all' ? null : 'available';
  if (!(ADMIN_STONE_STATUSES as readonly unknown[]).includes(value)) {
    throw new BadRequestError(`status: must be one of ${ADMIN_STONE_STATUSES.join(', ')}`, { status: [`The status must be one of ${ADMIN_STONE_STATUSES.join(', ')}.`] });
  }
  return value as DiamondStatus;
};

/** Sends one JSON line of a streamed answer, waiting when the client reads slower than the store writes. */
async function writeLine(reply: FastifyReply, event: ImportEvent | Record<string, unknown>): Promise<void> {
  if (!reply.raw.write(`${JSON.stringify(event)}\n`)) await new Promise((resolve) => reply.raw.once('drain', resolve));
}

/**
 * The back office's stones: the storefront's search over every status, one stone with who holds it and its history,
 * edits (price, featured, hidden), the inventory as a supplier file, and a supplier file imported with its progress
 * and every row's problems. Registered inside the admin scope: its hook has checked the session and the role.
 */
export function registerStoneRoutes(scope: App, deps: StoneRouteDeps): void {
  const { diamonds, stones, audit } = deps;

  async function stoneView(id: number): Promise<AdminStone> {
    const stone = await diamonds.getDiamond(id);
    const [order, hold, history] = await Promise.all([deps.desk.holdingStone(id), deps.holds.holderOf(id), audit.of('stone', String(id))]);
    const holder = hold ? await deps.customers.find(hold.userId).catch(() => null) : null;
    return {
      stone,
      order,
      builder_hold: hold ? { email: holder?.email ?? 'an account since removed', name: holder?.name ?? '', since: hold.createdAt, until: hold.expiresAt } : null,
      history,
    };
  }

  // A supplier file streams in: the route reads it as it arrives instead of holding it whole.
  scope.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

  scope.get(
    '/admin/stones',
    {
      schema: {
        tags: ['back office'],
        summary: 'Stones: the storefront’s search parameters over one status (status=available|reserved|sold|hidden|all)',
        response: { 200: diamondListResponseSchema, 400: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const status = statusOf(query.status);
      const parsed = parseDiamondSearch(query);
      if (!parsed.ok) throw new BadRequestError(summarizeSearchErrors(parsed.errors), parsed.errors);
      return diamonds.searchForStaff(parsed.value, status);
    },
  );

  scope.get(
    '/admin/stones/export.csv',
    { schema: { tags: ['back office'], summary: 'The whole inventory as a supplier file (CSV, the import’s columns); the export is on the audit log' } },
    async (request, reply) => {
      await audit.recordNow(actorOf(request), { action: 'stone.export', subject: { type: 'inventory', id: 'all' } });
      reply.hijack();
      const day = new Date().toISOString().slice(0, 10);
      reply.raw.writeHead(200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="everstone-inventory-${day}.csv"`,
        'cache-control': 'no-store',
      });
      try {
        for await (const chunk of stones.exportCsv()) {
          if (!reply.raw.write(chunk)) await new Promise((resolve) => reply.raw.once('drain', resolve));
          if (reply.raw.destroyed) return;
        }
        reply.raw.end();
      } catch (err) {
        request.log.error({ err }, 'the inventory export failed');
        reply.raw.destroy(err as Error);
      }
    },
  );

  scope.get(
    '/admin/stones/:id',
    { schema: { tags: ['back office'], summary: 'One stone with who holds it and its history', params: ONE_STONE, response: { 200: adminStoneSchema, 404: errorResponseSchema, ...staffOnly } } },
    async (request) => stoneView(request.params.id),
  );

  scope.put(
    '/admin/stones/:id',
    {
      schema: {
        tags: ['back office'],
        summary: 'Change a stone’s price, featured-deal flag or hidden state; 409 when an order owns it',
        params: ONE_STONE,
        body: adminStoneEditRequestSchema,
        response: { 200: adminStoneEditResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema, ...staffOnly },
      },
    },
    async (request) => {
      const { price, featured, hidden } = request.body;
      await stones.edit(request.params.id, { price_cents: price, featured, hidden }, (trx, stone, change) =>
        audit.record(trx, actorOf(request), { action: 'stone.edit', subject: { type: 'stone', id: String(stone.id) }, before: change.before, after: change.after }),
      );
      const view = await stoneView(request.params.id);
      return { ...view, message: `Diamond ${view.stone.certificate_number} is saved.` };
    },
  );

  scope.post(
    '/admin/stones/import',
    {
      // The cap is checked here against what is read: a declared length over it is refused before a byte is.
      bodyLimit: IMPORT_MAX_BYTES,
      // The one change of the back office that is not JSON, the supplier's file: any other type is a 415 (own-page.ts).
      config: { bodyType: 'text/csv' } satisfies AdminRouteConfig,
      schema: {
        tags: ['back office'],
        summary: 'Import a supplier file (text/csv): answers JSON lines of progress, then the outcome with every row’s problems',
        description: `At most ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Lines: {"type":"progress",bytes,total,rows}…, then {"type":"done",rows,inserted,updated,errors_total,errors} (at most ${IMPORT_ERRORS_SHOWN} rows' problems) or {"type":"failed",message}.`,
      },
    },
    async (request, reply) => {
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > IMPORT_MAX_BYTES) throw new HttpError(413, `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into parts and import each.`);
      const body = request.body as AsyncIterable<Buffer>;
      let read = 0;
      async function* capped() {
        for await (const chunk of body) {
          read += chunk.length;
          if (read > IMPORT_MAX_BYTES) throw new HttpError(413, `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into parts and import each.`);
          yield chunk;
        }
      }
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      const actor = actorOf(request);
      // The batches written so far: what an import that stops later (the client hung up, the file broke off) leaves.
      let written = null as Readonly<ImportSummary> | null;
      const summaryEntry = (after: Record<string, unknown>) => ({ action: 'stone.import' as const, subject: { type: 'inventory', id: 'import' }, after });
      let lastSent = 0;
      let pending: Promise<void> = Promise.resolve();
      try {
        const summary = await importCsvStream(deps.db, capped(), {
          totalBytes: declared,
          // Each stone the import adds or changes is an entry of its own, in its batch's transaction.
          record: (trx, entries) => audit.recordMany(trx, actor, entries),
          onBatch(sofar) {
            written = sofar;
          },
          onProgress(bytes, total, rows) {
            // A line every quarter second at most: enough for a bar, not a flood.
            const at = Date.now();
            if (at - lastSent < 250) return;
            lastSent = at;
            pending = pending.then(() => writeLine(reply, { type: 'progress', bytes, total, rows }));
          },
        });
        await pending;
        await audit.recordNow(actor, summaryEntry({ rows: summary.rows, inserted: summary.inserted, updated: summary.updated, errors: summary.errors.length, bytes: read }));
        await writeLine(reply, {
          type: 'done',
          rows: summary.rows,
          inserted: summary.inserted,
          updated: summary.updated,
          errors_total: summary.errors.length,
          errors: summary.errors.slice(0, IMPORT_ERRORS_SHOWN),
        });
      } catch (err) {
        await pending.catch(() => {});
        const message =
          err instanceof ImportHeaderError || err instanceof HttpError
            ? err.message
            : 'The import stopped: the store could not finish reading the file. The rows before the problem are saved; import the file again to finish.';
        if (!(err instanceof ImportHeaderError || err instanceof HttpError)) request.log.error({ err }, 'an inventory import failed');
        if (written) {
          await audit
            .recordNow(actor, summaryEntry({ stopped: true, inserted: written.inserted, updated: written.updated, errors: written.errors.length, bytes: read }))
            .catch((failure: unknown) => request.log.error({ err: failure }, 'the stopped import’s summary was not logged'));
        }
        await writeLine(reply, { type: 'failed', message }).catch(() => {});
      }
      reply.raw.end();
    },
  );
}
