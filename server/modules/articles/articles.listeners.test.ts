/**
 * The articles feature's listeners (articles.feature.ts), each proved by what a reader would see;
 * removing one fails a test here:
 *   - the cached article feed (commit, `dropFeedsOf`): an article created or edited, a recommend
 *     (`content.flagged`), a delete (`content.statusChanged`), a comment (`comment.created`), a
 *     tag renamed in the back office (`site.catalogChanged`);
 *   - the cached pages (commit): a new article drops the lists, an edit its page and the lists;
 *   - a forever ban that hides content hides the member's articles, the unban shows them again
 *     (`user.banned`, `user.unbanned`, write: publishing's `followBans`).
 * The caches are on here (they are off in other suites).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleView } from '../../../common/views/article';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp, droppedPages } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { FEED_CACHE_TTL_MS, setFeedCacheTtl } from '../../kernel/feed-cache';

for (const dialect of await testDatabases()) {
  describe(`articles listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let other: CreatedUser;
    let moderator: CreatedUser;

    const articles = async () => {
      const res = await t.get<{ results: ArticleView[] }>('/api/article/articles');
      expect(res.status).toBe(200);
      return res.body.data!.results;
    };

    beforeAll(async () => {
      ({ t, member, other, moderator } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('feeds: what an article write changes shows at once in the cached article feed (create, edit, recommend, comment, delete)', async () => {
      setFeedCacheTtl(t.ctx, FEED_CACHE_TTL_MS);
      try {
        const first = await postArticle(t, member.token, { title: 'First article' });
        expect((await articles())[0]?.id).toBe(first.id);
        const second = await postArticle(t, member.token, { title: 'Second article' });
        expect((await articles())[0]?.id).toBe(second.id);
        expect((await t.post(`/api/article/edit/${first.id}`, { title: 'First, edited', content: '<p>Edited</p>' }, { token: member.token })).status).toBe(200);
        expect((await articles()).find((a) => a.id === first.id)?.title).toBe('First, edited');
        expect((await t.post(`/api/article/recommend/${first.id}`, { recommend: true }, { token: moderator.token })).status).toBe(200);
        expect((await articles()).find((a) => a.id === first.id)?.recommend).toBe(true);
        expect((await t.post('/api/comment/create', { entityType: 'article', entityId: first.id, content: 'Nice' }, { token: other.token })).status).toBe(200);
        expect((await articles()).find((a) => a.id === first.id)?.commentCount).toBe(1);
        expect((await t.post(`/api/article/delete/${second.id}`, {}, { token: member.token })).status).toBe(200);
        expect((await articles()).map((a) => a.id)).not.toContain(second.id);
      } finally {
        setFeedCacheTtl(t.ctx, 0);
      }
    });

    it('feeds (back office): a tag renamed shows at once on its articles in the cached feed', async () => {
      const admin = await createUser(t, { role: 'admin' });
      setFeedCacheTtl(t.ctx, FEED_CACHE_TTL_MS);
      try {
        const article = await postArticle(t, member.token, { title: 'Tag named', tags: ['yam-woon-sen'] });
        const articleIn = async () => (await articles()).find((r) => r.id === article.id)!;
        const tag = (await articleIn()).tags[0]!;
        expect((await t.post('/api/admin/tag/rename', { id: tag.id, name: 'Glass noodle salad' }, { token: admin.token })).status).toBe(200);
        expect((await articleIn()).tags.map((x) => x.name)).toEqual(['Glass noodle salad']);
      } finally {
        setFeedCacheTtl(t.ctx, 0);
      }
    });

    it('pages: a new article drops the lists; an edit drops its page and the lists', async () => {
      const created = await droppedPages(t, () => postArticle(t, member.token, { title: 'Cached article' }));
      expect(created).toEqual(['lists']);
      const id = (await articles())[0]!.id;
      const edited = await droppedPages(t, () => t.post(`/api/article/edit/${id}`, { title: 'Cached article, edited', content: '<p>New</p>' }, { token: member.token }), 'forgotten');
      expect(edited).toEqual(expect.arrayContaining([`article:${id}`, 'lists']));
    });

    it('a forever ban that hides content hides the member’s articles; lifting it shows them again', async () => {
      const writer = await createUser(t);
      const article = await postArticle(t, writer.token, { title: 'Soon hidden' });
      const ban = await t.post('/api/admin/user/ban', { userId: writer.user.id, days: -1, reason: 'Spam ring', hideContent: true }, { token: moderator.token });
      expect(ban.status, JSON.stringify(ban.body)).toBe(200);
      expect((await t.get(`/api/article/${article.id}`)).status).toBe(404);
      expect((await articles()).map((a) => a.id)).not.toContain(article.id);
      expect((await t.post('/api/admin/user/unban', { userId: writer.user.id }, { token: moderator.token })).status).toBe(200);
      expect((await t.get(`/api/article/${article.id}`)).status).toBe(200);
      expect((await articles()).map((a) => a.id)).toContain(article.id);
    });
  });
}
