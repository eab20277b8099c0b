/**
 * The comments feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { approveHeldComment, commentsByStatus, commentsWrittenBy, deleteComment, hasCommented, lockedComment, pendingCommentCount, publishedCommentCount, rejectHeldComment } from './comments.service';
