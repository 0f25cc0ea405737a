/**
 * The search's own thread: it holds the stones in memory and answers searches, so a search never holds up the
 * thread that serves pages, carts and orders. It reads no database: the main thread sends it the stones and their
 * changes (client.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync } from 'node:sqlite';
import { runFacets } from './facets.ts';
import { runSearch, runSearchPage } from './search.ts';
import type { Lookups } from '../repository.ts';
import { arraysToChunk, StoneStore, type StoneChunk } from './stones.ts';
import { runSimilar, runValueChart, ValueCache } from './value.ts';
import type { EngineRequest, EngineReply } from './protocol.ts';

/**
 * Stones read from the SQLite file at a time. A page of rows as arrays is garbage once copied; pages this small die
 * young, where larger ones were promoted and left the process some 80 MB larger.
 */
const LOAD_PAGE = 10_000;

const port = parentPort;
if (!port) throw new Error('engine/worker.ts runs as a worker thread');

const store = new StoneStore({ nullsFirst: (workerData as { nullsFirst: boolean }).nullsFirst });
/** The names of grades, shapes and labs, for the records of a page (reference data: it changes with a migration). */
let lookups: Lookups | null = null;
const values = new ValueCache();

function handle(request: EngineRequest): unknown {
  switch (request.kind) {
    case 'begin':
      values.clear();
      store.beginLoad(request.expected);
      return null;
    case 'append':
      store.append(request.chunk);
      return null;
    case 'load-sqlite': {
      // The thread reads the file itself, rows as arrays: no object per stone, and nothing for the main thread to do.
      const db = new DatabaseSync(request.file, { readOnly: true });
      try {
        const page = db.prepare(request.sql);
        page.setReturnArrays(true);
        values.clear();
        store.beginLoad(request.expected);
        let after = 0;
        // One chunk for every page: the load leaves no columns behind for the collector.
        let chunk: StoneChunk | undefined;
        for (;;) {
          const rows = page.all(after, LOAD_PAGE) as unknown as unknown[][];
          if (rows.length === 0) break;
          chunk = arraysToChunk(rows, chunk);
          store.append(chunk, rows.length);
          after = Number(rows[rows.length - 1]![0]);
        }
      } finally {
        db.close();
      }
      store.finishLoad();
      return { live: store.live };
    }
    case 'finish':
      store.finishLoad();
      return { live: store.live };
    case 'apply': {
      // The slices the changed stones were in and are now in are counted again when next asked.
      const { chunk, gone } = request;
      values.forgetRows(store, [...gone, ...chunk.id].map((id) => store.rowOf(id)).filter((row) => row >= 0));
      for (let k = 0; k < chunk.id.length; k++) values.forgetStone(chunk.bytes.type[k]!, chunk.bytes.shape_id[k]!, chunk.floats.carat[k]!);
      store.apply(chunk, gone);
      return { live: store.live };
    }
    case 'search':
      return runSearch(store, request.search);
    case 'lookups':
      lookups = request.lookups;
      return null;
    case 'facets':
      return runFacets(store, request.sets);
    case 'similar':
      return runSimilar(store, values, request.ids, request.list).map(({ rows, ...similar }) => ({ ...similar, rows: rows.map((row) => store.rowAt(row)) }));
    case 'value-chart': {
      const chart = runValueChart(store, values, request.conditions, request.limit, request.best);
      return { total: chart.total, points: chart.points.map(({ row, ratio, best }) => ({ stone: store.rowAt(row), ratio, best })) };
    }
    case 'page':
      if (!lookups) throw new Error('the search thread has no reference data yet');
      return runSearchPage(store, request.search, lookups);
  }
}

// Requests come in batches (client.ts); the answers go back as one message too.
port.on('message', (requests: EngineRequest[]) => {
  const replies = requests.map((request): EngineReply => {
    try {
      return { id: request.id, ok: true, value: handle(request) };
    } catch (err) {
      return { id: request.id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
    }
  });
  port.postMessage(replies);
});
