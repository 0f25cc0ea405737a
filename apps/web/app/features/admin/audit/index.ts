/** What a record's page shows of the audit log: its history. */
export { AuditHistory } from './audit-log';
