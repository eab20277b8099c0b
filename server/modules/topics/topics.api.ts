/**
 * The topics feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { topicTitle } from './topics.kind';
export { assembleTopics } from './topics.read';
export { findRecentTopics, findTopicsByIds, findTopicsForIndex, lastTopicId } from './topics.repository';
