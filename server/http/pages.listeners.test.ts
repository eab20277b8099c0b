/**
 * The page cache's listeners of the content kinds' shared facts (pages.feature.ts); removing one
 * fails a test here:
 *   - a status move (a delete, by its author or a moderator) drops the pages that show the item
 *     and the lists, without keeping their last copy for an outage (`content.statusChanged`, commit);
 *   - a moderator's recommend or sticky drops them too (`content.flagged`, commit).
 * Each kind's own facts (created, edited) drop their pages from the kind's feature; a comment's
 * and a like's from theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postArticle } from '../../tests/support/article-factories';
import { testDatabases } from '../../tests/support/databases';
import type { CreatedUser } from '../../tests/support/factories';
import { createListenerApp, droppedPages } from '../../tests/support/listeners';
import type { TestApp } from '../../tests/support/test-app';
import { postTopic } from '../../tests/support/topic-factories';

for (const dialect of await testDatabases()) {
  describe(`page cache listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let moderator: CreatedUser;

    beforeAll(async () => {
      ({ t, member, moderator } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a delete drops the pages that show the topic or article, and the lists, keeping no stale copy', async () => {
      const topic = await postTopic(t, member.token, { title: 'Cached page' });
      const deleted = await droppedPages(t, () => t.post(`/api/topic/delete/${topic}`, {}, { token: moderator.token }), 'forgotten');
      expect(deleted).toEqual(expect.arrayContaining([`topic:${topic}`, 'lists']));
      const article = await postArticle(t, member.token, { title: 'Cached article' });
      const deletedArticle = await droppedPages(t, () => t.post(`/api/article/delete/${article.id}`, {}, { token: member.token }), 'forgotten');
      expect(deletedArticle).toEqual(expect.arrayContaining([`article:${article.id}`, 'lists']));
    });

    it('a recommend or a sticky drops the pages that show the topic or article, and the lists', async () => {
      const topic = await postTopic(t, member.token, { title: 'Worth reading' });
      const recommended = await droppedPages(t, () => t.post(`/api/topic/recommend/${topic}`, { recommend: true }, { token: moderator.token }));
      expect(recommended).toEqual(expect.arrayContaining([`topic:${topic}`, 'lists']));
      const pinned = await droppedPages(t, () => t.post(`/api/topic/sticky/${topic}`, { sticky: true }, { token: moderator.token }));
      expect(pinned).toEqual(expect.arrayContaining([`topic:${topic}`, 'lists']));
      const article = await postArticle(t, member.token, { title: 'Worth it' });
      const recommendedArticle = await droppedPages(t, () => t.post(`/api/article/recommend/${article.id}`, { recommend: true }, { token: moderator.token }));
      expect(recommendedArticle).toEqual(expect.arrayContaining([`article:${article.id}`, 'lists']));
    });
  });
}
