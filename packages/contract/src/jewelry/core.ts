/** The jewelry: families, metals and sizes, a piece's design and its bounds, the listings' and a piece's address, and the back office's catalog. Without its Zod schemas (the storefront's first load). */
export * from './products.ts';
export * from './design.ts';
export * from './product-query.ts';
export * from './variant-choice.ts';
export type * from './design-schemas.ts';
export type * from './product-schemas.ts';
