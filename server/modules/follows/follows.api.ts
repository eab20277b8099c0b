/**
 * The follows feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 *
 * - the following feed, which the topics' feed answers for `topic/topics?nodeId=-2`;
 * - whom a member follows, as a subquery a post table joins (the e-mail digest's "from people
 *   you follow").
 */
export { followingFeed } from './follows.usecases';
export { followedAuthorsOf } from './follows.service';
/** Whether one member follows another (conversations: who may start one with me). */
export { followsMember } from './follows.service';
export { followsOfMember } from './follows.service';
/** The importer's entry point (issue 33). */
export { importFollow } from './follows.import';
