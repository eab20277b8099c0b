/**
 * Likes and favorites brought in from another forum (the importer, issue 33): one row per member
 * and item, at the time it was given there. Counts are not moved here: the import recounts the
 * items (publishing's and comments' recounts) once at the end. No fact, no message.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { addReaction } from './reactions.repository';

export interface ImportedReaction {
  userId: number;
  /** topic | article | comment (likes); topic | article (favorites) */
  entityType: string;
  entityId: number;
  createTime: number;
}

/** Answers false when the member already liked the item (a duplicate row there). */
export function importLike(db: Kysely<DB>, like: ImportedReaction): Promise<boolean> {
  return addReaction(db, 'user_likes', { userId: like.userId, entityType: like.entityType, entityId: like.entityId }, like.createTime);
}

/** Answers false when the member already keeps the item (bbs-go lets a favorite be stored twice). */
export function importFavorite(db: Kysely<DB>, favorite: ImportedReaction): Promise<boolean> {
  return addReaction(db, 'user_favorites', { userId: favorite.userId, entityType: favorite.entityType, entityId: favorite.entityId }, favorite.createTime);
}
