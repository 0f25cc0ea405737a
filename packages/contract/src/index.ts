import './browser.ts';

export * from './constants.ts';
export * from './fields.ts';
export * from './line-kinds.ts';
export * from './line-items.ts';
export * from './pricing.ts';
export * from './products.ts';
export * from './product-query.ts';
export * from './product-schemas.ts';
export * from './query.ts';
export * from './search.ts';
export * from './diamonds.ts';
export * from './storefront-terms.ts';
export * from './storefront.ts';
export * from './display.ts';
export * from './accounts.ts';
export * from './orders.ts';
export * from './order-steps.ts';
