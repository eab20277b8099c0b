/**
 * The reactions feature's listeners (reactions.feature.ts), each proved by what a member or reader
 * would see; removing one fails a test here:
 *   - a like drops the cached pages that show the item (`reaction.changed`, commit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import type { CreatedUser } from '../../../tests/support/factories';
import { createListenerApp, droppedPages } from '../../../tests/support/listeners';
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
