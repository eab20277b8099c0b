/**
 * A member's own data (issue 29, ADR 0039), over HTTP on every engine:
 *   - the archive: asked for (one a day), built by its job, its link sent as a site message; the
 *     zip opened: their posts and comments, not another member's; index.html escaped; the link
 *     works once, and not after 24 hours;
 *   - the erasure: the password and the confirmation asked; nothing before 7 days (a settable
 *     clock, the schedule run by hand); a sign-in or the cancel button cancels it; after 7 days,
 *     for 'keep' and for 'remove': no e-mail, sessions, codes, IP records, devices, follows,
 *     favorites, blocks, memberships, scores left, the row anonymised, content kept or removed
 *     with the counters right. Every listener of `user.erased` is proved here: removing one
 *     leaves its rows and fails the table check.
 *   - the authorization matrix of every account-data route.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDataView, AccountDeletionView, AccountExportView } from '../../../common/views/account-data';
import { testDatabases } from '../../../tests/support/databases';
import { createComment, createTopic, createUser, DEFAULT_PASSWORD, signIn, type CreatedUser } from '../../../tests/support/factories';
import { messagesOf } from '../../../tests/support/listeners';
import { mutatingRoutes } from '../../../tests/support/routes';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { archiveSweepSchedule, erasureSchedule } from './account-data.jobs';

const START = 1_900_000_000_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

for (const dialect of await testDatabases()) {
  describe(`account data [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let now = START;
    const runSchedule = (schedule: typeof erasureSchedule) => schedule.job.run({}, t.ctx, { attempt: 1, id: 0, attempts: 1 });
    const status = async (who: CreatedUser) => (await t.get<AccountDataView>('/api/account/data', { token: who.token })).body.data!;

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => now } });
      db = requireDb(t.ctx);
      await writeTestSettings(t, { postLimits: NO_LIMIT, commentLimits: NO_LIMIT }, now);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('builds the archive: their posts and not others’, escaped HTML, a link that works once and not after 24 hours', async () => {
      const member = await createUser(t);
      const other = await createUser(t);
      const mine = await createTopic(t, member.user, { title: '<b>Mine & yours</b>' });
      const theirs = await createTopic(t, other.user, { title: 'Someone else’s topic' });
      await createComment(t, member.user, { entityId: theirs, content: 'my comment here' });

      const asked = await t.post<AccountExportView>('/api/account/export', {}, { token: member.token });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      expect(asked.body.data).toMatchObject({ state: 'pending', requestTime: now });
      // One a day.
      const again = await t.post('/api/account/export', {}, { token: member.token });
      expect(again.status).toBe(409);

      await t.jobs.drain();
      const ready = await status(member);
      expect(ready.export).toMatchObject({ state: 'ready', expireTime: now + DAY });
      const message = (await messagesOf(t, member)).find((m) => m.url?.includes('/api/account/export/'));
      expect(message).toBeDefined();
      const path = new URL(message!.url!).pathname;

      const download = await t.get(path);
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toContain('application/zip');
      expect(String(download.headers['content-disposition'])).toMatch(/^attachment; filename="my-data-/);
      const files = unzipSync(new Uint8Array(download.raw.rawPayload));
      expect(Object.keys(files)).toEqual(expect.arrayContaining(['index.html', 'profile.json', 'topics.json', 'articles.json', 'comments.json', 'conversations.json', 'favorites.json', 'follows.json', 'scores.json', 'uploads.json']));
      const topics = JSON.parse(strFromU8(files['topics.json']!)) as Array<{ id: number; title: string }>;
      expect(topics.map((topic) => topic.id)).toEqual([mine]);
      expect(topics.map((topic) => topic.id)).not.toContain(theirs);
      const comments = JSON.parse(strFromU8(files['comments.json']!)) as Array<{ content: string }>;
      expect(comments.map((comment) => comment.content.trim())).toEqual([expect.stringContaining('my comment here')]);
      const profile = JSON.parse(strFromU8(files['profile.json']!)) as { id: number; email: string };
      expect(profile).toMatchObject({ id: member.user.id, email: member.email });
      expect(JSON.stringify(profile)).not.toContain('password');
      const html = strFromU8(files['index.html']!);
      expect(html).toContain('&lt;b&gt;Mine &amp; yours&lt;/b&gt;');
      expect(html).not.toContain('<b>Mine');

      // Once only.
      expect((await t.get(path)).status).toBe(404);
      expect((await status(member)).export.state).toBe('used');

      // A day later: a new archive, whose link is not used within 24 hours.
      now += DAY + 1;
      expect((await t.post('/api/account/export', {}, { token: member.token })).status).toBe(200);
      await t.jobs.drain();
      const second = (await messagesOf(t, member)).find((m) => m.url?.includes('/api/account/export/') && new URL(m.url).pathname !== path);
      now += DAY + 1;
      expect((await t.get(new URL(second!.url!).pathname)).status).toBe(404);
      expect((await status(member)).export.state).toBe('expired');
      // The sweep deletes expired archives' files.
      await runSchedule(archiveSweepSchedule);
      const rows = await db.selectFrom('account_exports').select(['file_name', 'token_hash']).where('user_id', '=', member.user.id).execute();
      expect(rows.every((row) => row.file_name === '' && row.token_hash === null)).toBe(true);
    });

    it('asks for the password and a confirmation; a sign-in or the cancel button cancels the erasure', async () => {
      const member = await createUser(t);
      const wrong = await t.post('/api/account/delete', { password: 'not it', confirm: true }, { token: member.token });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields).toHaveProperty('password');
      const unconfirmed = await t.post('/api/account/delete', { password: DEFAULT_PASSWORD }, { token: member.token });
      expect(unconfirmed.status).toBe(400);
      expect(unconfirmed.body.fields).toHaveProperty('confirm');
      expect((await status(member)).deletionTime).toBeNull();

      const asked = await t.post<AccountDeletionView>('/api/account/delete', { password: DEFAULT_PASSWORD, confirm: true }, { token: member.token });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      expect(asked.body.data).toEqual({ deletionTime: now + 7 * DAY });
      expect((await status(member)).deletionTime).toBe(now + 7 * DAY);

      // Signing in cancels it.
      now += 2 * DAY;
      await signIn(t, member.email!);
      expect((await status(member)).deletionTime).toBeNull();

      // The cancel button too.
      expect((await t.post('/api/account/delete', { password: DEFAULT_PASSWORD, confirm: true }, { token: member.token })).status).toBe(200);
      const cancelled = await t.post<AccountDeletionView>('/api/account/delete/cancel', {}, { token: member.token });
      expect(cancelled.body.data).toEqual({ deletionTime: null });
      now += 8 * DAY;
      await runSchedule(erasureSchedule);
      expect((await db.selectFrom('users').select('status').where('id', '=', member.user.id).executeTakeFirstOrThrow()).status).toBe(0);
    });

    for (const content of ['keep', 'remove'] as const) {
      it(`erases the account after 7 days, not before, its posts ${content === 'keep' ? 'kept' : 'removed'}; nothing personal left`, async () => {
        await writeTestSettings(t, { accountDeletion: { content } }, now);
        const member = await createUser(t);
        const other = await createUser(t);
        const topic = await createTopic(t, member.user);
        const othersTopic = await createTopic(t, other.user);
        await createComment(t, member.user, { entityId: othersTopic });
        expect((await t.post('/api/fans/follow', { userId: other.user.id }, { token: member.token })).status).toBe(200);
        expect((await t.post('/api/fans/follow', { userId: member.user.id }, { token: other.token })).status).toBe(200);
        expect((await t.post('/api/favorite/add', { entityType: 'topic', entityId: othersTopic }, { token: member.token })).status).toBe(200);
        expect((await t.post('/api/user/block', { userId: (await createUser(t)).user.id }, { token: member.token })).status).toBe(200);
        expect((await t.post('/api/checkin/checkin', {}, { token: member.token })).status).toBe(200);
        const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
        expect((await t.post('/api/user/push/subscribe', { endpoint: `http://127.0.0.1:9/push/${member.user.id}`, keys }, { token: member.token })).status).toBe(200);
        const conversation = await db.insertInto('conversations').values({ starter_id: other.user.id, pair_key: null, last_message_id: 0, last_message_time: now, message_count: 0, create_time: now, update_time: now }).returning('id').executeTakeFirst().catch(() => null);
        const conversationId = conversation?.id ?? Number((await db.selectFrom('conversations').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id);
        for (const userId of [member.user.id, other.user.id]) {
          await db.insertInto('conversation_members').values({ conversation_id: conversationId, user_id: userId, state: 0, muted: 0, last_message_id: 0, last_read_id: 0, unread_count: 0, create_time: now, update_time: now }).execute();
        }
        await db.insertInto('email_codes').values({ user_id: member.user.id, purpose: 'verify', email: member.email!, code_hash: randomBytes(8).toString('hex'), expire_time: now + DAY, used_time: null, create_time: now, update_time: now }).execute();
        await db.insertInto('audit_logs').values({ actor_id: member.user.id, action: 'test', target_type: 'user', target_id: member.user.id, detail: '{}', ip: '203.0.113.9', create_time: now, update_time: now }).execute();
        // Other ways in and factors: a provider's link, an authenticator, recovery codes, a passkey.
        await db.insertInto('user_identities').values({ user_id: member.user.id, provider: 'oidc', subject: `sub-${member.user.id}`, email: member.email!, email_verified: 1, display_name: 'Somchai', avatar: '', create_time: now, update_time: now }).execute();
        await db.insertInto('user_totp').values({ user_id: member.user.id, secret: 'JBSWY3DPEHPK3PXP', confirmed: 1, last_step: 0, create_time: now, update_time: now }).execute();
        await db.insertInto('user_recovery_codes').values({ user_id: member.user.id, code_hash: randomBytes(16).toString('hex'), create_time: now }).execute();
        await db.insertInto('user_passkeys').values({ user_id: member.user.id, credential_id: randomBytes(16).toString('base64url'), public_key: 'pk', counter: 0, transports: '[]', name: 'Phone', create_time: now }).execute();
        await db.insertInto('user_phones').values({ user_id: member.user.id, phone: `+6681${String(member.user.id).padStart(7, '0')}`, create_time: now, update_time: now }).execute();
        await db.insertInto('sms_codes').values({ phone: `+6681${String(member.user.id).padStart(7, '0')}`, purpose: 'bind', user_id: member.user.id, code_hash: randomBytes(16).toString('hex'), expire_time: now + DAY, used_time: null, create_time: now, update_time: now }).execute();
        const favoritesBefore = (await db.selectFrom('topics').select('favorite_count').where('id', '=', othersTopic).executeTakeFirstOrThrow()).favorite_count;
        const commentsBefore = (await db.selectFrom('topics').select('comment_count').where('id', '=', othersTopic).executeTakeFirstOrThrow()).comment_count;
        const otherBefore = await db.selectFrom('users').select(['fans_count', 'follow_count']).where('id', '=', other.user.id).executeTakeFirstOrThrow();

        expect((await t.post('/api/account/delete', { password: DEFAULT_PASSWORD, confirm: true }, { token: member.token })).status).toBe(200);
        await t.jobs.drain();
        // Six days on: nothing happens.
        now += 6 * DAY;
        await runSchedule(erasureSchedule);
        expect((await db.selectFrom('users').select(['status', 'email']).where('id', '=', member.user.id).executeTakeFirstOrThrow())).toEqual({ status: 0, email: member.email });
        // Past seven days: erased.
        now += DAY + 1;
        await runSchedule(erasureSchedule);

        const row = await db.selectFrom('users').selectAll().where('id', '=', member.user.id).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ status: 1, email: null, username: null, password_hash: null, avatar: '', signature: '', home_page: '', nickname: 'Deleted member' });
        const id = member.user.id;
        const left = {
          user_tokens: await db.selectFrom('user_tokens').select('id').where('user_id', '=', id).execute(),
          email_codes: await db.selectFrom('email_codes').select('id').where('user_id', '=', id).execute(),
          messages: await db.selectFrom('messages').select('id').where('user_id', '=', id).execute(),
          notification_groups: await db.selectFrom('notification_groups').select('id').where('user_id', '=', id).execute(),
          notification_prefs: await db.selectFrom('notification_prefs').select('id').where('user_id', '=', id).execute(),
          push_subscriptions: await db.selectFrom('push_subscriptions').select('id').where('user_id', '=', id).execute(),
          user_follows: await db.selectFrom('user_follows').select('id').where((eb) => eb.or([eb('user_id', '=', id), eb('other_id', '=', id)])).execute(),
          user_favorites: await db.selectFrom('user_favorites').select('id').where('user_id', '=', id).execute(),
          user_blocks: await db.selectFrom('user_blocks').select('id').where((eb) => eb.or([eb('user_id', '=', id), eb('blocked_id', '=', id)])).execute(),
          conversation_members: await db.selectFrom('conversation_members').select('id').where('user_id', '=', id).execute(),
          checkins: await db.selectFrom('checkins').select('id').where('user_id', '=', id).execute(),
          score_logs: await db.selectFrom('score_logs').select('id').where('user_id', '=', id).execute(),
          trust_levels: await db.selectFrom('trust_levels').select('user_id').where('user_id', '=', id).execute(),
          digest_sends: await db.selectFrom('digest_sends').select('id').where('user_id', '=', id).execute(),
          user_warnings: await db.selectFrom('user_warnings').select('id').where('user_id', '=', id).execute(),
          user_identities: await db.selectFrom('user_identities').select('id').where('user_id', '=', id).execute(),
          user_totp: await db.selectFrom('user_totp').select('id').where('user_id', '=', id).execute(),
          user_recovery_codes: await db.selectFrom('user_recovery_codes').select('id').where('user_id', '=', id).execute(),
          user_passkeys: await db.selectFrom('user_passkeys').select('id').where('user_id', '=', id).execute(),
          user_phones: await db.selectFrom('user_phones').select('id').where('user_id', '=', id).execute(),
          sms_codes: await db.selectFrom('sms_codes').select('id').where('phone', '=', `+6681${String(id).padStart(7, '0')}`).execute(),
          account_deletions: await db.selectFrom('account_deletions').select('id').where('user_id', '=', id).execute(),
          topic_ips: await db.selectFrom('topics').select('id').where('user_id', '=', id).where('ip', '!=', '').execute(),
          comment_ips: await db.selectFrom('comments').select('id').where('user_id', '=', id).where('ip', '!=', '').execute(),
          audit_ips: await db.selectFrom('audit_logs').select('id').where('actor_id', '=', id).where('ip', '!=', '').execute(),
        };
        expect(Object.fromEntries(Object.entries(left).map(([table, rows]) => [table, rows.length]))).toEqual(Object.fromEntries(Object.keys(left).map((table) => [table, 0])));
        // The other member keeps their membership of the conversation; their counters moved back.
        expect(await db.selectFrom('conversation_members').select('id').where('user_id', '=', other.user.id).execute()).toHaveLength(1);
        expect(await db.selectFrom('users').select(['fans_count', 'follow_count']).where('id', '=', other.user.id).executeTakeFirstOrThrow()).toEqual({ fans_count: otherBefore.fans_count - 1, follow_count: otherBefore.follow_count - 1 });
        expect((await db.selectFrom('topics').select('favorite_count').where('id', '=', othersTopic).executeTakeFirstOrThrow()).favorite_count).toBe(favoritesBefore - 1);
        // The account cannot sign in any more.
        expect((await t.post('/api/login/signin', { username: member.email, password: DEFAULT_PASSWORD })).status).not.toBe(200);
        expect((await t.get('/api/account/data', { token: member.token })).status).toBe(401);

        const topicRow = await db.selectFrom('topics').select(['status', 'user_id']).where('id', '=', topic).executeTakeFirstOrThrow();
        const commentCount = (await db.selectFrom('topics').select('comment_count').where('id', '=', othersTopic).executeTakeFirstOrThrow()).comment_count;
        if (content === 'keep') {
          expect(topicRow).toEqual({ status: 0, user_id: id });
          expect(commentCount).toBe(commentsBefore);
          expect(row.topic_count).toBe(1);
        } else {
          expect(topicRow).toEqual({ status: 1, user_id: id });
          expect(commentCount).toBe(commentsBefore - 1);
          expect(row.topic_count).toBe(0);
          expect(row.comment_count).toBe(0);
        }
      });
    }

    it('authorization matrix: every account-data route, for anonymous, member, banned and unverified members', async () => {
      const routes = {
        'POST /api/account/export': { path: '/api/account/export', body: {} },
        'POST /api/account/delete': { path: '/api/account/delete', body: { password: DEFAULT_PASSWORD, confirm: true } },
        'POST /api/account/delete/cancel': { path: '/api/account/delete/cancel', body: {} },
      };
      const missing = mutatingRoutes(t.app).filter((route) => route.split(' ')[1]!.startsWith('/api/account/') && !(route in routes));
      expect(missing).toEqual([]);
      const actors = { member: await createUser(t), banned: await createUser(t, { banned: -1 }), unverified: await createUser(t, { verified: false }) };
      for (const [route, { path, body }] of Object.entries(routes)) {
        const anonymous = await t.post(path, body);
        expect([route, anonymous.status, anonymous.body.errorCode]).toEqual([route, 401, 1]);
        for (const [name, actor] of Object.entries(actors)) {
          const res = await t.post(path, body, { token: actor.token });
          expect([route, name, res.status]).toEqual([route, name, 200]);
        }
      }
      // Reads: one's own state only; the download needs its link.
      expect((await t.get('/api/account/data')).status).toBe(401);
      expect((await t.get(`/api/account/export/${'x'.repeat(43)}`)).status).toBe(404);
    });
  });
}
