/** Orders: their shape, their steps and what each says to the shopper, and the business calendar of ships-by dates. Without its Zod schemas (the storefront's first load). */
export * from './order-steps.ts';
export * from './business-calendar.ts';
export * from './lifecycle.ts';
export * from './after-sale.ts';
export * from './document-kinds.ts';
export * from './care-tickets.ts';
