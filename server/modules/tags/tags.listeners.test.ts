/**
 * The tags feature's listener (tags.feature.ts): each tag's published topic and article counts
 * follow its posts (`content.placementChanged`, write); removing it fails the test here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OffsetPage } from '../../../common/views/moderation';
import type { TagView } from '../../../common/views/tag';
import type { TopicView } from '../../../common/views/topic';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';

for (const dialect of await testDatabases()) {
  describe(`tags listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let admin: CreatedUser;

    /** A tag as the back office's tag table shows it (used or not: a public tag needs a post). */
    const tag = async (id: number) => {
      const page = (await t.get<OffsetPage<TagView>>('/api/admin/tags', { token: admin.token })).body.data!;
      return page.results.find((row) => row.id === id)!;
    };

    beforeAll(async () => {
      ({ t, member } = await createListenerApp(dialect));
      admin = await createUser(t, { role: 'admin' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('counts: a published article moves its tags’ article counts, a deleted one moves them back', async () => {
      const article = await postArticle(t, member.token, { tags: ['counted-article'] });
      const id = article.tags[0]!.id;
      expect(await tag(id)).toMatchObject({ name: 'counted-article', articleCount: 1, topicCount: 0 });
      expect((await t.post(`/api/article/delete/${article.id}`, {}, { token: member.token })).status).toBe(200);
      expect(await tag(id)).toMatchObject({ articleCount: 0, topicCount: 0 });
    });

    it('counts: a topic moves the counts of the tags it gains and loses, by post and by edit', async () => {
      const topic = await postTopic(t, member.token, { title: 'Tagged', tags: ['counted-a', 'counted-b'] });
      const [a, b] = (await t.get<TopicView>(`/api/topic/${topic}`)).body.data!.tags;
      expect([(await tag(a!.id)).topicCount, (await tag(b!.id)).topicCount]).toEqual([1, 1]);
      expect((await t.post(`/api/topic/edit/${topic}`, { title: 'Tagged', content: '<p>Retagged</p>', tags: ['counted-b'] }, { token: member.token })).status).toBe(200);
      expect([(await tag(a!.id)).topicCount, (await tag(b!.id)).topicCount]).toEqual([0, 1]);
      expect((await t.post(`/api/topic/delete/${topic}`, {}, { token: member.token })).status).toBe(200);
      expect([(await tag(a!.id)).topicCount, (await tag(b!.id)).topicCount]).toEqual([0, 0]);
    });
  });
}
