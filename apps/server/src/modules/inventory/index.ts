/** The inventory's public face: stock for the other modules; seeding and importing for the tools. */
export { createInventoryService, StockUnavailableError, type InventoryService, type StockUnit } from './service.ts';
// The ring builder's holds on a stone: the builder's routes hold and let go, the catalog shows them on a stone.
export { createHoldService, holdEndsAt, type HoldService } from './holds.ts';
export { seedInventory, InventoryNotEmptyError, SEED_META_KEY, type SeedOptions, type SeedResult } from './seed.ts';
export { importCsvFile, importCsvStream, ImportHeaderError, IMPORT_COLUMNS, IMPORT_STATUSES, type ImportSummary, type RecordStoneImport, type StoneImportEntry } from './import.ts';
// The products' price model prices a preset's own center stone as the inventory prices its stones.
export { priceCents } from './price-model.ts';
export { SHAPE_PROFILES, createRng, generateDiamonds } from './generator.ts';
// The stones' change feed: the catalog's in-memory search follows it (docs/decisions/016-search-in-memory.md).
export { latestStoneChange, stoneChangesSince, type StoneChange } from './feed-repository.ts';
// The back office's stones: edits, hiding, the inventory as a file.
export { createStoneDesk, type StoneDesk, type StoneEdit, type RecordStoneEdit } from './stone-desk.ts';
// The stones' columns in their one order: the diamond search's read model selects them.
export { DIAMOND_COLUMNS } from './stone-columns.ts';
