/**
 * The tags feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { presentTag } from './tags.presenter';
export { findPublicTag, popularTags, relinkTags, resolveTags, tagIdsOf, tagsOf, type TaggedKind } from './tags.service';
