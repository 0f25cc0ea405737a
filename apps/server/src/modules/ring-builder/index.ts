/** The ring builder's public face: its API for the app, and its service (the settings for a stone, a ring, a hold). */
export { createRingBuilderService, originOf, STONE_PROBLEMS, ALTERNATIVES, type RingBuilderService } from './service.ts';
export { ringBuilderRoutes, type RingBuilderRouteDeps } from './routes.ts';
export { createBuilderStarts, type BuilderStarts } from './starts.ts';
