/** The jewelry catalog's public face: listings and products for the API, variants for the checkout, the seed for the tools. */
export {
  createJewelryService,
  type JewelryService,
  type ProductRecord,
  type VariantRecord,
  type VariantForSale,
  type HeadWindow,
  type RingVariantChoice,
  type SettingsForStoneQuery,
  type StoneForSetting,
} from './service.ts';
export { jewelryRoutes } from './routes.ts';
export { seedProducts, seedDemoJewelry, seedMissingGiftPieces, type ProductSeedResult } from './seed.ts';
export { demoJewelry, stoneSize, type ProductDraft } from './jewelry-data.ts';
export { priceProduct } from './price-model.ts';
export {
  importProductsFile,
  importStockFile,
  exampleRows,
  ProductImportHeaderError,
  PRODUCT_IMPORT_COLUMNS,
  STOCK_IMPORT_COLUMNS,
  type JewelryImportEntry,
  type HeldUnits,
  type ProductImportSummary,
  type RecordJewelryImport,
  type StockImportSummary,
} from './import.ts';
// The back office's catalog: products, variants and metal prices as staff keep them.
export { createJewelryDesk, type JewelryDesk, type RecordJewelryChange } from './desk.ts';
