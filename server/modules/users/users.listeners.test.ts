/**
 * The users feature's listeners (users.feature.ts), each proved by what a reader would see;
 * removing one fails a test here:
 *   - a member's published topic and article counts follow their posts (`content.placementChanged`, write);
 *   - their comment count follows their comments (`comment.countsMoved`, write);
 *   - follow and fans counts follow a follow (`follow.changed`, write);
 *   - a new nickname or avatar drops every cached page (`user.profileChanged`, commit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../common/views/user';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp, droppedPages } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';

for (const dialect of await testDatabases()) {
  describe(`users listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let other: CreatedUser;

    /** The counts a member's public profile shows. */
    async function counts(user: CreatedUser): Promise<Pick<PublicUser, 'topicCount' | 'articleCount' | 'commentCount' | 'followCount' | 'fansCount'>> {
      const res = await t.get<PublicUser>(`/api/user/${user.user.id}`);
      expect(res.status).toBe(200);
      const { topicCount, articleCount, commentCount, followCount, fansCount } = res.body.data!;
      return { topicCount, articleCount, commentCount, followCount, fansCount };
    }

    beforeAll(async () => {
      ({ t, member, other } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('counts: a published topic or article moves its author’s counts on their profile, a deleted one moves them back', async () => {
      const author = await createUser(t);
      const topic = await postTopic(t, author.token);
      const article = await postArticle(t, author.token);
      expect(await counts(author)).toMatchObject({ topicCount: 1, articleCount: 1 });
      expect((await t.post(`/api/topic/delete/${topic}`, {}, { token: author.token })).status).toBe(200);
      expect((await t.post(`/api/article/delete/${article.id}`, {}, { token: author.token })).status).toBe(200);
      expect(await counts(author)).toMatchObject({ topicCount: 0, articleCount: 0 });
    });

    it('counts: a comment moves its author’s comment count, a deleted one moves it back', async () => {
      const author = await createUser(t);
      const topic = await postTopic(t, member.token);
      const comment = await t.post<{ id: number }>('/api/comment/create', { entityType: 'topic', entityId: topic, content: 'Counted' }, { token: author.token });
      expect(comment.status).toBe(200);
      expect((await counts(author)).commentCount).toBe(1);
      expect((await t.post(`/api/comment/delete/${comment.body.data!.id}`, {}, { token: author.token })).status).toBe(200);
      expect((await counts(author)).commentCount).toBe(0);
    });

    it('counts: a follow moves the follower’s follow count and the followed member’s fans count; unfollowing moves them back', async () => {
      const [fan, idol] = [await createUser(t), await createUser(t)];
      expect((await t.post('/api/fans/follow', { userId: idol.user.id }, { token: fan.token })).status).toBe(200);
      expect([(await counts(fan)).followCount, (await counts(idol)).fansCount]).toEqual([1, 1]);
      expect((await t.post('/api/fans/unfollow', { userId: idol.user.id }, { token: fan.token })).status).toBe(200);
      expect([(await counts(fan)).followCount, (await counts(idol)).fansCount]).toEqual([0, 0]);
    });

    it('pages: a new nickname or avatar drops every page (the member\'s name shows wherever they wrote)', async () => {
      const renamed = await droppedPages(t, () => t.post('/api/user/update', { nickname: 'Somchai the second' }, { token: other.token }));
      expect(renamed).toEqual(['*']);
      const refused = await droppedPages(t, () => t.post('/api/user/update', { nickname: '' }, { token: other.token }));
      expect(refused).toEqual([]);
    });
  });
}
