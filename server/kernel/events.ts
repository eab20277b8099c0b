/**
 * Domain events: the facts a write records ("a topic was created", "a comment's status
 * changed"), and the handlers features attach to them. A write's side effects are handlers, never
 * calls sprinkled through routes: a new side effect is one more `onWrite`/`onCommit`, wherever the
 * fact is recorded.
 *
 * - `onWrite` handlers run inside the write's transaction, at the moment the fact is recorded,
 *   in registration order: they keep derived rows in step (counters, messages, audit rows; later
 *   scores and the search index) and roll back with the write.
 * - `onCommit` handlers run after the transaction committed, before the request answers: what
 *   must not happen for a write that rolled back (the live unread push, feed and page cache
 *   invalidation, mails). A failing one is logged; the write stands.
 *
 * The catalogue of facts is below, in one place, so a reader sees every event a feature can
 * listen to. Payloads carry what handlers need, so no handler re-reads what the writer had.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS, type Locale, type MessageType } from '../../common/constants';
import type { VipPlan } from '../../common/vip';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import type { ContentHead } from './kinds';

/** A moderator's or author's hand in an event (for audit and messages). */
export interface Actor {
  id: number;
  moderator: boolean;
  ip: string;
}

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

/** What the back office's site content is made of (issue 17). */
export type CatalogPart = 'node' | 'tag' | 'link' | 'notice';

export interface DomainEventMap {
  /**
   * A post's counted placement moved (create, edit, status change). Recorded BEFORE the post row
   * is written: on MySQL the counter rows must be locked before an insert's foreign-key check
   * takes shared locks on them, or two concurrent posts deadlock.
   */
  'content.placementChanged': { kind: CountedKind; itemId: number | null; before: Placement; after: Placement };
  'topic.created': { id: number; userId: number; status: number };
  'topic.edited': { id: number; userId: number; status: number; actor: Actor };
  'article.created': { id: number; userId: number; status: number };
  'article.edited': { id: number; userId: number; status: number; actor: Actor };
  /** A moderator switched a post's recommend (any post) or sticky (topics). */
  'content.flagged': { head: ContentHead; flag: 'recommend' | 'sticky'; on: boolean; actor: Actor };
  /**
   * Any content item's status moved (published, pending, deleted). `review` is set when a
   * moderator decided on a held item from the review queue (approve: reason '', reject: the
   * reason the author is told); `moderationMove` names the move.
   */
  'content.statusChanged': { head: ContentHead; from: number; to: number; actor: Actor; text: string; review?: { reason: string } };
  /**
   * A post was held for review (created or edited pending), and why: the site reviews every new
   * post of its kind, or its text carried forbidden words (`words`). Recorded after its row.
   */
  'content.held': { kind: CountedKind; id: number; userId: number; reason: 'reviewSetting' | 'forbiddenWord'; words: readonly string[] };
  /**
   * Members' comment counts moved. A new comment records it before the comment row is inserted
   * (the same MySQL lock order as `content.placementChanged`); a delete, after the status change.
   */
  'comment.countsMoved': { deltas: ReadonlyArray<readonly [userId: number, delta: number]> };
  'comment.created': {
    id: number;
    authorId: number;
    /** The item commented on. */
    item: ContentHead;
    /** The comment replied to, if any. */
    repliedTo: { id: number; userId: number; text: string } | null;
    text: string;
  };
  /** A like or favorite added or taken back (only when it really changed). */
  'reaction.changed': { reaction: 'like' | 'favorite'; on: boolean; actorId: number; item: ContentHead };
  /** A site message was written to a member (inside the transaction that caused it). */
  'message.sent': { to: number; from: number | null; type: MessageType; title: string; content: string; url: string; entityType: string };
  /** What every reader sees of a member changed (nickname, avatar, signature, username). */
  'user.profileChanged': { userId: number };
  /**
   * A moderator banned a member (`until`: epoch ms, or −1 forever), or banned them again with a
   * new end or reason (`previousUntil`: the end it replaced, 0 when none was running).
   */
  'user.banned': {
    user: { id: number; nickname: string };
    until: number;
    reason: string;
    previousUntil: number;
    /**
     * A forever ban that also hides the member's content: their published topics, articles and
     * comments move to the hidden status (CONTENT_STATUS.hidden) until the ban is lifted. False on
     * any other ban, whose handlers restore what an earlier hiding ban hid.
     */
    hideContent: boolean;
    actor: Actor;
  };
  /** A moderator lifted a member's ban before its end. */
  'user.unbanned': { user: { id: number; nickname: string }; previousUntil: number; reason: string; actor: Actor };
  /** An admin changed a member's role (`from` → `to`: member, moderator, admin). */
  'user.roleChanged': { user: { id: number; nickname: string }; from: string; to: string; actor: Actor };
  /** An admin marked a member's e-mail verified by hand. */
  'user.emailVerified': { user: { id: number; nickname: string }; email: string; actor: Actor };
  /** An admin added, changed or removed a forbidden word (`before`: the word as it was, on update). */
  'words.changed': {
    change: 'create' | 'update' | 'delete';
    word: { id: number; pattern: string; kind: string; action: string };
    before: { pattern: string; kind: string; action: string } | null;
    actor: Actor;
  };
  /** A member's messages were marked read. */
  'message.read': { userId: number };
  /**
   * A member signed up. `email` is the address given (null when none was), `locale` the language
   * of the request: the verification mail is written in it.
   */
  'user.signedUp': { userId: number; nickname: string; email: string | null; locale: Locale };
  /**
   * A member checked in for `day` (yyyymmdd, the site's time zone). Recorded BEFORE the check-in
   * row is written, so the score handler locks the member's row before the insert's foreign-key
   * check does (the MySQL lock order of `content.placementChanged`); a second check-in of the day
   * then fails on the unique key and rolls its score back with it.
   */
  'checkin.recorded': { userId: number; day: number; consecutiveDays: number; score: number };
  /** A member's score moved by `amount` (a score-log row was written). */
  'score.changed': { userId: number; amount: number };
  /**
   * `followerId` started (`on`) or stopped following `followedId` (only when it really changed).
   * Recorded after both members' rows were locked, in id order, so the counter handlers queue.
   */
  'follow.changed': { followerId: number; followedId: number; on: boolean };
  /** An administrator changed site settings (`keys`: the setting keys written). */
  'settings.changed': { keys: readonly string[]; actor: Actor };
  /**
   * An admin changed the site's catalogue (issue 17): a node, a tag, a friend link or a site
   * notice was created, edited, reordered, merged or deleted. `id` is the row acted on; `detail`
   * small facts for the audit log (a merge's target, a node's topics moved to).
   */
  'site.catalogChanged': { what: CatalogPart; id: number; action: 'create' | 'update' | 'delete' | 'order' | 'rename' | 'merge'; detail: Record<string, string | number | boolean>; actor: Actor };
  /**
   * Every topic of node `from` (any status) moves to node `to`: a node being deleted hands its
   * topics on. Recorded inside the delete's transaction, after both nodes' rows are locked and
   * before the node row goes, so the topics' and search documents' handlers move their rows first.
   */
  'node.topicsMoved': { from: number; to: number };
  /**
   * An admin activated a submitted VIP order (issue 18): the member's expiry moved from
   * `previousUntil` to `until` (−1 forever). Recorded once per order (a conditional update).
   */
  'vip.activated': { order: VipOrderFact; until: number; previousUntil: number; actor: Actor };
  /** An admin rejected a submitted VIP order, with the reason the member is told. */
  'vip.rejected': { order: VipOrderFact; reason: string; actor: Actor };
  /** A member's VIP ends within the reminder window (found by the reminder timer); `expireTime` names that end. */
  'vip.expiring': { userId: number; expireTime: number };
}

/** What VIP facts carry of their order. */
export interface VipOrderFact {
  id: number;
  userId: number;
  plan: VipPlan;
  /** Decimal text of the amount paid. */
  amount: string;
  txHash: string;
}

export type DomainEventType = keyof DomainEventMap;

/** What a moderator's status move is, for its audit row and the author's message (null: not a moderator's, or no such move). */
export type ModerationMove = 'delete' | 'reject' | 'approve' | 'restore';

export function moderationMove({ from, to, actor, review }: DomainEventMap['content.statusChanged']): ModerationMove | null {
  if (!actor.moderator || from === to) return null;
  if (to === CONTENT_STATUS.deleted) return review ? 'reject' : 'delete';
  if (to === CONTENT_STATUS.published) return from === CONTENT_STATUS.pending ? 'approve' : 'restore';
  return null;
}
export type DomainEvent = { [K in DomainEventType]: { type: K; payload: DomainEventMap[K] } }[DomainEventType];

/** What an in-transaction handler can use: the transaction, the write's time, and `emit` for facts of its own. */
export interface WriteScope {
  readonly db: Kysely<DB>;
  readonly now: number;
  readonly ctx: AppContext;
  emit<K extends DomainEventType>(type: K, payload: DomainEventMap[K]): Promise<void>;
}

export type WriteHandler<K extends DomainEventType> = (payload: DomainEventMap[K], scope: WriteScope) => Promise<void>;
export type CommitHandler<K extends DomainEventType> = (payload: DomainEventMap[K], ctx: AppContext) => Promise<void> | void;

interface Registered<H> {
  feature: string;
  handle: H;
}

export class DomainEvents {
  private readonly writeHandlers = new Map<DomainEventType, Array<Registered<WriteHandler<never>>>>();
  private readonly commitHandlers = new Map<DomainEventType, Array<Registered<CommitHandler<never>>>>();

  /** Inside the transaction, when the fact is recorded. */
  onWrite<K extends DomainEventType>(type: K, feature: string, handle: WriteHandler<K>): void {
    const list = this.writeHandlers.get(type) ?? [];
    list.push({ feature, handle: handle as WriteHandler<never> });
    this.writeHandlers.set(type, list);
  }

  /** After the commit, before the answer. */
  onCommit<K extends DomainEventType>(type: K, feature: string, handle: CommitHandler<K>): void {
    const list = this.commitHandlers.get(type) ?? [];
    list.push({ feature, handle: handle as CommitHandler<never> });
    this.commitHandlers.set(type, list);
  }

  /** Who listens to what (for the architecture test and docs): `type → ['feature (write|commit)', …]`. */
  describe(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [type, list] of this.writeHandlers) out[type] = list.map((h) => `${h.feature} (write)`);
    for (const [type, list] of this.commitHandlers) out[type] = [...(out[type] ?? []), ...list.map((h) => `${h.feature} (commit)`)];
    return out;
  }

  async runWriteHandlers<K extends DomainEventType>(type: K, payload: DomainEventMap[K], scope: WriteScope): Promise<void> {
    for (const { handle } of this.writeHandlers.get(type) ?? []) await (handle as WriteHandler<K>)(payload, scope);
  }

  /** Every committed event's after-commit handlers, in the order the events were recorded. */
  async runCommitHandlers(events: readonly DomainEvent[], ctx: AppContext): Promise<void> {
    for (const event of events) {
      for (const { feature, handle } of this.commitHandlers.get(event.type) ?? []) {
        try {
          await (handle as CommitHandler<typeof event.type>)(event.payload as never, ctx);
        } catch (error) {
          ctx.log.error({ err: error, event: event.type, feature }, 'after-commit handler failed');
        }
      }
    }
  }
}
