/**
 * The reports feature's listeners (reports.feature.ts) of `report.resolved`, both in the
 * resolving write: the audit row (who resolved which item how, how many reports it closed) and
 * each reporter's message (its title in the reader's language). Removing either fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { auditOf, createListenerApp, messagesOf } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';

for (const dialect of await testDatabases()) {
  describe(`reports listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let other: CreatedUser;
    let moderator: CreatedUser;
    let admin: CreatedUser;

    beforeAll(async () => {
      ({ t, member, other, moderator } = await createListenerApp(dialect));
      admin = await createUser(t, { role: 'admin' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('reports: a resolution is audited, and every reporter is told the outcome', async () => {
      const topic = await createTopic(t, member.user, { title: 'Listener topic' });
      for (const reporter of [other, admin]) expect((await t.post('/api/report/create', { type: 'topic', id: topic, reason: 'spam' }, { token: reporter.token })).status).toBe(200);
      expect((await t.post('/api/admin/reports/resolve', { type: 'topic', id: topic, outcome: 'hide' }, { token: moderator.token })).status).toBe(200);
      const audit = (await auditOf(t, admin, { action: 'report.resolve' })).find((entry) => entry.targetId === topic);
      expect(audit).toMatchObject({ action: 'report.resolve', targetType: 'topic', actor: { id: moderator.user.id } });
      for (const reporter of [other, admin]) {
        expect((await messagesOf(t, reporter))[0]).toMatchObject({ type: 'system', title: 'Your report of “Listener topic” was reviewed: the content was removed' });
      }
      expect((await messagesOf(t, member)).some((message) => message.title.startsWith('Your report'))).toBe(false);
    });
  });
}
