/** The checkout: the line item and its kinds, the one pricing function and the sales-tax rules. Without its Zod schemas (the storefront's first load). */
export * from './line-kinds.ts';
export * from './pricing.ts';
export * from './tax.ts';
export * from './gifts.ts';
