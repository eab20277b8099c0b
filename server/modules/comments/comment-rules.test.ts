/**
 * Lock and slow mode on every engine (issue 28): a moderator locks a topic or article (no new
 * comment or reply: 403, translated) and sets slow mode (a member's second comment within N
 * seconds: 429 naming the seconds left; allowed after, by the test clock); staff are exempt; only
 * moderators may set them; each change is audited, shows in the item's view and drops its page.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ArticleView } from '../../../common/views/article';
import type { CommentView } from '../../../common/views/comment';
import type { TopicView } from '../../../common/views/topic';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { auditOf, droppedPages } from '../../../tests/support/listeners';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { pageTag } from '../../kernel/kinds';

const START = 1_800_000_000_000;

for (const dialect of await testDatabases()) {
  describe(`comment rules: lock and slow mode [${dialect}]`, () => {
    let t: TestApp;
    let clock = START;
    let member: CreatedUser;
    let other: CreatedUser;
    let moderator: CreatedUser;
    let admin: CreatedUser;

    const comment = (who: CreatedUser, entityType: string, entityId: number, headers: Record<string, string> = {}) =>
      t.post<CommentView>('/api/comment/create', { entityType, entityId, content: `<p>Said at ${clock}</p>`, contentType: 'html' }, { token: who.token, headers });
    const rules = (who: CreatedUser, kind: 'topic' | 'article', id: number, body: Record<string, unknown>) => t.post<TopicView & ArticleView>(`/api/${kind}/comment_rules/${id}`, body, { token: who.token });

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      await writeTestSettings(t, { postLimits: NO_LIMIT, commentLimits: NO_LIMIT }, START);
      member = await createUser(t);
      other = await createUser(t);
      moderator = await createUser(t, { role: 'moderator' });
      admin = await createUser(t, { role: 'admin' });
    });
    afterAll(() => t.close());
    beforeEach(() => {
      clock += 60_000;
    });

    it('a locked topic takes no comment or reply from members (403, translated); staff still comment; unlocked, members comment again', async () => {
      const topicId = await createTopic(t, member.user);
      const first = await comment(other, 'topic', topicId);
      expect(first.status).toBe(200);
      const locked = await rules(moderator, 'topic', topicId, { locked: true, slowModeSeconds: 0 });
      expect(locked.status).toBe(200);
      expect(locked.body.data).toMatchObject({ id: topicId, commentsLocked: true, slowModeSeconds: 0 });
      expect((await t.get<TopicView>(`/api/topic/${topicId}`)).body.data).toMatchObject({ commentsLocked: true });
      const refused = await comment(member, 'topic', topicId);
      expect([refused.status, refused.body.errorCode, refused.body.message]).toEqual([403, 2, 'This discussion is locked: no new comments']);
      const reply = await comment(member, 'comment', first.body.data!.id);
      expect(reply.status).toBe(403);
      expect((await comment(member, 'topic', topicId, { 'accept-language': 'zh-CN' })).body.message).toBe('此讨论已锁定：不能再发表评论');
      expect((await t.get<TopicView>(`/api/topic/${topicId}`)).body.data?.commentCount).toBe(1);
      expect((await comment(moderator, 'topic', topicId)).status).toBe(200);
      expect((await comment(admin, 'comment', first.body.data!.id)).status).toBe(200);
      expect((await rules(moderator, 'topic', topicId, { locked: false, slowModeSeconds: 0 })).body.data?.commentsLocked).toBe(false);
      expect((await comment(member, 'topic', topicId)).status).toBe(200);
    });

    it('a locked article takes no comment from members either', async () => {
      const article = await postArticle(t, member.token);
      expect((await rules(admin, 'article', article.id, { locked: 'true', slowModeSeconds: '0' })).body.data).toMatchObject({ commentsLocked: true });
      expect((await comment(other, 'article', article.id)).status).toBe(403);
      expect((await comment(moderator, 'article', article.id)).status).toBe(200);
    });

    it('slow mode: a member’s second comment within N seconds is refused with the seconds left (429, Retry-After), allowed after; staff and other items unaffected', async () => {
      const topicId = await createTopic(t, member.user);
      const elsewhere = await createTopic(t, member.user);
      const set = await rules(moderator, 'topic', topicId, { locked: false, slowModeSeconds: 120 });
      expect(set.body.data).toMatchObject({ commentsLocked: false, slowModeSeconds: 120 });
      expect((await comment(other, 'topic', topicId)).status).toBe(200);
      clock += 30_000;
      const early = await comment(other, 'topic', topicId);
      expect([early.status, early.body.errorCode]).toEqual([429, 7]);
      expect(early.body.message).toBe('Slow mode: you can comment here again in 90 seconds');
      expect(early.headers['retry-after']).toBe('90');
      // A reply counts as a comment on the item.
      const firstId = (await comment(member, 'topic', topicId)).body.data!.id;
      expect((await comment(other, 'comment', firstId)).status).toBe(429);
      // Another member, another item, staff: each their own pace.
      expect((await comment(other, 'topic', elsewhere)).status).toBe(200);
      expect((await comment(moderator, 'topic', topicId)).status).toBe(200);
      expect((await comment(moderator, 'topic', topicId)).status).toBe(200);
      clock += 90_000;
      expect((await comment(other, 'topic', topicId)).status).toBe(200);
      expect((await comment(other, 'topic', topicId)).status).toBe(429);
      // Off again: no pace.
      expect((await rules(moderator, 'topic', topicId, { locked: false, slowModeSeconds: 0 })).status).toBe(200);
      expect((await comment(other, 'topic', topicId)).status).toBe(200);
    });

    it('only moderators set the rules; a bad interval is a 400 naming the field; each change is audited and drops the item’s page', async () => {
      const topicId = await createTopic(t, member.user);
      expect((await rules(member, 'topic', topicId, { locked: true, slowModeSeconds: 0 })).status).toBe(403);
      expect((await rules(other, 'topic', topicId, { locked: true, slowModeSeconds: 0 })).body.errorCode).toBe(2);
      for (const bad of [-1, 86_401, 1.5, 'soon']) {
        const res = await rules(moderator, 'topic', topicId, { locked: false, slowModeSeconds: bad });
        expect(res.status).toBe(400);
        expect(res.body.fields).toHaveProperty('slowModeSeconds');
      }
      const dropped = await droppedPages(t, () => rules(moderator, 'topic', topicId, { locked: true, slowModeSeconds: 45 }));
      expect(dropped).toContain(pageTag('topic', topicId));
      const audit = await auditOf(t, admin, { action: 'topic.locked' });
      expect(audit[0]).toMatchObject({ action: 'topic.locked', targetId: topicId });
      const slow = await auditOf(t, admin, { action: 'topic.slowMode' });
      expect(slow[0]).toMatchObject({ action: 'topic.slowMode', targetId: topicId });
      expect(JSON.stringify(slow[0])).toContain('45');
      // The same rules again change nothing: no new audit row.
      expect((await rules(moderator, 'topic', topicId, { locked: true, slowModeSeconds: 45 })).status).toBe(200);
      expect((await auditOf(t, admin, { action: 'topic.locked' })).filter((row) => row.targetId === topicId)).toHaveLength(1);
    });
  });
}
