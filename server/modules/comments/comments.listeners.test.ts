/**
 * The comments feature's listeners (comments.feature.ts), each proved by what a member or reader
 * would see; removing one fails a test here:
 *   - a comment tells the item's author, a reply the author of the comment it answers
 *     (`comment.created`, write: site messages);
 *   - a comment drops the cached pages that show its item (`comment.created`, commit);
 *   - a forever ban that hides content hides the member's comments, the unban shows them again
 *     (`user.banned`, `user.unbanned`, write).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentView } from '../../../common/views/comment';
import type { Page } from '../../../common/views/page';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp, droppedPages, messagesOf } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';

for (const dialect of await testDatabases()) {
  describe(`comments listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let other: CreatedUser;
    let moderator: CreatedUser;

    const comment = (author: CreatedUser, body: Record<string, unknown>) => t.post<CommentView>('/api/comment/create', body, { token: author.token });

    beforeAll(async () => {
      ({ t, member, other, moderator } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('messages: a comment tells the topic’s author; a reply tells the author of the comment it answers', async () => {
      const author = await createUser(t);
      const replier = await createUser(t);
      const topic = await postTopic(t, author.token, { title: 'Rainy season' });
      const first = (await comment(other, { entityType: 'topic', entityId: topic, content: 'Bring an umbrella' })).body.data!.id;
      expect((await messagesOf(t, author)).map((m) => [m.type, m.title, m.content, m.url])).toEqual([
        ['topic_comment', `${other.user.nickname} commented on your topic “Rainy season”`, 'Bring an umbrella', `/topic/${topic}#comment-${first}`],
      ]);
      const reply = (await comment(replier, { entityType: 'comment', entityId: first, content: 'And boots' })).body.data!.id;
      expect((await messagesOf(t, other)).map((m) => [m.type, m.content, m.quoteContent, m.url])).toEqual([['comment_reply', 'And boots', 'Bring an umbrella', `/topic/${topic}#comment-${reply}`]]);
    });

    it('pages: a comment drops the pages that show the topic or article it is on, and the lists', async () => {
      const topic = await postTopic(t, member.token, { title: 'Cached page' });
      const commented = await droppedPages(t, () => t.post('/api/comment/create', { entityType: 'topic', entityId: topic, content: 'Hello' }, { token: other.token }));
      expect(commented).toEqual(expect.arrayContaining([`topic:${topic}`, 'lists']));
      const article = await postArticle(t, member.token, { title: 'Cached article' });
      const onArticle = await droppedPages(t, () => t.post('/api/comment/create', { entityType: 'article', entityId: article.id, content: 'Hello' }, { token: other.token }));
      expect(onArticle).toEqual(expect.arrayContaining([`article:${article.id}`, 'lists']));
    });

    it('a forever ban that hides content hides the member’s comments; lifting it shows them again', async () => {
      const writer = await createUser(t);
      const topic = await postTopic(t, member.token, { title: 'Busy thread' });
      const id = (await comment(writer, { entityType: 'topic', entityId: topic, content: 'Buy cheap watches' })).body.data!.id;
      const listed = async () => (await t.get<Page<CommentView>>('/api/comment/comments', { query: { entityType: 'topic', entityId: String(topic) } })).body.data!.results.map((c) => c.id);
      expect(await listed()).toEqual([id]);
      const ban = await t.post('/api/admin/user/ban', { userId: writer.user.id, days: -1, reason: 'Spam ring', hideContent: true }, { token: moderator.token });
      expect(ban.status, JSON.stringify(ban.body)).toBe(200);
      expect(await listed()).toEqual([]);
      expect((await t.post('/api/admin/user/unban', { userId: writer.user.id }, { token: moderator.token })).status).toBe(200);
      expect(await listed()).toEqual([id]);
    });
  });
}
