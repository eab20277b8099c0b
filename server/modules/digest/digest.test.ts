/**
 * The e-mail digest on every engine, with a clock the test sets (issue 27): the periods in the
 * site's time zone (Asia/Bangkok by default; a daylight-saving zone for the edge days), daily,
 * weekly, 'auto' after a week away, off; once per member and period however often the run goes
 * and however many apps run it at once on one database; what it says (followed, site, unread; not
 * the member's own posts), in the member's language, escaped, with the unsubscribe headers; no
 * mail when nothing happened; only verified, not deleted members; the hourly schedule through the
 * job runner (fails without the feature's schedule and job); and the signed-in request noting the
 * member's last visit and language at most once an hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createComment, createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { readEmlMails, type ReceivedMail } from '../../../tests/support/mail';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { readUnsubscribeToken, setDigest } from '../messages/messages.api';
import { siteSecret } from '../settings/settings.api';
import { duePeriods, periodOfKey } from './digest.periods';
import { runDigests } from './digest.run';

const HOUR = 3_600_000;

/** Epoch ms of a wall-clock time in Bangkok (UTC+7, no daylight saving): the site's default zone. */
const bkk = (year: number, month: number, day: number, hour: number, minute = 0) => Date.UTC(year, month - 1, day, hour - 7, minute);

describe('digest periods (site time zone)', () => {
  it('yesterday from 08:00 site time; last week (Mon–Sun) from Monday 08:00', () => {
    expect(duePeriods(bkk(2026, 12, 2, 7, 59), 'Asia/Bangkok').daily).toBeNull();
    const wednesday = duePeriods(bkk(2026, 12, 2, 8), 'Asia/Bangkok');
    expect(wednesday.daily).toEqual({ kind: 'daily', key: 'd:2026-12-01', start: bkk(2026, 12, 1, 0), end: bkk(2026, 12, 2, 0), firstDay: '2026-12-01', lastDay: '2026-12-01' });
    expect(wednesday.weekly?.key).toBe('w:2026-11-23');
    // 06:00 in Bangkok is 23:00 the evening before in UTC: which day just ended is the site's zone's.
    expect(duePeriods(bkk(2026, 12, 2, 6), 'Asia/Bangkok').daily).toBeNull();
    expect(duePeriods(bkk(2026, 12, 2, 6), 'UTC').daily?.key).toBe('d:2026-11-30');
    expect(duePeriods(Date.UTC(2026, 11, 2, 17), 'America/Los_Angeles').daily).toMatchObject({ key: 'd:2026-12-01', start: Date.UTC(2026, 11, 1, 8), end: Date.UTC(2026, 11, 2, 8) });
    expect(duePeriods(bkk(2026, 11, 30, 7), 'Asia/Bangkok').weekly).toBeNull();
    expect(duePeriods(bkk(2026, 11, 30, 8), 'Asia/Bangkok').weekly).toMatchObject({ key: 'w:2026-11-23', start: bkk(2026, 11, 23, 0), end: bkk(2026, 11, 30, 0), lastDay: '2026-11-29' });
    expect(duePeriods(bkk(2026, 12, 6, 23), 'Asia/Bangkok').weekly?.key).toBe('w:2026-11-23');
  });

  it('a day is midnight to midnight across a daylight-saving change (25 and 23 hours), and a key names its period', () => {
    const autumn = periodOfKey('d:2026-10-25', 'Europe/Berlin')!;
    expect(autumn.start).toBe(Date.UTC(2026, 9, 24, 22));
    expect(autumn.end - autumn.start).toBe(25 * HOUR);
    const spring = periodOfKey('d:2026-03-29', 'Europe/Berlin')!;
    expect(spring.end - spring.start).toBe(23 * HOUR);
    expect(periodOfKey('w:2026-10-19', 'Europe/Berlin')!.end - periodOfKey('w:2026-10-19', 'Europe/Berlin')!.start).toBe((7 * 24 + 1) * HOUR);
    expect(periodOfKey('w:2026-11-23', 'Asia/Bangkok')).toEqual(duePeriods(bkk(2026, 12, 2, 8), 'Asia/Bangkok').weekly);
    expect(periodOfKey('x:2026-11-23', 'Asia/Bangkok')).toBeNull();
  });
});

for (const dialect of await testDatabases()) {
  describe(`digest [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = bkk(2026, 11, 1, 12);
    let author: CreatedUser;

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
      author = await createUser(t, { nickname: 'Somchai' });
    });
    afterAll(() => t.close());

    function digestsTo(member: CreatedUser): ReceivedMail[] {
      return readEmlMails(t.dataDir).filter((mail) => mail.to.includes(member.email!) && /digest|摘要/.test(mail.subject));
    }
    const claims = (member: CreatedUser) => db.selectFrom('digest_sends').select('period').where('user_id', '=', member.user.id).orderBy('period').execute();
    const mailJobs = async (member: CreatedUser) => (await db.selectFrom('jobs').select('payload').where('name', '=', 'digest.mail').execute()).filter((row) => JSON.parse(row.payload).userId === member.user.id);
    async function runAt(time: number) {
      clock = time;
      const result = await runDigests(t.ctx, clock);
      await t.jobs.drain();
      return result;
    }
    /** A member who has been here (seen now): 'auto' members get nothing until a week away. */
    async function member(options: { digest?: 0 | 1 | 7; locale?: string } = {}): Promise<CreatedUser> {
      const created = await createUser(t);
      await db.updateTable('users').set({ last_seen_time: clock, locale: options.locale ?? '' }).where('id', '=', created.user.id).execute();
      if (options.digest !== undefined) await setDigest(db, created.user.id, options.digest, clock);
      return created;
    }

    it('daily: the day just ended, once, however often and in however many apps the run goes', async () => {
      clock = bkk(2026, 12, 1, 12);
      const m = await member({ digest: 1 });
      const topicId = await createTopic(t, author.user, { title: 'Durian <season> & "more"' });
      // Before 08:00 site time nothing of yesterday is due.
      await runAt(bkk(2026, 12, 2, 7, 30));
      expect(await claims(m)).toEqual([]);

      clock = bkk(2026, 12, 2, 9);
      const other = await createTestApp({ dialect, clock: { now: () => clock }, reuse: { dataDir: t.dataDir, database: t.database } });
      try {
        await Promise.all([runDigests(t.ctx, clock), runDigests(other.ctx, clock), runDigests(t.ctx, clock)]);
      } finally {
        await other.stop();
      }
      await runDigests(t.ctx, clock + HOUR);
      expect(await claims(m)).toEqual([{ period: 'd:2026-12-01' }]);
      expect(await mailJobs(m)).toHaveLength(1);
      await t.jobs.drain();
      const mails = digestsTo(m);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toContain('daily digest');
      expect(mail.subject).toContain('Dec 1, 2026');
      expect(mail.text).toContain('Durian <season> & "more"');
      expect(mail.text).toContain(`http://localhost:3000/topic/${topicId}`);
      expect(mail.html).toContain('Durian &lt;season&gt; &amp; &quot;more&quot;');
      expect(mail.html).not.toContain('<season>');
      expect(mail.text).toContain('Somchai');
      // The one-click unsubscribe names the digest.
      const token = /\/api\/notifications\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mail.raw)?.[1];
      expect(readUnsubscribeToken(await siteSecret(db, 'mail-token', clock), token!)).toEqual({ userId: m.user.id, target: 'digest' });
      expect(mail.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
      await runAt(clock + 2 * HOUR);
      expect(digestsTo(m)).toHaveLength(1);
    });

    it('the day is the site’s: 23:59 and 00:00 in Bangkok fall in different digests', async () => {
      clock = bkk(2026, 12, 3, 12);
      const m = await member({ digest: 1 });
      clock = bkk(2026, 12, 3, 23, 59);
      await createTopic(t, author.user, { title: 'Late night noodles' });
      clock = bkk(2026, 12, 4, 0, 0);
      await createTopic(t, author.user, { title: 'Early morning market' });
      await runAt(bkk(2026, 12, 4, 9));
      await runAt(bkk(2026, 12, 5, 9));
      const [third, fourth] = digestsTo(m);
      expect(digestsTo(m)).toHaveLength(2);
      expect(third!.text).toContain('Late night noodles');
      expect(third!.text).not.toContain('Early morning market');
      expect(fourth!.text).toContain('Early morning market');
      expect(fourth!.text).not.toContain('Late night noodles');
    });

    it('weekly, and auto after a week away; not off, not back within the week, not unverified or deleted members', async () => {
      clock = bkk(2026, 12, 5, 12);
      const weekly = await member({ digest: 7 });
      const off = await member({ digest: 0 });
      const away = await member();
      const back = await member();
      const unverified = await createUser(t, { verified: false });
      await setDigest(db, unverified.user.id, 7, clock);
      const deleted = await member({ digest: 7 });
      await db.updateTable('users').set({ status: 1 }).where('id', '=', deleted.user.id).execute();
      clock = bkk(2026, 12, 9, 12);
      await createTopic(t, author.user, { title: 'Loy Krathong photos' });
      await db.updateTable('users').set({ last_seen_time: bkk(2026, 12, 12, 20) }).where('id', '=', back.user.id).execute();
      // Sunday night: the week has not ended (the week before, which has, may be sent: not this one).
      const weekOf = (got: CreatedUser) => digestsTo(got).filter((mail) => mail.text.includes('Loy Krathong photos'));
      await runAt(bkk(2026, 12, 13, 23));
      expect(weekOf(weekly)).toHaveLength(0);
      await runAt(bkk(2026, 12, 14, 9));
      for (const got of [weekly, away]) {
        const mails = weekOf(got);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toContain('weekly digest');
        expect(mails[0]!.subject).toMatch(/Dec 7, 2026 – Dec 13, 2026/);
        expect(await claims(got)).toContainEqual({ period: 'w:2026-12-07' });
      }
      for (const none of [off, back, unverified, deleted]) {
        expect(digestsTo(none)).toHaveLength(0);
        expect(await claims(none)).toEqual([]);
      }
      // A week later `back` has been away 8 days: the 'auto' weekly digest comes.
      clock = bkk(2026, 12, 15, 12);
      await createTopic(t, author.user, { title: 'Mid-December meetup' });
      await runAt(bkk(2026, 12, 21, 9));
      expect(digestsTo(back)).toHaveLength(1);
      expect(digestsTo(back)[0]!.text).toContain('Mid-December meetup');
      expect(digestsTo(off)).toHaveLength(0);
    });

    it('says what the member missed, in their language: followed first, the site’s next, never their own, and their unread notifications', async () => {
      clock = bkk(2026, 12, 22, 1);
      const followed = await createUser(t, { nickname: 'Niran' });
      const stranger = await createUser(t, { nickname: 'Ploy' });
      const m = await member({ digest: 1, locale: 'zh-CN' });
      await db.insertInto('user_follows').values({ user_id: m.user.id, other_id: followed.user.id, create_time: clock }).execute();
      clock = bkk(2026, 12, 22, 10);
      const mine = await createTopic(t, m.user, { title: 'My own trip' });
      const fromFollowed = await createTopic(t, followed.user, { title: 'Followed author’s topic' });
      const popular = await createTopic(t, stranger.user, { title: 'Popular with everyone' });
      const article = await postArticle(t, followed.token, { title: 'A followed author’s article' });
      await createComment(t, stranger.user, { entityId: popular, content: 'busy' });
      await createComment(t, author.user, { entityId: popular, content: 'busier' });
      // Someone comments on the member's own topic: an unread notification.
      await createComment(t, stranger.user, { entityId: mine, content: 'Nice trip' });
      await runAt(bkk(2026, 12, 23, 9));
      const [mail] = digestsTo(m);
      expect(digestsTo(m)).toHaveLength(1);
      expect(mail!.subject).toContain('每日摘要');
      const text = mail!.text;
      expect(text).toContain('你关注的人');
      expect(text.indexOf('Followed author’s topic')).toBeLessThan(text.indexOf('全站热门'));
      expect(text.indexOf('Popular with everyone')).toBeGreaterThan(text.indexOf('全站热门'));
      expect(text).toContain(`/topic/${fromFollowed}`);
      expect(text.indexOf('A followed author’s article')).toBeLessThan(text.indexOf('全站热门'));
      expect(text).toContain(`/article/${article.id}`);
      expect(text).toContain('2 条评论');
      expect(text).not.toContain('- My own trip');
      expect(text).toContain('你的通知');
      expect(text).toContain('你有 1 条未读通知');
      expect(text).toContain(`/topic/${mine}`);
      expect(text).toContain('一键退订');
    });

    it('no mail when nothing happened (the period is still claimed, so the next hour does not ask again)', async () => {
      // The 24th: nobody posted; the member has nothing unread.
      clock = bkk(2026, 12, 24, 1);
      const m = await member({ digest: 1 });
      const result = await runAt(bkk(2026, 12, 25, 9));
      expect(result.claimed).toBeGreaterThan(0);
      expect(await claims(m)).toEqual([{ period: 'd:2026-12-24' }]);
      expect(await mailJobs(m)).toHaveLength(0);
      expect(digestsTo(m)).toHaveLength(0);
      expect((await runDigests(t.ctx, clock + HOUR)).claimed).toBe(0);
    });

    it('the hourly schedule runs it through the job runner (its schedule and mail job are the feature’s)', async () => {
      clock = bkk(2026, 12, 27, 12);
      const m = await member({ digest: 1 });
      await createTopic(t, author.user, { title: 'Year-end sale' });
      clock = bkk(2026, 12, 28, 9);
      await t.jobs.enqueueScheduled('digest.run');
      await t.jobs.drain();
      expect(digestsTo(m)).toHaveLength(1);
      expect(digestsTo(m)[0]!.text).toContain('Year-end sale');
    });

    it('a signed-in request notes the last visit and language, at most once an hour', async () => {
      const m = await createUser(t);
      const seen = async () => db.selectFrom('users').select(['last_seen_time', 'locale']).where('id', '=', m.user.id).executeTakeFirstOrThrow();
      await db.updateTable('users').set({ last_seen_time: 0 }).where('id', '=', m.user.id).execute();
      clock += 1000;
      await t.get('/api/user/current', { token: m.token, headers: { 'accept-language': 'zh-CN' } });
      expect(await seen()).toEqual({ last_seen_time: clock, locale: 'zh-CN' });
      const first = clock;
      clock += 59 * 60_000;
      await t.get('/api/user/current', { token: m.token, cookies: { locale: 'en-US' } });
      expect(await seen()).toEqual({ last_seen_time: first, locale: 'zh-CN' });
      clock += 60_000;
      await t.get('/api/user/current', { token: m.token, cookies: { locale: 'en-US' } });
      expect(await seen()).toEqual({ last_seen_time: clock, locale: 'en-US' });
      // Nobody signed in: nothing noted.
      await t.get('/api/user/current');
      expect((await seen()).last_seen_time).toBe(clock);
    });
  });
}
