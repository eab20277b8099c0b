/**
 * The moderation feature's listeners of moves on content (moderation.feature.ts), each proved by
 * what the author and the back office see; removing one fails a test here:
 *   - a moderator's move of someone's content tells its author and is audited
 *     (`content.statusChanged`, write);
 *   - a recommend tells the author, a recommend or sticky is audited (`content.flagged`, write).
 * Its listeners of moves on members (ban, unban, role, e-mail verified) are proved in
 * bans.test.ts and members.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { auditOf, createListenerApp, messagesOf } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';

for (const dialect of await testDatabases()) {
  describe(`moderation listeners [${dialect}]`, () => {
    let t: TestApp;
    let moderator: CreatedUser;
    let admin: CreatedUser;

    const actionsOn = async (type: string, id: number) => (await auditOf(t, admin, { targetType: type, targetId: String(id) })).map((entry) => [entry.actor?.id, entry.action]);

    beforeAll(async () => {
      ({ t, moderator } = await createListenerApp(dialect));
      admin = await createUser(t, { role: 'admin' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a moderator’s delete tells the author what was deleted and is audited; an author’s own delete is neither', async () => {
      const author = await createUser(t);
      const spam = await postTopic(t, author.token, { title: 'Cheap watches' });
      const own = await postTopic(t, author.token, { title: 'Second thoughts' });
      expect((await t.post(`/api/topic/delete/${spam}`, {}, { token: moderator.token })).status).toBe(200);
      expect((await t.post(`/api/topic/delete/${own}`, {}, { token: author.token })).status).toBe(200);
      expect((await messagesOf(t, author)).map((m) => [m.type, m.title])).toEqual([['deleted', 'Your topic “Cheap watches” was deleted by a moderator']]);
      expect(await actionsOn('topic', spam)).toEqual([[moderator.user.id, 'topic.delete']]);
      expect(await actionsOn('topic', own)).toEqual([]);
    });

    it('a recommend tells the author and is audited; a sticky is audited', async () => {
      const author = await createUser(t);
      const topic = await postTopic(t, author.token, { title: 'Worth reading' });
      expect((await t.post(`/api/topic/recommend/${topic}`, { recommend: true }, { token: moderator.token })).status).toBe(200);
      expect((await t.post(`/api/topic/sticky/${topic}`, { sticky: true }, { token: moderator.token })).status).toBe(200);
      expect((await messagesOf(t, author)).map((m) => [m.type, m.title, m.url])).toEqual([['recommended', 'Your topic “Worth reading” was recommended', `/topic/${topic}`]]);
      expect(await actionsOn('topic', topic)).toEqual([
        [moderator.user.id, 'topic.sticky'],
        [moderator.user.id, 'topic.recommend'],
      ]);
    });
  });
}
