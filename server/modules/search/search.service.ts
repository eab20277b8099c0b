/**
 * Reading the index: a page of hits of one kind, presented as that kind presents its lists, with
 * the matched words highlighted; and the members whose names match. Every page takes a constant
 * number of queries: the hits and the count (one query on PostgreSQL), the posts, then the kind's own batch presentation.
 */
import type { Kysely } from 'kysely';
import type { ArticleView } from '../../../common/views/article';
import type { Page } from '../../../common/views/page';
import type { SearchHit, SearchPage, SearchTimeRange } from '../../../common/views/search';
import { SEARCH_TIME_RANGES } from '../../../common/views/search';
import type { TopicView } from '../../../common/views/topic';
import type { PublicUser } from '../../../common/views/user';
import type { DB } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { ViewerContext } from '../../kernel/caller';
import { encodeCursor } from '../../kernel/paging';
import { articlesByIds, assembleArticles } from '../articles/articles.api';
import { htmlToText } from '../content/content.api';
import { assembleTopics } from '../topics/topics.api';
import { topicTitle } from '../topics/topics.api';
import { findTopicsByIds } from '../topics/topics.api';
import { presentPublicUser } from '../users/users.api';
import { countUsersByName, findUsersByName } from '../users/users.api';
import { highlight, snippet, type Needles } from './search.highlight';
import { findPage, prepareQuery, type HitFilter } from './search.repository';
import type { SearchKind } from './search.sources';
import { fold, parseQuery } from './search.text';

export const SEARCH_PAGE_SIZE = 20;

const DAY_MS = 24 * 3600 * 1000;
const RANGE_MS: Record<SearchTimeRange, number | null> = { all: null, day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS, year: 365 * DAY_MS };

/** The earliest creation time a range lets through (API.md numbers: 0 all … 4 year). */
export function sinceOf(timeRange: number, now: number): number | undefined {
  const span = RANGE_MS[SEARCH_TIME_RANGES[timeRange] ?? 'all'];
  return span === null ? undefined : now - span;
}

/**
 * The cursor of a post search: `[score, documentId, now]` as base64url JSON. `now` is the first
 * page's clock, so every later page scores and filters exactly as the first did.
 */
function decodeSearchCursor(cursor: string | undefined): [score: number, id: number, now: number, ceiling: number] | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw new Error('bad');
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 4 && value.every((n) => Number.isSafeInteger(n))) return value as [number, number, number, number];
  } catch {
    // fall through to the validation error
  }
  throw errors.validation({ cursor: 'search.validation.cursorInvalid' });
}

const EMPTY: SearchPage<never> = { results: [], cursor: '', hasMore: false, total: 0 };

interface PostSearch {
  keyword: string;
  nodeId?: number;
  timeRange: number;
  cursor?: string;
}

/** One page of hits of a post kind: ids with scores, the count, then the presented posts. */
async function searchPosts<V extends { id: number }>(
  db: Kysely<DB>,
  kind: SearchKind,
  input: PostSearch,
  context: ViewerContext,
  present: (ids: number[], needles: Needles) => Promise<Map<number, SearchHit<V>>>,
): Promise<SearchPage<SearchHit<V>>> {
  const after = decodeSearchCursor(input.cursor);
  const parsed = parseQuery(input.keyword);
  if (parsed === null) return EMPTY;
  const query = await prepareQuery(db, parsed);
  if (query === null) return EMPTY;
  const now = after?.[2] ?? context.now;
  const filter: HitFilter = { kind, nodeId: kind === 'topic' ? input.nodeId : undefined, since: sinceOf(input.timeRange, now), now, ceiling: after?.[3] };
  // The window's newest document, which later pages keep as their ceiling.
  const { hits, total, capped, ceiling } = await findPage(db, query, filter, after ? [after[0], after[1]] : null, SEARCH_PAGE_SIZE + 1);
  const page = hits.slice(0, SEARCH_PAGE_SIZE);
  const views = await present(
    page.map((hit) => hit.itemId),
    parsed.highlight,
  );
  const last = page.at(-1);
  const hasMore = hits.length > SEARCH_PAGE_SIZE;
  return {
    // A post deleted between the index read and the post read is left out (its document goes in the same transaction).
    results: page.flatMap((hit) => views.get(hit.itemId) ?? []),
    cursor: hasMore && last && ceiling !== null ? encodeCursor([last.score, last.id, now, ceiling]) : '',
    hasMore,
    total,
    ...(capped ? { totalCapped: true } : {}),
  };
}

export function searchTopics(db: Kysely<DB>, input: PostSearch, context: ViewerContext): Promise<SearchPage<SearchHit<TopicView>>> {
  return searchPosts(db, 'topic', input, context, async (ids, needles) => {
    const rows = await findTopicsByIds(db, ids);
    const views = new Map((await assembleTopics(db, rows, context)).map((v) => [v.id, v]));
    const hits = new Map<number, SearchHit<TopicView>>();
    for (const row of rows) {
      const item = views.get(row.id);
      if (item) hits.set(row.id, { id: row.id, item, highlight: { title: highlight(topicTitle(row), needles), summary: snippet(htmlToText(row.content_html), needles) } });
    }
    return hits;
  });
}

export function searchArticles(db: Kysely<DB>, input: PostSearch, context: ViewerContext): Promise<SearchPage<SearchHit<ArticleView>>> {
  return searchPosts(db, 'article', input, context, async (ids, needles) => {
    const rows = await articlesByIds(db, ids);
    const views = new Map((await assembleArticles(db, rows, context)).map((v) => [v.id, v]));
    const hits = new Map<number, SearchHit<ArticleView>>();
    for (const row of rows) {
      const item = views.get(row.id);
      // The author's summary when it holds a match, else the passage of the body that does.
      const summary = snippet(row.summary, needles);
      const body = summary.includes('<mark>') ? summary : snippet(htmlToText(row.content_html), needles);
      if (item) hits.set(row.id, { id: row.id, item, highlight: { title: highlight(row.title, needles), summary: body.includes('<mark>') ? body : summary } });
    }
    return hits;
  });
}

/** Members whose username or nickname contains the keyword (folded), newest first; their count. */
export async function searchUsers(db: Kysely<DB>, input: { keyword: string; cursor?: string }, context: ViewerContext): Promise<SearchPage<PublicUser>> {
  const beforeId = decodeUserCursor(input.cursor);
  const needle = fold(input.keyword.trim());
  const [rows, total] = await Promise.all([findUsersByName(db, needle, beforeId, SEARCH_PAGE_SIZE + 1), countUsersByName(db, needle)]);
  const page: Page<PublicUser> = {
    results: rows.slice(0, SEARCH_PAGE_SIZE).map((row) => presentPublicUser(row, { now: context.now })),
    hasMore: rows.length > SEARCH_PAGE_SIZE,
    cursor: rows.length > SEARCH_PAGE_SIZE ? encodeCursor([rows[SEARCH_PAGE_SIZE - 1]!.id]) : '',
  };
  return { ...page, total };
}

function decodeUserCursor(cursor: string | undefined): number | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 1 && Number.isSafeInteger(value[0])) return value[0] as number;
  } catch {
    // fall through to the validation error
  }
  throw errors.validation({ cursor: 'search.validation.cursorInvalid' });
}
