/**
 * The reactions feature's listeners (reactions.feature.ts), each proved by what a member or reader
 * would see; removing one fails a test here:
 *   - the first like or favorite of an item by a member tells its author, once
 *     (`reaction.changed`, write: a site message);
 *   - a like drops the cached pages that show the item (`reaction.changed`, commit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp, droppedPages, messagesOf } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';

for (const dialect of await testDatabases()) {
  describe(`reactions listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let other: CreatedUser;

    beforeAll(async () => {
      ({ t, member, other } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('messages: a like and a favorite tell the author once each, however often they are taken back and given again', async () => {
      const author = await createUser(t);
      const topic = await postTopic(t, author.token, { title: 'Street food' });
      const item = { entityType: 'topic', entityId: topic };
      for (let i = 0; i < 2; i++) {
        expect((await t.post('/api/like/like', item, { token: other.token })).status).toBe(200);
        expect((await t.post('/api/like/unlike', item, { token: other.token })).status).toBe(200);
      }
      expect((await t.post('/api/favorite/add', item, { token: other.token })).status).toBe(200);
      const nickname = other.user.nickname;
      expect((await messagesOf(t, author)).map((m) => [m.type, m.title, m.url])).toEqual([
        ['favorite', `${nickname} added your topic “Street food” to favorites`, `/topic/${topic}`],
        ['like', `${nickname} liked your topic “Street food”`, `/topic/${topic}`],
      ]);
    });

    it('pages: a like drops the page of the topic or article liked', async () => {
      const topic = await postTopic(t, member.token, { title: 'Cached page' });
      const liked = await droppedPages(t, () => t.post('/api/like/like', { entityType: 'topic', entityId: topic }, { token: other.token }));
      expect(liked).toContain(`topic:${topic}`);
      const article = await postArticle(t, member.token, { title: 'Cached article' });
      const likedArticle = await droppedPages(t, () => t.post('/api/like/like', { entityType: 'article', entityId: article.id }, { token: other.token }));
      expect(likedArticle).toContain(`article:${article.id}`);
    });
  });
}
