/** The diamonds: the search as its address writes it, its counts and price bands, how a stone is shown, and the supplier file's columns. */
export * from './core.ts';
export * from './diamonds.ts';
export * from './inventory-file.ts';
