import { commentActions } from '../../common/actions/comments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComment, createTopic, createUser, type CreatedUser } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { assemblePages } from './pages';

describe('context.site (page loaders)', () => {
  let t: TestApp;
  let a: CreatedUser;
  let b: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createUser(t);
    b = await createUser(t);
  });
  afterAll(() => t.close());

  it('serves the comment section, favorites, messages (reading marks nothing) and the unread badge', async () => {
    const site = t.ctx.site.interactions;
    const topicId = await createTopic(t, a.user, { title: 'Loader topic' });
    const commentId = await createComment(t, b.user, { entityId: topicId, content: 'from b' });
    await createComment(t, a.user, { entityType: 'comment', entityId: commentId, content: 'reply from a' });
    await t.post('/api/favorite/add', { entityType: 'topic', entityId: topicId }, { token: b.token });

    const comments = await t.read(commentActions.list, { entityType: 'topic', entityId: topicId }, { user: b.user });
    expect(comments.ok && comments.data.results.map((c) => [c.content, c.replies!.length])).toEqual([['<p>from b</p>', 1]]);
    const missing = await t.read(commentActions.list, { entityType: 'topic', entityId: 999_999 }, { locale: 'zh-CN' });
    expect(missing).toEqual({ ok: false, status: 404, message: '内容不存在或已被删除' });

    const favorites = await site.favorites({ user: b.user, locale: 'en-US' }, {});
    expect(favorites.ok && favorites.data.results.map((f) => f.topic?.title)).toEqual(['Loader topic']);

    expect(await site.unreadCount(null)).toBe(0);
    expect(await site.unreadCount(a.user)).toBe(2); // comment on the topic, favorite of the topic
    expect(await site.unreadCount(b.user)).toBe(1); // reply
    const messages = await site.messages({ user: a.user, locale: 'en-US' }, {});
    expect(messages.ok && messages.data.results.map((m) => m.type)).toEqual(['favorite', 'topic_comment']);
    // The page's loader only reads: the page marks what it shows with POST user/messages/read.
    expect(messages.ok && messages.data.results.map((m) => m.status)).toEqual([0, 0]);
    expect(await site.unreadCount(a.user)).toBe(2);
    expect(site.notificationSettings(a.user)).toEqual({ replyMail: false });
  });

  it('is built once per app, each method from exactly one feature', () => {
    expect(t.ctx.site).toBe(t.ctx.site);
    expect(Object.keys(t.ctx.site.topics).sort()).toEqual(['detail', 'feed', 'forEdit', 'hiddenContent', 'navNodes', 'node', 'nodes', 'tag', 'tagFeed']);
    const all = { name: 'all', slice: { topics: t.ctx.site.topics, interactions: t.ctx.site.interactions, people: t.ctx.site.people, articles: t.ctx.site.articles, scores: t.ctx.site.scores, search: t.ctx.site.search, adminSite: t.ctx.site.adminSite } };
    expect(assemblePages([all]).people).toEqual(t.ctx.site.people);
    expect(() => assemblePages([all, { name: 'again', slice: { people: { profile: t.ctx.site.people.profile } } }])).toThrow('site.people.profile is declared by both all and again');
    expect(() => assemblePages([{ name: 'some', slice: { people: t.ctx.site.people } }])).toThrow('no feature declares site.interactions.favorites');
    expect(() => assemblePages([{ name: 'odd', slice: { people: { nickname: () => 'x' } as never } }])).toThrow('odd declares site.people.nickname');
  });
});
