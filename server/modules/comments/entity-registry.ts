/**
 * What comments, likes, favorites and messages may attach to, by type: how to load one, who may
 * see it, which counter columns it has, how a comment changes it, and how a list presents many.
 * Topics and comments are registered here; articles register the same shape when they exist
 * (until then `article` is a valid type whose every item is "not found").
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS, type CommentableType, type LikeableType } from '../../../common/constants';
import type { DB, UserRow } from '../../db/schema';
import { htmlToText } from '../content/content.service';
import { shortText } from './comments.presenter';
import { assembleTopics, canSeeTopic, type ViewerContext } from '../topics/topics.service';
import type { TopicView } from '../topics/topics.presenter';
import { findCommentById, findTopicHead, findTopicsByIds, forgetTopicComments, recordTopicComment, type CounterTable } from './comments.repository';

export type EntityType = LikeableType;

/** One item, in the terms the shared features need. */
export interface EntityInfo {
  type: EntityType;
  id: number;
  /** The author. */
  ownerId: number;
  status: number;
  /** For messages: the topic's title (a tweet's opening words), or the commented item's title. */
  title: string;
  /** Plain-text excerpt, for quotes in messages. */
  excerpt: string;
  /** Site path of the item (a comment: its topic's page, anchored). */
  url: string;
  /** The commentable item: itself, or the one a comment belongs to. */
  root: { type: CommentableType; id: number };
  /** A comment's item, loaded with it. */
  rootInfo?: EntityInfo;
}

export interface EntityKind {
  load(db: Kysely<DB>, id: number): Promise<EntityInfo | undefined>;
  /** Reads: published for everyone; pending to the author and moderators (per the item's rules). */
  visible(info: EntityInfo, viewer: UserRow | null): boolean;
  counterTable: CounterTable;
  likes: boolean;
  favorites: boolean;
  /** Commentable items only. */
  comments?: {
    order: 'asc' | 'desc';
    /** Counts a new comment and records the item's last activity. */
    added(db: Kysely<DB>, id: number, userId: number, now: number): Promise<void>;
    /**
     * Uncounts `count` deleted comments (the newest of them `newestRemovedId`) and, when the
     * item's newest comment was among them, moves its last activity back.
     */
    removed(db: Kysely<DB>, id: number, count: number, newestRemovedId: number): Promise<void>;
  };
  /** Favorites list: the items as their own API shape, for a whole page in a constant number of queries. */
  presentMany?(db: Kysely<DB>, ids: readonly number[], context: ViewerContext): Promise<Map<number, TopicView>>;
}

const TITLE_MAX = 80;

function topicTitle(row: { title: string; summary: string }): string {
  return row.title || shortText(row.summary, TITLE_MAX);
}

const topicKind: EntityKind = {
  async load(db, id) {
    const row = await findTopicHead(db, id);
    if (!row) return undefined;
    return {
      type: 'topic',
      id: row.id,
      ownerId: row.user_id,
      status: row.status,
      title: topicTitle(row),
      excerpt: row.summary,
      url: `/topic/${row.id}`,
      root: { type: 'topic', id: row.id },
    };
  },
  visible: (info, viewer) => canSeeTopic({ status: info.status, user_id: info.ownerId }, viewer),
  counterTable: 'topics',
  likes: true,
  favorites: true,
  comments: {
    order: 'asc',
    added: (db, id, userId, now) => recordTopicComment(db, id, userId, now),
    removed: (db, id, count, newestRemovedId) => forgetTopicComments(db, id, count, newestRemovedId),
  },
  async presentMany(db, ids, context) {
    const rows = (await findTopicsByIds(db, ids)).filter((row) => canSeeTopic(row, context.viewer));
    const views = await assembleTopics(db, rows, context);
    return new Map(views.map((v) => [v.id, v]));
  },
};

const commentKind: EntityKind = {
  async load(db, id) {
    const row = await findCommentById(db, id);
    if (!row) return undefined;
    const rootKind = commentableKind(row.entity_type);
    const rootInfo = rootKind ? await rootKind.load(db, row.entity_id) : undefined;
    if (!rootInfo) return undefined;
    return {
      type: 'comment',
      id: row.id,
      ownerId: row.user_id,
      status: row.status,
      title: rootInfo.title,
      excerpt: shortText(htmlToText(row.content_html), TITLE_MAX * 2),
      url: `${rootInfo.url}#comment-${row.id}`,
      root: rootInfo.root,
      rootInfo,
    };
  },
  visible(info, viewer) {
    if (info.status !== CONTENT_STATUS.published || !info.rootInfo) return false;
    const rootKind = commentableKind(info.rootInfo.type);
    return rootKind !== undefined && rootKind.visible(info.rootInfo, viewer);
  },
  counterTable: 'comments',
  likes: true,
  favorites: false,
};

const registry = new Map<string, EntityKind>([
  ['topic', topicKind],
  ['comment', commentKind],
]);

/** Registers a type (articles, when they exist). */
export function registerEntityKind(type: EntityType, kind: EntityKind): void {
  registry.set(type, kind);
}

export function entityKind(type: string): EntityKind | undefined {
  return registry.get(type);
}

export function commentableKind(type: string): EntityKind | undefined {
  const kind = registry.get(type);
  return kind?.comments ? kind : undefined;
}

/** Whether an actor may act on the item (comment, like, favorite): visible to them and not deleted. */
export function writable(kind: EntityKind, info: EntityInfo, actor: UserRow): boolean {
  return info.status !== CONTENT_STATUS.deleted && kind.visible(info, actor);
}
