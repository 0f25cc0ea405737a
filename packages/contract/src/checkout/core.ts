/** The checkout: the line item and its kinds, and the one pricing function. Without its Zod schemas (the storefront's first load). */
export * from './line-kinds.ts';
export * from './pricing.ts';
export * from './gifts.ts';
