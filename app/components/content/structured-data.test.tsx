/**
 * The pages' JSON-LD (issue 31): it parses as JSON with the fields Google asks for, user text
 * cannot close its script element, and content not published (or a banned member) gets none.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../common/views/user';
import { JsonLd, jsonLdText, postStructuredData, profileStructuredData, type JsonLdObject } from './structured-data';

const HOSTILE = 'Trains </script><script>alert(1)</script> & <!-- \u2028 more';
const canonical = 'https://sabai.example/topic/7';
const author = { id: 3, nickname: 'Nok' } as PublicUser;
const topic = {
  title: HOSTILE,
  summary: 'Night trains\nto Chiang Mai',
  user: author,
  status: 0,
  createTime: Date.UTC(2026, 0, 2),
  updateTime: Date.UTC(2026, 0, 3),
  likeCount: 4,
  commentCount: 2,
  tags: [{ id: 1, name: 'rail' }],
};
const post = (status = 0, kind: 'topic' | 'article' = 'topic') =>
  postStructuredData({ kind, item: { ...topic, status }, canonical, image: '/uploads/a/b.webp', home: 'Home', trail: [{ name: 'Travel', url: 'https://sabai.example/topics/node/2' }] });

/** The scripts of rendered markup, parsed; throws when one is not JSON. */
function scripts(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

describe('structured data', () => {
  it('keeps a hostile title inside the JSON: one script each, parsing back to the same text', () => {
    const data = post();
    const html = renderToStaticMarkup(<JsonLd data={data} />);
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<!--');
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u0026');
    const [posting] = scripts(html) as JsonLdObject[];
    expect(posting!.headline).toBe(HOSTILE);
    expect(JSON.parse(jsonLdText({ a: HOSTILE }))).toEqual({ a: HOSTILE });
  });

  it('describes a topic as a DiscussionForumPosting with author, dates, text, image and counts', () => {
    const [posting, crumbs] = post();
    expect(posting).toEqual({
      '@context': 'https://schema.org',
      '@type': 'DiscussionForumPosting',
      '@id': canonical,
      mainEntityOfPage: canonical,
      url: canonical,
      headline: HOSTILE,
      datePublished: '2026-01-02T00:00:00.000Z',
      dateModified: '2026-01-03T00:00:00.000Z',
      text: 'Night trains to Chiang Mai',
      commentCount: 2,
      interactionStatistic: [
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: 4 },
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: 2 },
      ],
      author: { '@type': 'Person', name: 'Nok', url: 'https://sabai.example/user/3' },
      image: 'https://sabai.example/uploads/a/b.webp',
      keywords: 'rail',
    });
    expect(crumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://sabai.example/' },
        { '@type': 'ListItem', position: 2, name: 'Travel', item: 'https://sabai.example/topics/node/2' },
        { '@type': 'ListItem', position: 3, name: HOSTILE, item: canonical },
      ],
    });
  });

  it('describes an article as an Article with a body excerpt', () => {
    const [article] = post(0, 'article');
    expect(article).toMatchObject({ '@type': 'Article', headline: HOSTILE, articleBody: 'Night trains to Chiang Mai', description: 'Night trains to Chiang Mai', author: { name: 'Nok' } });
    expect(article).not.toHaveProperty('text');
  });

  it('gives deleted, pending and hidden posts none', () => {
    for (const status of [1, 2, 3]) expect(post(status)).toEqual([]);
    expect(renderToStaticMarkup(<JsonLd data={post(1)} />)).toBe('');
  });

  it('describes a profile as a ProfilePage whose main entity is the Person; a banned member gets none', () => {
    const user = { ...author, username: 'nok', avatar: '/uploads/av.webp', signature: 'Rail fan', fansCount: 5, topicCount: 6, articleCount: 1, createTime: Date.UTC(2025, 5, 1), forbidden: { until: 0 } } as PublicUser;
    const [page] = profileStructuredData(user, 'https://sabai.example/user/3');
    expect(page).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: 'https://sabai.example/user/3',
      dateCreated: '2025-06-01T00:00:00.000Z',
      mainEntity: {
        '@type': 'Person',
        name: 'Nok',
        identifier: '3',
        url: 'https://sabai.example/user/3',
        alternateName: 'nok',
        image: 'https://sabai.example/uploads/av.webp',
        description: 'Rail fan',
        interactionStatistic: [{ '@type': 'InteractionCounter', interactionType: 'https://schema.org/FollowAction', userInteractionCount: 5 }],
        agentInteractionStatistic: [{ '@type': 'InteractionCounter', interactionType: 'https://schema.org/WriteAction', userInteractionCount: 7 }],
      },
    });
    expect(profileStructuredData({ ...user, forbidden: { until: -1 } }, 'https://sabai.example/user/3')).toEqual([]);
  });
});
