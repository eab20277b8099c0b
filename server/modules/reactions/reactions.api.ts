/**
 * The reactions feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { reactedIds } from './reactions.repository';
export { likedAndFavoritedIds } from './reactions.service';
