/** The audit module's public face: the record of what staff changed. */
export { commandLineActor, createAuditLog, type AuditLog, type Actor, type AuditRecord, type AuditQuery } from './service.ts';
