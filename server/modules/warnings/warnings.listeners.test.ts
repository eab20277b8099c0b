/**
 * The warnings feature's listeners (warnings.feature.ts), each proved by what the back office
 * and the member see; removing one fails its test here, on every engine:
 *   - `warning.sent` (write): audited (`user.warn`), and the member gets a system message;
 *   - `warning.acknowledged` (write): audited (`user.warningAcknowledged`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WarningView } from '../../../common/views/warning';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { auditOf, createListenerApp, messagesOf } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';

for (const dialect of await testDatabases()) {
  describe(`warnings listeners [${dialect}]`, () => {
    let t: TestApp;
    let moderator: CreatedUser;
    let admin: CreatedUser;

    beforeAll(async () => {
      ({ t, moderator } = await createListenerApp(dialect));
      admin = await createUser(t, { role: 'admin' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('warning.sent: audited with the reason, and the member is told in their language', async () => {
      const member = await createUser(t);
      const res = await t.post<WarningView>('/api/admin/user/warn', { userId: member.user.id, reason: 'No spam here' }, { token: moderator.token });
      expect(res.status).toBe(200);
      const audit = await auditOf(t, admin, { action: 'user.warn' });
      expect(audit[0]).toMatchObject({ action: 'user.warn', targetId: member.user.id });
      expect(JSON.stringify(audit[0])).toContain('No spam here');
      const messages = await messagesOf(t, member);
      expect(messages.map((m) => [m.type, m.title, m.content])).toEqual([['system', 'You received a formal warning from the moderators', 'No spam here']]);
    });

    it('warning.acknowledged: audited', async () => {
      const member = await createUser(t);
      const sent = await t.post<WarningView>('/api/admin/user/warn', { userId: member.user.id, reason: 'Be kind' }, { token: moderator.token });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const warning = sent.body.data!;
      expect((await t.post(`/api/user/warnings/acknowledge/${warning.id}`, {}, { token: member.token })).status).toBe(200);
      const audit = await auditOf(t, admin, { action: 'user.warningAcknowledged' });
      expect(audit[0]).toMatchObject({ action: 'user.warningAcknowledged', targetId: member.user.id });
    });
  });
}
