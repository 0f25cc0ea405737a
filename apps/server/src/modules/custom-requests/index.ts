/** The custom-requests module's public face: custom ring design requests and their reference pictures. */
export { createCustomRequestService, type CustomRequestService } from './service.ts';
export { customRequestRoutes } from './routes.ts';
export { createCustomRequestDesk, type CustomRequestDesk, type RecordCustomRequest } from './desk.ts';
