/**
 * Notification rows and preferences (issue 27): while unread, likes, favorites, comments on one
 * item and new followers gather in one row, the newest actor first; the badge counts rows;
 * marking a row read marks its messages; a kind turned off on the site is never listed;
 * preferences per kind × channel over the defaults, locked channels, the digest period.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUser } from '../../../tests/support/factories';
import { withCountedDb } from '../../../tests/support/query-counter';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { MessageView, NotificationGroupView, NotificationPrefsView } from '../../../common/views/message';
import { NOTIFICATION_DEFAULTS } from '../../../common/constants';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';

interface Page<T> {
  results: T[];
  cursor: string;
  hasMore: boolean;
}

const START = 1_800_000_000_000;

for (const dialect of await testDatabases()) {
  describe(`notification rows and preferences [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;

    const like = (token: string, topicId: number) => t.post('/api/like/like', { entityType: 'topic', entityId: topicId }, { token });
    const rows = async (token: string, locale?: string) =>
      (await t.get<Page<NotificationGroupView>>('/api/user/notifications', { token, headers: locale ? { 'accept-language': locale } : {} })).body.data!;
    const badge = async (token: string) => (await t.get<{ count: number }>('/api/user/msg_recent', { token })).body.data!.count;

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
    });
    afterAll(() => t.close());
    beforeEach(() => {
      clock += 60_000;
    });

    it('likes of one topic gather in one unread row, the newest actor first; the badge counts rows', async () => {
      const [author, b, c, d] = await Promise.all([createUser(t), createUser(t, { nickname: 'Bee' }), createUser(t, { nickname: 'Cee' }), createUser(t, { nickname: 'Dee' })]);
      const topicId = await createTopic(t, author.user, { title: 'Night market' });
      const other = await createTopic(t, author.user, { title: 'Songkran' });
      for (const member of [b, c, d]) {
        expect((await like(member.token, topicId)).status).toBe(200);
        clock += 1_000;
      }
      await like(b.token, other);

      const page = await rows(author.token);
      expect(page.results).toHaveLength(2);
      const [songkran, market] = page.results;
      expect(songkran).toMatchObject({ type: 'like', title: 'Bee liked your topic “Songkran”', actorCount: 1, messageCount: 1, status: 0 });
      expect(market).toMatchObject({ type: 'like', title: 'Dee and 2 others liked your topic “Night market”', actorCount: 3, messageCount: 3, status: 0, entityType: 'topic', entityId: topicId });
      expect(market!.actors.map((u) => u.nickname)).toEqual(['Dee', 'Cee', 'Bee']);
      expect(await badge(author.token)).toBe(2);
      // In the reader's language.
      expect((await rows(author.token, 'zh-CN')).results[1]!.title).toBe('Dee 和另外 2 人赞了你的话题「Night market」');

      // Expanded: the row's messages, newest first.
      const members = (await t.get<Page<MessageView>>(`/api/user/notifications/${market!.id}`, { token: author.token })).body.data!;
      expect(members.results.map((m) => m.from?.nickname)).toEqual(['Dee', 'Cee', 'Bee']);

      // Marking the row read marks its members; the next like opens a new row.
      const marked = await t.post<{ marked: number; count: number }>('/api/user/notifications/read', { ids: [market!.id] }, { token: author.token });
      expect(marked.body.data).toEqual({ marked: 1, count: 1 });
      const stored = await db.selectFrom('messages').select('status').where('group_id', '=', market!.id).execute();
      expect(stored.map((m) => m.status)).toEqual([1, 1, 1]);
      const e = await createUser(t, { nickname: 'Eee' });
      await like(e.token, topicId);
      const after = await rows(author.token);
      expect(after.results.map((r) => [r.title, r.status])).toEqual([
        ['Eee liked your topic “Night market”', 0],
        ['Bee liked your topic “Songkran”', 0],
        ['Dee and 2 others liked your topic “Night market”', 1],
      ]);
      expect(await badge(author.token)).toBe(2);
    });

    it('ten likes at once gather in one row that counts all ten (the open row is locked while it grows)', async () => {
      const author = await createUser(t);
      const topicId = await createTopic(t, author.user, { title: 'Loy Krathong' });
      const fans = await Promise.all(Array.from({ length: 10 }, () => createUser(t)));
      const answers = await Promise.all(fans.map((fan) => like(fan.token, topicId)));
      expect(answers.map((a) => a.status)).toEqual(Array<number>(10).fill(200));
      const page = await rows(author.token);
      expect(page.results.map((r) => [r.messageCount, r.actorCount, r.actors.length])).toEqual([[10, 10, 5]]);
      expect(await db.selectFrom('messages').select('group_id').where('user_id', '=', author.user.id).where('group_id', '<>', page.results[0]!.id).execute()).toEqual([]);
    });

    it('comments on one item gather (“3 new comments”); replies stay rows of their own', async () => {
      const [author, b, c] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
      const topicId = await createTopic(t, author.user, { title: 'Khao soi' });
      const first = await t.post<{ id: number }>('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'one' }, { token: b.token });
      await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'two' }, { token: c.token });
      await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'three' }, { token: c.token });
      const page = await rows(author.token);
      expect(page.results).toHaveLength(1);
      expect(page.results[0]).toMatchObject({ type: 'topic_comment', title: '3 new comments on your topic “Khao soi”', messageCount: 3, actorCount: 2, content: 'three' });
      expect(page.results[0]!.url).toMatch(new RegExp(`^/topic/${topicId}#comment-\\d+$`));

      await t.post('/api/comment/create', { entityType: 'comment', entityId: first.body.data!.id, content: 'reply a' }, { token: c.token });
      await t.post('/api/comment/create', { entityType: 'comment', entityId: first.body.data!.id, content: 'reply b' }, { token: author.token });
      expect((await rows(b.token)).results.map((r) => r.type)).toEqual(['comment_reply', 'comment_reply']);
    });

    it('a member who acted in a row before, no longer among its newest actors, is not counted twice', async () => {
      const author = await createUser(t);
      const commenters = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
      const topicId = await createTopic(t, author.user, { title: 'Pad thai' });
      for (const [i, member] of commenters.entries()) await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: `comment ${i}` }, { token: member.token });
      // The first commenter has left the row's newest five: only their messages in the row tell that they acted.
      await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'again' }, { token: commenters[0]!.token });
      const page = await rows(author.token);
      expect(page.results.map((r) => [r.messageCount, r.actorCount])).toEqual([[7, 6]]);
    });

    it('marking messages read one by one (the older API) closes a row once none of its messages is unread', async () => {
      const [author, b, c] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
      const topicId = await createTopic(t, author.user);
      await like(b.token, topicId);
      await like(c.token, topicId);
      const ids = (await db.selectFrom('messages').select('id').where('user_id', '=', author.user.id).orderBy('id').execute()).map((m) => m.id);
      await t.post('/api/user/messages/read', { ids: [ids[0]] }, { token: author.token });
      expect((await rows(author.token)).results[0]!.status).toBe(0);
      const done = await t.post<{ count: number }>('/api/user/messages/read', { ids: [ids[1]] }, { token: author.token });
      expect(done.body.data!.count).toBe(0);
      expect((await rows(author.token)).results[0]!.status).toBe(1);
      // read_all closes every row.
      await like((await createUser(t)).token, topicId);
      await t.post('/api/user/messages/read_all', {}, { token: author.token });
      expect(await badge(author.token)).toBe(0);
    });

    it('another member’s row is not found, and marking it changes nothing', async () => {
      const [author, b, stranger] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
      await like(b.token, await createTopic(t, author.user));
      const row = (await rows(author.token)).results[0]!;
      expect((await t.get(`/api/user/notifications/${row.id}`, { token: stranger.token })).status).toBe(404);
      expect((await t.post<{ marked: number }>('/api/user/notifications/read', { ids: [row.id] }, { token: stranger.token })).body.data!.marked).toBe(0);
      expect(await badge(author.token)).toBe(1);
      expect((await t.post('/api/user/notifications/read', { ids: [] }, { token: author.token })).status).toBe(400);
    });

    it('the rows page reads in a constant number of queries, whatever it holds', async () => {
      const author = await createUser(t);
      const topics = await Promise.all([1, 2, 3].map(() => createTopic(t, author.user)));
      const count = async () => (await withCountedDb(t.ctx, () => rows(author.token))).queries;
      await like((await createUser(t)).token, topics[0]!);
      // The first signed-in request of the hour notes the member's visit: not the page's cost.
      await rows(author.token);
      const one = await count();
      for (const topicId of topics) for (let i = 0; i < 3; i += 1) await like((await createUser(t)).token, topicId);
      const many = await count();
      expect(many).toBe(one);
    });

    it('preferences: the defaults, a change of only what is sent, locked channels, the digest; a kind off on the site is never listed', async () => {
      const [member, fan] = await Promise.all([createUser(t), createUser(t)]);
      const prefs = async () => (await t.get<NotificationPrefsView>('/api/user/notification_prefs', { token: member.token })).body.data!;
      const initial = await prefs();
      expect(initial.kinds).toEqual(NOTIFICATION_DEFAULTS);
      expect(initial.digest).toBe('auto');
      expect(initial.locked).toEqual({ system: ['web'], vip: ['web'], conversation: ['web'] });

      const changed = await t.post<NotificationPrefsView>('/api/user/notification_prefs', { kinds: { like: { web: false }, system: { web: false, push: false } }, digest: 1 }, { token: member.token });
      expect(changed.status).toBe(200);
      expect(changed.body.data!.kinds.like).toEqual({ ...NOTIFICATION_DEFAULTS.like, web: false });
      // A locked channel stays on; the others sent change.
      expect(changed.body.data!.kinds.system).toEqual({ web: true, email: false, push: false });
      expect(changed.body.data!.digest).toBe(1);
      expect((await prefs()).kinds.comment).toEqual(NOTIFICATION_DEFAULTS.comment);

      // Bad input names the field and changes nothing.
      for (const body of [{ digest: 3 }, { kinds: { like: { web: 'yes' } } }, { kinds: { nope: { web: true } } }]) {
        const refused = await t.post('/api/user/notification_prefs', body, { token: member.token });
        expect(refused.status).toBe(400);
      }
      expect((await prefs()).digest).toBe(1);

      // Likes are off on the site: stored muted, never listed or counted, and not repeated when turned on again.
      const topicId = await createTopic(t, member.user);
      await like(fan.token, topicId);
      expect((await rows(member.token)).results).toEqual([]);
      expect(await badge(member.token)).toBe(0);
      expect((await t.get<Page<MessageView>>('/api/user/messages', { token: member.token })).body.data!.results).toEqual([]);
      expect(await db.selectFrom('messages').select('status').where('user_id', '=', member.user.id).execute()).toEqual([{ status: 2 }]);

      // The account page's older switch is comments and replies by e-mail.
      expect((await t.post('/api/user/settings', { replyMail: true }, { token: member.token })).status).toBe(200);
      expect((await prefs()).kinds.reply.email).toBe(true);
      expect((await t.get<{ replyMail: boolean }>('/api/user/settings', { token: member.token })).body.data).toEqual({ replyMail: true });
    });
  });
}
