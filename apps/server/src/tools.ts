/**
 * What the store's tools (the benchmarks, the browser journeys' store, the start scripts) may use besides starting
 * the server: the database, the demo inventory, and the pieces a benchmark measures alone. They import this, never
 * a module's own files.
 */
export { createDb, migrateToLatest, type Db } from './db/database.ts';
export { createInventoryService, generateDiamonds, seedInventory, SEED_META_KEY } from './modules/inventory/index.ts';
export { seedDemoJewelry } from './modules/jewelry/index.ts';
export { createDiamondRepository, runEngineSearch, runSimilar, runValueChart, StoneStore, toConditions, toSortOrder, toStoneChunk, ValueCache } from './modules/diamonds/index.ts';
export { createAccountService, type PasswordHasher } from './modules/accounts/index.ts';
export { createAuditLog } from './modules/audit/index.ts';
export { createAdminSessions } from './modules/admin/index.ts';
