/** The checkout's public face. */
export { createCheckoutService, LinesUnavailableError, TooManyHeldError, type CheckoutService, type PlacedOrder } from './service.ts';
export { checkoutRoutes, giftRoutes, quoteRoutes } from './routes.ts';
