/** The jewelry catalog's public face: listings and products for the API, variants for the checkout, the seed for the tools. */
export {
  createProductService,
  type ProductService,
  type ProductRecord,
  type VariantRecord,
  type VariantForSale,
  type HeadWindow,
  type RingVariantChoice,
  type SettingsForStoneQuery,
  type StoneForSetting,
} from './service.ts';
export { productRoutes } from './routes.ts';
export { seedProducts, seedDemoCatalog, type ProductSeedResult } from './seed.ts';
export { demoCatalog, stoneSize, type ProductDraft } from './catalog-data.ts';
export { priceProduct } from './price-model.ts';
export {
  importProductsFile,
  importStockFile,
  exampleRows,
  ProductImportHeaderError,
  PRODUCT_IMPORT_COLUMNS,
  STOCK_IMPORT_COLUMNS,
  type CatalogImportEntry,
  type HeldUnits,
  type ProductImportSummary,
  type RecordCatalogImport,
  type StockImportSummary,
} from './import.ts';
// The back office's catalog: products, variants and metal prices as staff keep them.
export { createCatalogDesk, type CatalogDesk, type RecordCatalogChange } from './desk.ts';
