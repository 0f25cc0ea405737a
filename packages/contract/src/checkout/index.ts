/** The checkout: the line item and its kinds, and the one pricing function. */
export * from './core.ts';
export * from './line-items.ts';
export * from './gift-schemas.ts';
