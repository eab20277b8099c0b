/**
 * The content kinds' shared facts: what any post or comment goes through (its counted placement,
 * a moderator's flag, a status move, a hold for review), recorded by the publishing core and the
 * comments feature, and heard by every feature that counts, lists or tells of content.
 */
import { CONTENT_STATUS } from '../../common/constants';
import type { ContentHead } from './kinds';
import type { Actor, DomainEventMap } from './events';

/** The post kinds whose published items are counted on their author and their tags (a topic on its node too). */
export type CountedKind = 'topic' | 'article';

/** What a post counts in (its author's, its node's, its tags' counts of its kind), before or after a write. */
export interface Placement {
  counted: boolean;
  userId: number;
  /** Topics only. */
  nodeId?: number;
  tagIds: readonly number[];
}

declare module './events' {
  interface DomainEventMap {
    /**
     * A post's counted placement moved (create, edit, status change). Recorded BEFORE the post row
     * is written: on MySQL the counter rows must be locked before an insert's foreign-key check
     * takes shared locks on them, or two concurrent posts deadlock.
     */
    'content.placementChanged': { kind: CountedKind; itemId: number | null; before: Placement; after: Placement };
    /**
     * A moderator switched a post's recommend (any post), sticky (topics), comment lock or slow
     * mode (issue 28: `seconds` is slow mode's new interval, 0 = off).
     */
    'content.flagged': { head: ContentHead; flag: 'recommend' | 'sticky' | 'locked' | 'slowMode'; on: boolean; actor: Actor; seconds?: number };
    /**
     * Any content item's status moved (published, pending, deleted). `review` is set when a
     * moderator decided on a held item from the review queue (approve: reason '', reject: the
     * reason the author is told); `moderationMove` names the move.
     */
    'content.statusChanged': { head: ContentHead; from: number; to: number; actor: Actor; text: string; review?: { reason: string } };
    /**
     * A post or comment was held for review (created or edited pending), and why: the site reviews
     * every new post of its kind, or its text carried forbidden words (`words`; a comment is held
     * only for these). Recorded after its row.
     */
    'content.held': { kind: CountedKind | 'comment'; id: number; userId: number; reason: 'reviewSetting' | 'forbiddenWord' | 'newMember'; words: readonly string[] };
  }
}

/** What a moderator's status move is, for its audit row and the author's message (null: not a moderator's, or no such move). */
export type ModerationMove = 'delete' | 'reject' | 'approve' | 'restore';

export function moderationMove({ from, to, actor, review }: DomainEventMap['content.statusChanged']): ModerationMove | null {
  if (!actor.moderator || from === to) return null;
  if (to === CONTENT_STATUS.deleted) return review ? 'reject' : 'delete';
  if (to === CONTENT_STATUS.published) return from === CONTENT_STATUS.pending ? 'approve' : 'restore';
  return null;
}
