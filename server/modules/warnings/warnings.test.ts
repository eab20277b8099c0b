/**
 * Warnings on every engine (issue 28): staff warn a member (never staff; a reason required); the
 * member reads the oldest unacknowledged warning until they acknowledge it (their own only;
 * twice changes nothing); the back office's counts; only staff warn or read counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warningActions } from '../../../common/actions/warnings';
import type { WarningView } from '../../../common/views/warning';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const START = 1_800_000_000_000;

for (const dialect of await testDatabases()) {
  describe(`warnings [${dialect}]`, () => {
    let t: TestApp;
    let clock = START;
    let moderator: CreatedUser;
    let admin: CreatedUser;

    const warn = (who: CreatedUser, userId: number, reason: unknown, headers: Record<string, string> = {}) => t.post<WarningView>('/api/admin/user/warn', { userId, reason }, { token: who.token, headers });
    const pending = async (who: CreatedUser) => (await t.get<WarningView | null>('/api/user/warnings/pending', { token: who.token })).body.data;
    const acknowledge = (who: CreatedUser, id: number) => t.post<WarningView>(`/api/user/warnings/acknowledge/${id}`, {}, { token: who.token });

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      moderator = await createUser(t, { role: 'moderator' });
      admin = await createUser(t, { role: 'admin' });
    });
    afterAll(() => t.close());

    it('a warned member reads the oldest unacknowledged warning until they acknowledge each; acknowledging twice changes nothing', async () => {
      const member = await createUser(t);
      expect(await pending(member)).toBeNull();
      const first = await warn(moderator, member.user.id, '  Please stop posting ads  ');
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ userId: member.user.id, reason: 'Please stop posting ads', createTime: clock, ackTime: 0 });
      clock += 1000;
      const second = (await warn(admin, member.user.id, 'Second: keep it civil')).body.data!;
      expect(await pending(member)).toMatchObject({ id: first.body.data!.id });
      clock += 1000;
      const acked = await acknowledge(member, first.body.data!.id);
      expect(acked.body.data).toMatchObject({ id: first.body.data!.id, ackTime: clock });
      expect(await pending(member)).toMatchObject({ id: second.id });
      // Again: the same answer, the first time kept.
      clock += 1000;
      expect((await acknowledge(member, first.body.data!.id)).body.data?.ackTime).toBe(clock - 1000);
      expect((await acknowledge(member, second.id)).status).toBe(200);
      expect(await pending(member)).toBeNull();
      // A banned member still reads and acknowledges theirs.
      const banned = await createUser(t, { banned: true });
      const theirs = (await warn(moderator, banned.user.id, 'Read the rules')).body.data!;
      expect((await pending(banned))?.id).toBe(theirs.id);
      expect((await acknowledge(banned, theirs.id)).status).toBe(200);
    });

    it('only the member acknowledges their warning (404 to anyone else); the reads answer through the declared actions', async () => {
      const member = await createUser(t);
      const other = await createUser(t);
      const warning = (await warn(moderator, member.user.id, 'Mind the rules')).body.data!;
      expect((await acknowledge(other, warning.id)).status).toBe(404);
      expect((await acknowledge(moderator, warning.id)).status).toBe(404);
      expect((await acknowledge(member, 99_999_999)).status).toBe(404);
      expect((await t.post(`/api/user/warnings/acknowledge/${warning.id}`, {})).status).toBe(401);
      const read = await t.read(warningActions.pending, {}, { user: member.user });
      expect(read.ok && read.data?.id).toBe(warning.id);
    });

    it('staff only warn, never staff; a reason is required and bounded (400 naming it); unknown members 404', async () => {
      const member = await createUser(t);
      const res = await warn(member, moderator.user.id, 'x');
      expect([res.status, res.body.errorCode]).toEqual([403, 2]);
      expect((await warn(await createUser(t), member.user.id, 'x')).status).toBe(403);
      const staff = await warn(admin, moderator.user.id, 'Be nicer');
      expect([staff.status, staff.body.message]).toEqual([403, 'Staff members cannot be warned']);
      for (const bad of ['', '   ', 'x'.repeat(2001), 12]) {
        const refused = await warn(moderator, member.user.id, bad);
        expect(refused.status).toBe(400);
        expect(refused.body.fields).toHaveProperty('reason');
      }
      expect((await warn(moderator, member.user.id, '', { 'accept-language': 'zh-CN' })).body.message).toBe('请填写警告该成员的原因');
      expect((await warn(moderator, 99_999_999, 'Why')).status).toBe(404);
      expect(await pending(member)).toBeNull();
    });

    it('counts a page of members’ warnings for the back office (staff only)', async () => {
      const warned = await createUser(t);
      const calm = await createUser(t);
      const a = (await warn(moderator, warned.user.id, 'One')).body.data!;
      await warn(moderator, warned.user.id, 'Two');
      await acknowledge(warned, a.id);
      const counts = await t.read(warningActions.counts, { userIds: [warned.user.id, calm.user.id] }, { user: moderator.user });
      expect(counts.ok && counts.data).toEqual([
        { userId: warned.user.id, total: 2, pending: 1 },
        { userId: calm.user.id, total: 0, pending: 0 },
      ]);
      expect(await t.read(warningActions.counts, { userIds: [warned.user.id] }, { user: calm.user })).toMatchObject({ ok: false, status: 403 });
    });
  });
}
