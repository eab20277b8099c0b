/**
 * Content kinds: what comments, likes, favorites, messages, view counting, the page cache and
 * feeds need to know about a kind of content (topics, articles, comments), declared once by
 * the feature that owns the kind and registered at start-up (as routes are). Shared features ask
 * the registry, never a kind's feature: comments work on any kind that declares `comments`,
 * likes on any that declares `likes`, and so on.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS } from '../../common/constants';
import type { DB, UserRow } from '../db/schema';
import { errors } from '../infra/errors';
import type { DedupStore } from '../infra/dedup';
import { isModerator } from '../policy/permissions';
import type { ViewerContext } from './caller';

/** One item, in the terms the shared features need (never its possibly large body). */
export interface ContentHead {
  type: string;
  id: number;
  /** The author. */
  ownerId: number;
  status: number;
  /** For messages: the item's title (a tweet's opening words), or the commented item's title. */
  title: string;
  /** Plain-text excerpt, for quotes in messages. */
  excerpt: string;
  /** Site path of the item (a comment: its item's page, anchored). */
  url: string;
  /** The commentable item: itself, or the one a comment belongs to. */
  root: { type: string; id: number };
  /** A comment's item, loaded with it. */
  rootHead?: ContentHead;
  /**
   * The item's comment rules when its kind reads them with its head (`load` of a post kind): a
   * comment's write then needs no second read of the same row for `comments.rules`.
   */
  commentRules?: { locked: boolean; slowModeSeconds: number };
}

/** The counter columns shared features move on a kind's table (views: on a kind's page). */
export type CounterColumn = 'like_count' | 'favorite_count' | 'comment_count' | 'view_count';

/** A browser's visit to an item's page, for view counting (one per visitor per window). */
export interface Visit {
  ip: string;
  userAgent: string;
  dedup: DedupStore;
}

export interface ContentKind {
  type: string;
  /** The kind's table (its counter columns are moved by likes, favorites and comments). */
  table: Extract<keyof DB, string>;
  /** Members may like it. */
  likes?: true;
  /** Members may favorite it (absent: they may not). */
  favorites?: true;
  load(db: Kysely<DB>, id: number): Promise<ContentHead | undefined>;
  /** Reads: published for everyone; pending to the author and moderators (per the kind's rules). */
  visible(head: ContentHead, viewer: UserRow | null): boolean;
  /** Commentable kinds only. */
  comments?: {
    order: 'asc' | 'desc';
    /** Counts a new comment and records the item's last activity. */
    added(db: Kysely<DB>, id: number, userId: number, now: number): Promise<void>;
    /**
     * Uncounts `count` deleted comments (a negative count counts shown-again ones back) and,
     * unless `last` is 'unchanged', moves the item's last activity to `last` (the newest
     * published comment; null: none is left).
     */
    removed(db: Kysely<DB>, id: number, count: number, last: { time: number; userId: number } | null | 'unchanged'): Promise<void>;
    /**
     * What the item allows of new comments (issue 28): a moderator's lock (no new comments) and
     * slow mode (a member comments at most once per `slowModeSeconds`). Absent: no such rules.
     * Staff are exempt from both (the comments feature decides).
     */
    rules?(db: Kysely<DB>, id: number): Promise<{ locked: boolean; slowModeSeconds: number }>;
  };
  /**
   * A kind behind a module switch (articles): the i18n key of the 403 that refuses a read or a
   * write while the module is off, else null. Comments, likes and favorites ask it before acting,
   * with the database handle they hold (inside a write: its transaction).
   */
  closed?(db: Kysely<DB>, access: 'read' | 'write'): Promise<string | null>;
  /**
   * Many items' heads in one query (any status: the caller asks `visible`), for lists that name
   * the item something belongs to (a member's comments); the absent ones are left out.
   */
  heads?(db: Kysely<DB>, ids: readonly number[]): Promise<ContentHead[]>;
  /** Lists of mixed kinds (favorites): the items as their own API shape, a page in a constant number of queries. */
  presentMany?(db: Kysely<DB>, ids: readonly number[], context: ViewerContext): Promise<Map<number, unknown>>;
  /**
   * The item's stored body (sanitized HTML), for features that read or decorate the links in it
   * (mentions, quotes): `rewrite` replaces the HTML only, so the caller must keep its text the same.
   */
  body?: {
    read(db: Kysely<DB>, id: number): Promise<string | undefined>;
    rewrite(db: Kysely<DB>, id: number, html: string): Promise<void>;
  };
  /**
   * The kind's own page: the id in a site path (for view counting on cached pages and the page
   * cache's invalidation tags), and the view counter.
   */
  page?: {
    idOfPath(path: string): number | null;
    countView?(db: Kysely<DB>, id: number, visit: Visit, now: number): Promise<void>;
  };
}

/** The page-cache tag of one item's page. */
export function pageTag(type: string, id: number): string {
  return `${type}:${id}`;
}

export class KindRegistry {
  private readonly kinds = new Map<string, ContentKind>();

  register(kind: ContentKind): void {
    if (this.kinds.has(kind.type)) throw new Error(`content kind "${kind.type}" registered twice`);
    this.kinds.set(kind.type, kind);
  }

  get(type: string): ContentKind | undefined {
    return this.kinds.get(type);
  }

  commentable(type: string): ContentKind | undefined {
    const kind = this.kinds.get(type);
    return kind?.comments ? kind : undefined;
  }

  /** The kind whose page is at this path, with the item's id. */
  byPath(path: string): { kind: ContentKind; id: number } | null {
    for (const kind of this.kinds.values()) {
      const id = kind.page?.idOfPath(path) ?? null;
      if (id !== null) return { kind, id };
    }
    return null;
  }

  all(): ContentKind[] {
    return [...this.kinds.values()];
  }
}

/**
 * Who may see a post (a topic, an article): published, everyone; pending or deleted, its author
 * and moderators (API.md "Content status"), so an author can still read what they wrote, and its
 * comments, under a "deleted" notice. Seeing is not acting: a deleted post takes no edit, comment
 * or reaction (`writable`, the kinds' edit rules).
 */
export function canSee(row: { status: number; user_id: number }, viewer: UserRow | null): boolean {
  if (row.status === CONTENT_STATUS.published) return true;
  if (!viewer) return false;
  return isModerator(viewer) || row.user_id === viewer.id;
}

/** 403 with the kind's own message while its module is off (see `ContentKind.closed`). */
export async function assertOpen(kind: ContentKind, db: Kysely<DB>, access: 'read' | 'write'): Promise<void> {
  const refusal = await kind.closed?.(db, access);
  if (refusal) throw errors.forbidden(refusal);
}

/**
 * Whether an actor may act on the item (comment, like, favorite): visible to them, and neither
 * it nor the item it belongs to deleted. Visibility alone is not enough: moderators see a deleted
 * topic and its comments, yet a comment of a deleted topic is as gone as the topic.
 */
export function writable(kind: ContentKind, head: ContentHead, actor: UserRow): boolean {
  const rootDeleted = head.rootHead?.status === CONTENT_STATUS.deleted;
  return head.status !== CONTENT_STATUS.deleted && !rootDeleted && kind.visible(head, actor);
}
