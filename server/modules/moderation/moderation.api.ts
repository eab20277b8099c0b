/**
 * The moderation feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
/** The newest audit entries with the people they name (the back office's dashboard). */
export { recentAuditEntries } from './moderation.usecases';
