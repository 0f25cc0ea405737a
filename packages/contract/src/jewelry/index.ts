/** The jewelry: families, metals and sizes, a piece's design and its bounds, the listings' and a piece's address, and the back office's catalog. */
export * from './core.ts';
export * from './design-schemas.ts';
export * from './product-schemas.ts';
export * from './admin-jewelry.ts';
