/** The health checks' public face. */
export { healthRoutes } from './routes.ts';
