/** The checkout: the line item and its kinds, the one pricing function and the sales-tax rules. */
export * from './core.ts';
export * from './line-items.ts';
export * from './gift-schemas.ts';
