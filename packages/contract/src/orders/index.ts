/** Orders: their shape, their steps and what each says to the shopper, and the business calendar of ships-by dates. */
export * from './core.ts';
export * from './orders.ts';
export * from './documents.ts';
