/**
 * The contract: every API shape (zod) and the store's rules and constants, a folder per domain, each with the
 * Zod-free part the storefront's first load takes (its core.ts) beside its schemas. The server and the browser
 * journeys import it whole; the storefront's pages import @everstone/contract/core.
 */
import './browser.ts';

export * from './constants.ts';
export * from './fields.ts';
export * from './money.ts';
export * from './words.ts';
export * from './checkout/index.ts';
export * from './jewelry/index.ts';
export * from './ring-builder/index.ts';
export * from './orders/index.ts';
export * from './diamonds/index.ts';
export * from './storefront/index.ts';
export * from './accounts/index.ts';
export * from './admin/index.ts';
