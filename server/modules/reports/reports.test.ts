/**
 * Reports by members on every engine (issue 28): reporting each type (a tweet is a topic), once
 * per member and item, what cannot be reported (one's own, a deleted or unseen item, a banned
 * reporter, bad fields), the Reports tab's rows (count, reasons with counts, texts, author,
 * keyset pages in a constant number of queries), each resolution and its effect (delete, hide,
 * ban, dismiss; all or none), the reporters' messages in both languages, the audit row, the
 * pause for a member whose reports keep being dismissed, the rate limit, and the conversation
 * access rule the conversations feature reads.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_STATUS, TOPIC_TYPES } from '../../../common/constants';
import type { MessageView } from '../../../common/views/message';
import type { Page } from '../../../common/views/page';
import type { ReportQueueView } from '../../../common/views/reports';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createComment, createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { auditOf } from '../../../tests/support/listeners';
import { withCountedDb } from '../../../tests/support/query-counter';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { CONVERSATION_ACCESS_DAYS, hasReportOnConversation } from './reports.api';

const START = 1_800_000_000_000;
const DAY = 24 * 60 * 60 * 1000;

for (const dialect of await testDatabases()) {
  describe(`reports [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;
    let author: CreatedUser;
    let moderator: CreatedUser;
    let admin: CreatedUser;

    const report = (who: CreatedUser | null, body: Record<string, unknown>, lang?: string) =>
      t.post<{ status: string }>('/api/report/create', body, { ...(who ? { token: who.token } : {}), ...(lang ? { headers: { 'accept-language': lang } } : {}) });
    const resolve = (who: CreatedUser, body: Record<string, unknown>) => t.post<{ outcome: string; closed: number }>('/api/admin/reports/resolve', body, { token: who.token });
    const queue = async (who: CreatedUser = moderator, cursor?: string) => {
      const res = await t.get<ReportQueueView>('/api/admin/reports/list', { token: who.token, query: cursor ? { cursor } : {} });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data!;
    };
    const row = async (type: string, id: number) => (await queue()).results.find((r) => r.type === type && r.id === id);
    const reportRows = (type: string, id: number) =>
      db.selectFrom('reports').innerJoin('report_cases', 'report_cases.id', 'reports.case_id').select(['reports.reporter_id', 'reports.status', 'reports.reason']).where('report_cases.target_type', '=', type).where('report_cases.target_id', '=', id).orderBy('reports.id').execute();
    const topicStatus = async (id: number) => (await db.selectFrom('topics').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    const messagesOf = async (who: CreatedUser, lang = 'en-US') => (await t.get<Page<MessageView>>('/api/user/messages', { token: who.token, headers: { 'accept-language': lang } })).body.data!.results;
    const members = async (n: number) => Promise.all(Array.from({ length: n }, () => createUser(t)));

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
      author = await createUser(t);
      moderator = await createUser(t, { role: 'moderator' });
      admin = await createUser(t, { role: 'admin' });
      await writeTestSettings(t, { postLimits: NO_LIMIT, commentLimits: NO_LIMIT }, clock);
    });
    afterAll(() => t.close());
    beforeEach(() => {
      clock += 60_000;
    });

    it('a member reports a topic, a tweet, an article, a comment and a member; each is a row of the Reports tab', async () => {
      const [reporter] = await members(1);
      const topic = await createTopic(t, author.user, { title: 'Cheap condo visa agent' });
      const tweet = await createTopic(t, author.user, { type: TOPIC_TYPES.tweet, content: '<p>Buy followers now</p>' });
      const article = (await postArticle(t, author.token, { title: 'Reported article' })).id;
      const comment = await createComment(t, author.user, { entityType: 'topic', entityId: await createTopic(t, moderator.user), content: 'Rude words' });
      const items: Array<[string, number]> = [['topic', topic], ['topic', tweet], ['article', article], ['comment', comment], ['user', author.user.id]];
      for (const [type, id] of items) {
        const res = await report(reporter!, { type, id, reason: 'spam' });
        expect(res.status, `${type} ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body.data).toEqual({ status: 'reported' });
      }
      for (const [type, id] of items) expect(await row(type, id), `${type} ${id}`).toMatchObject({ count: 1, reasons: [{ reason: 'spam', count: 1 }], author: { id: author.user.id } });
      expect(await row('topic', topic)).toMatchObject({ title: 'Cheap condo visa agent', url: `/topic/${topic}`, outcomes: ['delete', 'hide', 'ban', 'dismiss'] });
      expect((await row('topic', tweet))!.title).toContain('Buy followers now');
      expect((await row('comment', comment))!.outcomes).toEqual(['delete', 'ban', 'dismiss']);
      expect(await row('user', author.user.id)).toMatchObject({ title: author.user.nickname, url: `/user/${author.user.id}`, outcomes: ['ban', 'dismiss'] });
      // Conversation messages are reportable once their feature registers the type.
      expect((await report(reporter!, { type: 'conversation_message', id: 1, reason: 'spam' })).status).toBe(404);
    });

    it('reporting the same item twice counts once: the second answers alreadyReported and changes nothing', async () => {
      const [reporter] = await members(1);
      const topic = await createTopic(t, author.user);
      expect((await report(reporter!, { type: 'topic', id: topic, reason: 'spam' })).body.data).toEqual({ status: 'reported' });
      const again = await report(reporter!, { type: 'topic', id: topic, reason: 'scam', text: 'really' });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual({ status: 'alreadyReported' });
      expect(await reportRows('topic', topic)).toEqual([{ reporter_id: reporter!.user.id, status: 0, reason: 'spam' }]);
      expect(await row('topic', topic)).toMatchObject({ count: 1, reasons: [{ reason: 'spam', count: 1 }] });
    });

    it('refuses one’s own item (403), a deleted, unseen or unknown item (404), bad fields (400, translated), visitors (401) and banned members (403), writing nothing', async () => {
      const [reporter] = await members(1);
      const banned = await createUser(t, { banned: true });
      const topic = await createTopic(t, author.user);
      const own = await report(author, { type: 'topic', id: topic, reason: 'spam' });
      expect(own.status).toBe(403);
      expect(own.body.message).toBe('You cannot report your own content');
      expect((await report(author, { type: 'user', id: author.user.id, reason: 'spam' })).status).toBe(403);
      const deleted = await createTopic(t, author.user);
      expect((await t.post(`/api/topic/delete/${deleted}`, {}, { token: author.token })).status).toBe(200);
      expect((await report(reporter!, { type: 'topic', id: deleted, reason: 'spam' })).status).toBe(404);
      await writeTestSettings(t, { topicReview: true }, clock);
      const pending = await createTopic(t, author.user);
      await writeTestSettings(t, { topicReview: false }, clock);
      expect(await topicStatus(pending)).toBe(CONTENT_STATUS.pending);
      expect((await report(reporter!, { type: 'topic', id: pending, reason: 'spam' })).status).toBe(404);
      expect((await report(reporter!, { type: 'topic', id: 99_999_999, reason: 'spam' })).status).toBe(404);
      const other = await report(reporter!, { type: 'topic', id: topic, reason: 'other' }, 'zh-CN');
      expect(other.status).toBe(400);
      expect(other.body.fields?.text).toBe('请描述问题');
      expect((await report(reporter!, { type: 'topic', id: topic, reason: 'other', text: 'x'.repeat(501) })).body.fields).toHaveProperty('text');
      expect((await report(reporter!, { type: 'topic', id: topic, reason: 'nope' })).body.fields).toHaveProperty('reason');
      expect((await report(reporter!, { type: 'planet', id: topic, reason: 'spam' })).body.fields).toHaveProperty('type');
      expect((await report(null, { type: 'topic', id: topic, reason: 'spam' })).status).toBe(401);
      const bannedRes = await report(banned, { type: 'topic', id: topic, reason: 'spam' });
      expect([bannedRes.status, bannedRes.body.errorCode]).toEqual([403, 3]);
      for (const id of [topic, deleted, pending]) expect(await reportRows('topic', id)).toEqual([]);
    });

    it('the tab gathers an item’s reports: their count, the reasons with counts, the reporters’ texts and the author; members are refused (403)', async () => {
      const reporters = await members(4);
      const topic = await createTopic(t, author.user, { title: 'Gathered' });
      const reasons = ['spam', 'scam', 'spam', 'other'];
      for (const [i, reporter] of reporters.entries()) {
        clock += 1000;
        await report(reporter, { type: 'topic', id: topic, reason: reasons[i], text: reasons[i] === 'other' ? 'Sells fake visas' : '' });
      }
      const gathered = await row('topic', topic);
      expect(gathered).toMatchObject({ count: 4, reasons: [{ reason: 'spam', count: 2 }, { reason: 'other', count: 1 }, { reason: 'scam', count: 1 }], author: { id: author.user.id, nickname: author.user.nickname } });
      expect(gathered!.reports[0]).toMatchObject({ reporter: { id: reporters[3]!.user.id }, reason: 'other', text: 'Sells fake visas' });
      expect(gathered!.reports).toHaveLength(4);
      expect((await t.get('/api/admin/reports/list', { token: reporters[0]!.token })).status).toBe(403);
      expect((await t.get('/api/admin/reports/list')).status).toBe(401);
      const refused = await resolve(reporters[0]!, { type: 'topic', id: topic, outcome: 'delete' });
      expect([refused.status, refused.body.errorCode]).toEqual([403, 2]);
      expect(await topicStatus(topic)).toBe(CONTENT_STATUS.published);
    });

    it('the tab pages by keyset, newest report first, in a constant number of queries', async () => {
      const reporters = await members(3);
      for (let i = 0; i < 25; i++) {
        clock += 1000;
        const topic = await createTopic(t, author.user);
        for (const reporter of reporters.slice(0, 1 + (i % 3))) await report(reporter, { type: 'topic', id: topic, reason: 'spam' });
      }
      const first = await queue();
      expect(first.results).toHaveLength(20);
      expect(first.hasMore).toBe(true);
      const second = await queue(moderator, first.cursor);
      const seen = [...first.results, ...second.results].map((r) => `${r.type}:${r.id}`);
      expect(new Set(seen).size).toBe(seen.length);
      expect(first.results.map((r) => r.lastReportTime)).toEqual([...first.results.map((r) => r.lastReportTime)].sort((a, b) => b - a));
      const small = await withCountedDb(t.ctx, () => t.get('/api/admin/reports/list', { token: moderator.token, query: { cursor: second.cursor || first.cursor } }));
      const full = await withCountedDb(t.ctx, () => t.get('/api/admin/reports/list', { token: moderator.token }));
      expect(full.queries).toBe(small.queries);
      expect((await t.get('/api/admin/reports/list', { token: moderator.token, query: { cursor: 'bad!' } })).status).toBe(400);
    });

    it('delete: the item is deleted, every open report closes upheld, the reporters are told in their language, the audit log records it; a second resolve is 409', async () => {
      const reporters = await members(2);
      const topic = await createTopic(t, author.user, { title: 'To delete' });
      for (const reporter of reporters) await report(reporter, { type: 'topic', id: topic, reason: 'spam' });
      const res = await resolve(moderator, { type: 'topic', id: topic, outcome: 'delete' });
      expect(res.body.data).toEqual({ outcome: 'delete', closed: 2 });
      expect(await topicStatus(topic)).toBe(CONTENT_STATUS.deleted);
      expect((await reportRows('topic', topic)).map((r) => r.status)).toEqual([1, 1]);
      expect(await row('topic', topic)).toBeUndefined();
      for (const reporter of reporters) {
        expect((await messagesOf(reporter))[0]).toMatchObject({ type: 'system', title: 'Your report of “To delete” was reviewed: the content was removed' });
        expect((await messagesOf(reporter, 'zh-CN'))[0]!.title).toBe('你对“To delete”的举报已处理：内容已被移除');
      }
      expect((await auditOf(t, admin, { action: 'report.resolve' }))[0]).toMatchObject({ action: 'report.resolve', targetType: 'topic', targetId: topic });
      const again = await resolve(moderator, { type: 'topic', id: topic, outcome: 'dismiss' });
      expect([again.status, again.body.errorCode]).toEqual([409, 9]);
    });

    it('hide: an article is hidden from readers; a comment is deleted; a removal the type has not is 400 and changes nothing', async () => {
      const [reporter] = await members(1);
      const article = (await postArticle(t, author.token, { title: 'To hide' })).id;
      await report(reporter!, { type: 'article', id: article, reason: 'offTopic' });
      expect((await resolve(moderator, { type: 'article', id: article, outcome: 'hide' })).status).toBe(200);
      expect((await db.selectFrom('articles').select('status').where('id', '=', article).executeTakeFirstOrThrow()).status).toBe(CONTENT_STATUS.hidden);
      expect((await t.get(`/api/article/${article}`)).status).toBe(404);
      const comment = await createComment(t, author.user, { entityType: 'topic', entityId: await createTopic(t, moderator.user), content: 'Nasty' });
      await report(reporter!, { type: 'comment', id: comment, reason: 'harassment' });
      const hide = await resolve(moderator, { type: 'comment', id: comment, outcome: 'hide' });
      expect(hide.status).toBe(400);
      expect(hide.body.fields).toHaveProperty('outcome');
      expect((await resolve(moderator, { type: 'comment', id: comment, outcome: 'delete' })).status).toBe(200);
      expect((await db.selectFrom('comments').select('status').where('id', '=', comment).executeTakeFirstOrThrow()).status).toBe(CONTENT_STATUS.deleted);
      await report(reporter!, { type: 'user', id: author.user.id, reason: 'spam' });
      expect((await resolve(moderator, { type: 'user', id: author.user.id, outcome: 'delete' })).body.fields).toHaveProperty('outcome');
      expect((await resolve(moderator, { type: 'user', id: author.user.id, outcome: 'dismiss' })).status).toBe(200);
    });

    it('ban: the author is banned by the moderation feature’s rules (a moderator cannot ban an admin: 403, nothing closes); dismiss leaves the item and says no action', async () => {
      const [reporter, spammer] = await members(2);
      const topic = await createTopic(t, spammer!.user, { title: 'Spam topic' });
      await report(reporter!, { type: 'topic', id: topic, reason: 'spam' });
      const noReason = await resolve(moderator, { type: 'topic', id: topic, outcome: 'ban', days: 7 });
      expect(noReason.body.fields).toHaveProperty('reason');
      expect((await resolve(moderator, { type: 'topic', id: topic, outcome: 'ban', days: 7, reason: 'Spam' })).status).toBe(200);
      const banned = await db.selectFrom('users').select(['forbidden_until', 'forbidden_reason']).where('id', '=', spammer!.user.id).executeTakeFirstOrThrow();
      expect(banned).toEqual({ forbidden_until: clock + 7 * DAY, forbidden_reason: 'Spam' });
      expect((await messagesOf(reporter!))[0]!.title).toBe('Your report of “Spam topic” was reviewed: its author was banned');

      // All or none: the ban is refused, the reports stay open.
      const adminTopic = await createTopic(t, admin.user, { title: 'Admin topic' });
      await report(reporter!, { type: 'topic', id: adminTopic, reason: 'offTopic' });
      expect((await resolve(moderator, { type: 'topic', id: adminTopic, outcome: 'ban', days: -1, reason: 'No' })).status).toBe(403);
      expect((await reportRows('topic', adminTopic)).map((r) => r.status)).toEqual([0]);
      expect((await row('topic', adminTopic))!.count).toBe(1);

      expect((await resolve(moderator, { type: 'topic', id: adminTopic, outcome: 'dismiss' })).body.data).toEqual({ outcome: 'dismiss', closed: 1 });
      expect(await topicStatus(adminTopic)).toBe(CONTENT_STATUS.published);
      expect((await reportRows('topic', adminTopic)).map((r) => r.status)).toEqual([2]);
      expect((await messagesOf(reporter!))[0]!.title).toBe('Your report of “Admin topic” was reviewed: no action was taken');
    });

    it('an item deleted after it was reported still resolves (its reports close); a new report by someone else opens it again', async () => {
      const [first, second] = await members(2);
      const topic = await createTopic(t, author.user);
      await report(first!, { type: 'topic', id: topic, reason: 'spam' });
      expect((await t.post(`/api/topic/delete/${topic}`, {}, { token: author.token })).status).toBe(200);
      expect((await row('topic', topic))!.count).toBe(1);
      expect((await resolve(moderator, { type: 'topic', id: topic, outcome: 'delete' })).body.data).toEqual({ outcome: 'delete', closed: 1 });
      const live = await createTopic(t, author.user);
      await report(first!, { type: 'topic', id: live, reason: 'spam' });
      await resolve(moderator, { type: 'topic', id: live, outcome: 'dismiss' });
      expect((await report(second!, { type: 'topic', id: live, reason: 'scam' })).body.data).toEqual({ status: 'reported' });
      expect(await row('topic', live)).toMatchObject({ count: 1, reasons: [{ reason: 'scam', count: 1 }] });
    });

    it('a member whose reports keep being dismissed cannot report until the pause ends, and is told until when', async () => {
      await writeTestSettings(t, { reportLimits: { perUser: { max: 0, windowMs: 60_000 }, dismissed: 2, ofLast: 3, withinDays: 30, pauseDays: 7 } }, clock);
      try {
        const [reporter] = await members(1);
        for (let i = 0; i < 2; i++) {
          const topic = await createTopic(t, author.user);
          await report(reporter!, { type: 'topic', id: topic, reason: 'spam' });
          clock += 1000;
          await resolve(moderator, { type: 'topic', id: topic, outcome: 'dismiss' });
        }
        const lastDismissal = clock;
        const next = await createTopic(t, author.user);
        const paused = await report(reporter!, { type: 'topic', id: next, reason: 'spam' });
        expect([paused.status, paused.body.errorCode]).toEqual([403, 2]);
        expect(paused.body.message).toMatch(/^Too many of your recent reports were dismissed: you can report again after \d{4}-\d\d-\d\d \d\d:\d\d$/);
        expect(await reportRows('topic', next)).toEqual([]);
        clock = lastDismissal + 7 * DAY + 1000;
        expect((await report(reporter!, { type: 'topic', id: next, reason: 'spam' })).body.data).toEqual({ status: 'reported' });
      } finally {
        await writeTestSettings(t, { reportLimits: { perUser: { max: 20, windowMs: 3_600_000 }, dismissed: 3, ofLast: 5, withinDays: 30, pauseDays: 7 } }, clock);
      }
    });

    it('reports per member are rate limited (429); an item that cannot be reported gives the click back', async () => {
      await writeTestSettings(t, { reportLimits: { perUser: { max: 2, windowMs: 60 * 60_000 }, dismissed: 3, ofLast: 5, withinDays: 30, pauseDays: 7 } }, clock);
      try {
        const [reporter] = await members(1);
        expect((await report(reporter!, { type: 'topic', id: 99_999_998, reason: 'spam' })).status).toBe(404);
        for (let i = 0; i < 2; i++) expect((await report(reporter!, { type: 'topic', id: await createTopic(t, author.user), reason: 'spam' })).status).toBe(200);
        const topic = await createTopic(t, author.user);
        expect((await report(reporter!, { type: 'topic', id: topic, reason: 'spam' })).status).toBe(429);
        expect(await reportRows('topic', topic)).toEqual([]);
      } finally {
        await writeTestSettings(t, { reportLimits: { perUser: { max: 20, windowMs: 3_600_000 }, dismissed: 3, ofLast: 5, withinDays: 30, pauseDays: 7 } }, clock);
      }
    });

    it('staff read a conversation through a report of one of its messages: while open, and for CONVERSATION_ACCESS_DAYS days after it closed', async () => {
      // The conversations feature registers its messages (conversations.reportable.ts): only a participant may report one.
      const [reporter, outsider] = await members(2);
      const start = (from: CreatedUser, to: CreatedUser, content: string) =>
        t.post<{ id: number; message: { id: number } }>('/api/conversation/start', { userIds: [to.user.id], content }, { token: from.token });
      const reported = (await start(author, reporter!, 'Buy now, cheap visas')).body.data!;
      const other = (await start(author, outsider!, 'Hello')).body.data!;
      expect((await report(outsider!, { type: 'conversation_message', id: reported.message.id, reason: 'scam' })).status).toBe(404);
      expect(await hasReportOnConversation(db, reported.id, clock)).toBe(false);
      expect((await report(reporter!, { type: 'conversation_message', id: reported.message.id, reason: 'scam' })).body.data).toEqual({ status: 'reported' });
      expect(await row('conversation_message', reported.message.id)).toMatchObject({ url: null, conversationId: reported.id, outcomes: ['delete', 'ban', 'dismiss'] });
      expect(await hasReportOnConversation(db, reported.id, clock)).toBe(true);
      expect(await hasReportOnConversation(db, other.id, clock)).toBe(false);
      expect((await t.post(`/api/admin/conversation/${reported.id}/view`, {}, { token: moderator.token })).status).toBe(200);
      expect((await t.post(`/api/admin/conversation/${other.id}/view`, {}, { token: moderator.token })).status).toBe(403);
      const dismissed = await resolve(moderator, { type: 'conversation_message', id: reported.message.id, outcome: 'dismiss' });
      expect(dismissed.body, JSON.stringify(dismissed.body)).toMatchObject({ data: { outcome: 'dismiss', closed: 1 } });
      const closedAt = clock;
      expect(await hasReportOnConversation(db, reported.id, closedAt + CONVERSATION_ACCESS_DAYS * DAY - 1)).toBe(true);
      expect(await hasReportOnConversation(db, reported.id, closedAt + CONVERSATION_ACCESS_DAYS * DAY + 1)).toBe(false);
    });

    it('staff remove a reported conversation message: deleted for every participant, the reporter told, the removal audited', async () => {
      const [reporter] = await members(1);
      const started = (await t.post<{ id: number; message: { id: number } }>('/api/conversation/start', { userIds: [reporter!.user.id], content: 'Send me your passport' }, { token: author.token })).body.data!;
      expect((await report(reporter!, { type: 'conversation_message', id: started.message.id, reason: 'scam' })).status).toBe(200);
      const resolved = await resolve(moderator, { type: 'conversation_message', id: started.message.id, outcome: 'delete' });
      expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
      const page = await t.get<{ results: Array<{ id: number; removed: boolean }> }>(`/api/conversation/${started.id}/messages`, { token: reporter!.token });
      expect(page.body.data!.results.find((m) => m.id === started.message.id)).toMatchObject({ removed: true });
      const audits = await db.selectFrom('audit_logs').select('action').where('target_type', '=', 'conversation').where('target_id', '=', started.id).execute();
      expect(audits.map((a) => a.action)).toContain('conversation.messageRemove');
    });
  });
}
