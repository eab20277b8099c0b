/**
 * The back office's members (issue 17 "Members") and the ban extras (issue 16) over HTTP on
 * every engine: search, sort, filter and pages; role changes (admins only, never the last admin,
 * also when two admins demote each other at once); manual e-mail verification; the audit rows of
 * both; a forever ban that hides the member's content (and only it) and the unban that restores
 * exactly that, with counters, search and the member's site message following (handlers of
 * `user.banned` / `user.unbanned`: removing one fails a test here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_STATUS } from '../../../common/constants';
import type { AdminMemberView, OffsetPage } from '../../../common/views/moderation';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createComment, createTopic, createUser, uniq, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, NO_LIMIT, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { runWrite } from '../../kernel/write';
import { listAuditFor } from '../audit/audit.service';
import { writeSettings } from '../settings/settings.service';
import { changeRole } from '../users/users.service';

for (const dialect of await testDatabases()) {
  describe(`members and ban extras [${dialect}]`, () => {
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

    const list = (token: string | undefined, query: Record<string, string> = {}) => t.get<OffsetPage<AdminMemberView>>('/api/admin/users', { token, query });
    const setRole = (token: string, userId: number, role: string) => t.post<AdminMemberView>('/api/admin/user/role', { userId, role }, { token });
    const userRow = (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const statusOf = (table: 'topics' | 'articles' | 'comments', id: number) => db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow().then((row) => row.status);

    describe('the member list', () => {
      it('finds members by nickname, username or e-mail, case-insensitively, with the total', async () => {
        const tag = uniq();
        const a = await createUser(t, { nickname: `Somchai ${tag}`, email: `somchai.${tag}@example.com` });
        const b = await createUser(t, { nickname: `其他 ${tag}`, username: `u${tag}`.slice(0, 12) });
        const byName = await list(moderator.token, { q: `SOMCHAI ${tag}` });
        expect(byName.status, JSON.stringify(byName.body)).toBe(200);
        expect(byName.body.data!.results.map((m) => m.id)).toEqual([a.user.id]);
        expect(byName.body.data!.total).toBe(1);
        expect((await list(moderator.token, { q: `somchai.${tag}@EXAMPLE` })).body.data!.results.map((m) => m.id)).toEqual([a.user.id]);
        expect((await list(admin.token, { q: tag })).body.data!.results.map((m) => m.id)).toEqual([b.user.id, a.user.id]);
        // LIKE's wildcards are text here.
        expect((await list(admin.token, { q: '%_%' })).body.data!.total).toBe(0);
        const row = byName.body.data!.results[0]!;
        expect(row).toMatchObject({ nickname: `Somchai ${tag}`, email: `somchai.${tag}@example.com`, emailVerified: true, role: 'member', bannedUntil: 0, vipUntil: 0 });
      });

      it('sorts by score and topics, filters by role, ban and VIP, and pages by offset', async () => {
        const tag = uniq();
        const low = await createUser(t, { nickname: `Sort ${tag} low` });
        const high = await createUser(t, { nickname: `Sort ${tag} high` });
        await db.updateTable('users').set({ score: 50, topic_count: 1 }).where('id', '=', high.user.id).execute();
        await db.updateTable('users').set({ score: 5, topic_count: 9, vip_expire_time: -1 }).where('id', '=', low.user.id).execute();
        const ids = async (query: Record<string, string>) => (await list(admin.token, { q: `Sort ${tag}`, ...query })).body.data!.results.map((m) => m.id);
        expect(await ids({ sort: 'score' })).toEqual([high.user.id, low.user.id]);
        expect(await ids({ sort: 'topics' })).toEqual([low.user.id, high.user.id]);
        expect(await ids({ vip: '1' })).toEqual([low.user.id]);
        await t.post('/api/admin/user/ban', { userId: high.user.id, days: 7, reason: 'Sorting' }, { token: moderator.token });
        expect(await ids({ banned: '1' })).toEqual([high.user.id]);
        expect((await list(admin.token, { role: 'admin' })).body.data!.results.every((m) => m.role === 'admin')).toBe(true);
        const page2 = await list(admin.token, { page: '2' });
        expect(page2.body.data).toMatchObject({ page: 2, pageSize: 20 });
        for (const bad of [{ sort: 'name' }, { role: 'owner' }, { page: '0' }, { banned: 'yes' }] as Array<Record<string, string>>) {
          const res = await list(admin.token, bad);
          expect(res.status, JSON.stringify(bad)).toBe(400);
          expect(Object.keys(res.body.fields ?? {})).toEqual(Object.keys(bad));
        }
      });
    });

    describe('roles', () => {
      it('admins change roles, audited, and the member\u2019s session sees it at once', async () => {
        const member = await createUser(t);
        const res = await setRole(admin.token, member.user.id, 'moderator');
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data!.role).toBe('moderator');
        expect((await userRow(member.user.id)).role).toBe('moderator');
        // Now a moderator: the back office's list answers them.
        expect((await list(member.token)).status).toBe(200);
        expect((await setRole(admin.token, member.user.id, 'moderator')).status).toBe(200);
        const audit = await listAuditFor(db, 'user', member.user.id);
        expect(audit.map((entry) => [entry.action, entry.detail])).toEqual([['user.role', { from: 'member', to: 'moderator' }]]);
        expect(audit[0]!.actorId).toBe(admin.user.id);
      });

      it('moderators and members may not change roles; a bad role names the field', async () => {
        const member = await createUser(t);
        expect((await setRole(moderator.token, member.user.id, 'moderator')).status).toBe(403);
        expect((await setRole(member.token, member.user.id, 'admin')).status).toBe(403);
        const bad = await setRole(admin.token, member.user.id, 'owner');
        expect(bad.status).toBe(400);
        expect(bad.body.fields).toEqual({ role: 'Choose member, moderator or admin' });
        expect((await setRole(admin.token, 99_999_999, 'member')).status).toBe(404);
        expect((await userRow(member.user.id)).role).toBe('member');
      });

      it('never removes the last admin, even when every admin demotes another at once', async () => {
        const second = await createUser(t, { role: 'admin' });
        const admins = (await db.selectFrom('users').selectAll().where('role', '=', 'admin').where('status', '=', 0).orderBy('id').execute()) as UserRow[];
        expect(admins.length).toBeGreaterThanOrEqual(2);
        // Each admin takes the role from the next one, all at once.
        const results = await Promise.allSettled(
          admins.map((target) => runWrite(t.ctx, (scope) => changeRole(scope.db, target, 'member', scope.now))),
        );
        const left = await db.selectFrom('users').select('id').where('role', '=', 'admin').where('status', '=', 0).execute();
        expect(left).toHaveLength(1);
        expect(results.filter((r) => r.status === 'fulfilled' && r.value === true)).toHaveLength(admins.length - 1);
        // The last one is refused over HTTP with 409 and the field named.
        const last = left[0]!.id;
        const lastToken = last === admin.user.id ? admin.token : last === second.user.id ? second.token : null;
        if (lastToken) {
          const refused = await setRole(lastToken, last, 'moderator');
          expect(refused.status).toBe(409);
          expect(refused.body.fields).toEqual({ role: 'The site needs at least one admin: make someone else an admin first' });
        }
        // Put the admins back for the other tests.
        for (const row of admins) await db.updateTable('users').set({ role: 'admin' }).where('id', '=', row.id).execute();
      });
    });

    describe('manual e-mail verification', () => {
      it('an admin verifies a member\u2019s e-mail, audited once; moderators may not; no address, 400', async () => {
        const member = await createUser(t, { verified: false });
        expect((await t.post('/api/admin/user/verify_email', { userId: member.user.id }, { token: moderator.token })).status).toBe(403);
        const res = await t.post<AdminMemberView>('/api/admin/user/verify_email', { userId: member.user.id }, { token: admin.token });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data!.emailVerified).toBe(true);
        expect((await userRow(member.user.id)).email_verified).toBe(1);
        await t.post('/api/admin/user/verify_email', { userId: member.user.id }, { token: admin.token });
        const audit = await listAuditFor(db, 'user', member.user.id);
        expect(audit.map((entry) => [entry.action, entry.detail])).toEqual([['user.verifyEmail', { email: member.user.email }]]);
        const noEmail = await createUser(t, { email: null });
        const refused = await t.post('/api/admin/user/verify_email', { userId: noEmail.user.id }, { token: admin.token, headers: { 'accept-language': 'zh-CN' } });
        expect(refused.status).toBe(400);
        expect(refused.body.fields).toEqual({ userId: '该用户没有可验证的邮箱' });
      });
    });

    describe('a forever ban that hides content', () => {
      async function memberWithContent() {
        const member = await createUser(t);
        const other = await createUser(t);
        const otherTopic = await createTopic(t, other.user, { title: `Other ${uniq()}` });
        const word = `durian${uniq().replace(/[^a-z]/gi, '')}`.toLowerCase().slice(0, 20);
        const topic = await createTopic(t, member.user, { title: `Hidden ${word}`, content: `<p>${word} season</p>` });
        const deletedByThemselves = await createTopic(t, member.user, { title: 'Gone' });
        expect((await t.post(`/api/topic/delete/${deletedByThemselves}`, {}, { token: member.token })).status).toBe(200);
        const article = await postArticle(t, member.token, { title: `Article ${word}` });
        const comment = await createComment(t, member.user, { entityType: 'topic', entityId: otherTopic, content: 'first' });
        const reply = await createComment(t, member.user, { entityType: 'comment', entityId: comment, content: 'my own reply' });
        return { member, other, otherTopic, topic, deletedByThemselves, article: article.id, comment, reply, word };
      }
      let address = 0;
      const searchIds = async (word: string) => {
        const res = await t.get<{ results: Array<{ item: { id: number } }> }>('/api/search/topic', { query: { keyword: word }, remoteAddress: `10.8.0.${++address}` });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data!.results.map((hit) => hit.item.id);
      };
      const counts = async (s: Awaited<ReturnType<typeof memberWithContent>>) => ({
        user: await db.selectFrom('users').select(['topic_count', 'article_count', 'comment_count']).where('id', '=', s.member.user.id).executeTakeFirstOrThrow(),
        otherTopic: (await db.selectFrom('topics').select('comment_count').where('id', '=', s.otherTopic).executeTakeFirstOrThrow()).comment_count,
        replies: (await db.selectFrom('comments').select('reply_count').where('id', '=', s.comment).executeTakeFirstOrThrow()).reply_count,
      });

      it('hides the member\u2019s topics, articles and comments (not what they deleted), moves counts and search, and the unban restores exactly that', async () => {
        const s = await memberWithContent();
        const before = await counts(s);
        expect(before).toMatchObject({ user: { topic_count: 1, article_count: 1, comment_count: 2 }, otherTopic: 2, replies: 1 });
        expect(await searchIds(s.word)).toEqual([s.topic]);

        const ban = await t.post('/api/admin/user/ban', { userId: s.member.user.id, days: -1, reason: 'Spam ring', hideContent: true }, { token: moderator.token });
        expect(ban.status, JSON.stringify(ban.body)).toBe(200);
        expect([await statusOf('topics', s.topic), await statusOf('articles', s.article), await statusOf('comments', s.comment), await statusOf('comments', s.reply)]).toEqual(Array(4).fill(CONTENT_STATUS.hidden));
        expect(await statusOf('topics', s.deletedByThemselves)).toBe(CONTENT_STATUS.deleted);
        expect(await counts(s)).toMatchObject({ user: { topic_count: 0, article_count: 0, comment_count: 0 }, otherTopic: 0, replies: 0 });
        expect(await searchIds(s.word)).toEqual([]);
        expect((await t.get(`/api/topic/${s.topic}`)).status).toBe(404);
        expect((await t.get(`/api/article/${s.article}`)).status).toBe(404);
        expect((await listAuditFor(db, 'user', s.member.user.id))[0]!.detail).toMatchObject({ until: -1, hideContent: true });

        const unban = await t.post('/api/admin/user/unban', { userId: s.member.user.id }, { token: moderator.token });
        expect(unban.status).toBe(200);
        expect([await statusOf('topics', s.topic), await statusOf('articles', s.article), await statusOf('comments', s.comment), await statusOf('comments', s.reply)]).toEqual(Array(4).fill(CONTENT_STATUS.published));
        expect(await statusOf('topics', s.deletedByThemselves)).toBe(CONTENT_STATUS.deleted);
        expect(await counts(s)).toEqual(before);
        expect(await searchIds(s.word)).toEqual([s.topic]);
        expect((await t.get(`/api/topic/${s.topic}`)).status).toBe(200);
        // The unban's site message (messages.feature.ts), titled in the reader's language.
        const messages = await t.get<{ results: Array<{ type: string; title: string }> }>('/api/user/messages', { token: s.member.token, headers: { 'accept-language': 'zh-CN' } });
        expect(messages.body.data!.results[0]).toMatchObject({ type: 'system', title: '你的禁言已解除，可以重新发布内容了' });
      });

      it('a 7-day ban never hides; choosing it is refused naming the field; a forever ban without hiding leaves content as is', async () => {
        const s = await memberWithContent();
        const refused = await t.post('/api/admin/user/ban', { userId: s.member.user.id, days: 7, reason: 'x', hideContent: true }, { token: moderator.token });
        expect(refused.status).toBe(400);
        expect(refused.body.fields).toEqual({ hideContent: "Only a permanent ban can hide a member's content" });
        await t.post('/api/admin/user/ban', { userId: s.member.user.id, days: -1, reason: 'Keep posts' }, { token: moderator.token });
        expect(await statusOf('topics', s.topic)).toBe(CONTENT_STATUS.published);
        // Banned again, hiding; then changed to a ban that does not hide: shown again.
        await t.post('/api/admin/user/ban', { userId: s.member.user.id, days: -1, reason: 'Hide now', hideContent: 'true' }, { token: moderator.token });
        expect(await statusOf('topics', s.topic)).toBe(CONTENT_STATUS.hidden);
        await t.post('/api/admin/user/ban', { userId: s.member.user.id, days: 7, reason: 'Softer' }, { token: admin.token });
        expect(await statusOf('topics', s.topic)).toBe(CONTENT_STATUS.published);
        expect(await statusOf('comments', s.comment)).toBe(CONTENT_STATUS.published);
      });
    });
  });
}
