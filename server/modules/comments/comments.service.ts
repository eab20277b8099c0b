/**
 * Comments and replies: list (keyset, a constant number of queries per page), create, delete.
 * Replies are one level deep: a reply to a reply sits under the same top-level comment and
 * quotes the reply it answers. Counters move in the caller's transaction: the item's comment
 * count and last activity, the parent's reply count, the author's comment count. Messages go to
 * the item's author and to the author of the comment replied to (once each, never to oneself).
 */
import { countLinks, newMemberRules } from '../trust/trust.api';
import type { Kysely } from 'kysely';
import { COMMENT_LIMITS, CONTENT_STATUS, type CommentableType } from '../../../common/constants';
import type { CommentCreateInput } from '../../../common/validation/comment';
import type { CommentRow, DB, UserRow } from '../../db/schema';
import { wordsThatHold } from '../words/words.api';
import { ErrorCode } from '../../../common/errors';
import { AppError, errors, type MessageRef } from '../../infra/errors';
import { isModerator } from '../../policy/permissions';
import type { IpLocation } from '../../infra/ip-location';
import { postedFrom, type ViewerContext } from '../../kernel/caller';
import type { Actor, WriteScope } from '../../kernel/events';
import { assertOpen, writable, type ContentHead, type ContentKind, type KindRegistry } from '../../kernel/kinds';
import { decodeIdCursor, pageOf, type Page } from '../../kernel/paging';
import { hasVisibleContent, htmlToText, imageListJson, renderHtml } from '../content/content.api';
import { uploadAddressesIn, uploadImageFacts } from '../uploads/uploads.api';
import { likedIds } from '../reactions/reactions.api';
import { findUsersByIds } from '../users/users.api';
import { getActiveUser } from '../users/users.api';
import type { UserCommentView } from '../../../common/views/comment';
import { presentComment, type CommentView } from './comments.presenter';
import {
  bumpReplyCount,
  countPublishedComments,
  changeCommentStatus,
  countCommentsByStatus,
  changeCommentsStatus,
  lockCommentsOfUser,
  lockCommentById,
  deleteRepliesOf,
  findCommentById,
  findCommentsByIds,
  findCommentsByStatus,
  hasCommented as hasCommentedRow,
  findNewestComment,
  lastCommentTimeOn,
  findRepliesPage,
  findReplyPreviews,
  findTopLevelPage,
  findUserCommentsPage,
  insertComment,
  clearCommentOrigins,
  findCommentsWrittenBy,
} from './comments.repository';

const ENTITY_NOT_FOUND = 'comment.errors.entityNotFound';
const COMMENT_NOT_FOUND = 'comment.errors.notFound';

// ---------------------------------------------------------------------------------------------
// Presenting many comments in a constant number of queries

/** Quotes, authors and the viewer's likes for a set of comments: at most three queries. */
export async function assembleComments(db: Kysely<DB>, rows: readonly CommentRow[], context: ViewerContext): Promise<CommentView[]> {
  if (rows.length === 0) return [];
  const known = new Map(rows.map((r) => [r.id, r]));
  const quoteIds = rows.flatMap((r) => (r.quote_id !== null && !known.has(r.quote_id) ? [r.quote_id] : []));
  const viewerId = context.viewer?.id ?? null;
  const [fetched, liked] = await Promise.all([
    findCommentsByIds(db, quoteIds),
    viewerId === null
      ? Promise.resolve(new Set<number>())
      : likedIds(
          db,
          viewerId,
          'comment',
          rows.map((r) => r.id),
        ),
  ]);
  const quotes = new Map(known);
  for (const q of fetched) quotes.set(q.id, q);
  const users = await findUsersByIds(db, [...rows.map((r) => r.user_id), ...fetched.map((q) => q.user_id)]);
  const relations = { users: new Map(users.map((u) => [u.id, u])), quotes, liked };
  const present = { now: context.now, locale: context.locale };
  return rows.map((row) => presentComment(row, relations, present));
}

// ---------------------------------------------------------------------------------------------
// Lists

async function visibleItem(db: Kysely<DB>, kinds: KindRegistry, type: string, id: number, viewer: UserRow | null): Promise<{ kind: ContentKind; info: ContentHead }> {
  const kind = kinds.commentable(type);
  if (kind) await assertOpen(kind, db, 'read');
  const info = kind ? await kind.load(db, id) : undefined;
  if (!kind || !info || !kind.visible(info, viewer)) throw errors.notFound(ENTITY_NOT_FOUND);
  return { kind, info };
}

/**
 * GET comment/comments: an item's top-level comments (oldest first on topics), each with its
 * first replies. Six queries at most, whatever the page holds.
 */
export async function commentPage(
  db: Kysely<DB>,
  kinds: KindRegistry,
  params: { entityType: CommentableType; entityId: number; cursor?: string; limit?: number },
  context: ViewerContext,
): Promise<Page<CommentView>> {
  const limit = params.limit ?? COMMENT_LIMITS.pageSize;
  const afterId = decodeIdCursor(params.cursor);
  const { kind, info } = await visibleItem(db, kinds, params.entityType, params.entityId, context.viewer);
  const rows = await findTopLevelPage(db, { type: info.root.type, id: info.root.id }, afterId, kind.comments?.order ?? 'asc', limit + 1);
  const page = pageOf(rows, limit, (row) => [row.id]);
  const top = page.results;
  const replies = await findReplyPreviews(
    db,
    top.filter((r) => r.reply_count > 0).map((r) => r.id),
    COMMENT_LIMITS.repliesPreview,
  );
  const views = await assembleComments(db, [...top, ...replies], context);
  const byId = new Map(views.map((v) => [v.id, v]));
  const results: CommentView[] = [];
  for (const row of top) {
    const view = byId.get(row.id)!;
    view.replies = [];
    results.push(view);
  }
  for (const reply of replies.sort((a, b) => a.id - b.id)) byId.get(reply.parent_id!)?.replies?.push(byId.get(reply.id)!);
  return { results, cursor: page.cursor, hasMore: page.hasMore };
}

/**
 * GET comment/user_comments: a member's published comments and replies, newest first, each with
 * the post it belongs to (title and link), keyset by the comment id. Comments on what the viewer
 * may not see are left out: a post deleted or awaiting review (unless the viewer is its author or
 * a moderator, as on the post's page), a kind whose module is off. A page may then hold fewer
 * entries than the page size; the cursor still moves past them. At most seven queries whatever
 * the page: the member, the page, one batch of heads per kind, then the comments' quotes, the
 * viewer's likes and the authors (`assembleComments`). An unknown or disabled member is a 404.
 */
export async function userCommentPage(
  db: Kysely<DB>,
  kinds: KindRegistry,
  params: { userId: number; cursor?: string; limit?: number },
  context: ViewerContext,
): Promise<Page<UserCommentView>> {
  const limit = params.limit ?? COMMENT_LIMITS.pageSize;
  const beforeId = decodeIdCursor(params.cursor);
  const member = await getActiveUser(db, params.userId);
  const page = pageOf(await findUserCommentsPage(db, member.id, beforeId, limit + 1), limit, (row) => [row.id]);
  const items = new Map<string, ContentHead>();
  const types = [...new Set(page.results.map((row) => row.entity_type))];
  await Promise.all(
    types.map(async (type) => {
      const kind = kinds.commentable(type);
      if (!kind?.heads || (await kind.closed?.(db, 'read'))) return;
      const ids = page.results.filter((row) => row.entity_type === type).map((row) => row.entity_id);
      for (const head of await kind.heads(db, ids)) if (kind.visible(head, context.viewer)) items.set(`${type}:${head.id}`, head);
    }),
  );
  const shown = page.results.filter((row) => items.has(`${row.entity_type}:${row.entity_id}`));
  const views = await assembleComments(db, shown, context);
  const results = views.map((view): UserCommentView => {
    const head = items.get(`${view.entityType}:${view.entityId}`)!;
    return { ...view, item: { type: head.type, id: head.id, title: head.title, url: `${head.url}#comment-${view.id}` } };
  });
  return { results, cursor: page.cursor, hasMore: page.hasMore };
}

/** The published comment when its item is visible to the viewer, else 404. */
export async function visibleComment(db: Kysely<DB>, kinds: KindRegistry, id: number, viewer: UserRow | null): Promise<CommentRow> {
  const row = await findCommentById(db, id);
  if (!row || row.status !== CONTENT_STATUS.published) throw errors.notFound(COMMENT_NOT_FOUND);
  const kind = kinds.commentable(row.entity_type);
  if (kind) await assertOpen(kind, db, 'read');
  const info = kind ? await kind.load(db, row.entity_id) : undefined;
  if (!kind || !info || !kind.visible(info, viewer)) throw errors.notFound(COMMENT_NOT_FOUND);
  return row;
}

/** GET comment/replies: a top-level comment's replies, oldest first. */
export async function replyPage(db: Kysely<DB>, kinds: KindRegistry, params: { commentId: number; cursor?: string; limit?: number }, context: ViewerContext): Promise<Page<CommentView>> {
  const limit = params.limit ?? COMMENT_LIMITS.repliesPageSize;
  const afterId = decodeIdCursor(params.cursor);
  const parent = await visibleComment(db, kinds, params.commentId, context.viewer);
  const rows = parent.parent_id === null ? await findRepliesPage(db, parent.id, afterId, limit + 1) : [];
  const page = pageOf(rows, limit, (row) => [row.id]);
  return { results: await assembleComments(db, page.results, context), cursor: page.cursor, hasMore: page.hasMore };
}

// ---------------------------------------------------------------------------------------------
// Writing

export interface CommentMeta {
  now: number;
  /** PUBLIC_URL's origin, so links to this site stay direct. */
  siteOrigin: string | null;
  ip: string;
  userAgent: string;
  location: IpLocation;
}

/** `<img>` elements in sanitized HTML (the sanitizer leaves no other spelling of the tag). */
function countInlineImages(html: string): number {
  return (html.match(/<img\b/gi) ?? []).length;
}

/** Where a new comment goes: the item, and (for a reply) the comment it answers. */
async function resolveTarget(db: Kysely<DB>, input: CommentCreateInput): Promise<{ item: { type: string; id: number }; repliedTo: CommentRow | null }> {
  if (input.entityType === 'comment') {
    const target = await findCommentById(db, input.entityId);
    if (!target || target.status !== CONTENT_STATUS.published) throw errors.notFound(COMMENT_NOT_FOUND);
    return { item: { type: target.entity_type, id: target.entity_id }, repliedTo: target };
  }
  const item = { type: input.entityType, id: input.entityId };
  if (input.quoteId === undefined) return { item, repliedTo: null };
  const quoted = await findCommentById(db, input.quoteId);
  if (!quoted || quoted.status !== CONTENT_STATUS.published || quoted.entity_type !== item.type || quoted.entity_id !== item.id) {
    throw errors.validation({ quoteId: 'comment.validation.quoteInvalid' });
  }
  return { item, repliedTo: quoted };
}

export interface CreatedComment {
  row: CommentRow;
  /** The comment replied to, if any. */
  repliedTo: CommentRow | null;
}

/**
 * POST comment/create, inside the route's transaction. Row locks are taken in one order
 * (parent comment, item, author) before the insert, so concurrent comments queue instead of
 * deadlocking. Answers the new row (and what it replies to), so the answer needs no re-read.
 */
/**
 * The item's comment rules (issue 28), from its kind: a locked item takes no new comment or reply
 * (403), slow mode one per member every N seconds (429 naming the seconds left, with Retry-After,
 * as the rate limits answer). Staff are exempt: they moderate the discussion. Two comments sent in
 * the same instant may both pass slow mode; it paces members, it is not a lock.
 */
async function assertCommentRules(db: Kysely<DB>, comments: NonNullable<ContentKind['comments']>, item: ContentHead, author: UserRow, now: number): Promise<void> {
  if (!comments.rules || isModerator(author)) return;
  // A post kind's head carries its rules (read with it): no second read of the row.
  const rules = item.commentRules ?? (await comments.rules(db, item.root.id));
  if (rules.locked) throw errors.forbidden('safety.errors.locked');
  if (rules.slowModeSeconds <= 0) return;
  const last = await lastCommentTimeOn(db, item.root, author.id);
  const waitMs = last === null ? 0 : last + rules.slowModeSeconds * 1000 - now;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError(429, ErrorCode.RateLimited, 'safety.errors.slowMode', { seconds, interval: rules.slowModeSeconds }, undefined, { 'retry-after': String(seconds) });
  }
}

export async function createComment(scope: WriteScope, author: UserRow, input: CommentCreateInput, meta: CommentMeta): Promise<CreatedComment> {
  const { db } = scope;
  const { item, repliedTo } = await resolveTarget(db, input);
  const kind = scope.ctx.kinds.commentable(item.type);
  if (kind) await assertOpen(kind, db, 'write');
  const info = kind ? await kind.load(db, item.id) : undefined;
  if (!kind?.comments || !info || !writable(kind, info, author)) throw errors.notFound(ENTITY_NOT_FOUND);
  await assertCommentRules(db, kind.comments, info, author, scope.now);

  // Sanitized HTML and its text; a comment needs no stored summary.
  // The site's own uploads shown: their sizes and copies (ADR 0031), in one query.
  const images = await uploadImageFacts(db, [...uploadAddressesIn(input.content), ...input.imageList.map((image) => image.url)]);
  const html = renderHtml(input.content, input.contentType, { siteOrigin: meta.siteOrigin, images });
  const rendered = { html, text: htmlToText(html) };
  const fields: Record<string, MessageRef> = {};
  if (!hasVisibleContent(rendered) && input.imageList.length === 0) fields.content = 'comment.validation.contentRequired';
  // The comment box puts pictures inline in the content: they count against the limit with imageList.
  if (countInlineImages(rendered.html) + input.imageList.length > COMMENT_LIMITS.imagesMax) {
    fields.imageList = { key: 'topic.validation.imagesTooMany', params: { max: COMMENT_LIMITS.imagesMax } };
  }
  if (Object.keys(fields).length > 0) throw errors.validation(fields);

  const parentId = repliedTo ? (repliedTo.parent_id ?? repliedTo.id) : null;
  const quoteId = repliedTo && repliedTo.parent_id !== null ? repliedTo.id : null;
  // A forbidden word refuses the comment (400, `content`) or holds it for a moderator: a held
  // comment is stored pending, counted nowhere and announced to nobody until it is approved in
  // the review queue (`approveHeldComment`); `content.held` records the words that held it.
  const holdWords = await wordsThatHold(scope, author, { content: rendered.text });
  // A new member (trust level 0, issue 28): too many links refused, their first posts held.
  const trust = await newMemberRules(scope, author, { links: countLinks(rendered.html) + input.imageList.length, field: 'content', isNew: true });
  const held = holdWords !== null || trust.hold;
  const values = {
    entity_type: info.root.type,
    entity_id: info.root.id,
    user_id: author.id,
    parent_id: parentId,
    quote_id: quoteId,
    content: input.content,
    content_type: input.contentType,
    content_html: rendered.html,
    image_list: imageListJson(input.imageList, images),
    like_count: 0,
    reply_count: 0,
    status: held ? CONTENT_STATUS.pending : CONTENT_STATUS.published,
    ...postedFrom(meta),
  };
  if (held) {
    const heldId = await insertComment(db, values);
    await scope.emit('content.held', { kind: 'comment', id: heldId, userId: author.id, ...(holdWords !== null ? { reason: 'forbiddenWord', words: holdWords } : { reason: 'newMember', words: [] }) });
    return { row: { id: heldId, ...values }, repliedTo };
  }
  if (!(await countPublishedComment(scope, kind.comments, info.id, author.id, parentId, meta.now))) throw errors.notFound(COMMENT_NOT_FOUND);
  const id = await insertComment(db, values);
  const row: CommentRow = { id, ...values };
  await announceComment(scope, { id, authorId: author.id, html: rendered.html }, info, repliedTo, rendered.text);
  return { row, repliedTo };
}

/**
 * What a comment going out counts (a new one, or a held one approved), in the order a new comment
 * locks: the parent's reply count (false, nothing counted, when the parent is no longer
 * published), the item's comment count and last activity, the author's (`comment.countsMoved`).
 */
async function countPublishedComment(scope: WriteScope, comments: NonNullable<ContentKind['comments']>, itemId: number, authorId: number, parentId: number | null, now: number): Promise<boolean> {
  if (parentId !== null && !(await bumpReplyCount(scope.db, parentId, 1, now))) return false;
  await comments.added(scope.db, itemId, authorId, now);
  await scope.emit('comment.countsMoved', { deltas: [[authorId, 1]] });
  return true;
}

/** `comment.created`: the messages to the item's author and the member answered, the author's score, caches. */
function announceComment(scope: WriteScope, comment: { id: number; authorId: number; html: string }, item: ContentHead, repliedTo: CommentRow | null, text: string): Promise<void> {
  return scope.emit('comment.created', {
    id: comment.id,
    authorId: comment.authorId,
    item,
    repliedTo: repliedTo ? { id: repliedTo.id, userId: repliedTo.user_id, text: htmlToText(repliedTo.content_html) } : null,
    text,
    html: comment.html,
  });
}

/** A new comment as its author sees it in the create answer: at most two queries (the row as stored when it may hold a mention, a quoted reply's author). */
export async function presentNewComment(db: Kysely<DB>, created: CreatedComment, author: UserRow, context: ViewerContext): Promise<CommentView> {
  // A comment that may name members was marked by the mentions listener after the row was
  // made (`@name` became a profile link): its author sees it as stored, one read more.
  const row = created.row.content_html.includes('@') ? ((await findCommentById(db, created.row.id)) ?? created.row) : created.row;
  const users = new Map<number, UserRow>([[author.id, author]]);
  const quote = created.row.quote_id !== null ? created.repliedTo : null;
  if (quote && !users.has(quote.user_id)) for (const user of await findUsersByIds(db, [quote.user_id])) users.set(user.id, user);
  const quotes = new Map<number, CommentRow>(quote ? [[quote.id, quote]] : []);
  return presentComment(row, { users, quotes, liked: new Set() }, { now: context.now, locale: context.locale });
}

/**
 * POST comment/delete/{id} (soft), inside the route's transaction: by its author or a
 * moderator. Deleting a top-level comment deletes its replies; every counter moves back, and the
 * item's last activity too when its newest comment went. A moderator deleting someone else's
 * comment tells its author (a `content.statusChanged` handler).
 */
export async function deleteComment(scope: WriteScope, row: CommentRow, actor: Actor): Promise<void> {
  const { db, now } = scope;
  const kind = scope.ctx.kinds.commentable(row.entity_type);
  if (kind) await assertOpen(kind, db, 'write');
  if (!(await changeCommentStatus(db, row.id, CONTENT_STATUS.published, CONTENT_STATUS.deleted, now))) return;
  const lost = new Map<number, number>([[row.user_id, 1]]);
  let newestRemovedId = row.id;
  if (row.parent_id !== null) await bumpReplyCount(db, row.parent_id, -1, now);
  else {
    const replies = await deleteRepliesOf(db, row.id, now);
    for (const [userId, n] of replies.lost) lost.set(userId, (lost.get(userId) ?? 0) + n);
    newestRemovedId = Math.max(newestRemovedId, replies.newestId ?? 0);
  }
  const total = [...lost.values()].reduce((a, b) => a + b, 0);
  if (kind?.comments) {
    const root = { type: row.entity_type, id: row.entity_id };
    const newest = await findNewestComment(db, root);
    const last = newest && newest.id > newestRemovedId ? 'unchanged' : newest ? { time: newest.create_time, userId: newest.user_id } : null;
    await kind.comments.removed(db, row.entity_id, total, last);
  }
  await scope.emit('comment.countsMoved', { deltas: [...lost.entries()].map(([userId, n]) => [userId, -n] as const) });
  const item = kind ? await kind.load(db, row.entity_id) : undefined;
  await scope.emit('content.statusChanged', {
    head: commentHead(row, item, CONTENT_STATUS.deleted),
    from: CONTENT_STATUS.published,
    to: CONTENT_STATUS.deleted,
    actor,
    text: htmlToText(row.content_html),
  });
}

/** A comment's head in `content.statusChanged` (`status`: the one it moves to), with its item's when it still loads. */
function commentHead(row: CommentRow, item: ContentHead | undefined, status: number): ContentHead {
  return {
    type: 'comment',
    id: row.id,
    ownerId: row.user_id,
    status,
    title: item?.title ?? '',
    excerpt: '',
    url: item ? `${item.url}#comment-${row.id}` : '',
    root: { type: row.entity_type, id: row.entity_id },
    ...(item ? { rootHead: item } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Held comments (the review queue decides; it checks the state of the locked row)

/**
 * A comment locked for a moderator's decision (undefined: there is none). A reply's parent is
 * locked first, the order a new reply and a parent's delete take (a delete's update of the
 * parent's replies would otherwise wait on this row while this decision waits on the parent).
 */
export async function lockedComment(db: Kysely<DB>, id: number): Promise<CommentRow | undefined> {
  const row = await findCommentById(db, id);
  if (!row) return undefined;
  if (row.parent_id !== null) await lockCommentById(db, row.parent_id);
  return lockCommentById(db, id);
}

/**
 * Publishes a held (pending) comment, inside the decision's transaction, with every effect it
 * would have had if it had been published when written: the parent's reply count, the item's
 * comment count and last activity (now, by its author), the author's comment count
 * (`comment.countsMoved`); then `content.statusChanged` (the author's "approved" message, the
 * audit row, caches) and `comment.created` (the messages to the item's author and the member
 * replied to, the author's score, caches). Answers false, writing nothing, when what it belongs
 * to is gone: its item is no longer published (or its kind is off), or the comment it replies to
 * is no longer published. Locks in the order a new comment takes them: parent, item, author.
 */
export async function approveHeldComment(scope: WriteScope, row: CommentRow, actor: Actor): Promise<boolean> {
  const { db, now } = scope;
  const kind = scope.ctx.kinds.commentable(row.entity_type);
  if (!kind?.comments || (await kind.closed?.(db, 'write'))) return false;
  const item = await kind.load(db, row.entity_id);
  if (!item || item.status !== CONTENT_STATUS.published) return false;
  const [parent, quoted] = await Promise.all([
    row.parent_id !== null ? findCommentById(db, row.parent_id) : Promise.resolve(undefined),
    row.quote_id !== null ? findCommentById(db, row.quote_id) : Promise.resolve(undefined),
  ]);
  if (row.parent_id !== null && parent?.status !== CONTENT_STATUS.published) return false;
  if (!(await countPublishedComment(scope, kind.comments, item.id, row.user_id, row.parent_id, now))) return false;
  await changeCommentStatus(db, row.id, CONTENT_STATUS.pending, CONTENT_STATUS.published, now);
  const text = htmlToText(row.content_html);
  await scope.emit('content.statusChanged', {
    head: commentHead(row, item, CONTENT_STATUS.published),
    from: CONTENT_STATUS.pending,
    to: CONTENT_STATUS.published,
    actor,
    text,
    review: { reason: '' },
  });
  // The member answered: the quoted reply while it is still out, else the top-level comment.
  const repliedTo = quoted?.status === CONTENT_STATUS.published ? quoted : (parent ?? null);
  await announceComment(scope, { id: row.id, authorId: row.user_id, html: row.content_html }, item, repliedTo, text);
  return true;
}

/**
 * Rejects a held (pending) comment: deleted, counted nowhere (it never was); `content.statusChanged`
 * tells its author the reason ("rejected") and writes the audit row.
 */
export async function rejectHeldComment(scope: WriteScope, row: CommentRow, actor: Actor, reason: string): Promise<void> {
  const { db, now } = scope;
  await changeCommentStatus(db, row.id, CONTENT_STATUS.pending, CONTENT_STATUS.deleted, now);
  const kind = scope.ctx.kinds.commentable(row.entity_type);
  const item = kind ? await kind.load(db, row.entity_id) : undefined;
  await scope.emit('content.statusChanged', {
    head: commentHead(row, item, CONTENT_STATUS.deleted),
    from: CONTENT_STATUS.pending,
    to: CONTENT_STATUS.deleted,
    actor,
    text: htmlToText(row.content_html),
    review: { reason },
  });
}

/** How many comments wait for review (the queue's tab). */
export function pendingCommentCount(db: Kysely<DB>): Promise<number> {
  return countCommentsByStatus(db, { status: CONTENT_STATUS.pending, search: '' });
}

/** A published comment, for deleting: 404 when absent or already deleted (the route authorizes). */
export async function deletableComment(db: Kysely<DB>, id: number): Promise<CommentRow> {
  const row = await findCommentById(db, id);
  if (!row || row.status !== CONTENT_STATUS.published) throw errors.notFound(COMMENT_NOT_FOUND);
  return row;
}

/** Whether the member has a published comment (or reply) on the item (hidden content opens to commenters). */
export function hasCommented(db: Kysely<DB>, item: { type: string; id: number }, userId: number): Promise<boolean> {
  return hasCommentedRow(db, item, userId);
}

/** The back office's comment table: one offset page of comments of a status (text search), and how many match. */
export async function commentsByStatus(db: Kysely<DB>, filter: { status: number; search: string }, offset: number, limit: number): Promise<{ rows: CommentRow[]; total: number }> {
  const [rows, total] = await Promise.all([findCommentsByStatus(db, filter, offset, limit), countCommentsByStatus(db, filter)]);
  return { rows, total };
}

/** Published comments, for the back office's dashboard. */
export function publishedCommentCount(db: Kysely<DB>): Promise<number> {
  return countPublishedComments(db);
}

/**
 * Hides (published → hidden) or shows again (hidden → published) every comment of a member: a
 * forever ban that hides their content, and the unban. The replies of others stay as they are
 * (under a hidden comment they are out of sight with it); each item's comment count and last
 * activity, the parents' reply counts and the member's comment count move; each comment records
 * `content.statusChanged` (scores, pages). Answers how many moved.
 */
export async function moveMemberComments(scope: WriteScope, userId: number, hide: boolean, actor: Actor): Promise<number> {
  const [from, to] = hide ? [CONTENT_STATUS.published, CONTENT_STATUS.hidden] : [CONTENT_STATUS.hidden, CONTENT_STATUS.published];
  return moveMemberCommentsBetween(scope, userId, from, to, actor);
}

/**
 * Every comment of a member in status `from` moved to `to`, counts following: out of published,
 * they are counted back; into it, counted; between two unpublished states, no count moves.
 */
async function moveMemberCommentsBetween(scope: WriteScope, userId: number, from: number, to: number, actor: Actor): Promise<number> {
  const { db, now } = scope;
  const rows = await lockCommentsOfUser(db, userId, from);
  if (rows.length === 0) return 0;
  const sign = from === CONTENT_STATUS.published ? -1 : to === CONTENT_STATUS.published ? 1 : 0;
  const hide = sign < 0;
  const items = new Map<string, { type: string; id: number; n: number }>();
  const parents = new Map<number, number>();
  for (const row of rows) {
    const key = `${row.entity_type}:${row.entity_id}`;
    const item = items.get(key) ?? { type: row.entity_type, id: row.entity_id, n: 0 };
    item.n++;
    items.set(key, item);
    if (row.parent_id !== null) parents.set(row.parent_id, (parents.get(row.parent_id) ?? 0) + 1);
  }
  // A reply count moves only on a published parent (which may be one of these): count before
  // hiding, after showing, so a member's reply to their own comment moves it both ways.
  const bumpParents = async () => {
    if (sign !== 0) for (const [parentId, n] of parents) await bumpReplyCount(db, parentId, sign * n, now);
  };
  if (hide) await bumpParents();
  await changeCommentsStatus(db, rows.map((row) => row.id), from, to, now);
  if (!hide) await bumpParents();
  const heads = new Map<string, ContentHead | undefined>();
  for (const [key, item] of items) {
    const kind = scope.ctx.kinds.commentable(item.type);
    if (!kind?.comments) continue;
    if (sign !== 0) {
      const newest = await findNewestComment(db, item);
      // `removed` with a negative count counts the shown comments back.
      await kind.comments.removed(db, item.id, -sign * item.n, newest ? { time: newest.create_time, userId: newest.user_id } : null);
    }
    heads.set(key, await kind.load(db, item.id));
  }
  if (sign !== 0) await scope.emit('comment.countsMoved', { deltas: [[userId, sign * rows.length]] });
  for (const row of rows) {
    const item = heads.get(`${row.entity_type}:${row.entity_id}`);
    await scope.emit('content.statusChanged', {
      head: commentHead(row, item, to),
      from,
      to,
      actor,
      text: htmlToText(row.content_html),
    });
  }
  return rows.length;
}

/**
 * An erased member's comments (issue 29, ADR 0039): with `remove`, every one of them deleted the
 * way a ban's hiding moves them (counts, replies' parents, scores, search and pages follow);
 * either way, where each was written from (IP address, its place, the browser) is cleared.
 */
export async function eraseMemberComments(scope: WriteScope, userId: number, remove: boolean, actor: Actor): Promise<void> {
  if (remove) {
    for (const from of [CONTENT_STATUS.published, CONTENT_STATUS.hidden, CONTENT_STATUS.pending]) await moveMemberCommentsBetween(scope, userId, from, CONTENT_STATUS.deleted, actor);
  }
  await clearCommentOrigins(scope.db, userId);
}

/** A member's comments as they wrote them, oldest first, deleted ones left out (their archive, issue 29). */
export function commentsWrittenBy(db: Kysely<DB>, userId: number): Promise<Array<Pick<CommentRow, 'id' | 'entity_type' | 'entity_id' | 'content' | 'content_html' | 'status' | 'create_time'>>> {
  return findCommentsWrittenBy(db, userId, CONTENT_STATUS.deleted);
}
