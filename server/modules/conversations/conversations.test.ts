/**
 * Private conversations on every engine (issue 28 part 1): who may message whom (each setting
 * value, each rule of START_RULES and SEND_RULES), the group cap, the one-to-one found again,
 * non-participants (403; 404 for nothing), leaving (a group: the others see it; a one-to-one:
 * back with the next message), mute (no push or e-mail job, not in the badge), unread counts,
 * sanitizing, bans and limits, staff access (refused without a rule, granted and audited with
 * one), the api for reports, and the list's and page's constant number of queries.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationDetail, ConversationMessageView, ConversationSettingsView, ConversationStaffView, ConversationStarted, ConversationState, ConversationSummary, ConversationUnread } from '../../../common/views/conversation';
import type { Page } from '../../../common/views/page';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { withCountedDb } from '../../../tests/support/query-counter';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { runWrite } from '../../kernel/write';
import { conversationParticipants, messageForReport, removeMessage, SEND_RULES, START_RULES } from './conversations.api';
import { SEND_RULE, START_RULE } from './conversations.actions';

const START = 1_800_000_000_000;

for (const dialect of await testDatabases()) {
  describe(`conversations [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;

    const start = (who: CreatedUser, userIds: unknown, content: unknown = 'Hello there', extra: Record<string, unknown> = {}) =>
      t.post<ConversationStarted>('/api/conversation/start', { userIds, content, ...extra }, { token: who.token });
    const send = (who: CreatedUser, id: number, content: unknown = 'Another line', extra: Record<string, unknown> = {}) =>
      t.post<ConversationMessageView>(`/api/conversation/${id}/send`, { content, ...extra }, { token: who.token });
    const list = (who: CreatedUser, cursor?: string) => t.get<Page<ConversationSummary>>('/api/conversation/list', { token: who.token, query: cursor ? { cursor } : {} });
    const messages = (who: CreatedUser, id: number, query: Record<string, string> = {}) => t.get<Page<ConversationMessageView>>(`/api/conversation/${id}/messages`, { token: who.token, query });
    const badge = async (who: CreatedUser) => (await t.get<ConversationUnread>('/api/conversation/unread_count', { token: who.token })).body.data?.conversations;
    const setting = (who: CreatedUser, whoMayStart: unknown) => t.post<ConversationSettingsView>('/api/conversation/settings', { whoMayStart }, { token: who.token });
    const jobs = async (name: string) => (await db.selectFrom('jobs').select('payload').where('name', '=', name).orderBy('id').execute()).map((row) => JSON.parse(row.payload) as Record<string, unknown>);
    const follow = (follower: CreatedUser, followed: CreatedUser) => t.post('/api/fans/follow', { userId: followed.user.id }, { token: follower.token });
    async function addDevice(who: CreatedUser): Promise<void> {
      const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
      const res = await t.post('/api/user/push/subscribe', { endpoint: `http://127.0.0.1:9/push/${who.user.id}`, keys }, { token: who.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
    });
    afterAll(() => t.close());
    beforeEach(() => {
      clock += 60_000;
    });

    it('starts a one-to-one, finds it again for the same member, and both see it in their list with the last message and unread counts', async () => {
      const [a, b] = [await createUser(t), await createUser(t)];
      const first = await start(a, [b.user.id], 'Hi <b>Bob</b>', { contentType: 'html' });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data).toMatchObject({ reused: false, message: { kind: 'text', contentHtml: 'Hi <b>Bob</b>', author: { id: a.user.id } } });
      const id = first.body.data!.id;
      // Again with the same single member (as a string id): the same conversation.
      const again = await start(a, String(b.user.id), 'Still me');
      expect(again.body.data).toMatchObject({ id, reused: true });
      expect((await start(b, [a.user.id], 'Reply from B')).body.data).toMatchObject({ id, reused: true });

      const listA = (await list(a)).body.data!;
      expect(listA.results).toHaveLength(1);
      expect(listA.results[0]).toMatchObject({ id, isGroup: false, unreadCount: 1, muted: false, members: [{ id: b.user.id }], lastMessage: { excerpt: 'Reply from B', authorId: b.user.id } });
      expect((await list(b)).body.data!.results[0]).toMatchObject({ id, unreadCount: 0, members: [{ id: a.user.id }] });
      expect(await badge(a)).toBe(1);
      expect(await badge(b)).toBe(0);

      const page = (await messages(a, id)).body.data!;
      expect(page.results.map((m) => m.author?.id)).toEqual([b.user.id, a.user.id, a.user.id]);
      const detail = (await t.get<ConversationDetail>(`/api/conversation/${id}`, { token: a.token })).body.data!;
      expect(detail).toMatchObject({ id, isGroup: false, unreadCount: 1, muted: false });
      expect(detail.members.map((m) => m.id).sort()).toEqual([a.user.id, b.user.id].sort());

      const read = await t.post<ConversationUnread>(`/api/conversation/${id}/read`, {}, { token: a.token });
      expect(read.body.data).toEqual({ conversations: 0 });
      expect((await list(a)).body.data!.results[0]!.unreadCount).toBe(0);
      // Reading up to an older message leaves the later ones unread.
      await send(b, id, 'one');
      const two = (await send(b, id, 'two')).body.data!;
      await t.post(`/api/conversation/${id}/read`, { upTo: two.id - 1 }, { token: a.token });
      expect((await list(a)).body.data!.results[0]!.unreadCount).toBe(1);
    });

    it('sanitizes a message with the comments’ pipeline and refuses empty, too long and malformed input with 400 naming the field', async () => {
      const [a, b] = [await createUser(t), await createUser(t)];
      const res = await start(a, [b.user.id], '<p onclick="x()">Hi<script>alert(1)</script><img src="javascript:alert(1)"><a href="javascript:alert(2)">x</a></p>', { contentType: 'html' });
      expect(res.status).toBe(200);
      const html = res.body.data!.message.contentHtml;
      expect(html).not.toMatch(/script|onclick|javascript:/i);
      const id = res.body.data!.id;
      const md = await send(a, id, '**bold** <iframe src="https://evil.example"></iframe>', { contentType: 'markdown' });
      expect(md.body.data!.contentHtml).toContain('<strong>bold</strong>');
      expect(md.body.data!.contentHtml).not.toContain('<iframe');

      const empty = await send(a, id, '   ');
      expect(empty.status).toBe(400);
      expect(empty.body.fields).toHaveProperty('content');
      expect((await send(a, id, '<p><br></p>', { contentType: 'html' })).body.fields).toHaveProperty('content');
      const long = await t.post(`/api/conversation/${id}/send`, { content: 'x'.repeat(10_001) }, { token: a.token, headers: { 'accept-language': 'zh-CN' } });
      expect(long.status).toBe(400);
      expect(long.body.fields?.content).toBe('一条私信最多 10000 个字符');
      const images = Array.from({ length: 10 }, (_, i) => `<img src="/uploads/2026/x${i}.png">`).join('');
      expect((await send(a, id, `<p>${images}</p>`, { contentType: 'html' })).body.fields).toHaveProperty('content');
      for (const bad of [[], 'abc', [0], null]) expect(Object.keys((await start(a, bad)).body.fields ?? {}).some((field) => field.startsWith('userIds'))).toBe(true);
      expect((await start(a, [a.user.id])).body.fields?.userIds).toBe('You cannot start a conversation with yourself');
      expect((await start(a, [99_999_999])).status).toBe(404);
      expect((await send(a, 99_999_999)).status).toBe(404);
      expect((await messages(a, id, { cursor: '!!' })).body.fields).toHaveProperty('cursor');
      expect((await t.get('/api/conversation/list')).status).toBe(401);
      const count = await db.selectFrom('conversation_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('conversation_id', '=', id).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(2);
    });

    it('groups: up to 10 people with the starter; an 11th is refused with nothing written', async () => {
      const a = await createUser(t);
      const nine = await Promise.all(Array.from({ length: 9 }, () => createUser(t)));
      const ok = await start(a, nine.map((u) => u.user.id), 'Meetup on Saturday?');
      expect(ok.status).toBe(200);
      expect(ok.body.data!.reused).toBe(false);
      const members = await conversationParticipants(db, ok.body.data!.id);
      expect(members).toHaveLength(10);
      const tenth = await createUser(t);
      const before = await db.selectFrom('conversations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const tooMany = await start(a, [...nine.map((u) => u.user.id), tenth.user.id], 'Too many');
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.fields?.userIds).toBe('A conversation can have at most 10 people, you included');
      const after = await db.selectFrom('conversations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      // A group with one of the same members is a new conversation, never the one-to-one.
      const two = await start(a, [nine[0]!.user.id, nine[1]!.user.id], 'Small group');
      expect(two.body.data!.id).not.toBe(ok.body.data!.id);
      expect((await list(nine[1]!)).body.data!.results[0]).toMatchObject({ id: two.body.data!.id, isGroup: true });
    });

    it('who may start: everyone (default), members I follow, nobody; refusals are 403 with a translated message naming the member; conversations already begun go on', async () => {
      const [stranger, friend, target] = [await createUser(t), await createUser(t), await createUser(t, { nickname: `Tara ${clock}` })];
      expect((await t.get<ConversationSettingsView>('/api/conversation/settings', { token: target.token })).body.data).toEqual({ whoMayStart: 'everyone' });
      const begun = await start(stranger, [target.user.id], 'Before the setting');
      expect(begun.status).toBe(200);

      expect((await setting(target, 'following')).body.data).toEqual({ whoMayStart: 'following' });
      await follow(target, friend);
      expect((await start(friend, [target.user.id], 'I am followed')).status).toBe(200);
      const other = await createUser(t);
      const refused = await start(other, [target.user.id], 'Not followed');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(`${target.user.nickname} does not accept messages from you`);
      // In a group too: one member who refuses refuses the whole start.
      expect((await start(other, [friend.user.id, target.user.id], 'Group')).status).toBe(403);
      // The conversation begun before goes on (sending is SEND_RULES', not the setting).
      expect((await start(stranger, [target.user.id], 'Still talking')).body.data).toMatchObject({ id: begun.body.data!.id, reused: true });
      expect((await send(stranger, begun.body.data!.id, 'Still talking')).status).toBe(200);

      expect((await setting(target, 'nobody')).status).toBe(200);
      await follow(target, other);
      const zh = await t.post('/api/conversation/start', { userIds: [target.user.id], content: 'hi' }, { token: other.token, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.status).toBe(403);
      expect(zh.body.message).toBe(`${target.user.nickname} 不接受你的私信`);
      expect((await setting(target, 'everyone')).status).toBe(200);
      expect((await start(other, [target.user.id], 'Now open')).status).toBe(200);
      const bad = await setting(target, 'friends');
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toHaveProperty('whoMayStart');
    });

    it('the rule lists decide: a rule added to START_RULES or SEND_RULES refuses with its message; the account rule refuses a one-to-one with a closed account', async () => {
      const [a, b] = [await createUser(t), await createUser(t)];
      const rule = { name: 'test', refusal: 'conversation.errors.blocked', passes: () => false };
      START_RULES.push(rule);
      try {
        const res = await start(a, [b.user.id]);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(`You cannot message ${b.user.nickname}`);
      } finally {
        START_RULES.splice(START_RULES.indexOf(rule), 1);
      }
      const id = (await start(a, [b.user.id])).body.data!.id;
      SEND_RULES.push(rule);
      try {
        expect((await send(a, id)).status).toBe(403);
        expect((await start(a, [b.user.id])).status).toBe(403);
      } finally {
        SEND_RULES.splice(SEND_RULES.indexOf(rule), 1);
      }
      await db.updateTable('users').set({ status: 1 }).where('id', '=', b.user.id).execute();
      const closed = await send(a, id);
      expect(closed.status).toBe(403);
      expect(closed.body.message).toBe('This member’s account is closed: the conversation takes no more messages');
    });

    it('trust levels: a new member (level 0) cannot start a conversation, but answers one started with them; level 1 lifts it', async () => {
      const [newcomer, neighbour] = [await createUser(t), await createUser(t)];
      const moderator = await createUser(t, { role: 'moderator' });
      const setLevel = (level: number | null) => t.post('/api/admin/trust/set', { userId: newcomer.user.id, level }, { token: moderator.token });
      expect((await setLevel(0)).status).toBe(200);
      const refused = await start(newcomer, [neighbour.user.id], 'Cheap visas, message me');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('New members can send private messages once they have taken part a little more');
      expect(await db.selectFrom('conversation_members').select('conversation_id').where('user_id', '=', newcomer.user.id).execute()).toEqual([]);
      // Started by a member past level 0, the newcomer may answer.
      const id = (await start(neighbour, [newcomer.user.id], 'Welcome to the forum')).body.data!.id;
      expect((await send(newcomer, id, 'Thank you')).status).toBe(200);
      expect((await setLevel(1)).status).toBe(200);
      const third = await createUser(t);
      expect((await start(newcomer, [third.user.id], 'Hello')).status).toBe(200);
    });

    it('blocks: neither member may start a conversation with the other, nor send into their one-to-one; a group goes on; unblocking opens it again', async () => {
      const [alice, bob, carol] = [await createUser(t), await createUser(t), await createUser(t)];
      const pair = (await start(alice, [bob.user.id], 'Before the block')).body.data!.id;
      const group = (await start(carol, [alice.user.id, bob.user.id], 'A group')).body.data!.id;
      expect((await t.post('/api/user/block', { userId: bob.user.id }, { token: alice.token })).status).toBe(200);
      for (const [from, to] of [[bob, alice], [alice, bob]] as const) {
        const refused = await start(from, [to.user.id], 'Hello again');
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe(`You cannot message ${to.user.nickname}`);
        expect((await send(from, pair, 'Still there?')).status).toBe(403);
      }
      // A new group with the two of them cannot be started either (each member is checked).
      expect((await start(carol, [alice.user.id, bob.user.id], 'Another group')).status).toBe(200);
      expect((await start(bob, [alice.user.id, carol.user.id], 'Bob’s group')).status).toBe(403);
      expect((await send(bob, group, 'In the group')).status).toBe(200);
      expect((await messages(alice, pair)).body.data!.results.map((m) => m.contentHtml)).toEqual(['<p>Before the block</p>']);
      expect((await t.post('/api/user/unblock', { userId: bob.user.id }, { token: alice.token })).status).toBe(200);
      expect((await send(bob, pair, 'Friends again')).status).toBe(200);
    });

    it('non-participants: 403 on every member route (a moderator too), 404 for no conversation; visitors 401', async () => {
      const [a, b, outsider] = [await createUser(t), await createUser(t), await createUser(t)];
      const moderator = await createUser(t, { role: 'admin' });
      const id = (await start(a, [b.user.id])).body.data!.id;
      for (const who of [outsider, moderator]) {
        expect((await send(who, id)).status).toBe(403);
        expect((await messages(who, id)).status).toBe(403);
        expect((await t.get(`/api/conversation/${id}`, { token: who.token })).status).toBe(403);
        expect((await t.post(`/api/conversation/${id}/read`, {}, { token: who.token })).status).toBe(403);
        expect((await t.post(`/api/conversation/${id}/mute`, { muted: true }, { token: who.token })).status).toBe(403);
        expect((await t.post(`/api/conversation/${id}/leave`, {}, { token: who.token })).status).toBe(403);
      }
      const notPart = await send(outsider, id);
      expect(notPart.body.message).toBe('You are not part of this conversation');
      expect((await messages(outsider, 99_999_999)).status).toBe(404);
      expect((await t.get(`/api/conversation/${id}/messages`)).status).toBe(401);
      const rows = await db.selectFrom('conversation_messages').select('id').where('conversation_id', '=', id).execute();
      expect(rows).toHaveLength(1);
    });

    it('banned members cannot start or send, but still read, mark read, mute and leave', async () => {
      const [a, b] = [await createUser(t), await createUser(t)];
      const id = (await start(a, [b.user.id])).body.data!.id;
      await db.updateTable('users').set({ forbidden_until: clock + 86_400_000 }).where('id', '=', a.user.id).execute();
      expect((await start(a, [b.user.id], 'banned')).status).toBe(403);
      expect((await send(a, id, 'banned')).status).toBe(403);
      expect((await messages(a, id)).status).toBe(200);
      expect((await t.post(`/api/conversation/${id}/read`, {}, { token: a.token })).status).toBe(200);
      expect((await t.post(`/api/conversation/${id}/mute`, { muted: true }, { token: a.token })).status).toBe(200);
    });

    it('rate limits: starts and sends per member (a refused one costs nothing)', async () => {
      const a = await createUser(t);
      const targets = await Promise.all(Array.from({ length: START_RULE.max + 1 }, () => createUser(t)));
      for (let i = 0; i < START_RULE.max; i++) expect((await start(a, [targets[i]!.user.id])).status).toBe(200);
      expect((await start(a, [targets[START_RULE.max]!.user.id])).status).toBe(429);
      const [s, r] = [await createUser(t), await createUser(t)];
      const id = (await start(s, [r.user.id])).body.data!.id;
      for (let i = 0; i < 3; i++) expect((await send(s, id, '')).status).toBe(400);
      for (let i = 0; i < SEND_RULE.max; i++) expect((await send(s, id, `m${i}`)).status).toBe(200);
      expect((await send(s, id, 'one more')).status).toBe(429);
    });

    it('leave: a group tells the others “X left” and its member is out; a one-to-one leaves my list until the next message', async () => {
      const [a, b, c] = [await createUser(t), await createUser(t), await createUser(t)];
      const group = (await start(a, [b.user.id, c.user.id], 'Group hello')).body.data!.id;
      const left = await t.post<ConversationState>(`/api/conversation/${group}/leave`, {}, { token: c.token });
      expect(left.body.data).toEqual({ id: group, muted: false, left: true });
      expect((await list(c)).body.data!.results.map((r) => r.id)).not.toContain(group);
      expect((await messages(c, group)).status).toBe(403);
      expect((await send(c, group)).status).toBe(403);
      const seenByA = (await messages(a, group)).body.data!.results[0]!;
      expect(seenByA).toMatchObject({ kind: 'left', author: { id: c.user.id, left: true } });
      const rowA = (await list(a)).body.data!.results.find((r) => r.id === group)!;
      expect(rowA.members.map((m) => m.id)).toEqual([b.user.id]);
      expect(rowA.lastMessage).toMatchObject({ kind: 'left', authorName: c.user.nickname });
      // c gets nothing more.
      await send(a, group, 'after c left');
      expect((await list(c)).body.data!.results.map((r) => r.id)).not.toContain(group);

      const pair = (await start(a, [b.user.id], 'One to one')).body.data!.id;
      expect((await t.post(`/api/conversation/${pair}/leave`, {}, { token: b.token })).status).toBe(200);
      expect((await list(b)).body.data!.results.map((r) => r.id)).not.toContain(pair);
      expect((await list(a)).body.data!.results.map((r) => r.id)).toContain(pair);
      await send(a, pair, 'Are you there?');
      expect((await list(b)).body.data!.results[0]).toMatchObject({ id: pair, unreadCount: 1 });
    });

    it('mute: no push, no e-mail, not in the header badge; unmute brings them back', async () => {
      const [a, b] = [await createUser(t), await createUser(t)];
      await addDevice(b);
      await db.insertInto('notification_prefs').values({ user_id: b.user.id, kind: 'conversation', channel: 'email', enabled: 1, create_time: 0, update_time: 0 }).execute();
      const pushesBefore = (await jobs('push.direct')).length;
      const id = (await start(a, [b.user.id], 'first')).body.data!.id;
      const pushes = await jobs('push.direct');
      expect(pushes).toHaveLength(pushesBefore + 1);
      expect(pushes.at(-1)).toMatchObject({ to: b.user.id, titleKey: 'conversation.push.title', path: `/conversations/${id}`, body: 'first' });
      expect((await jobs('conversations.mail')).at(-1)).toMatchObject({ to: b.user.id, conversationId: id });
      expect(await badge(b)).toBe(1);

      expect((await t.post<ConversationState>(`/api/conversation/${id}/mute`, { muted: true }, { token: b.token })).body.data).toEqual({ id, muted: true, left: false });
      expect(await badge(b)).toBe(0);
      await send(a, id, 'while muted');
      expect(await jobs('push.direct')).toHaveLength(pushesBefore + 1);
      expect((await list(b)).body.data!.results[0]).toMatchObject({ id, muted: true, unreadCount: 2 });
      expect(await badge(b)).toBe(0);

      await t.post(`/api/conversation/${id}/mute`, { muted: false }, { token: b.token });
      expect(await badge(b)).toBe(1);
      await send(a, id, 'after unmute');
      expect(await jobs('push.direct')).toHaveLength(pushesBefore + 2);
      // Push off in the preferences: no push job either.
      await db.insertInto('notification_prefs').values({ user_id: b.user.id, kind: 'conversation', channel: 'push', enabled: 0, create_time: 0, update_time: 0 }).execute();
      await send(a, id, 'push off');
      expect(await jobs('push.direct')).toHaveLength(pushesBefore + 2);
    });

    it('staff read only through a report of it: 403 without one (nothing audited), granted and audited once a participant reports a message; the api for reports', async () => {
      const [a, b] = [await createUser(t), await createUser(t)];
      const moderator = await createUser(t, { role: 'moderator' });
      const id = (await start(a, [b.user.id], 'private words')).body.data!.id;
      const denied = await t.post(`/api/admin/conversation/${id}/view`, {}, { token: moderator.token });
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe('Staff may read a conversation only through a report of it');
      expect((await t.post(`/api/admin/conversation/${id}/view`, {}, { token: a.token })).status).toBe(403);
      expect((await t.post(`/api/admin/conversation/99999999/view`, {}, { token: moderator.token })).status).toBe(404);
      const audits = () => db.selectFrom('audit_logs').select(['action', 'actor_id', 'target_id']).where('target_type', '=', 'conversation').where('target_id', '=', id).execute();
      expect(await audits()).toEqual([]);

      // A participant reports a message: the report is what opens the conversation to staff.
      const reportedId = (await messages(b, id)).body.data!.results[0]!.id;
      expect((await t.post('/api/report/create', { type: 'conversation_message', id: reportedId, reason: 'harassment' }, { token: b.token })).status).toBe(200);
      {
        const view = await t.post<ConversationStaffView>(`/api/admin/conversation/${id}/view`, {}, { token: moderator.token });
        expect(view.status).toBe(200);
        expect(view.body.data!.messages[0]).toMatchObject({ contentHtml: '<p>private words</p>' });
        expect((await audits()).map((row) => [row.action, Number(row.actor_id)])).toEqual([['conversation.staffView', moderator.user.id]]);
        // Still no member route for staff.
        expect((await messages(moderator, id)).status).toBe(403);

        const messageId = view.body.data!.messages[0]!.id;
        expect(await messageForReport(db, messageId)).toEqual({ id: messageId, authorId: a.user.id, conversationId: id, excerpt: 'private words', status: 0 });
        const removed = await t.post<ConversationMessageView>(`/api/admin/conversation/message/${messageId}/remove`, {}, { token: moderator.token });
        expect(removed.body.data).toMatchObject({ id: messageId, removed: true, contentHtml: '' });
        expect((await messages(b, id)).body.data!.results[0]).toMatchObject({ removed: true, contentHtml: '' });
        expect((await list(b)).body.data!.results[0]!.lastMessage).toMatchObject({ excerpt: '' });
        expect((await audits()).map((row) => row.action)).toContain('conversation.messageRemove');
        expect((await messageForReport(db, messageId))?.status).toBe(1);
      }
      // Another conversation, never reported, stays closed to staff, in-process too (a reports decision runs the same rule).
      const stranger = await createUser(t);
      const other = (await start(b, [stranger.user.id], 'not reported')).body.data!;
      await expect(runWrite(t.ctx, (scope) => removeMessage(scope, other.message.id, moderator.user.id, '127.0.0.1'))).rejects.toMatchObject({ status: 403 });
      expect((await t.post(`/api/admin/conversation/${other.id}/view`, {}, { token: moderator.token })).status).toBe(403);
    });

    it('the list and a conversation page cost a constant number of queries, and page by keyset', async () => {
      const me = await createUser(t);
      const others = await Promise.all(Array.from({ length: 25 }, () => createUser(t)));
      for (const other of others) {
        clock += 1_000;
        await start(other, [me.user.id, (await createUser(t)).user.id], `From ${other.user.id}`);
      }
      const small = await withCountedDb(t.ctx, () => list(me));
      const first = small.result.body.data!;
      expect(first.results).toHaveLength(20);
      expect(first.hasMore).toBe(true);
      const second = await withCountedDb(t.ctx, () => list(me, first.cursor));
      expect(second.result.body.data!.results).toHaveLength(5);
      expect(new Set([...first.results, ...second.result.body.data!.results].map((r) => r.id)).size).toBe(25);
      expect(small.queries).toBe(second.queries);
      expect(small.queries).toBeLessThanOrEqual(4);

      const [a, b] = [await createUser(t), await createUser(t)];
      const id = (await start(a, [b.user.id], 'm0')).body.data!.id;
      for (let i = 1; i < 65; i++) {
        clock += 3_000;
        expect((await send(i % 2 ? b : a, id, `m${i}`)).status).toBe(200);
      }
      const page1 = await withCountedDb(t.ctx, () => messages(a, id));
      const p1 = page1.result.body.data!;
      expect(p1.results).toHaveLength(30);
      expect(p1.results[0]!.contentHtml).toBe('<p>m64</p>');
      const page2 = await withCountedDb(t.ctx, () => messages(a, id, { cursor: p1.cursor }));
      expect(page2.result.body.data!.results[0]!.contentHtml).toBe('<p>m34</p>');
      expect(page1.queries).toBe(page2.queries);
      expect(page1.queries).toBeLessThanOrEqual(4);
      const detail = await withCountedDb(t.ctx, () => t.get(`/api/conversation/${id}`, { token: a.token }));
      expect(detail.queries).toBeLessThanOrEqual(4);
      const after = (await messages(a, id, { after: String(p1.results[1]!.id) })).body.data!;
      expect(after.results.map((m) => m.contentHtml)).toEqual(['<p>m64</p>']);
    });
  });
}
