/**
 * Bans over HTTP on every engine (issue 16): who may ban whom, what a ban stops at once, the
 * message and the audit row it leaves (handlers of `user.banned`: removing one fails a test
 * here), unbanning, and the back office's list of banned members.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../common/policy';
import type { BanStateView, BannedMemberView, OffsetPage } from '../../../common/views/moderation';
import type { CurrentUser } from '../../../common/views/user';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { listAuditFor } from '../audit/audit.service';
import { writeSettings } from '../settings/settings.service';

for (const dialect of await testDatabases()) {
  describe(`bans [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let moderator: CreatedUser;
    let admin: CreatedUser;

    beforeAll(async () => {
      t = await createTestApp({ dialect });
      db = requireDb(t.ctx);
      moderator = await createUser(t, { role: 'moderator' });
      admin = await createUser(t, { role: 'admin' });
      await writeSettings(db, { commentLimits: NO_LIMIT, postLimits: NO_LIMIT }, t.ctx.clock.now());
      t.ctx.settings.invalidate();
    });
    afterAll(() => t.close());

    const ban = (token: string | undefined, body: Record<string, unknown>) => t.post<CurrentUser>('/api/admin/user/ban', body, { token });
    const unban = (token: string | undefined, userId: number) => t.post<CurrentUser>('/api/admin/user/unban', { userId }, { token });
    const forbiddenOf = (id: number) => db.selectFrom('users').select(['forbidden_until', 'forbidden_reason']).where('id', '=', id).executeTakeFirstOrThrow();
    const messagesOf = (id: number) => db.selectFrom('messages').select(['type', 'content', 'params']).where('user_id', '=', id).where('type', '=', 'banned').execute();

    it('bans a member for 7 days: the row, the answer, the site message and the audit entry', async () => {
      const member = await createUser(t);
      const now = t.ctx.clock.now();
      const res = await ban(moderator.token, { userId: member.user.id, days: 7, reason: 'Spam links' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const until = res.body.data!.forbidden.until;
      expect(until).toBeGreaterThanOrEqual(now + 7 * DAY_MS);
      expect(until).toBeLessThan(now + 7 * DAY_MS + 60_000);
      expect(await forbiddenOf(member.user.id)).toEqual({ forbidden_until: until, forbidden_reason: 'Spam links' });
      // The message handler (messages.feature.ts): the member is told until when and why.
      const messages = await messagesOf(member.user.id);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.content).toBe('Spam links');
      expect(JSON.parse(messages[0]!.params)).toEqual({ until });
      // The audit handler (audit.feature.ts).
      const audit = await listAuditFor(db, 'user', member.user.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: moderator.user.id, action: 'user.ban', detail: { until, reason: 'Spam links', previousUntil: 0 } });
    });

    it('takes effect on the next request: the member is refused writes with the end and the reason, in their language', async () => {
      const member = await createUser(t);
      const topicId = await createTopic(t, member.user);
      expect((await t.post('/api/like/like', { entityType: 'topic', entityId: topicId }, { token: member.token })).status).toBe(200);
      await ban(moderator.token, { userId: member.user.id, days: -1, reason: 'Abuse' });
      const refused = await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'still here?' }, { token: member.token });
      expect(refused.status).toBe(403);
      expect(refused.body.errorCode).toBe(3);
      expect(refused.body.message).toBe('Your account is banned permanently. Reason: Abuse');
      const zh = await t.post('/api/topic/create', { title: '标题', content: '内容' }, { token: member.token, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.status).toBe(403);
      expect(zh.body.message).toBe('你的账号已被永久禁言。原因：Abuse');
      // Their own account says so (the pages' notice reads it).
      const current = await t.get<CurrentUser>('/api/user/current', { token: member.token });
      expect(current.body.data).toMatchObject({ forbidden: { until: -1 }, banReason: 'Abuse' });
    });

    it('tells a 7-day ban its end as a date', async () => {
      const member = await createUser(t);
      await ban(moderator.token, { userId: member.user.id, days: 7, reason: 'Cool down' });
      const refused = await t.post('/api/user/update', { nickname: 'Another name' }, { token: member.token });
      expect(refused.status).toBe(403);
      // In the site's time zone (Asia/Bangkok by default, defect 8), never UTC.
      expect(refused.body.message).toMatch(/^Your account is banned until .+ GMT\+7\. Reason: Cool down$/);
      await writeTestSettings(t, { timeZone: 'Asia/Tokyo' }, t.ctx.clock.now());
      const tokyo = await t.post('/api/user/update', { nickname: 'Another name' }, { token: member.token, headers: { 'accept-language': 'zh-CN' } });
      expect(tokyo.body.message).toMatch(/GMT\+9/);
      expect(tokyo.body.message).not.toMatch(/UTC/);
      await writeTestSettings(t, { timeZone: 'Asia/Bangkok' }, t.ctx.clock.now());
    });

    it('lifts a ban: writes work again, the lift is audited; lifting no ban records nothing', async () => {
      const member = await createUser(t);
      const topicId = await createTopic(t, member.user);
      await ban(moderator.token, { userId: member.user.id, days: 7, reason: 'Heated' });
      const res = await unban(moderator.token, member.user.id);
      expect(res.status).toBe(200);
      expect(res.body.data!.forbidden.until).toBe(0);
      expect(await forbiddenOf(member.user.id)).toEqual({ forbidden_until: 0, forbidden_reason: '' });
      expect((await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'back' }, { token: member.token })).status).toBe(200);
      expect((await listAuditFor(db, 'user', member.user.id)).map((entry) => entry.action)).toEqual(['user.unban', 'user.ban']);
      expect((await unban(moderator.token, member.user.id)).status).toBe(200);
      expect(await listAuditFor(db, 'user', member.user.id)).toHaveLength(2);
    });

    it('banning again replaces the end and the reason and is recorded again', async () => {
      const member = await createUser(t);
      const first = await ban(moderator.token, { userId: member.user.id, days: 7, reason: 'First' });
      await ban(admin.token, { userId: member.user.id, days: -1, reason: 'Second' });
      expect(await forbiddenOf(member.user.id)).toEqual({ forbidden_until: -1, forbidden_reason: 'Second' });
      const audit = await listAuditFor(db, 'user', member.user.id);
      expect(audit[0]).toMatchObject({ actorId: admin.user.id, detail: { until: -1, previousUntil: first.body.data!.forbidden.until } });
      expect(await messagesOf(member.user.id)).toHaveLength(2);
    });

    describe('who may ban whom', () => {
      it('moderators ban members, not moderators, admins or themselves', async () => {
        const other = await createUser(t, { role: 'moderator' });
        for (const target of [other, admin, moderator]) {
          const res = await ban(moderator.token, { userId: target.user.id, days: 7, reason: 'Nope' });
          expect(res.status).toBe(403);
          expect(res.body.errorCode).toBe(2);
          expect((await forbiddenOf(target.user.id)).forbidden_until).toBe(0);
        }
        expect((await ban(moderator.token, { userId: moderator.user.id, days: 7, reason: 'x' })).body.message).toBe('Failed to ban user: you cannot ban yourself');
        expect((await ban(moderator.token, { userId: admin.user.id, days: 7, reason: 'x' })).body.message).toMatch(/^Failed to ban user: only someone of a higher rank/);
      });

      it('admins ban moderators, not other admins', async () => {
        const mod = await createUser(t, { role: 'moderator' });
        expect((await ban(admin.token, { userId: mod.user.id, days: 7, reason: 'Overreach' })).status).toBe(200);
        const otherAdmin = await createUser(t, { role: 'admin' });
        expect((await ban(admin.token, { userId: otherAdmin.user.id, days: 7, reason: 'x' })).status).toBe(403);
        const zh = await t.post('/api/admin/user/ban', { userId: admin.user.id, days: 7, reason: 'x' }, { token: admin.token, headers: { 'accept-language': 'zh-CN' } });
        expect(zh.body.message).toBe('禁言用户失败：不能禁言自己');
      });

      it('refuses anonymous (401) and members (403) before reading the body', async () => {
        const member = await createUser(t);
        const target = await createUser(t);
        expect((await ban(undefined, {})).status).toBe(401);
        const res = await ban(member.token, { userId: target.user.id, days: 7, reason: 'x' });
        expect(res.status).toBe(403);
        expect(res.body.errorCode).toBe(2);
        expect((await unban(member.token, target.user.id)).status).toBe(403);
      });

      it('names the bad field: days, reason, userId; 404 for an unknown member', async () => {
        const member = await createUser(t);
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ userId: member.user.id, days: 3, reason: 'x' }, 'days'],
          [{ userId: member.user.id, days: 7, reason: '   ' }, 'reason'],
          [{ userId: member.user.id, days: 7, reason: 'x'.repeat(201) }, 'reason'],
          [{ userId: 'abc', days: 7, reason: 'x' }, 'userId'],
        ];
        for (const [body, field] of cases) {
          const res = await ban(moderator.token, body);
          expect(res.status, JSON.stringify(body)).toBe(400);
          expect(Object.keys(res.body.fields ?? {})).toEqual([field]);
        }
        expect((await ban(moderator.token, { userId: member.user.id, days: 7, reason: 'x'.repeat(201) })).body.message).toBe('The reason can be at most 200 characters');
        expect((await ban(moderator.token, { userId: 99_999_999, days: 7, reason: 'x' })).status).toBe(404);
        expect((await forbiddenOf(member.user.id)).forbidden_until).toBe(0);
      });

      it('accepts a form-encoded ban with days as text', async () => {
        const member = await createUser(t);
        const res = await t.request('POST', '/api/admin/user/ban', { form: { userId: String(member.user.id), days: '-1', reason: 'Form' }, token: moderator.token });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect((await forbiddenOf(member.user.id)).forbidden_until).toBe(-1);
      });
    });

    it('answers the ban state with what this viewer may do', async () => {
      const member = await createUser(t);
      const state = (token: string, userId: number) => t.get<BanStateView>(`/api/admin/user/ban_state?userId=${userId}`, { token });
      expect((await state(moderator.token, member.user.id)).body.data).toEqual({ userId: member.user.id, until: 0, reason: '', canBan: true, canUnban: false });
      await ban(moderator.token, { userId: member.user.id, days: -1, reason: 'Why' });
      expect((await state(moderator.token, member.user.id)).body.data).toEqual({ userId: member.user.id, until: -1, reason: 'Why', canBan: true, canUnban: true });
      expect((await state(moderator.token, admin.user.id)).body.data).toMatchObject({ canBan: false, canUnban: false });
      expect((await state(member.token, member.user.id)).status).toBe(403);
    });

    it('lists banned members with a total, for moderators only', async () => {
      const member = await createUser(t);
      await ban(moderator.token, { userId: member.user.id, days: -1, reason: 'Listed' });
      const res = await t.get<OffsetPage<BannedMemberView>>('/api/admin/users/banned', { token: moderator.token });
      expect(res.status).toBe(200);
      expect(res.body.data!.total).toBeGreaterThanOrEqual(1);
      expect(res.body.data!.results.find((row) => row.user.id === member.user.id)).toEqual({ user: { id: member.user.id, nickname: member.user.nickname, avatar: member.user.avatar }, until: -1, reason: 'Listed' });
      expect((await t.get('/api/admin/users/banned', { token: member.token })).status).toBe(403);
      expect((await t.get('/api/admin/users/banned')).status).toBe(401);
      expect((await t.get('/api/admin/users/banned?page=0', { token: moderator.token })).status).toBe(400);
    });
  });
}
