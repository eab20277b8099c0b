/**
 * The topics feature's public surface (DESIGN convention 13): what other features may use of it.
 * Search presents its topic hits as the feeds do (`assembleTopics`) and rebuilds its index from
 * the topics' rows; the RSS feeds list the newest; a topic's display title names it elsewhere.
 */
export { topicTitle } from './topics.kind';
export { assembleTopics } from './topics.read';
export { findRecentTopics, findTopicsByIds, findTopicsForIndex, lastTopicId } from './topics.service';
/** The importer's entry point (issue 33): a topic or tweet as it was on another forum. */
export { importTopic, type ImportedTopic } from './topics.import';
