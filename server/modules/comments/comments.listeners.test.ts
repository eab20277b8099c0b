/**
 * The comments feature's listeners (comments.feature.ts), each proved by what a member or reader
 * would see; removing one fails a test here:
 *   - a comment drops the cached pages that show its item (`comment.created`, commit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import type { CreatedUser } from '../../../tests/support/factories';
import { createListenerApp, droppedPages } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';

for (const dialect of await testDatabases()) {
  describe(`comments listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let other: CreatedUser;

    beforeAll(async () => {
      ({ t, member, other } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('pages: a comment drops the pages that show the topic or article it is on, and the lists', async () => {
      const topic = await postTopic(t, member.token, { title: 'Cached page' });
      const commented = await droppedPages(t, () => t.post('/api/comment/create', { entityType: 'topic', entityId: topic, content: 'Hello' }, { token: other.token }));
      expect(commented).toEqual(expect.arrayContaining([`topic:${topic}`, 'lists']));
      const article = await postArticle(t, member.token, { title: 'Cached article' });
      const onArticle = await droppedPages(t, () => t.post('/api/comment/create', { entityType: 'article', entityId: article.id, content: 'Hello' }, { token: other.token }));
      expect(onArticle).toEqual(expect.arrayContaining([`article:${article.id}`, 'lists']));
    });

  });
}
