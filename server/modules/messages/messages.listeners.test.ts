/**
 * The messages feature's listeners (messages.feature.ts), each proved in this folder; removing
 * one fails a test here:
 *   - a message written by a moderator's move announces the member's new unread count on the
 *     bus, which the live badge's streams hear (`message.sent`, commit): below, and the streams
 *     themselves in events.test.ts;
 *   - marking messages read announces the count too (`message.read`, commit): events.test.ts,
 *     "sends the count on connect and within a second of every change";
 *   - a reply or a comment owes a reply mail, a job of the same transaction (`message.sent`,
 *     write): messages.test.ts, "reply mails: …".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { UNREAD_TOPIC } from './unread-hub';

for (const dialect of await testDatabases()) {
  describe(`messages listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let moderator: CreatedUser;

    beforeAll(async () => {
      ({ t, member, moderator } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('the unread badge: a moderator deleting a member’s topic announces the member’s new count', async () => {
      const topic = await createTopic(t, member.user);
      const heard: unknown[] = [];
      const unsubscribe = t.ctx.bus.subscribe(UNREAD_TOPIC, (payload) => heard.push(payload));
      try {
        expect((await t.post(`/api/topic/delete/${topic}`, {}, { token: moderator.token })).status).toBe(200);
      } finally {
        unsubscribe();
      }
      expect(heard).toContainEqual({ userIds: [member.user.id] });
    });
  });
}
