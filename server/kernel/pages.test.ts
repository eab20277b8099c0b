import { commentActions } from '../../common/actions/comments';
import { messageActions } from '../../common/actions/messages';
import { reactionActions } from '../../common/actions/reactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../tests/support/databases';
import { createComment, createTopic, createUser, type CreatedUser } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { requireDb } from '../context';
import { countCachedView } from './pages';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('the page loaders’ reads', () => {
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
    const topicId = await createTopic(t, a.user, { title: 'Loader topic' });
    const commentId = await createComment(t, b.user, { entityId: topicId, content: 'from b' });
    await createComment(t, a.user, { entityType: 'comment', entityId: commentId, content: 'reply from a' });
    await t.post('/api/favorite/add', { entityType: 'topic', entityId: topicId }, { token: b.token });

    const comments = await t.read(commentActions.list, { entityType: 'topic', entityId: topicId }, { user: b.user });
    expect(comments.ok && comments.data.results.map((c) => [c.content, c.replies!.length])).toEqual([['<p>from b</p>', 1]]);
    const missing = await t.read(commentActions.list, { entityType: 'topic', entityId: 999_999 }, { locale: 'zh-CN' });
    expect(missing).toEqual({ ok: false, status: 404, message: '内容不存在或已被删除' });

    const favorites = await t.read(reactionActions.favorites, {}, { user: b.user });
    expect(favorites.ok && favorites.data.results.map((f) => f.topic?.title)).toEqual(['Loader topic']);

    const unread = async (user: typeof a.user | null) => t.read(messageActions.unreadCount, {}, { user });
    expect(await unread(null)).toEqual({ ok: false, status: 401, message: 'Please sign in first' });
    expect(await unread(a.user)).toEqual({ ok: true, data: 2 }); // comment on the topic, favorite of the topic
    expect(await unread(b.user)).toEqual({ ok: true, data: 1 }); // reply
    const messages = await t.read(messageActions.list, {}, { user: a.user });
    expect(messages.ok && messages.data.results.map((m) => m.type)).toEqual(['favorite', 'topic_comment']);
    // The page's loader only reads: the page marks what it shows with POST user/messages/read.
    expect(messages.ok && messages.data.results.map((m) => m.status)).toEqual([0, 0]);
    expect(await unread(a.user)).toEqual({ ok: true, data: 2 });
    expect(await t.read(messageActions.settings, {}, { user: a.user })).toEqual({ ok: true, data: { replyMail: false } });
  });

  it('holds only the site’s own reads, built once per app: the features are read through their declared actions', () => {
    expect(t.ctx.site).toBe(t.ctx.site);
    expect(Object.keys(t.ctx.site).sort()).toEqual(['installState', 'log', 'now', 'origin']);
  });
});

// The page cache answers a hit before any loader runs: ssr.ts counts the view with `countCachedView`.
for (const dialect of await testDatabases()) {
  describe(`views of pages served from the page cache [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    beforeAll(async () => {
      t = await createTestApp({ dialect });
      member = await createUser(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('views: a topic page served from the page cache still counts the visit, once per visitor', async () => {
      const topic = await createTopic(t, member.user);
      const views = async () => (await requireDb(t.ctx).selectFrom('topics').select('view_count').where('id', '=', topic).executeTakeFirstOrThrow()).view_count;
      await countCachedView(t.ctx, `/topic/${topic}`, { ip: '198.51.100.7', userAgent: BROWSER });
      await countCachedView(t.ctx, `/topic/${topic}?from=feed`, { ip: '198.51.100.7', userAgent: BROWSER });
      await countCachedView(t.ctx, `/topic/${topic}`, { ip: '198.51.100.8', userAgent: BROWSER });
      await countCachedView(t.ctx, '/topics', { ip: '198.51.100.9', userAgent: BROWSER });
      expect(await views()).toBe(2);
    });
  });
}
