/** The ring builder: the choices a ring is made of, a setting's fit and a ring's price, the build in the address, and the holds on a stone. Without its Zod schemas (the storefront's first load). */
export * from './ring-choices.ts';
export * from './ring-builder.ts';
export * from './ring-build.ts';
export * from './holds.ts';
export type * from './ring-builder-schemas.ts';
