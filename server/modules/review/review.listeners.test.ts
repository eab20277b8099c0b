/**
 * The review feature's listener (review.feature.ts): a held post or comment keeps why it waits
 * (`content.held`, write: its `review_holds` row), which the review queue shows; removing it
 * fails the test here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewQueueView } from '../../../common/views/review';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp, LISTENER_START } from '../../../tests/support/listeners';
import { writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';
import { setForbiddenWords } from '../../../tests/support/words';
import type { Settings } from '../settings/settings.schema';

for (const dialect of await testDatabases()) {
  describe(`review listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let moderator: CreatedUser;

    const settings = (values: Partial<Settings>) => writeTestSettings(t, values, LISTENER_START);

    beforeAll(async () => {
      ({ t, member, moderator } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('review: a held post or comment keeps why it waits (a forbidden word, the review setting), shown in the queue', async () => {
      await settings({ articleReview: true });
      await setForbiddenWords(t, ['lottery']);
      try {
        const word = await postTopic(t, member.token, { title: 'Lottery tips' });
        const article = await postArticle(t, member.token, { title: 'Reviewed article' });
        const queue = async (kind: string) => (await t.get<ReviewQueueView>('/api/admin/review/list', { token: moderator.token, query: { kind } })).body.data!.results;
        expect((await queue('topic')).find((item) => item.id === word)).toMatchObject({ reason: 'forbiddenWord', words: ['lottery'] });
        // Approved, then held again by an edit: the hold's reason is replaced in its one row (an upsert, issue 30).
        expect((await t.post('/api/admin/review/approve', { kind: 'topic', ids: [word] }, { token: moderator.token })).status).toBe(200);
        await setForbiddenWords(t, ['lottery', 'jackpot']);
        expect((await t.post(`/api/topic/edit/${word}`, { title: 'Jackpot tips', content: '<p>Edited</p>' }, { token: member.token })).status).toBe(200);
        expect((await queue('topic')).filter((item) => item.id === word)).toMatchObject([{ reason: 'forbiddenWord', words: ['jackpot'] }]);
        expect((await queue('article')).find((item) => item.id === article.id)).toMatchObject({ reason: 'reviewSetting', words: [] });
        // A comment held by a word keeps it too (`content.held` of kind comment).
        const topicId = await createTopic(t, moderator.user);
        const held = await t.post<{ id: number }>('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'Lottery tonight' }, { token: member.token });
        expect((await queue('comment')).find((item) => item.id === held.body.data!.id)).toMatchObject({ reason: 'forbiddenWord', words: ['lottery'] });
      } finally {
        await settings({ articleReview: false });
        await setForbiddenWords(t, []);
      }
    });
  });
}
