/**
 * The audit log's public surface (DESIGN convention 13): a feature records its own security- and
 * moderation-relevant facts from its in-transaction listener (`recordAudit`, in the write's
 * transaction), and the back office reads the log. The audit feature knows no other feature.
 */
export { forgetAuditIpsOf } from './audit.service';
export { auditPage, listAuditFor, recordAudit, type AuditEntry, type AuditFilter, type AuditRecord } from './audit.service';
