/**
 * The mentions feature's listeners (mentions.feature.ts), each proved by the message a mentioned
 * member reads; removing one fails its test here, on every engine:
 *   - `topic.created`, `article.created`: a new post tells the members it mentions;
 *   - `topic.edited`, `article.edited`: an edit tells the members it newly mentions;
 *   - `comment.created`: a comment tells the members it mentions;
 *   - `content.statusChanged`: a post held for review tells them when it is approved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentView } from '../../../common/views/comment';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp, LISTENER_START, messagesOf } from '../../../tests/support/listeners';
import { writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';

const mention = (user: CreatedUser) => `<p>Hello <a href="/user/${user.user.id}">@${user.user.nickname}</a></p>`;

for (const dialect of await testDatabases()) {
  describe(`mentions listeners [${dialect}]`, () => {
    let t: TestApp;
    let author: CreatedUser;
    let moderator: CreatedUser;

    /** What a member was told of mentions: [entity type, entity id]. */
    const told = async (member: CreatedUser) => (await messagesOf(t, member)).filter((m) => m.type === 'mention').map((m) => [m.entityType, m.entityId]);

    beforeAll(async () => {
      ({ t, member: author, moderator } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('topic.created: a new topic tells the member it mentions', async () => {
      const named = await createUser(t);
      const id = await postTopic(t, author.token, { content: mention(named) });
      expect(await told(named)).toEqual([['topic', id]]);
    });

    it('topic.edited: an edit tells the member it newly mentions', async () => {
      const named = await createUser(t);
      const id = await postTopic(t, author.token, { title: 'Soon edited' });
      expect((await t.post(`/api/topic/edit/${id}`, { title: 'Soon edited', content: mention(named) }, { token: author.token })).status).toBe(200);
      expect(await told(named)).toEqual([['topic', id]]);
    });

    it('article.created: a new article tells the member it mentions', async () => {
      const named = await createUser(t);
      const article = await postArticle(t, author.token, { content: mention(named) });
      expect(await told(named)).toEqual([['article', article.id]]);
    });

    it('article.edited: an edit tells the member it newly mentions', async () => {
      const named = await createUser(t);
      const article = await postArticle(t, author.token, { title: 'Article soon edited' });
      const edit = await t.post(`/api/article/edit/${article.id}`, { title: 'Article soon edited', content: mention(named) }, { token: author.token });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect(await told(named)).toEqual([['article', article.id]]);
    });

    it('comment.created: a comment tells the member it mentions', async () => {
      const named = await createUser(t);
      const topic = await postTopic(t, author.token);
      const res = await t.post<CommentView>('/api/comment/create', { entityType: 'topic', entityId: topic, content: mention(named), contentType: 'html' }, { token: author.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await told(named)).toEqual([['comment', res.body.data!.id]]);
    });

    it('content.statusChanged: a held topic tells the member it mentions once approved', async () => {
      await writeTestSettings(t, { topicReview: true }, LISTENER_START);
      try {
        const named = await createUser(t);
        const id = await postTopic(t, author.token, { content: mention(named) });
        expect(await told(named)).toEqual([]);
        expect((await t.post('/api/admin/review/approve', { kind: 'topic', ids: [id] }, { token: moderator.token })).status).toBe(200);
        expect(await told(named)).toEqual([['topic', id]]);
      } finally {
        await writeTestSettings(t, { topicReview: false }, LISTENER_START);
      }
    });
  });
}
