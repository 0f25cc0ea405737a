/** The back office's public face: its sessions and its API (docs/decisions/018-back-office.md). */
export { adminRoutes, type AdminRouteDeps } from './routes.ts';
export { createAdminSessions, type AdminSessions } from './sessions.ts';
