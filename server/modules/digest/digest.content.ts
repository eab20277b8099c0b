/**
 * What a member missed in a period, read through the owning features' public surfaces: the most
 * liked and commented topics and articles published in it by the members they follow and on the
 * whole site (published only: the readers of a mail are nobody in particular), and their unread
 * notifications. The site's lists are the same for every member of a run, so a run reads them
 * once per period (`SiteTops`).
 */
import type { Kysely } from 'kysely';
import type { Locale } from '../../../common/constants';
import type { DB } from '../../db/schema';
import { followedAuthorsOf } from '../follows/follows.api';
import { recentMessages, unreadCount } from '../messages/messages.api';
import { displayTitle, findTopPostsBetween, type PostTable, type TopPostRow } from '../publishing/publishing.api';
import { usersByIds } from '../users/users.api';
import type { DigestPeriod } from './digest.periods';

/** Posts per list, and unread notifications shown. */
export const DIGEST_LIMITS = { posts: 5, notifications: 3 } as const;

export type PostKindName = 'topic' | 'article';

export interface DigestPost {
  kind: PostKindName;
  id: number;
  title: string;
  author: string;
  likes: number;
  comments: number;
  /** Site path: `/topic/12`. */
  url: string;
}

export interface DigestContent {
  followed: DigestPost[];
  site: DigestPost[];
  unread: { count: number; newest: Array<{ title: string; url: string }> };
}

/** The site's top posts of a period, read once per run: each kind's list, a few extra to skip a member's own. */
export type SiteTops = Map<string, Promise<Array<{ kind: PostKindName; row: TopPostRow }>>>;

const TABLES: ReadonlyArray<{ kind: PostKindName; table: PostTable }> = [
  { kind: 'topic', table: 'topics' },
  { kind: 'article', table: 'articles' },
];

function kindsShown(articlesOn: boolean): ReadonlyArray<{ kind: PostKindName; table: PostTable }> {
  return articlesOn ? TABLES : TABLES.filter((entry) => entry.kind === 'topic');
}

/** Most liked and commented first, then newest: two kinds' lists merged. */
function byScore(a: { row: TopPostRow }, b: { row: TopPostRow }): number {
  return b.row.like_count + b.row.comment_count - (a.row.like_count + a.row.comment_count) || b.row.id - a.row.id;
}

async function siteTopsOf(db: Kysely<DB>, tops: SiteTops, period: DigestPeriod, articlesOn: boolean): Promise<Array<{ kind: PostKindName; row: TopPostRow }>> {
  let list = tops.get(period.key);
  if (!list) {
    list = Promise.all(
      kindsShown(articlesOn).map(async ({ kind, table }) =>
        (await findTopPostsBetween(db, table, { from: period.start, to: period.end }, DIGEST_LIMITS.posts * 3)).map((row) => ({ kind, row })),
      ),
    ).then((lists) => lists.flat().sort(byScore));
    tops.set(period.key, list);
  }
  return list;
}

async function followedTops(db: Kysely<DB>, userId: number, period: DigestPeriod, articlesOn: boolean): Promise<Array<{ kind: PostKindName; row: TopPostRow }>> {
  const lists = await Promise.all(
    kindsShown(articlesOn).map(async ({ kind, table }) =>
      (await findTopPostsBetween(db, table, { from: period.start, to: period.end, authors: followedAuthorsOf(db, userId) }, DIGEST_LIMITS.posts)).map((row) => ({ kind, row })),
    ),
  );
  return lists.flat().sort(byScore).slice(0, DIGEST_LIMITS.posts);
}

/** What `userId` missed in `period`; `tops` is the run's cache of the site's lists. */
export async function gatherDigest(
  db: Kysely<DB>,
  member: { id: number },
  period: DigestPeriod,
  options: { tops: SiteTops; articlesOn: boolean; locale: Locale; now: number; timeZone: string },
): Promise<DigestContent> {
  const [followed, site, count] = await Promise.all([followedTops(db, member.id, period, options.articlesOn), siteTopsOf(db, options.tops, period, options.articlesOn), unreadCount(db, member.id)]);
  // The site's list leaves out what the followed list shows and what the member wrote themself.
  const shown = new Set(followed.map(({ kind, row }) => `${kind}:${row.id}`));
  const siteList = site.filter(({ kind, row }) => row.user_id !== member.id && !shown.has(`${kind}:${row.id}`)).slice(0, DIGEST_LIMITS.posts);
  const authors = new Map((await usersByIds(db, [...followed, ...siteList].map(({ row }) => row.user_id))).map((user) => [user.id, user.nickname]));
  const present = ({ kind, row }: { kind: PostKindName; row: TopPostRow }): DigestPost => ({
    kind,
    id: row.id,
    title: displayTitle(row),
    author: authors.get(row.user_id) ?? '',
    likes: row.like_count,
    comments: row.comment_count,
    url: `/${kind}/${row.id}`,
  });
  const newest = count > 0 ? (await recentMessages(db, member.id, { locale: options.locale, now: options.now, timeZone: options.timeZone })).messages.slice(0, DIGEST_LIMITS.notifications) : [];
  return {
    followed: followed.map(present),
    site: siteList.map(present),
    unread: { count, newest: newest.map((message) => ({ title: message.title, url: message.url })) },
  };
}

/** Whether a digest has anything to say: no posts and no unread notification is no mail. */
export function hasNews(content: DigestContent): boolean {
  return content.followed.length > 0 || content.site.length > 0 || content.unread.count > 0;
}

/**
 * `hasNews` of the member's digest without reading it all (the run asks it of every due member):
 * any site post of the period by someone else is news (what they follow is among the site's
 * posts), else an unread notification. Only when the site's posts are all the member's own does
 * it gather the whole digest.
 */
export async function hasNewsFor(db: Kysely<DB>, member: { id: number }, period: DigestPeriod, options: { tops: SiteTops; articlesOn: boolean; locale: Locale; now: number; timeZone: string }): Promise<boolean> {
  const site = await siteTopsOf(db, options.tops, period, options.articlesOn);
  if (site.some(({ row }) => row.user_id !== member.id)) return true;
  if (site.length > 0) return hasNews(await gatherDigest(db, member, period, options));
  return (await unreadCount(db, member.id)) > 0;
}
