/**
 * The search's in-memory engine as the rest of the server sees it: a worker thread holding the stones on sale
 * (worker.ts), filled from the database at start and kept current from the inventory's change feed
 * (docs/decisions/016-search-in-memory.md).
 *
 * Freshness: before answering, a search asks the feed for its last place (one indexed read); when the database has
 * moved on, the changed stones are read and sent to the worker first, so a search never shows a stone an order has
 * taken, on any instance. A timer does the same while no one searches, so changes are applied a few at a time.
 */
import { Worker } from 'node:worker_threads';
import type { Engine } from '../../../db/database.ts';
import type { DiamondRow } from '../../../db/schema.ts';
import type { EngineReply, EngineRequest } from './protocol.ts';
import type { Lookups } from '../repository.ts';
import type { EnginePage, EngineResult, EngineSearch } from './search.ts';
import type { FacetCounts, FacetSet } from './facets.ts';
import type { Similar } from './value.ts';
import type { Condition } from '../filter.ts';
import { chunkBuffers, toChunk, type StoneChunk } from './stones.ts';

/** Stones read from the database at a time while loading. */
const LOAD_PAGE = 20_000;
/** Changes read at a time; more than this many at once (an import of a whole feed) are read page by page. */
const CHANGES_PAGE = 50_000;

export interface SearchEngineSource {
  /** Stones on sale with an id above `afterId`, in id order, at most `limit`. */
  availableAfter(afterId: number, limit: number): Promise<DiamondRow[]>;
  /**
   * An SQLite file the search's thread may read itself at load (a page of stones on sale after an id, in id order,
   * as arrays); absent for PostgreSQL or a database in memory, read through `availableAfter`.
   */
  sqlite?: { file: string; sql: string };
  /** How many stones are on sale (to size the columns once). */
  countAvailable(): Promise<number>;
  /** The stones of these ids, whatever their status; unknown ids are left out. */
  byIds(ids: readonly number[]): Promise<DiamondRow[]>;
  /** The change feed's last place. */
  latestChange(): Promise<number>;
  changesSince(after: number, limit: number): Promise<{ changes: Array<{ seq: number; diamondId: number | null }>; complete: boolean }>;
}

export interface SearchEngineOptions {
  engine: Engine;
  source: SearchEngineSource;
  /** How often the feed is read while no search asks (ms). */
  refreshMs: number;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export type SimilarStones = Omit<Similar, 'rows'> & { rows: DiamondRow[] };

export interface EngineValueChart {
  total: number;
  points: Array<{ stone: DiamondRow; ratio: number | null; best: boolean }>;
}

export type SearchEngineState = 'loading' | 'ready' | 'failed' | 'closed';

export interface SearchEngine {
  readonly state: SearchEngineState;
  /** The feed's place the stones in memory reflect: a cache of results keyed by it is never stale. */
  readonly version: number;
  /** Resolves when the first load is done (or failed: `state` says). */
  readonly started: Promise<void>;
  /**
   * Runs a search on the stones in memory; only while `state` is ready. `refresh` first to see every change committed
   * before. Resolves with the feed's place it answered at.
   */
  search(search: EngineSearch): Promise<EngineResult & { version: number }>;
  /** As `search`, with the page's records already as the API's JSON (written in the search's thread). */
  searchPage(search: EngineSearch, lookups: () => Promise<Lookups>): Promise<EnginePage & { version: number }>;
  /** The counts of several sets of conditions (facets.ts), as `search` does. */
  facets(sets: FacetSet[]): Promise<FacetCounts & { version: number }>;
  /** The similar stones of each stone on sale among `ids` (value.ts), with the first `list` of them by price. */
  similar(ids: number[], list: number): Promise<{ stones: SimilarStones[]; version: number }>;
  /** The matches of `conditions` as price against carat, sampled to `limit`, with the `best` values marked (value.ts). */
  valueChart(conditions: Condition[], limit: number, best: number): Promise<EngineValueChart & { version: number }>;
  /** Reads the feed now and applies what it finds (tests; searches do it themselves). */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

export function createSearchEngine({ engine, source, refreshMs, log }: SearchEngineOptions): SearchEngine {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), {
    workerData: { nullsFirst: engine === 'sqlite' },
    // The process's flags, less those a thread cannot take: a script given on the command line, the heap's sizes
    // (resourceLimits below set the thread's own).
    execArgv: process.execArgv.filter((flag) => !/^--(input-type|max-semi-space-size|max-old-space-size)/.test(flag)),
    // The stones live in typed arrays outside the heap; a small heap keeps the certificate numbers' strings and the
    // garbage of loading collected promptly.
    resourceLimits: { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 16 },
  });
  worker.unref();
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let state: SearchEngineState = 'loading';
  let lookupsSent: Promise<unknown> | undefined;
  let cursor = 0;

  const fail = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('message', (replies: EngineReply[]) => {
    for (const reply of replies) {
      const p = pending.get(reply.id);
      if (!p) continue;
      pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.value);
      else p.reject(new Error(`search engine: ${reply.error}`));
    }
  });
  worker.on('error', (err) => {
    if (state !== 'closed') {
      state = 'failed';
      log.error({ err }, 'the in-memory search stopped; searches read the database');
    }
    fail(err);
  });
  worker.on('exit', () => fail(new Error('the search engine thread has exited')));

  // Requests made in one turn of the event loop travel together: under load one message carries many searches
  // (a message between threads costs a wakeup, more than a search's own conditions cost to copy).
  let outbox: EngineRequest[] = [];
  let outboxTransfer: ArrayBuffer[] = [];
  const flush = () => {
    const batch = outbox;
    const transfer = outboxTransfer;
    outbox = [];
    outboxTransfer = [];
    worker.postMessage(batch, transfer);
  };
  function ask<T>(request: DistributiveOmit<EngineRequest, 'id'>, transfer: ArrayBuffer[] = []): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (outbox.length === 0) setImmediate(flush);
      outbox.push({ ...request, id } as EngineRequest);
      outboxTransfer.push(...transfer);
    });
  }

  const chunkOf = (rows: DiamondRow[]): StoneChunk => toChunk(rows);

  /** Reads every stone on sale into the worker; `cursor` becomes the feed's place read before it began. */
  async function loadAll(): Promise<void> {
    const started = Date.now();
    // Changes made while the stones are read are applied after: applying one again is harmless.
    const from = await source.latestChange();
    const expected = await source.countAvailable();
    if (source.sqlite) {
      const { live } = await ask<{ live: number }>({ kind: 'load-sqlite', file: source.sqlite.file, sql: source.sqlite.sql, expected });
      cursor = from;
      log.info({ stones: live, ms: Date.now() - started }, 'in-memory search loaded');
      return;
    }
    await ask({ kind: 'begin', expected });
    let after = 0;
    const appended: Array<Promise<unknown>> = [];
    for (;;) {
      const rows = await source.availableAfter(after, LOAD_PAGE);
      if (rows.length === 0) break;
      const chunk = chunkOf(rows);
      // Not awaited: the worker takes this page while the next one is read.
      appended.push(ask({ kind: 'append', chunk }, chunkBuffers(chunk)));
      after = Number(rows[rows.length - 1]!.id);
      // Lets requests in between pages: the database read is the main thread's share of the load.
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(appended);
    const { live } = await ask<{ live: number }>({ kind: 'finish' });
    cursor = from;
    log.info({ stones: live, ms: Date.now() - started }, 'in-memory search loaded');
  }

  /** Applies the feed's changes after `cursor`; a "reread everything" (or a feed that dropped ours) reloads. */
  async function catchUp(): Promise<void> {
    const latest = await source.latestChange();
    while (latest > cursor) {
      const { changes, complete } = await source.changesSince(cursor, CHANGES_PAGE);
      if (changes.length === 0) break;
      if (!complete || changes.some((c) => c.diamondId === null)) {
        // Searches read the database while the stones are read again; a reread that fails leaves them there.
        state = 'loading';
        try {
          await loadAll();
          state = 'ready';
        } catch (err) {
          state = 'failed';
          log.error({ err }, 'the in-memory search could not reread the stones; searches read the database');
        }
        return;
      }
      const ids = [...new Set(changes.map((c) => c.diamondId!))];
      const rows: DiamondRow[] = [];
      for (let k = 0; k < ids.length; k += 2_000) rows.push(...(await source.byIds(ids.slice(k, k + 2_000))));
      const onSale = rows.filter((r) => r.status === 'available');
      const kept = new Set(onSale.map((r) => Number(r.id)));
      const chunk = chunkOf(onSale);
      await ask({ kind: 'apply', chunk, gone: ids.filter((id) => !kept.has(id)) }, chunkBuffers(chunk));
      cursor = changes[changes.length - 1]!.seq;
    }
  }

  // One read of the feed at a time. A caller arriving while one runs waits for the next, which begins after it
  // arrived: a change committed before a search was asked is always in its answer.
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  function refresh(): Promise<void> {
    if (state === 'closed' || state === 'failed') return Promise.resolve();
    if (!running) {
      running = catchUp().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return refresh();
      });
    return queued;
  }

  const started = loadAll().then(
    () => {
      if (state === 'loading') state = 'ready';
    },
    (err: unknown) => {
      if (state !== 'closed') {
        state = 'failed';
        log.error({ err }, 'the in-memory search could not load; searches read the database');
      }
    },
  );
  const timer = setInterval(() => {
    if (state === 'ready') refresh().catch((err: unknown) => log.error({ err }, 'reading the stones change feed failed'));
  }, refreshMs);
  timer.unref();

  return {
    get state() {
      return state;
    },
    get version() {
      return cursor;
    },
    started,
    async search(search) {
      if (state !== 'ready') throw new Error(`the in-memory search is ${state}`);
      const version = cursor;
      const result = await ask<EngineResult>({ kind: 'search', search });
      return { ...result, version };
    },
    async searchPage(search, lookups) {
      if (state !== 'ready') throw new Error(`the in-memory search is ${state}`);
      lookupsSent ??= lookups().then((value) => ask({ kind: 'lookups', lookups: value }));
      await lookupsSent;
      const version = cursor;
      const page = await ask<EnginePage>({ kind: 'page', search });
      return { ...page, version };
    },
    async facets(sets) {
      if (state !== 'ready') throw new Error(`the in-memory search is ${state}`);
      const version = cursor;
      return { ...(await ask<FacetCounts>({ kind: 'facets', sets })), version };
    },
    async similar(ids, list) {
      if (state !== 'ready') throw new Error(`the in-memory search is ${state}`);
      const version = cursor;
      return { stones: await ask<SimilarStones[]>({ kind: 'similar', ids, list }), version };
    },
    async valueChart(conditions, limit, best) {
      if (state !== 'ready') throw new Error(`the in-memory search is ${state}`);
      const version = cursor;
      return { ...(await ask<EngineValueChart>({ kind: 'value-chart', conditions, limit, best })), version };
    },
    refresh,
    async close() {
      state = 'closed';
      clearInterval(timer);
      await worker.terminate();
    },
  };
}

type DistributiveOmit<T, K extends keyof never> = T extends unknown ? Omit<T, K> : never;
