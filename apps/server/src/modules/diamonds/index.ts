/** The catalog's public face: what other modules, the app and the tools may use. */
export { diamondRoutes, type CatalogRouteDeps } from './routes.ts';
export {
  createDiamondService,
  describeDiamond,
  toDiamondRecord,
  MAX_DIAMOND_ID,
  type DiamondService,
  type DiamondForSale,
  type SettingWindow,
} from './service.ts';
export { createDiamondSearchEngine } from './engine/index.ts';
export type { SearchEngine } from './engine/client.ts';
// The search benchmark measures the repository's queries without the service's caches.
export { createDiamondRepository } from './repository.ts';
export { toConditions, toOrder as toSortOrder } from './filter.ts';
// …and the in-memory engine alone, at sizes no test database holds.
export { StoneStore, toChunk as toStoneChunk } from './engine/stones.ts';
export { runSearch as runEngineSearch } from './engine/search.ts';
export { runSimilar, runValueChart, ValueCache } from './engine/value.ts';
