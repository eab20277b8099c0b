/**
 * Check-in, scores and rankings (issue 14) over HTTP on every engine: the day in the site's time
 * zone with a clock the test sets, the streak and its reset, exactly one check-in per day under
 * concurrent clicks (one app, and two apps on one database), the score of every cause and its
 * reversal, the log's pages and language, and the rankings' cache dropped on change.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scoreActions } from '../../../common/actions/scores';
import type { CheckinRankEntry, CheckinResult, CheckinState, RankedUser, ScoreLogView } from '../../../common/views/score';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createComment, createTopic, createUser } from '../../../tests/support/factories';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { setFeedCacheTtl } from '../../kernel/feed-cache';
import type { Page } from '../../kernel/paging';
import { writeSettings } from '../settings/settings.service';

/** 2026-11-26 00:00 in Bangkok (UTC+7) is 2026-11-25 17:00 UTC. */
const BANGKOK_MIDNIGHT = Date.UTC(2026, 10, 25, 17, 0, 0);
const DAY = 86_400_000;

for (const dialect of await testDatabases()) {
  describe(`check-in and scores [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = BANGKOK_MIDNIGHT + 3 * DAY;

    const checkin = (token: string) => t.post<CheckinResult>('/api/checkin/checkin', undefined, { token });
    const state = (token: string) => t.get<CheckinState>('/api/checkin/checkin', { token });
    const scoreOf = async (id: number) => (await db.selectFrom('users').select('score').where('id', '=', id).executeTakeFirstOrThrow()).score;
    const logOf = async (id: number) => db.selectFrom('score_logs').select(['type', 'amount', 'source_type', 'source_id', 'comment_id', 'linked']).where('user_id', '=', id).orderBy('id', 'asc').execute();
    const checkinRows = async (id: number) => Number((await db.selectFrom('checkins').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', id).executeTakeFirstOrThrow()).n);

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
      await writeSettings(db, { postLimits: NO_LIMIT, commentLimits: NO_LIMIT, reactionLimits: { perUser: { max: 0, windowMs: 60_000 } } }, clock);
      t.ctx.settings.invalidate();
    });
    afterAll(() => t.close());
    beforeEach(() => {
      clock += 10 * DAY;
    });

    it('counts the day in the site time zone: one check-in up to 23:59:59 there, the next from midnight', async () => {
      const { user, token } = await createUser(t);
      const midnight = BANGKOK_MIDNIGHT + Math.ceil((clock - BANGKOK_MIDNIGHT) / DAY) * DAY;
      clock = midnight - 1000; // 23:59:59 in Bangkok, 16:59:59 UTC
      expect((await state(token)).body.data).toEqual({ checkedInToday: false, consecutiveDays: 0, latestDay: 0 });
      const first = await checkin(token);
      expect(first.status).toBe(200);
      expect(first.body.data).toEqual({ consecutiveDays: 1, score: 1, checkedInToday: true });
      const again = await checkin(token);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('You have already checked in today');
      const zh = await t.post('/api/checkin/checkin', undefined, { token, cookies: { locale: 'zh-CN' } });
      expect(zh.body.message).toBe('今天已经签到过了');

      clock = midnight; // 00:00:00 the next day in Bangkok
      const second = await checkin(token);
      expect(second.body.data).toEqual({ consecutiveDays: 2, score: 1, checkedInToday: true });
      expect(await scoreOf(user.id)).toBe(2);
      expect(await checkinRows(user.id)).toBe(2);

      // With the site in UTC the day turns seven hours later: 06:59:59 in Bangkok is still
      // "yesterday" in UTC (409), and UTC midnight starts the next day (the streak goes on).
      await writeTestSettings(t, { timeZone: 'UTC' }, clock);
      try {
        const utcMidnight = midnight + 7 * 3_600_000 + DAY;
        clock = utcMidnight - 1000;
        expect((await checkin(token)).status).toBe(409);
        clock = utcMidnight;
        expect((await checkin(token)).body.data).toEqual({ consecutiveDays: 3, score: 1, checkedInToday: true });
      } finally {
        await writeTestSettings(t, { timeZone: 'Asia/Bangkok' }, clock);
      }
    });

    it('keeps the streak alive through yesterday and resets it after a missed day', async () => {
      const { token } = await createUser(t);
      for (let day = 1; day <= 3; day += 1) {
        expect((await checkin(token)).body.data?.consecutiveDays).toBe(day);
        clock += DAY;
      }
      // Not yet today: yesterday's streak still shows.
      expect((await state(token)).body.data).toMatchObject({ checkedInToday: false, consecutiveDays: 3 });
      clock += DAY; // a day missed
      expect((await state(token)).body.data).toMatchObject({ checkedInToday: false, consecutiveDays: 0 });
      expect((await checkin(token)).body.data?.consecutiveDays).toBe(1);
      expect((await state(token)).body.data).toMatchObject({ checkedInToday: true, consecutiveDays: 1 });
    });

    it('checks in exactly once under 20 concurrent clicks', async () => {
      const { user, token } = await createUser(t);
      const answers = await Promise.all(Array.from({ length: 20 }, () => checkin(token)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
      expect(await checkinRows(user.id)).toBe(1);
      expect(await scoreOf(user.id)).toBe(1);
      expect(await logOf(user.id)).toEqual([{ type: 'checkin', amount: 1, source_type: '', source_id: 0, comment_id: 0, linked: 1 }]);
    });

    it('checks in exactly once through two app instances on one database', async () => {
      const other = await createTestApp({ dialect, clock: { now: () => clock }, reuse: { dataDir: t.dataDir, database: t.database } });
      try {
        const { user, token } = await createUser(t);
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? other : t).post('/api/checkin/checkin', undefined, { token })));
        expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
        expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
        expect(await checkinRows(user.id)).toBe(1);
        expect(await scoreOf(user.id)).toBe(1);
      } finally {
        await other.stop();
      }
    });

    it('refuses visitors and banned members, and limits clicks', async () => {
      expect((await t.post('/api/checkin/checkin')).status).toBe(401);
      expect((await t.get('/api/checkin/checkin')).status).toBe(401);
      expect((await t.get('/api/user/score_logs')).status).toBe(401);
      const banned = await createUser(t, { banned: true });
      const refused = await checkin(banned.token);
      expect(refused.status).toBe(403);
      expect(await checkinRows(banned.user.id)).toBe(0);

      await writeTestSettings(t, { checkinLimits: { perUser: { max: 3, windowMs: 60_000 } } }, clock);
      try {
        const { token } = await createUser(t);
        const statuses = [];
        for (let i = 0; i < 5; i += 1) statuses.push((await checkin(token)).status);
        expect(statuses).toEqual([200, 409, 409, 429, 429]);
        // Moderators click freely: past the limit they still hear that today is done.
        const moderator = await createUser(t, { role: 'moderator' });
        const clicks = [];
        for (let i = 0; i < 5; i += 1) clicks.push((await checkin(moderator.token)).status);
        expect(clicks).toEqual([200, 409, 409, 409, 409]);
      } finally {
        await writeTestSettings(t, { checkinLimits: { perUser: { max: 20, windowMs: 60_000 } } }, clock);
      }
    });

    it('scores a topic, an article, a comment and a like received, and takes each back', async () => {
      const author = await createUser(t);
      const reader = await createUser(t);
      const moderator = await createUser(t, { role: 'moderator' });
      const id = author.user.id;

      const topicId = await createTopic(t, author.user);
      expect(await scoreOf(id)).toBe(5);
      const article = await postArticle(t, author.token);
      expect(await scoreOf(id)).toBe(15);
      const commentId = await createComment(t, author.user, { entityId: topicId });
      expect(await scoreOf(id)).toBe(16);

      expect((await t.post('/api/like/like', { entityType: 'topic', entityId: topicId }, { token: reader.token })).status).toBe(200);
      expect(await scoreOf(id)).toBe(17);
      // Liking one's own post earns nothing.
      await t.post('/api/like/like', { entityType: 'article', entityId: article.id }, { token: author.token });
      expect(await scoreOf(id)).toBe(17);
      // A like on a comment counts for the comment's author, linked to the comment.
      await t.post('/api/like/like', { entityType: 'comment', entityId: commentId }, { token: reader.token });
      expect(await scoreOf(id)).toBe(18);
      await t.post('/api/like/unlike', { entityType: 'comment', entityId: commentId }, { token: reader.token });
      expect(await scoreOf(id)).toBe(17);

      // The author deletes the comment; a moderator deletes the topic; the author deletes the article.
      expect((await t.post(`/api/comment/delete/${commentId}`, undefined, { token: author.token })).status).toBe(200);
      expect(await scoreOf(id)).toBe(16);
      expect((await t.post(`/api/topic/delete/${topicId}`, undefined, { token: moderator.token })).status).toBe(200);
      expect(await scoreOf(id)).toBe(11);
      expect((await t.post(`/api/article/delete/${article.id}`, undefined, { token: author.token })).status).toBe(200);
      expect(await scoreOf(id)).toBe(1);

      expect(await logOf(id)).toEqual([
        { type: 'topic', amount: 5, source_type: 'topic', source_id: topicId, comment_id: 0, linked: 0 },
        { type: 'article', amount: 10, source_type: 'article', source_id: article.id, comment_id: 0, linked: 0 },
        { type: 'comment', amount: 1, source_type: 'topic', source_id: topicId, comment_id: commentId, linked: 0 },
        { type: 'like', amount: 1, source_type: 'topic', source_id: topicId, comment_id: 0, linked: 0 },
        { type: 'like', amount: 1, source_type: 'topic', source_id: topicId, comment_id: commentId, linked: 0 },
        { type: 'likeRemoved', amount: -1, source_type: 'topic', source_id: topicId, comment_id: commentId, linked: 0 },
        { type: 'commentDeleted', amount: -1, source_type: 'topic', source_id: topicId, comment_id: commentId, linked: 0 },
        { type: 'topicDeleted', amount: -5, source_type: 'topic', source_id: topicId, comment_id: 0, linked: 0 },
        { type: 'articleDeleted', amount: -10, source_type: 'article', source_id: article.id, comment_id: 0, linked: 0 },
      ]);
    });

    it('never takes a score below zero, unless the rules allow it', async () => {
      const author = await createUser(t);
      const moderator = await createUser(t, { role: 'moderator' });
      const first = await createTopic(t, author.user);
      await db.updateTable('users').set({ score: 2 }).where('id', '=', author.user.id).execute();
      await t.post(`/api/topic/delete/${first}`, undefined, { token: moderator.token });
      expect(await scoreOf(author.user.id)).toBe(0);
      expect((await logOf(author.user.id)).at(-1)).toMatchObject({ type: 'topicDeleted', amount: -2 });

      await writeTestSettings(t, { scoreRules: { checkin: 1, topic: 5, article: 10, comment: 1, likeReceived: 1, allowNegative: true } }, clock);
      try {
        const second = await createTopic(t, author.user);
        await db.updateTable('users').set({ score: 2 }).where('id', '=', author.user.id).execute();
        await t.post(`/api/topic/delete/${second}`, undefined, { token: moderator.token });
        expect(await scoreOf(author.user.id)).toBe(-3);
      } finally {
        await writeTestSettings(t, { scoreRules: { checkin: 1, topic: 5, article: 10, comment: 1, likeReceived: 1, allowNegative: false } }, clock);
      }
    });

    it('follows the rules the admin sets, and refuses a time zone it does not know', async () => {
      const { user, token } = await createUser(t);
      await writeTestSettings(t, { scoreRules: { checkin: 7, topic: 0, article: 10, comment: 1, likeReceived: 1, allowNegative: false } }, clock);
      try {
        expect((await checkin(token)).body.data?.score).toBe(7);
        await createTopic(t, user);
        expect(await scoreOf(user.id)).toBe(7);
        expect((await logOf(user.id)).map((l) => l.type)).toEqual(['checkin']);
      } finally {
        await writeTestSettings(t, { scoreRules: { checkin: 1, topic: 5, article: 10, comment: 1, likeReceived: 1, allowNegative: false } }, clock);
      }
      await expect(writeSettings(db, { timeZone: 'Mars/Olympus' }, clock)).rejects.toThrow();
    });

    it('pages the score log newest first, in the reader’s language, with links to what still exists', async () => {
      const { user, token } = await createUser(t);
      for (let i = 0; i < 23; i += 1) {
        await checkin(token);
        clock += DAY;
      }
      const topicId = await createTopic(t, user);
      const first = await t.get<Page<ScoreLogView>>('/api/user/score_logs', { token });
      expect(first.body.data!.results).toHaveLength(20);
      expect(first.body.data!.hasMore).toBe(true);
      expect(first.body.data!.results[0]).toMatchObject({ type: 'topic', amount: 5, reason: 'Posted a topic', sourceType: 'topic', sourceId: topicId, sourceUrl: `/topic/${topicId}` });
      expect(first.body.data!.results[1]).toMatchObject({ type: 'checkin', amount: 1, reason: 'Daily check-in', sourceType: '', sourceUrl: '' });
      const second = await t.get<Page<ScoreLogView>>('/api/user/score_logs', { token, query: { cursor: first.body.data!.cursor } });
      expect(second.body.data!.results).toHaveLength(4);
      expect(second.body.data!.hasMore).toBe(false);
      const ids = [...first.body.data!.results, ...second.body.data!.results].map((r) => r.id);
      expect(new Set(ids).size).toBe(24);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));

      const zh = await t.get<Page<ScoreLogView>>('/api/user/score_logs', { token, cookies: { locale: 'zh-CN' } });
      expect(zh.body.data!.results[0]!.reason).toBe('发表话题');

      const bad = await t.get('/api/user/score_logs', { token, query: { cursor: '!!' } });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toHaveProperty('cursor');
    });

    it('serves /user/scores through the same actions: the summary (a page read), the log and the rankings', async () => {
      const member = await createUser(t);
      expect(await t.read(scoreActions.summary, {})).toEqual({ ok: false, status: 401, message: 'Please sign in first' });
      expect(await t.read(scoreActions.logs, {})).toMatchObject({ ok: false, status: 401 });
      expect(await t.read(scoreActions.summary, {}, { user: member.user })).toEqual({ ok: true, data: { score: 0, checkin: { checkedInToday: false, consecutiveDays: 0, latestDay: 0 } } });
      expect((await checkin(member.token)).status).toBe(200);
      // The page's reader is read afresh per request: its score moved with the check-in.
      const reader = await db.selectFrom('users').selectAll().where('id', '=', member.user.id).executeTakeFirstOrThrow();
      const summary = await t.read(scoreActions.summary, {}, { user: reader });
      expect(summary.ok && summary.data).toMatchObject({ score: 1, checkin: { checkedInToday: true, consecutiveDays: 1 } });
      const logs = await t.read(scoreActions.logs, {}, { user: reader, locale: 'zh-CN' });
      expect(logs.ok && logs.data.results.map((r) => [r.type, r.reason])).toEqual([['checkin', '每日签到']]);
      const today = await t.read(scoreActions.checkinRank, {});
      expect(today.ok && today.data.some((e) => e.user.id === member.user.id)).toBe(true);
      expect((await t.read(scoreActions.rank, {})).ok).toBe(true);
    });

    it('ranks members by score and today’s earliest check-ins, and drops the cached rankings on change', async () => {
      clock = BANGKOK_MIDNIGHT + Math.ceil((clock - BANGKOK_MIDNIGHT) / DAY) * DAY + 12 * 3_600_000; // noon in Bangkok
      setFeedCacheTtl(t.ctx, 60_000);
      try {
        const a = await createUser(t, { nickname: 'Rank A' });
        const b = await createUser(t, { nickname: 'Rank B' });
        await db.updateTable('users').set({ score: 100_000 }).where('id', '=', a.user.id).execute();
        await db.updateTable('users').set({ score: 99_999 }).where('id', '=', b.user.id).execute();
        t.ctx.feedCache.clear();
        const before = await t.get<RankedUser[]>('/api/user/score/rank');
        expect(before.body.data!.slice(0, 2).map((u) => [u.nickname, u.score])).toEqual([['Rank A', 100_000], ['Rank B', 99_999]]);
        expect(before.body.data!.length).toBeLessThanOrEqual(10);

        // Two check-ins: B passes A, and today's rank lists B first.
        expect((await checkin(b.token)).status).toBe(200);
        clock += 1000;
        expect((await checkin(a.token)).status).toBe(200);
        const after = await t.get<RankedUser[]>('/api/user/score/rank');
        expect(after.body.data!.slice(0, 2).map((u) => u.score)).toEqual([100_001, 100_000]);
        const today = await t.get<CheckinRankEntry[]>('/api/checkin/rank');
        expect(today.body.data!.map((e) => e.user.nickname)).toEqual(['Rank B', 'Rank A']);
        expect(today.body.data![0]).toMatchObject({ consecutiveDays: 1, user: { id: b.user.id } });

        // A check-in that earns nothing still enters today's rank at once.
        await writeTestSettings(t, { scoreRules: { checkin: 0, topic: 5, article: 10, comment: 1, likeReceived: 1, allowNegative: false } }, clock);
        try {
          const c = await createUser(t, { nickname: 'Rank C' });
          clock += 1000;
          expect((await checkin(c.token)).body.data?.score).toBe(0);
          expect((await t.get<CheckinRankEntry[]>('/api/checkin/rank')).body.data!.map((e) => e.user.nickname)).toEqual(['Rank B', 'Rank A', 'Rank C']);
        } finally {
          await writeTestSettings(t, { scoreRules: { checkin: 1, topic: 5, article: 10, comment: 1, likeReceived: 1, allowNegative: false } }, clock);
        }

        // A like received moves the ranking at once too.
        const topicId = await createTopic(t, b.user);
        expect((await t.get<RankedUser[]>('/api/user/score/rank')).body.data![0]).toMatchObject({ id: b.user.id, score: 99_999 + 1 + 5 });
        await t.post('/api/like/like', { entityType: 'topic', entityId: topicId }, { token: a.token });
        const liked = await t.get<RankedUser[]>('/api/user/score/rank');
        expect(liked.body.data![0]).toMatchObject({ id: b.user.id, score: 99_999 + 1 + 5 + 1 });
      } finally {
        setFeedCacheTtl(t.ctx, 0);
        await db.updateTable('users').set({ score: 0 }).where('score', '>=', 99_999).execute();
      }
    });
  });
}
