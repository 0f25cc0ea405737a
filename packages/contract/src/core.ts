/**
 * The contract without its Zod schemas: constants, the search's parsing, display rules and fixed texts, each
 * domain's core. The storefront imports this on every page's first load; the schemas (index.ts) come with the code
 * that sends or checks a request, so Zod stays out of the first download.
 */
export * from './constants.ts';
export * from './money.ts';
export * from './words.ts';
export * from './checkout/core.ts';
export * from './jewelry/core.ts';
export * from './ring-builder/core.ts';
export * from './orders/core.ts';
export * from './diamonds/core.ts';
export * from './storefront/core.ts';
export * from './accounts/core.ts';
