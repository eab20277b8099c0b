/**
 * The comments feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { approveHeldComment, commentsByStatus, commentsWrittenBy, deleteComment, hasCommented, lockedComment, pendingCommentCount, publishedCommentCount, rejectHeldComment } from './comments.service';
/** The importer's entry points (issue 33): a comment as it was on another forum, and the comments' counters recounted. */
export { importComment, recountComments, type ImportedComment } from './comments.import';
