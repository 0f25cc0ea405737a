/** The in-memory search, built on the catalog's reads of the stones and the inventory's change feed. */
import type { Engine } from '../../../db/database.ts';
import type { Handle } from '../../../db/tables.ts';
import { diamondReadModel } from '../tables.ts';
import { AVAILABLE_PAGE_SQL, createDiamondRepository } from '../repository.ts';
import { createSearchEngine, type SearchEngine, type SearchEngineOptions, type SearchEngineSource } from './client.ts';

export interface DiamondSearchEngineDeps {
  db: Handle;
  engine: Engine;
  refreshMs: number;
  /** The SQLite file, which the search's thread reads itself at load; null for PostgreSQL or a database in memory. */
  sqliteFile: string | null;
  log: SearchEngineOptions['log'];
  /** The inventory's change feed (inventory/feed-repository.ts). */
  feed: Pick<SearchEngineSource, 'latestChange' | 'changesSince'>;
}

export function createDiamondSearchEngine({ db, engine, refreshMs, sqliteFile, log, feed }: DiamondSearchEngineDeps): SearchEngine {
  const repo = createDiamondRepository(diamondReadModel(db), engine);
  return createSearchEngine({
    engine,
    refreshMs,
    log,
    source: {
      ...(sqliteFile ? { sqlite: { file: sqliteFile, sql: AVAILABLE_PAGE_SQL } } : {}),
      availableAfter: (afterId, limit) => repo.availableAfter(afterId, limit),
      byIds: (ids) => repo.findByIds(ids),
      countAvailable: () => repo.countAvailable(),
      latestChange: feed.latestChange,
      changesSince: feed.changesSince,
    },
  });
}
