/**
 * Trust levels over HTTP on every engine (issue 28): a new member (level 0) has their first posts
 * held for review (topics, articles, comments) and more links and images than the cap refused
 * (400 naming the field); the level is computed from the thresholds in the settings (published
 * posts, likes received, account age by the hourly job) and only rises by itself; staff set a
 * level by hand (locked against automatic changes until cleared), audited; members cannot.
 * `trustLevelOf` is what the conversations feature asks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_STATUS } from '../../../common/constants';
import type { TrustState } from '../../../common/views/defences';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, signUp, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import { listAuditFor } from '../audit/audit.service';
import { trustLevelOf } from './trust.api';
import { trustSweepSchedule } from './trust.feature';

const DAY_MS = 24 * 60 * 60 * 1000;
const THRESHOLDS = { level1: { days: 1, posts: 2, likes: 0, score: 0 }, level2: { days: 14, posts: 3, likes: 2, score: 0 }, reviewFirstPosts: 2, maxLinks: 3 };

for (const dialect of await testDatabases()) {
  describe(`trust levels [${dialect}]`, () => {
    let t: TestApp;
    let now = Date.now();
    let moderator: CreatedUser;
    let old: CreatedUser;

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => now } });
      await writeTestSettings(t, { trust: THRESHOLDS, postLimits: NO_LIMIT, commentLimits: NO_LIMIT, challenge: { enabled: false } }, now);
      moderator = await createUser(t, { role: 'moderator' });
      old = await createUser(t);
    });
    afterAll(() => t?.close());

    const newcomer = async () => {
      const session = await signUp(t);
      // Posting topics needs a verified address: verified here, as the mailed link would.
      await requireDb(t.ctx).updateTable('users').set({ email_verified: 1 }).where('id', '=', session.user.id).execute();
      return { id: session.user.id, token: session.token };
    };
    const topic = (token: string, content = '<p>Hello from Chiang Mai</p>', locale = 'en-US') =>
      t.post<{ id: number; status: number }>('/api/topic/create', { title: 'Looking for a condo', content }, { token, headers: { 'accept-language': locale } });
    const mine = (token: string) => t.get<TrustState>('/api/user/trust', { token });
    const setLevel = (userId: number, level: number | null, token = moderator.token) => t.post<TrustState>('/api/admin/trust/set', { userId, level }, { token });
    const approve = (kind: string, id: number) => t.post('/api/admin/review/approve', { kind, ids: [id] }, { token: moderator.token });

    it('a new member starts at level 0; a member from before trust levels (no row) is level 1', async () => {
      const member = await newcomer();
      expect((await mine(member.token)).body.data).toMatchObject({ level: 0, locked: false, reviewedPostsLeft: 2, maxLinks: 3 });
      expect(await trustLevelOf(requireDb(t.ctx), member.id)).toBe(0);
      expect(await trustLevelOf(requireDb(t.ctx), old.user.id)).toBe(1);
      expect((await mine(old.token)).body.data).toMatchObject({ level: 1, reviewedPostsLeft: 0, maxLinks: null });
    });

    it('level 0: the first posts (topics and comments) wait for review; once that many are out, posts go out directly', async () => {
      const member = await newcomer();
      const first = await topic(member.token);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data!.status).toBe(CONTENT_STATUS.pending);
      const queue = await t.get<{ results: Array<{ id: number; reason: string }> }>('/api/admin/review/list', { token: moderator.token, query: { kind: 'topic' } });
      expect(queue.body.data!.results.find((row) => row.id === first.body.data!.id)).toMatchObject({ reason: 'newMember' });
      const comment = await t.post<{ id: number; status: number }>('/api/comment/create', { entityType: 'topic', entityId: (await topic(old.token)).body.data!.id, content: '<p>Me too</p>', contentType: 'html' }, { token: member.token });
      expect(comment.status, JSON.stringify(comment.body)).toBe(200);
      expect(comment.body.data!.status).toBe(CONTENT_STATUS.pending);
      // Two approved: the member has two published posts, their next goes out at once.
      expect((await approve('topic', first.body.data!.id)).status).toBe(200);
      expect((await approve('comment', comment.body.data!.id)).status).toBe(200);
      expect((await mine(member.token)).body.data!.reviewedPostsLeft).toBe(0);
      expect((await topic(member.token)).body.data!.status).toBe(CONTENT_STATUS.published);
      // Staff and members past level 0 are never held for it.
      expect((await topic(old.token)).body.data!.status).toBe(CONTENT_STATUS.published);
    });

    it('level 0: more links and images than the cap is refused, naming the field and the limit (translated); level 1 lifts it', async () => {
      const member = await newcomer();
      const links = '<p><a href="https://a.example">a</a> <a href="https://b.example">b</a> <a href="https://c.example">c</a> <a href="https://d.example">d</a></p>';
      const refused = await topic(member.token, links);
      expect(refused.status).toBe(400);
      expect(refused.body.fields?.content).toBe('New members may put at most 3 links and images in one post.');
      expect((await topic(member.token, links, 'zh-CN')).body.fields?.content).toMatch(/最多可包含 3 个链接/);
      expect((await topic(member.token, '<p><a href="https://a.example">a</a> and <a href="https://b.example">b</a></p>')).status).toBe(200);
      expect((await topic(old.token, links)).status).toBe(200);
    });

    it('the level is computed from the thresholds: published posts, then account age (the hourly job), then likes received; it only rises by itself', async () => {
      const member = await newcomer();
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await topic(member.token)).body.data!.id);
      await approve('topic', ids[0]!);
      await approve('topic', ids[1]!);
      // Two posts, but a day has not passed: still level 0.
      expect((await mine(member.token)).body.data!.level).toBe(0);
      now += DAY_MS + 1000;
      await trustSweepSchedule.job.run({}, t.ctx, { attempt: 1, id: 0 } as never);
      expect((await mine(member.token)).body.data!.level).toBe(1);
      // Level 2 needs 14 days, three posts and two likes received.
      now += 14 * DAY_MS;
      await approve('topic', ids[2]!);
      expect((await mine(member.token)).body.data!.level).toBe(1);
      const fans = [await createUser(t), await createUser(t)];
      for (const fan of fans) expect((await t.post('/api/like/like', { entityType: 'topic', entityId: ids[0] }, { token: fan.token })).status).toBe(200);
      expect((await mine(member.token)).body.data!.level).toBe(2);
      // A like taken back does not lower a level.
      await t.post('/api/like/unlike', { entityType: 'topic', entityId: ids[0] }, { token: fans[0]!.token });
      expect((await mine(member.token)).body.data!.level).toBe(2);
    });

    it('staff set a level by hand (locked: automatic changes leave it alone), clear it to compute again; audited; members refused', async () => {
      const member = await newcomer();
      expect((await setLevel(member.id, 2, (await createUser(t)).token)).status).toBe(403);
      expect((await setLevel(member.id, 5)).body.fields).toHaveProperty('level');
      const raised = await setLevel(member.id, 1);
      expect(raised.status, JSON.stringify(raised.body)).toBe(200);
      expect(raised.body.data).toMatchObject({ level: 1, locked: true });
      expect((await topic(member.token)).body.data!.status).toBe(CONTENT_STATUS.published);
      // Held back by hand: level 0, and a day passing does not raise it.
      const lowered = await setLevel(old.user.id, 0);
      expect(lowered.body.data).toMatchObject({ level: 0, locked: true });
      // Its facts reach level 1 and up (weeks old, posts out), and the hourly job runs: still 0.
      await trustSweepSchedule.job.run({}, t.ctx, { attempt: 1, id: 0 } as never);
      expect((await t.get<TrustState>(`/api/admin/trust/${old.user.id}`, { token: moderator.token })).body.data).toMatchObject({ level: 0, locked: true });
      // Level 0 again: the cap on links applies (their first posts are long out, so nothing is held).
      expect((await topic(old.token, '<p><a href="https://a.example">a</a><a href="https://b.example">b</a><a href="https://c.example">c</a><a href="https://d.example">d</a></p>')).status).toBe(400);
      const cleared = await setLevel(old.user.id, null);
      expect(cleared.body.data).toMatchObject({ locked: false });
      expect(cleared.body.data!.level).toBeGreaterThanOrEqual(1);
      const audit = await listAuditFor(requireDb(t.ctx), 'user', old.user.id);
      expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['trust.set', 'trust.cleared']));
      expect((await t.get(`/api/admin/trust/${old.user.id}`, { token: member.token })).status).toBe(403);
    });
  });
}
