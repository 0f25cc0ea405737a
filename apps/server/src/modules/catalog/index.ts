/** The catalog's public face: what other modules, the app and the tools may use. */
export { catalogRoutes, type CatalogRouteDeps } from './routes.ts';
export {
  createCatalogService,
  describeDiamond,
  toDiamondRecord,
  MAX_DIAMOND_ID,
  type CatalogService,
  type DiamondForSale,
  type SettingWindow,
} from './service.ts';
// The search benchmark measures the repository's queries without the service's caches.
export { createDiamondRepository } from './repository.ts';
export { toConditions, toOrder as toSortOrder } from './filter.ts';
