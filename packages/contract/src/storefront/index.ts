/** The storefront's other shapes: contact, newsletter, appointments, custom rings and Home Preview, the store's terms, and its public pages. */
export * from './core.ts';
export * from './storefront.ts';
export * from './special-request-schemas.ts';
