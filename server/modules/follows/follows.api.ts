/**
 * The follows feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 *
 * - the following feed, which the topics' feed answers for `topic/topics?nodeId=-2`.
 */
export { followingFeed } from './follows.usecases';
