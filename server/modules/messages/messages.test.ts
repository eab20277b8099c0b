import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createComment, createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { readEmlMails, waitForEml } from '../../../tests/support/mail';
import { createTestApp, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import type { MessageView } from './messages.presenter';
import { runWrite } from '../../kernel/write';
import { announceUnread, notify, type NotifyInput } from './messages.service';
import { UNREAD_TOPIC } from './unread-hub';

interface Page<T> {
  results: T[];
  cursor: string;
  hasMore: boolean;
}

const START = 1_800_000_000_000;

for (const dialect of await testDatabases()) {
  describe(`messages [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;
    let moderator: CreatedUser;

    /** Every message a user has, oldest first (straight from the table). */
    async function inbox(userId: number) {
      return db.selectFrom('messages').selectAll().where('user_id', '=', userId).orderBy('id', 'asc').execute();
    }
    async function types(userId: number): Promise<string[]> {
      return (await inbox(userId)).map((m) => m.type);
    }
    const comment = (token: string, body: Record<string, unknown>) => t.post<{ id: number }>('/api/comment/create', body, { token });

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
      moderator = await createUser(t, { role: 'moderator' });
    });
    afterAll(() => t.close());
    beforeEach(() => {
      clock += 60_000;
    });

    it('comments and replies: once per event to the topic’s author and the replied-to author, never to oneself', async () => {
      const [a, b, c, d] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
      const topicId = await createTopic(t, a.user, { title: 'Rainy season' });

      const bComment = (await comment(b.token, { entityType: 'topic', entityId: topicId, content: 'first!' })).body.data!.id;
      expect(await types(a.user.id)).toEqual(['topic_comment']);
      await comment(a.token, { entityType: 'topic', entityId: topicId, content: 'my own topic' });
      expect(await types(a.user.id)).toEqual(['topic_comment']);

      const cReply = (await comment(c.token, { entityType: 'comment', entityId: bComment, content: 'reply from c' })).body.data!.id;
      expect(await types(b.user.id)).toEqual(['comment_reply']);
      expect(await types(a.user.id)).toEqual(['topic_comment', 'topic_comment']);

      // The topic's author replying to a comment: only the comment's author hears of it.
      await comment(a.token, { entityType: 'comment', entityId: bComment, content: 'thanks b' });
      expect(await types(b.user.id)).toEqual(['comment_reply', 'comment_reply']);
      expect(await types(a.user.id)).toHaveLength(2);

      // Replying to one's own comment: only the topic's author.
      await comment(b.token, { entityType: 'comment', entityId: bComment, content: 'adding to mine' });
      expect(await types(b.user.id)).toHaveLength(2);
      expect(await types(a.user.id)).toHaveLength(3);

      // A reply to a reply: its author (quoted), and the topic's author; not the parent's author.
      await comment(d.token, { entityType: 'comment', entityId: cReply, content: 'reply to c' });
      expect(await types(c.user.id)).toEqual(['comment_reply']);
      expect(await types(a.user.id)).toHaveLength(4);
      expect(await types(b.user.id)).toHaveLength(2);
      const toC = (await inbox(c.user.id))[0]!;
      expect(toC).toMatchObject({ from_id: d.user.id, title: 'Rainy season', content: 'reply to c', quote_content: 'reply from c', status: 0 });
      expect(toC.url).toMatch(new RegExp(`^/topic/${topicId}#comment-\\d+$`));
      expect(await types(d.user.id)).toEqual([]);

      // The API shape, in the reader's language.
      const recent = await t.get<{ count: number; messages: MessageView[] }>('/api/user/msg_recent', { token: c.token });
      expect(recent.body.data!.count).toBe(1);
      expect(recent.body.data!.messages[0]).toMatchObject({
        type: 'comment_reply',
        title: `${d.user.nickname} replied to your comment on “Rainy season”`,
        content: 'reply to c',
        quoteContent: 'reply from c',
        from: { id: d.user.id, nickname: d.user.nickname },
        url: toC.url,
        status: 0,
        createTime: toC.create_time,
      });
      expect(JSON.stringify(recent.body)).not.toMatch(/email|password|"ip"/);
      const zh = await t.get<{ count: number; messages: MessageView[] }>('/api/user/msg_recent', { token: c.token, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body.data!.messages[0]!.title).toBe(`${d.user.nickname} 回复了你在「Rainy season」下的评论`);
    });

    it('likes and favorites: one message per user and item, however often toggled; none for one’s own', async () => {
      const [a, b] = await Promise.all([createUser(t), createUser(t)]);
      const topicId = await createTopic(t, a.user, { title: 'Street food' });
      const commentId = await createComment(t, a.user, { entityId: topicId, content: 'my comment' });
      await t.post('/api/like/like', { entityType: 'topic', entityId: topicId }, { token: a.token });
      await t.post('/api/favorite/add', { entityType: 'topic', entityId: topicId }, { token: a.token });
      expect(await types(a.user.id)).toEqual([]);

      for (let i = 0; i < 3; i++) {
        await t.post('/api/like/like', { entityType: 'topic', entityId: topicId }, { token: b.token });
        await t.post('/api/like/unlike', { entityType: 'topic', entityId: topicId }, { token: b.token });
      }
      await Promise.all(Array.from({ length: 20 }, (_, i) => t.post(i % 2 ? '/api/like/unlike' : '/api/like/like', { entityType: 'comment', entityId: commentId }, { token: b.token })));
      await t.post('/api/like/like', { entityType: 'comment', entityId: commentId }, { token: b.token });
      await Promise.all(Array.from({ length: 6 }, () => t.post('/api/favorite/add', { entityType: 'topic', entityId: topicId }, { token: b.token })));
      await t.post('/api/favorite/delete', { entityType: 'topic', entityId: topicId }, { token: b.token });
      await t.post('/api/favorite/add', { entityType: 'topic', entityId: topicId }, { token: b.token });
      const messages = await inbox(a.user.id);
      expect(messages.map((m) => `${m.type}:${m.entity_type}`).sort()).toEqual(['favorite:topic', 'like:comment', 'like:topic']);
      const page = await t.get<Page<MessageView>>('/api/user/messages', { token: a.token });
      const titles = page.body.data!.results.map((m) => m.title).sort();
      expect(titles).toEqual(
        [`${b.user.nickname} added your topic “Street food” to favorites`, `${b.user.nickname} liked your comment on “Street food”`, `${b.user.nickname} liked your topic “Street food”`].sort(),
      );
      const likeOfComment = page.body.data!.results.find((m) => m.entityType === 'comment')!;
      expect(likeOfComment).toMatchObject({ url: `/topic/${topicId}#comment-${commentId}`, quoteContent: 'my comment', from: { id: b.user.id } });
    });

    it('moderation: recommended once, deleted once; nothing for a moderator’s own topic', async () => {
      const a = await createUser(t);
      const topicId = await createTopic(t, a.user, { title: 'Songkran' });
      await t.post(`/api/topic/recommend/${topicId}`, { recommend: true }, { token: moderator.token });
      await t.post(`/api/topic/recommend/${topicId}`, { recommend: true }, { token: moderator.token });
      await t.post(`/api/topic/recommend/${topicId}`, { recommend: false }, { token: moderator.token });
      await t.post(`/api/topic/recommend/${topicId}`, { recommend: true }, { token: moderator.token });
      expect(await types(a.user.id)).toEqual(['recommended']);
      const commentId = await createComment(t, a.user, { entityId: await createTopic(t, moderator.user) });
      expect((await t.post(`/api/comment/delete/${commentId}`, {}, { token: moderator.token })).status).toBe(200);
      expect((await t.post(`/api/topic/delete/${topicId}`, {}, { token: moderator.token })).status).toBe(200);
      expect(await types(a.user.id)).toEqual(['recommended', 'deleted', 'deleted']);
      const list = await t.get<Page<MessageView>>('/api/user/messages', { token: a.token });
      expect(list.body.data!.results.map((m) => m.title)).toEqual(['Your topic “Songkran” was deleted by a moderator', expect.stringMatching(/^Your comment on “.+” was deleted by a moderator$/), 'Your topic “Songkran” was recommended']);
      expect(list.body.data!.results.every((m) => m.from === null)).toBe(true);

      const own = await createTopic(t, moderator.user);
      const before = (await inbox(moderator.user.id)).length;
      await t.post(`/api/topic/recommend/${own}`, { recommend: true }, { token: moderator.token });
      await t.post(`/api/topic/delete/${own}`, {}, { token: moderator.token });
      const mine = await createComment(t, a.user, { entityId: await createTopic(t, a.user) });
      await t.post(`/api/comment/delete/${mine}`, {}, { token: a.token });
      expect((await inbox(moderator.user.id)).length).toBe(before);
      expect((await inbox(a.user.id)).filter((m) => m.type === 'deleted')).toHaveLength(2);
    });

    it('notify(): follow, banned, VIP activated and system notices; never to oneself; an event key writes once', async () => {
      const [a, b] = await Promise.all([createUser(t), createUser(t)]);
      const send = (input: NotifyInput) => runWrite(t.ctx, (scope) => notify(scope, input));
      expect(await send({ to: a.user.id, from: b.user.id, type: 'follow', url: `/user/${b.user.id}`, eventKey: `follow:${b.user.id}` })).toBe(true);
      expect(await send({ to: a.user.id, from: b.user.id, type: 'follow', url: `/user/${b.user.id}`, eventKey: `follow:${b.user.id}` })).toBe(false);
      expect(await send({ to: a.user.id, from: a.user.id, type: 'follow' })).toBe(false);
      await send({ to: a.user.id, from: null, type: 'banned', content: 'spam', params: { until: -1 } });
      await send({ to: a.user.id, from: null, type: 'banned', content: 'rude', params: { until: Date.UTC(2027, 0, 2, 3, 4) } });
      await send({ to: a.user.id, from: null, type: 'vip_activated', url: '/user/profile/member', params: { until: Date.UTC(2028, 5, 1) } });
      await send({ to: a.user.id, from: null, type: 'system', title: 'Maintenance tonight', content: 'Back at 2am.' });
      const page = await t.get<Page<MessageView>>('/api/user/messages', { token: a.token });
      expect(page.body.data!.results.map((m) => [m.type, m.title, m.content])).toEqual([
        ['system', 'Maintenance tonight', 'Back at 2am.'],
        // In the site's time zone (Asia/Bangkok by default), its offset named (defect 8).
        ['vip_activated', 'Your VIP membership is active until Jun 1, 2028, 7:00 AM GMT+7', ''],
        ['banned', 'Your account is banned until Jan 2, 2027, 10:04 AM GMT+7', 'rude'],
        ['banned', 'Your account is banned permanently', 'spam'],
        ['follow', `${b.user.nickname} followed you`, ''],
      ]);
      await writeTestSettings(t, { timeZone: 'America/New_York' }, clock);
      const newYork = await t.get<Page<MessageView>>('/api/user/messages', { token: a.token });
      expect(newYork.body.data!.results[2]!.title).toBe('Your account is banned until Jan 1, 2027, 10:04 PM EST');
      const rows = await t.get<Page<{ title: string }>>('/api/user/notifications', { token: a.token });
      expect(rows.body.data!.results.map((row) => row.title)).toContain('Your account is banned until Jan 1, 2027, 10:04 PM EST');
      await writeTestSettings(t, { timeZone: 'Asia/Bangkok' }, clock);
      const zh = await t.get<Page<MessageView>>('/api/user/messages', { token: a.token, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body.data!.results.map((m) => m.title)).toEqual(['Maintenance tonight', expect.stringContaining('你的 VIP 会员已开通'), expect.stringContaining('你的账号已被禁言至'), '你的账号已被永久禁言', `${b.user.nickname} 关注了你`]);
      // announceUnread publishes each member once, and nothing for nobody.
      const heard: unknown[] = [];
      const unsubscribe = t.ctx.bus.subscribe(UNREAD_TOPIC, (payload) => heard.push(payload));
      await announceUnread(t.ctx, [a.user.id, a.user.id]);
      await announceUnread(t.ctx, []);
      unsubscribe();
      expect(heard).toEqual([{ userIds: [a.user.id] }]);
    });

    it('msg_recent: unread count and the 5 newest unread; messages: keyset pages that change nothing; read marks by ids, upTo or all', async () => {
      const [a, b] = await Promise.all([createUser(t), createUser(t)]);
      const topicId = await createTopic(t, a.user);
      for (let i = 0; i < 23; i++) await createComment(t, b.user, { entityId: topicId, content: `comment ${i}` });
      const recent = await t.get<{ count: number; messages: MessageView[] }>('/api/user/msg_recent', { token: a.token });
      // The count is the badge's: rows, and 23 comments on one topic gather in one unread row.
      expect(recent.body.data!.count).toBe(1);
      expect(recent.body.data!.messages.map((m) => m.content)).toEqual(['comment 22', 'comment 21', 'comment 20', 'comment 19', 'comment 18']);

      const first = await t.get<Page<MessageView>>('/api/user/messages', { token: a.token });
      expect(first.body.data!.results).toHaveLength(20);
      expect(first.body.data!.results[0]!.content).toBe('comment 22');
      expect(first.body.data!.results.every((m) => m.status === 0)).toBe(true);
      expect(first.body.data!.hasMore).toBe(true);
      // Reading is not marking: a GET (a prefetch, a crawler, another site's link) changes nothing.
      expect((await t.get<{ count: number }>('/api/user/msg_recent', { token: a.token })).body.data!.count).toBe(1);
      const again = await t.get<Page<MessageView>>('/api/user/messages', { token: a.token });
      expect(again.body.data!.results.every((m) => m.status === 0)).toBe(true);
      const second = await t.get<Page<MessageView>>('/api/user/messages', { token: a.token, query: { cursor: first.body.data!.cursor } });
      expect(second.body.data!.results.map((m) => m.content)).toEqual(['comment 2', 'comment 1', 'comment 0']);
      expect(second.body.data!.hasMore).toBe(false);

      const unreadCount = async () => (await t.get<{ count: number }>('/api/user/msg_recent', { token: a.token })).body.data!.count;
      const read = (body: unknown, token = a.token) => t.post<{ marked: number; count: number }>('/api/user/messages/read', body, { token });
      // By ids: the ones named, once; someone else's ids match nothing.
      const shown = first.body.data!.results.slice(0, 2).map((m) => m.id);
      // The row stays unread while any of its messages is.
      expect((await read({ ids: shown })).body.data).toEqual({ marked: 2, count: 1 });
      expect((await read({ ids: shown })).body.data).toEqual({ marked: 0, count: 1 });
      expect((await read({ ids: [first.body.data!.results[2]!.id] }, b.token)).body.data).toEqual({ marked: 0, count: 0 });
      expect(await unreadCount()).toBe(1);
      // Form-encoded: a single id, as a form sends it.
      expect((await t.request<{ marked: number }>('POST', '/api/user/messages/read', { token: a.token, form: { ids: String(first.body.data!.results[2]!.id) } })).body.data!.marked).toBe(1);
      // Up to a message: that page's messages and everything older; newer ones stay unread.
      expect((await read({ upTo: first.body.data!.results[10]!.id })).body.data).toEqual({ marked: 13, count: 1 });
      expect((await t.get<Page<MessageView>>('/api/user/messages', { token: a.token })).body.data!.results.map((m) => m.status)).toEqual([1, 1, 1, ...Array<number>(7).fill(0), ...Array<number>(10).fill(1)]);
      // Refused: neither or both, not ids, too many.
      for (const body of [{}, { ids: [1], upTo: 1 }, { ids: [] }, { ids: ['0x1'] }, { upTo: 'all' }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
        const res = await read(body);
        expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
        expect(res.body.errorCode).toBe(5);
      }
      expect((await read({ ids: Array.from({ length: 101 }, (_, i) => i + 1) })).body.fields).toEqual({ ids: 'At most 100 at a time' });
      expect((await read({})).body.fields).toEqual({ ids: 'Name the messages (ids) or the last one to mark (upTo), not both' });
      // All of them.
      expect((await t.post<{ marked: number; count: number }>('/api/user/messages/read_all', undefined, { token: a.token })).body.data).toEqual({ marked: 7, count: 0 });
      expect((await t.post<{ marked: number; count: number }>('/api/user/messages/read_all', {}, { token: a.token })).body.data).toEqual({ marked: 0, count: 0 });
      const after = await t.get<{ count: number; messages: MessageView[] }>('/api/user/msg_recent', { token: a.token });
      expect(after.body.data).toEqual({ count: 0, messages: [] });
      // Another user's messages are not reachable.
      expect((await t.get<Page<MessageView>>('/api/user/messages', { token: b.token })).body.data!.results).toEqual([]);
      for (const path of ['/api/user/msg_recent', '/api/user/messages', '/api/user/settings', '/api/user/events']) expect((await t.get(path)).status).toBe(401);
      for (const path of ['/api/user/messages/read', '/api/user/messages/read_all']) expect((await t.post(path, { ids: [1] })).status).toBe(401);
    });

    it('reply mails: off by default; when on, at most one mail per 10 minutes, only for comments and replies', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      const quiet = await createUser(t);
      const topicId = await createTopic(t, a.user, { title: 'Mail me' });
      const quietTopic = await createTopic(t, quiet.user);
      expect((await t.get('/api/user/settings', { token: a.token })).body.data).toEqual({ replyMail: false });
      const set = await t.post('/api/user/settings', { replyMail: true }, { token: a.token });
      expect(set.body.data).toEqual({ replyMail: true });
      expect((await t.get('/api/user/settings', { token: a.token })).body.data).toEqual({ replyMail: true });
      expect((await t.post('/api/user/settings', { replyMail: 'maybe' }, { token: a.token })).status).toBe(400);

      const before = readEmlMails(t.dataDir).length;
      // No job is even written for a member who takes no reply mails.
      const replyMailJobs = async () => (await t.ctx.state.db!.selectFrom('jobs').select('id').where('name', '=', 'messages.replyMail').execute()).length;
      const quietJobs = await replyMailJobs();
      await createComment(t, b.user, { entityId: quietTopic, content: 'no mail for quiet' });
      expect(await replyMailJobs()).toBe(quietJobs);
      await comment(b.token, { entityType: 'topic', entityId: topicId, content: 'Hello from b' });
      // A job of the comment's transaction, run after the answer.
      await t.jobs.drain();
      const mail = await waitForEml(t.dataDir, a.email!, { after: before });
      expect(mail.subject).toContain(b.user.nickname);
      expect(mail.text).toContain('Hello from b');
      expect(mail.text).toMatch(new RegExp(`/topic/${topicId}#comment-\\d+`));
      // Within 10 minutes: more messages, no more mail, and no job written for one.
      clock += 5 * 60_000;
      const jobsBefore = await replyMailJobs();
      await comment(b.token, { entityType: 'topic', entityId: topicId, content: 'second' });
      expect(await replyMailJobs()).toBe(jobsBefore);
      await t.post('/api/like/like', { entityType: 'topic', entityId: topicId }, { token: b.token });
      await t.jobs.drain();
      expect(readEmlMails(t.dataDir).slice(before).filter((m) => m.to.includes(a.email!))).toHaveLength(1);
      expect(readEmlMails(t.dataDir).slice(before).filter((m) => m.to.includes(quiet.email!))).toHaveLength(0);
      clock += 6 * 60_000;
      await comment(b.token, { entityType: 'topic', entityId: topicId, content: 'third' });
      await t.jobs.drain();
      await waitForEml(t.dataDir, a.email!, { after: before + 1 });
      // Switched off again: nothing.
      await t.post('/api/user/settings', { replyMail: false }, { token: a.token });
      clock += 11 * 60_000;
      await comment(b.token, { entityType: 'topic', entityId: topicId, content: 'fourth' });
      await t.jobs.drain();
      expect(readEmlMails(t.dataDir).slice(before).filter((m) => m.to.includes(a.email!))).toHaveLength(2);
    });
  });
}
