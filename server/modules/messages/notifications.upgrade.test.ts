/**
 * A forum upgraded to notification rows (migration 2026120101_notifications, ADR 0023): every
 * message written before becomes a row of its own, unread ones open under their own key (so a
 * new like opens a new row beside them), and members who asked for reply mails keep them as the
 * comment and reply kinds' e-mail choice.
 */
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationGroupView, NotificationPrefsView } from '../../../common/views/message';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUser } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import { migrations } from '../../db/migrations';
import { migrateToLatest } from '../../db/migrate';

for (const dialect of await testDatabases()) {
  describe(`notifications upgrade [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ dialect });
    });
    afterAll(() => t.close());

    it('turns old messages into rows of one and keeps reply mails', async () => {
      const db = requireDb(t.ctx);
      const [author, fan, other] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
      const topicId = await createTopic(t, author.user, { title: 'Before the upgrade' });
      for (const member of [fan, other]) await t.post('/api/like/like', { entityType: 'topic', entityId: topicId }, { token: member.token });

      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const down = await migrator.migrateTo('2026113001_jobs');
      expect(down.error).toBeUndefined();
      // Before the upgrade: one message was read, the author asked for reply mails.
      const messages = await db.selectFrom('messages').select(['id', 'status']).where('user_id', '=', author.user.id).orderBy('id').execute();
      expect(messages).toHaveLength(2);
      await db.updateTable('messages').set({ status: 1 }).where('id', '=', messages[0]!.id).execute();
      await db.updateTable('users').set({ reply_mail: 1 }).where('id', '=', author.user.id).execute();

      await migrateToLatest(db);
      const rows = (await t.get<{ results: NotificationGroupView[] }>('/api/user/notifications', { token: author.token })).body.data!.results;
      expect(rows.map((r) => [r.type, r.status, r.messageCount, r.actors.map((a) => a.id)])).toEqual([
        ['like', 0, 1, [other.user.id]],
        ['like', 1, 1, [fan.user.id]],
      ]);
      expect((await t.get<{ count: number }>('/api/user/msg_recent', { token: author.token })).body.data!.count).toBe(1);
      const prefs = (await t.get<NotificationPrefsView>('/api/user/notification_prefs', { token: author.token })).body.data!;
      expect([prefs.kinds.comment.email, prefs.kinds.reply.email]).toEqual([true, true]);

      // A like after the upgrade gathers with none of the old rows: they were rows of their own.
      await t.post('/api/like/like', { entityType: 'topic', entityId: topicId }, { token: (await createUser(t)).token });
      expect((await t.get<{ results: NotificationGroupView[] }>('/api/user/notifications', { token: author.token })).body.data!.results).toHaveLength(3);
    });
  });
}
