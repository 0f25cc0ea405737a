/**
 * The contract without its Zod schemas: constants, the search's parsing, display rules and fixed texts.
 * The storefront imports this on every page's first load; the schemas (index.ts) come with the code that
 * sends or checks a request, so Zod stays out of the first download.
 */
export * from './constants.ts';
export * from './query.ts';
export * from './search.ts';
export * from './facets.ts';
export * from './display.ts';
export * from './price-band.ts';
export * from './storefront-terms.ts';
export * from './order-steps.ts';
export * from './line-kinds.ts';
export * from './money.ts';
export * from './pricing.ts';
export * from './products.ts';
export * from './design.ts';
export type * from './design-schemas.ts';
export * from './ring-choices.ts';
export * from './business-calendar.ts';
export * from './product-query.ts';
export * from './variant-choice.ts';
export * from './public-pages.ts';
export type * from './product-schemas.ts';
export type * from './diamonds.ts';
export type * from './storefront.ts';
export type * from './accounts.ts';
export * from './special-requests.ts';
export type * from './special-request-schemas.ts';
export * from './ring-builder.ts';
export * from './ring-build.ts';
export * from './holds.ts';
export * from './verification.ts';
export type * from './ring-builder-schemas.ts';
