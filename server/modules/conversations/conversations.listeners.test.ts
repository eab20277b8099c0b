/**
 * The conversations feature's listeners (conversations.feature.ts), proved here; removing one
 * fails its test:
 *   - `conversation.messageSent` (write): the push job and the delayed e-mail job for a member
 *     who takes them, none for a muted conversation;
 *   - `conversation.messageSent` (commit): the message reaches the other member's open event
 *     stream (`event: conversation`, with their header count), measured end to end;
 *   - `conversation.stateChanged` (commit): reading in one tab moves the count in the others;
 *   - `conversation.staffRead`, `conversation.messageRemoved` (write): the audit log's entries.
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationLiveEvent } from '../../../common/views/conversation';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';

/** An open `GET /api/user/events` stream, keeping its `conversation` events with their arrival time. */
async function openStream(url: string, token: string): Promise<{ events: Array<{ data: ConversationLiveEvent; at: number }>; close(): void }> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { 'x-user-token': token }, signal: controller.signal });
  const events: Array<{ data: ConversationLiveEvent; at: number }> = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!block.includes('event: conversation')) continue;
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) events.push({ data: JSON.parse(data.slice(6)) as ConversationLiveEvent, at: performance.now() });
        }
      }
    } catch {
      // closed
    }
  })();
  return { events, close: () => controller.abort() };
}

async function until(predicate: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

for (const dialect of await testDatabases()) {
  describe(`conversations listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let other: CreatedUser;
    let moderator: CreatedUser;
    let eventsUrl: string;
    const jobsNamed = async (name: string) => (await requireDb(t.ctx).selectFrom('jobs').select('payload').where('name', '=', name).orderBy('id').execute()).map((row) => JSON.parse(row.payload) as Record<string, unknown>);

    beforeAll(async () => {
      ({ t, member, other, moderator } = await createListenerApp(dialect));
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      eventsUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/user/events`;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('conversation.messageSent (write): a push job when the member has a device and push on, a delayed e-mail job when e-mail is on; none when muted', async () => {
      const to = await createUser(t);
      const db = requireDb(t.ctx);
      await t.post('/api/user/push/subscribe', { endpoint: `http://127.0.0.1:9/push/conv-${dialect}`, keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') } }, { token: to.token });
      const devices = await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', to.user.id).execute();
      await db.insertInto('notification_prefs').values({ user_id: to.user.id, kind: 'conversation', channel: 'email', enabled: 1, create_time: 0, update_time: 0 }).execute();
      const started = await t.post<{ id: number }>('/api/conversation/start', { userIds: [to.user.id], content: 'Ping' }, { token: member.token });
      const id = started.body.data!.id;
      expect(devices).toHaveLength(1);
      expect((await jobsNamed('push.direct')).filter((job) => job.to === to.user.id)).toHaveLength(1);
      expect((await jobsNamed('conversations.mail')).filter((job) => job.to === to.user.id)).toEqual([{ to: to.user.id, conversationId: id, senderId: member.user.id, text: 'Ping' }]);
      await t.post(`/api/conversation/${id}/mute`, { muted: true }, { token: to.token });
      await t.post(`/api/conversation/${id}/send`, { content: 'Muted ping' }, { token: member.token });
      expect((await jobsNamed('conversations.mail')).filter((job) => job.to === to.user.id)).toHaveLength(1);
    });

    it('conversation.messageSent (commit): the other member’s open stream receives the message and their count as it is sent, not at a later poll', async () => {
      const stream = await openStream(eventsUrl, other.token);
      try {
        const id = (await t.post<{ id: number }>('/api/conversation/start', { userIds: [other.user.id], content: 'First' }, { token: member.token })).body.data!.id;
        await until(() => stream.events.length === 1);
        expect(stream.events[0]!.data).toMatchObject({ conversationId: id, unreadConversations: 1, message: { kind: 'text', contentHtml: '<p>First</p>', author: { id: member.user.id } } });
        const times: number[] = [];
        for (let i = 0; i < 10; i++) {
          const sent = performance.now();
          await t.post(`/api/conversation/${id}/send`, { content: `Live ${i}` }, { token: member.token });
          await until(() => stream.events.length === i + 2);
          times.push(stream.events[i + 1]!.at - sent);
        }
        times.sort((a, b) => a - b);
        const median = (times[4]! + times[5]!) / 2;
        console.warn(`[${dialect}] live delivery, send → other member's stream: median ${median.toFixed(1)} ms, max ${times[9]!.toFixed(1)} ms`);
        // Delivery, not speed, is the rule here (the figure is printed; alone it is 5–35 ms): a
        // second bounds a push that waits for anything but the commit, and holds on a CI machine
        // whose four test workers fill both cores.
        expect(median).toBeLessThan(1000);
      } finally {
        stream.close();
      }
    });

    it('conversation.stateChanged (commit): reading in one tab moves the count in the member’s other tabs', async () => {
      const reader = await createUser(t);
      const id = (await t.post<{ id: number }>('/api/conversation/start', { userIds: [reader.user.id], content: 'Unread' }, { token: member.token })).body.data!.id;
      const stream = await openStream(eventsUrl, reader.token);
      try {
        await t.post(`/api/conversation/${id}/read`, {}, { token: reader.token });
        await until(() => stream.events.length === 1);
        expect(stream.events[0]!.data).toEqual({ conversationId: id, unreadConversations: 0 });
      } finally {
        stream.close();
      }
    });

    it('conversation.staffRead and conversation.messageRemoved (write): each is in the audit log', async () => {
      const started = await t.post<{ id: number; message: { id: number } }>('/api/conversation/start', { userIds: [other.user.id], content: 'Reported words' }, { token: (await createUser(t)).token });
      const { id, message } = started.body.data!;
      // The other participant's report opens the conversation to staff (STAFF_ACCESS_RULES).
      expect((await t.post('/api/report/create', { type: 'conversation_message', id: message.id, reason: 'harassment' }, { token: other.token })).status).toBe(200);
      expect((await t.post(`/api/admin/conversation/${id}/view`, {}, { token: moderator.token })).status).toBe(200);
      expect((await t.post(`/api/admin/conversation/message/${message.id}/remove`, {}, { token: moderator.token })).status).toBe(200);
      const rows = await requireDb(t.ctx).selectFrom('audit_logs').select(['action', 'actor_id', 'detail']).where('target_type', '=', 'conversation').where('target_id', '=', id).orderBy('id').execute();
      expect(rows.map((row) => [row.action, Number(row.actor_id)])).toEqual([
        ['conversation.staffView', moderator.user.id],
        ['conversation.messageRemove', moderator.user.id],
      ]);
      expect(JSON.parse(rows[1]!.detail)).toMatchObject({ messageId: message.id });
    });
  });
}
