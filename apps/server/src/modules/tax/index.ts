/** The tax module's public face: the TaxProvider seam and the store's own table provider, and the ZIP-level rate import. */
export { createTableTaxProvider, zipRowFor, type TaxProvider } from './provider.ts';
export {
  TAX_RATE_COLUMNS,
  TaxRateHeaderError,
  importTaxRateFile,
  parseRateFraction,
  readTaxRateFile,
  type RecordTaxRateImport,
  type TaxRateImportEntry,
  type TaxRateImportSummary,
  type TaxRateRowError,
} from './import.ts';
