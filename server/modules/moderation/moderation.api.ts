/**
 * The moderation feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
/** The newest audit entries with the people they name (the back office's dashboard). */
export { recentAuditEntries } from './moderation.usecases';
/** A ban decided elsewhere in the back office (a report's resolution), inside that write: the same rules and facts as the ban route. */
export { banMember } from './bans.service';
