/** The in-memory search, built on the catalog's reads of the stones and the inventory's change feed. */
import type { Kysely } from 'kysely';
import type { Engine } from '../../../db/database.ts';
import type { Database } from '../../../db/schema.ts';
import { createDiamondRepository } from '../repository.ts';
import { createSearchEngine, type SearchEngine, type SearchEngineOptions, type SearchEngineSource } from './client.ts';

export interface CatalogSearchEngineDeps {
  db: Kysely<Database>;
  engine: Engine;
  refreshMs: number;
  log: SearchEngineOptions['log'];
  /** The inventory's change feed (inventory/version.ts). */
  feed: Pick<SearchEngineSource, 'latestChange' | 'changesSince'>;
}

export function createCatalogSearchEngine({ db, engine, refreshMs, log, feed }: CatalogSearchEngineDeps): SearchEngine {
  const repo = createDiamondRepository(db, engine);
  return createSearchEngine({
    engine,
    refreshMs,
    log,
    source: {
      availableAfter: (afterId, limit) => repo.availableAfter(afterId, limit),
      byIds: (ids) => repo.findByIds(ids),
      latestChange: feed.latestChange,
      changesSince: feed.changesSince,
    },
  });
}
