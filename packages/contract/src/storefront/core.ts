/** The storefront's other shapes: contact, newsletter, appointments, custom rings and Home Preview, the store's terms, and its public pages. Without its Zod schemas (the storefront's first load). */
export * from './storefront-terms.ts';
export * from './special-requests.ts';
export * from './home-preview-lifecycle.ts';
export * from './public-pages.ts';
export type * from './storefront.ts';
export type * from './special-request-schemas.ts';
