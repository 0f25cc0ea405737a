/** The diamonds: the search as its address writes it, its counts and price bands, how a stone is shown, and the supplier file's columns. Without its Zod schemas (the storefront's first load). */
export * from './query.ts';
export * from './search.ts';
export * from './facets.ts';
export * from './display.ts';
export * from './price-band.ts';
export type * from './diamonds.ts';
