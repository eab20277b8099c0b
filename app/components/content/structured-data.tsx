/**
 * Structured data for search engines (issue 31): schema.org JSON-LD in the server-rendered page,
 * `DiscussionForumPosting` for a topic (a tweet too), `Article` for an article, a
 * `BreadcrumbList` (home › node › topic, home › articles › article) and `ProfilePage` for a
 * member, with the fields Google's structured-data documentation asks for or recommends.
 *
 * Only what every visitor may read: a post that is not published (deleted, pending, hidden) and
 * a banned member's page (kept out of search results, `noindex`) get none.
 *
 * The JSON sits in a `<script type="application/ld+json">` (a data block: never run, so no CSP
 * nonce). Text in it is the members' own, so `jsonLdText` writes `<`, `>`, `&` and the two line
 * separators as `\uXXXX` escapes: nothing in a title can close the script element, and the JSON
 * still parses to the very same text.
 */
import { CONTENT_STATUS } from '../../../common/constants';
import type { PostViewBase } from '../../../common/views/post';
import type { PublicUser } from '../../../common/views/user';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonLdObject = { [key: string]: Json };

const CONTEXT = 'https://schema.org';

/** JSON for an HTML script element: `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes. */
export function jsonLdText(value: JsonLdObject): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One `<script type="application/ld+json">` per object; nothing for none. */
export function JsonLd({ data }: { data: readonly JsonLdObject[] }) {
  return (
    <>
      {data.map((value, i) => (
        <script key={i} type="application/ld+json" data-testid="json-ld" dangerouslySetInnerHTML={{ __html: jsonLdText(value) }} />
      ))}
    </>
  );
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A site path (`/uploads/…`) made absolute on the site's origin; full addresses as they are. */
export function absolute(origin: string, url: string): string {
  return url.startsWith('/') ? origin + url : url;
}

function counter(type: 'LikeAction' | 'CommentAction' | 'FollowAction' | 'WriteAction', count: number): JsonLdObject {
  return { '@type': 'InteractionCounter', interactionType: `${CONTEXT}/${type}`, userInteractionCount: count };
}

function person(origin: string, user: Pick<PublicUser, 'id' | 'nickname'>): JsonLdObject {
  return { '@type': 'Person', name: user.nickname, url: `${origin}/user/${user.id}` };
}

/** Home › … › the page: each crumb a name and a full address. */
export function breadcrumbs(crumbs: ReadonlyArray<{ name: string; url: string }>): JsonLdObject {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.url })),
  };
}

export interface PostStructuredData {
  kind: 'topic' | 'article';
  /** The post as the page shows it; `title` is the headline (a tweet's first words). */
  item: Pick<PostViewBase, 'title' | 'summary' | 'user' | 'status' | 'createTime' | 'updateTime' | 'likeCount' | 'commentCount' | 'tags'>;
  canonical: string;
  /** The first picture (a tweet's image, an article's cover): a site path or a full address. */
  image?: string | null;
  /** The crumbs between home and the post (a topic's node, the articles list). */
  trail: ReadonlyArray<{ name: string; url: string }>;
  home: string;
}

/** A published post's `DiscussionForumPosting` or `Article`, and its breadcrumbs; none otherwise. */
export function postStructuredData({ kind, item, canonical, image, trail, home }: PostStructuredData): JsonLdObject[] {
  if (item.status !== CONTENT_STATUS.published) return [];
  const origin = new URL(canonical).origin;
  const excerpt = [...item.summary.replace(/\s+/g, ' ').trim()].slice(0, 500).join('');
  const post: JsonLdObject = {
    '@context': CONTEXT,
    '@type': kind === 'topic' ? 'DiscussionForumPosting' : 'Article',
    '@id': canonical,
    mainEntityOfPage: canonical,
    url: canonical,
    headline: [...item.title].slice(0, 110).join(''),
    datePublished: iso(item.createTime),
    dateModified: iso(Math.max(item.createTime, item.updateTime)),
    ...(kind === 'topic' ? { text: excerpt } : { description: excerpt, articleBody: excerpt }),
    commentCount: item.commentCount,
    interactionStatistic: [counter('LikeAction', item.likeCount), counter('CommentAction', item.commentCount)],
  };
  if (item.user) post.author = person(origin, item.user);
  if (image) post.image = absolute(origin, image);
  if (item.tags.length) post.keywords = item.tags.map((tag) => tag.name).join(', ');
  return [post, breadcrumbs([{ name: home, url: `${origin}/` }, ...trail, { name: item.title, url: canonical }])];
}

/** A member's `ProfilePage` (mainEntity: the Person); none while they are banned. */
export function profileStructuredData(user: PublicUser, canonical: string): JsonLdObject[] {
  if (user.forbidden.until !== 0) return [];
  const origin = new URL(canonical).origin;
  const member: JsonLdObject = {
    '@type': 'Person',
    name: user.nickname,
    identifier: String(user.id),
    url: `${origin}/user/${user.id}`,
    interactionStatistic: [counter('FollowAction', user.fansCount)],
    agentInteractionStatistic: [counter('WriteAction', user.topicCount + user.articleCount)],
  };
  if (user.username) member.alternateName = user.username;
  if (user.avatar) member.image = absolute(origin, user.avatar);
  if (user.signature) member.description = user.signature;
  return [{ '@context': CONTEXT, '@type': 'ProfilePage', url: canonical, dateCreated: iso(user.createTime), mainEntity: member }];
}
