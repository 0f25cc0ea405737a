/** The ring builder: the choices a ring is made of, a setting's fit and a ring's price, the build in the address, and the holds on a stone. */
export * from './core.ts';
export * from './ring-builder-schemas.ts';
