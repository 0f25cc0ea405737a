/** The back office: its sessions, staff, orders desk, requests, numbers and audit log. */
export * from './admin.ts';
