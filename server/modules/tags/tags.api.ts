/**
 * The tags feature's public surface (DESIGN convention 13): what other features may use of it.
 * Post kinds resolve, link and read the tags of their items (publishing's post rules, the kinds'
 * feeds and pages: `resolveTags`, `relinkTags`, `tagIdsOf`, `tagsOf`), check the tag of a tag
 * feed (`findPublicTag`), and present tags (`presentTag`, `popularTags` for the article sidebar).
 */
export { presentTag } from './tags.presenter';
export { findPublicTag, popularTags, relinkTags, resolveTags, tagIdsOf, tagsOf, type TaggedKind } from './tags.service';
/** The importer's entry points (issue 33). */
export { importTag, linkImportedTags, recountTags } from './tags.import';
