/**
 * The reactions feature's public surface (DESIGN convention 13): what other features may use of
 * it — which items of a page the reader liked or favorited, for the pages' hearts and stars.
 * Anything not exported here is the feature's own.
 */
export { likedAndFavoritedIds, likedIds } from './reactions.service';
export { favoritesOfMember } from './reactions.service';
/** The importer's entry points (issue 33). */
export { importFavorite, importLike, type ImportedReaction } from './reactions.import';
