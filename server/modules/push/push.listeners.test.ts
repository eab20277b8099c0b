/**
 * The push feature's listener (push.feature.ts), proved here; removing it fails this test:
 *   - a message the member takes by push, when they have a device, enqueues `push.message` in the
 *     message's own transaction (`message.sent`, write); none without a device or with push off
 *     for that kind. What the job then delivers is push.delivery.test.ts's.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createComment, createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';

for (const dialect of await testDatabases()) {
  describe(`push listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let other: CreatedUser;
    const pushJobs = async () => (await requireDb(t.ctx).selectFrom('jobs').select('payload').where('name', '=', 'push.message').orderBy('id').execute()).map((row) => JSON.parse(row.payload) as unknown);
    const lastMessageOf = async (userId: number) => (await requireDb(t.ctx).selectFrom('messages').select('id').where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    async function addDevice(who: CreatedUser): Promise<void> {
      const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
      const res = await t.post('/api/user/push/subscribe', { endpoint: `http://127.0.0.1:9/push/${who.user.id}`, keys }, { token: who.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    beforeAll(async () => {
      ({ t, member, other } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('message.sent: a comment to a member with a device enqueues one push job with the message; none without a device or with push off', async () => {
      const quiet = await createUser(t);
      await createComment(t, other.user, { entityId: await createTopic(t, quiet.user) });
      expect(await pushJobs()).toEqual([]);

      await addDevice(member);
      await createComment(t, other.user, { entityId: await createTopic(t, member.user) });
      expect(await pushJobs()).toEqual([{ messageId: await lastMessageOf(member.user.id) }]);

      // Push turned off for comments: the message is written, no push is owed.
      await requireDb(t.ctx).insertInto('notification_prefs').values({ user_id: member.user.id, kind: 'comment', channel: 'push', enabled: 0, create_time: 0, update_time: 0 }).execute();
      await createComment(t, other.user, { entityId: await createTopic(t, member.user) });
      expect(await pushJobs()).toHaveLength(1);
    });
  });
}
