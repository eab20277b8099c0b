/**
 * Authorization matrix (DESIGN security model): every mutating route of comments, likes,
 * favorites, follows, messages (marking read), articles and notification settings × {anonymous,
 * member (the owner), other member, banned, unverified, moderator, admin}; the daily check-in; and the review
 * queue's (held posts and comments) and content table's decisions (moderators and admins only); reports (any writer reports another's item, staff resolve). Each cell acts on its own
 * fresh item, checks the status and errorCode, and that a refused call changed nothing. A
 * mutating route of these families without a row fails the suite (topic and account routes have
 * their matrices in topics.test.ts and users.test.ts).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { postArticle } from '../../../tests/support/article-factories';
import { createComment, createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { mutatingRoutes } from '../../../tests/support/routes';
import { createTestApp, NO_LIMIT, type TestApp } from '../../../tests/support/test-app';
import { setForbiddenWords } from '../../../tests/support/words';
import { readEmlMails } from '../../../tests/support/mail';
import { S3RVER_KEY, startLocalS3, type LocalS3 } from '../../../tests/support/s3-server';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { preferencesOf, setChannel, unsubscribeLink } from '../messages/messages.api';
import { siteSecret } from '../settings/settings.api';
import { runWrite } from '../../kernel/write';
import { notify } from '../messages/messages.service';
import { writeSettings } from '../settings/settings.service';

type Actor = 'anonymous' | 'member' | 'other' | 'banned' | 'unverified' | 'moderator' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'member', 'other', 'banned', 'unverified', 'moderator', 'admin'];

/** [status, errorCode] per actor; errorCode omitted for 200. */
type Expect = Record<Actor, [number, number?]>;

const WRITER: Expect = {
  anonymous: [401, 1],
  member: [200],
  other: [200],
  banned: [403, 3],
  unverified: [200],
  moderator: [200],
  admin: [200],
};

/** The route families this matrix covers: each of their mutating routes needs a row. */
const FAMILIES = ['/api/comment/', '/api/like/', '/api/favorite/', '/api/article/', '/api/user/settings', '/api/user/messages/', '/api/user/notifications/', '/api/user/notification_prefs', '/api/checkin/', '/api/fans/', '/api/admin/review/', '/api/admin/content/', '/api/admin/settings', '/api/notifications/', '/api/user/push/', '/api/conversation/', '/api/admin/conversation/', '/api/report/', '/api/admin/reports/', '/api/user/block', '/api/user/unblock', '/api/admin/user/warn', '/api/user/warnings/', '/api/admin/ip_bans', '/api/admin/trust/', '/api/user/identities/', '/api/admin/sign-in-providers'];

interface Row {
  name: string;
  /** The route it exercises, as the app declares it (`POST /api/article/edit/:id`). */
  route: string;
  expect: Expect;
  /**
   * Prepares a fresh target owned by `member` (or, for what every member owns, such as their
   * messages, by the acting user); answers the request and a probe of the state it changes.
   */
  prepare(actor: Actor): Promise<{ path: string; body: Record<string, unknown>; probe: () => Promise<unknown> }>;
  /** Actors whose call succeeds (200) yet may change nothing: it does not reach someone else's state. */
  unchangedFor?: readonly Actor[];
  before?: () => Promise<void>;
  after?: () => Promise<void>;
}

for (const dialect of await testDatabases()) {
  describe(`authorization matrix: comments, likes, favorites, articles, settings [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    const users = {} as Record<Exclude<Actor, 'anonymous'>, CreatedUser>;

    const topicCounts = (id: number) => db.selectFrom('topics').select(['comment_count', 'like_count', 'favorite_count']).where('id', '=', id).executeTakeFirstOrThrow();
    const commentState = (id: number) => db.selectFrom('comments').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
    /** A fresh unread system message to the actor (to `member` for anonymous) and a probe of its status. */
    async function unreadMessage(actor: Actor) {
      const to = users[actor === 'anonymous' ? 'member' : actor].user.id;
      await runWrite(t.ctx, (scope) => notify(scope, { to, from: null, type: 'system', title: 'Matrix' }));
      const row = await db.selectFrom('messages').select('id').where('user_id', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();
      return { id: row.id, probe: () => db.selectFrom('messages').select('status').where('id', '=', row.id).executeTakeFirstOrThrow() };
    }
    /** A fresh unread notification row of the actor (of `member` for anonymous) and a probe of its status. */
    async function unreadRow(actor: Actor) {
      const message = await unreadMessage(actor);
      const row = await db.selectFrom('messages').select('group_id').where('id', '=', message.id).executeTakeFirstOrThrow();
      return { id: row.group_id, probe: () => db.selectFrom('notification_groups').select('status').where('id', '=', row.group_id).executeTakeFirstOrThrow() };
    }
    /** Signed in is enough: a ban does not close one's own inbox or settings. */
    /** The site settings: admins only (a moderator is refused like a member). */
    const ADMIN_ONLY: Expect = { anonymous: [401, 1], member: [403, 2], other: [403, 2], banned: [403, 2], unverified: [403, 2], moderator: [403, 2], admin: [200] };
    const SIGNED_IN: Expect = { anonymous: [401, 1], member: [200], other: [200], banned: [200], unverified: [200], moderator: [200], admin: [200] };
    /** Moderators and admins; a member (banned or not) is refused by role. */
    const STAFF: Expect = { anonymous: [401, 1], member: [403, 2], other: [403, 2], banned: [403, 2], unverified: [403, 2], moderator: [200], admin: [200] };
    const topicStatus = (id: number) => db.selectFrom('topics').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
    async function reviewTopics(on: boolean): Promise<void> {
      await writeSettings(db, { topicReview: on }, t.ctx.clock.now());
      t.ctx.settings.invalidate();
    }
    const followCounts = (id: number) => db.selectFrom('users').select(['follow_count', 'fans_count']).where('id', '=', id).executeTakeFirstOrThrow();
    /** A browser's push subscription (a real P-256 key), to a local endpoint the test config allows. */
    let pushCount = 0;
    const pushSubscription = () => ({
      endpoint: `http://127.0.0.1:9/push/matrix-${dialect}-${++pushCount}`,
      keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    });
    const pushRows = (endpoint: string) => db.selectFrom('push_subscriptions').select(['id', 'user_id']).where('endpoint', '=', endpoint).execute();
    /** A device of the actor (of `member` for anonymous), subscribed through the API. */
    async function ownDevice(actor: Actor) {
      const subscription = pushSubscription();
      const res = await t.post<{ id: number }>('/api/user/push/subscribe', subscription, { token: users[actor === 'anonymous' ? 'member' : actor].token });
      expect(res.status).toBe(200);
      return { id: res.body.data!.id, endpoint: subscription.endpoint };
    }
    /** A sign-in provider linked to the actor (the member for nobody); the actor also has a password, so it is not their last way in. */
    let identityCount = 0;
    async function ownIdentity(actor: Actor) {
      const subject = `matrix-${dialect}-${++identityCount}`;
      const now = Date.now();
      await db.insertInto('user_identities').values({ user_id: users[actor === 'anonymous' ? 'member' : actor].user.id, provider: 'github', subject, email: '', email_verified: 0, display_name: '', avatar: '', create_time: now, update_time: now }).execute();
      return async () => (await db.selectFrom('user_identities').select('id').where('subject', '=', subject).executeTakeFirst()) ?? null;
    }
    /** The reports of a topic and their statuses. */
    const reportsOf = (id: number) =>
      db.selectFrom('reports').innerJoin('report_cases', 'report_cases.id', 'reports.case_id').select(['reports.reporter_id', 'reports.status']).where('report_cases.target_type', '=', 'topic').where('report_cases.target_id', '=', id).orderBy('reports.id').execute();
    const blocksOf = (id: number) => db.selectFrom('user_blocks').select(['user_id']).where('blocked_id', '=', id).orderBy('id').execute();
    const warningsOf = (id: number) => db.selectFrom('user_warnings').select(['id', 'staff_id']).where('user_id', '=', id).orderBy('id').execute();
    /** Moderators and admins; a ban stops even them from writing (as recommend). */
    const STAFF_WRITER: Expect = { anonymous: [401, 1], member: [403, 2], other: [403, 2], banned: [403, 3], unverified: [403, 2], moderator: [200], admin: [200] };
    const articleState = (id: number) => db.selectFrom('articles').select(['title', 'status', 'recommend', 'comment_count', 'like_count', 'favorite_count']).where('id', '=', id).executeTakeFirstOrThrow();

    // The bucket of the storage test's row (issue 33): a real S3-protocol server.
    let s3: LocalS3;
    beforeAll(async () => {
      s3 = await startLocalS3();
      t = await createTestApp({ dialect });
      db = requireDb(t.ctx);
      users.member = await createUser(t);
      users.other = await createUser(t);
      users.banned = await createUser(t, { banned: true });
      users.unverified = await createUser(t, { verified: false });
      users.moderator = await createUser(t, { role: 'moderator' });
      users.admin = await createUser(t, { role: 'admin' });
      await writeSettings(db, { commentLimits: NO_LIMIT, postLimits: NO_LIMIT }, t.ctx.clock.now());
      t.ctx.settings.invalidate();
    });
    afterAll(async () => {
      await t.close();
      await s3.close();
    });

    const rows: Row[] = [
      {
        // The token is the whole permission (issue 27): anyone holding it, signed in or not, banned
        // or not, turns off the one e-mail it names; who calls changes nothing.
        name: 'POST notifications/unsubscribe',
        route: 'POST /api/notifications/unsubscribe',
        expect: { anonymous: [200], member: [200], other: [200], banned: [200], unverified: [200], moderator: [200], admin: [200] },
        async prepare() {
          const id = users.member.user.id;
          const now = t.ctx.clock.now();
          await setChannel(db, id, 'mention', 'email', true, now);
          const link = unsubscribeLink('http://x', await siteSecret(db, 'mail-token', now), { userId: id, target: 'mention' });
          const probe = async () => (await preferencesOf(db, id)).kinds.mention.email;
          return { path: `/api/notifications/unsubscribe?${new URL(link.page).search.slice(1)}`, body: { 'List-Unsubscribe': 'One-Click' }, probe };
        },
      },
      {
        name: 'POST checkin/checkin',
        route: 'POST /api/checkin/checkin',
        expect: WRITER,
        async prepare(actor) {
          // Each actor checks in once (today's check-in is their own); a visitor's probe watches the member's.
          const id = users[actor === 'anonymous' ? 'member' : actor].user.id;
          const probe = async () => [await db.selectFrom('checkins').select(['day', 'consecutive_days']).where('user_id', '=', id).execute(), (await db.selectFrom('users').select('score').where('id', '=', id).executeTakeFirstOrThrow()).score];
          return { path: '/api/checkin/checkin', body: {}, probe };
        },
      },
      {
        name: 'POST comment/create',
        route: 'POST /api/comment/create',
        expect: WRITER,
        async prepare() {
          const id = await createTopic(t, users.member.user);
          return { path: '/api/comment/create', body: { entityType: 'topic', entityId: id, content: 'hello' }, probe: () => topicCounts(id) };
        },
      },
      {
        name: 'POST comment/create (reply)',
        route: 'POST /api/comment/create',
        expect: WRITER,
        async prepare() {
          const topicId = await createTopic(t, users.member.user);
          const commentId = await createComment(t, users.member.user, { entityId: topicId });
          return { path: '/api/comment/create', body: { entityType: 'comment', entityId: commentId, content: 'reply' }, probe: () => topicCounts(topicId) };
        },
      },
      {
        name: 'POST comment/create (setting: verified e-mail required)',
        route: 'POST /api/comment/create',
        expect: { ...WRITER, unverified: [403, 4] },
        before: async () => {
          await writeSettings(db, { commentNeedsVerifiedEmail: true }, t.ctx.clock.now());
          t.ctx.settings.invalidate();
        },
        after: async () => {
          await writeSettings(db, { commentNeedsVerifiedEmail: false }, t.ctx.clock.now());
          t.ctx.settings.invalidate();
        },
        async prepare() {
          const id = await createTopic(t, users.member.user);
          return { path: '/api/comment/create', body: { entityType: 'topic', entityId: id, content: 'hello' }, probe: () => topicCounts(id) };
        },
      },
      {
        name: 'POST comment/delete/{id}',
        route: 'POST /api/comment/delete/:id',
        expect: { anonymous: [401, 1], member: [200], other: [403, 2], banned: [403, 3], unverified: [403, 2], moderator: [200], admin: [200] },
        async prepare() {
          const topicId = await createTopic(t, users.member.user);
          const id = await createComment(t, users.member.user, { entityId: topicId });
          return { path: `/api/comment/delete/${id}`, body: {}, probe: async () => [await commentState(id), await topicCounts(topicId)] };
        },
      },
      ...(['like/like', 'favorite/add'] as const).map(
        (route): Row => ({
          name: `POST ${route}`,
          route: `POST /api/${route}`,
          expect: WRITER,
          async prepare() {
            const id = await createTopic(t, users.member.user);
            return { path: `/api/${route}`, body: { entityType: 'topic', entityId: id }, probe: () => topicCounts(id) };
          },
        }),
      ),
      ...(
        [
          ['like/unlike', 'like/like'],
          ['favorite/delete', 'favorite/add'],
        ] as const
      ).map(
        ([route, setup]): Row => ({
          name: `POST ${route}`,
          route: `POST /api/${route}`,
          expect: WRITER,
          async prepare() {
            const id = await createTopic(t, users.member.user);
            // Everyone who may already reacts, so the undo has something to undo.
            for (const u of Object.values(users)) await t.post(`/api/${setup}`, { entityType: 'topic', entityId: id }, { token: u.token });
            return { path: `/api/${route}`, body: { entityType: 'topic', entityId: id }, probe: () => topicCounts(id) };
          },
        }),
      ),
      {
        name: 'POST like/like (comment)',
        route: 'POST /api/like/like',
        expect: WRITER,
        async prepare() {
          const id = await createComment(t, users.member.user, { entityId: await createTopic(t, users.member.user) });
          return { path: '/api/like/like', body: { entityType: 'comment', entityId: id }, probe: () => db.selectFrom('comments').select('like_count').where('id', '=', id).executeTakeFirstOrThrow() };
        },
      },
      {
        name: 'POST user/messages/read (own)',
        route: 'POST /api/user/messages/read',
        expect: SIGNED_IN,
        async prepare(actor) {
          const message = await unreadMessage(actor);
          return { path: '/api/user/messages/read', body: { ids: [message.id] }, probe: message.probe };
        },
      },
      {
        name: "POST user/messages/read (another member's: nobody else's call reaches it, moderators' included)",
        route: 'POST /api/user/messages/read',
        expect: SIGNED_IN,
        unchangedFor: ['other', 'banned', 'unverified', 'moderator', 'admin'],
        async prepare() {
          const message = await unreadMessage('member');
          return { path: '/api/user/messages/read', body: { ids: [message.id] }, probe: message.probe };
        },
      },
      {
        name: 'POST user/messages/read (upTo)',
        route: 'POST /api/user/messages/read',
        expect: SIGNED_IN,
        async prepare(actor) {
          const message = await unreadMessage(actor);
          return { path: '/api/user/messages/read', body: { upTo: message.id }, probe: message.probe };
        },
      },
      {
        name: 'POST user/notifications/read (own rows)',
        route: 'POST /api/user/notifications/read',
        expect: SIGNED_IN,
        async prepare(actor) {
          const row = await unreadRow(actor);
          return { path: '/api/user/notifications/read', body: { ids: [row.id] }, probe: row.probe };
        },
      },
      {
        name: "POST user/notifications/read (another member's row: nobody else's call reaches it)",
        route: 'POST /api/user/notifications/read',
        expect: SIGNED_IN,
        unchangedFor: ['other', 'banned', 'unverified', 'moderator', 'admin'],
        async prepare() {
          const row = await unreadRow('member');
          return { path: '/api/user/notifications/read', body: { ids: [row.id] }, probe: row.probe };
        },
      },
      {
        name: 'POST user/notification_prefs (one’s own choices)',
        route: 'POST /api/user/notification_prefs',
        // Notification preferences stay reachable to a banned user (like the account's security).
        expect: SIGNED_IN,
        async prepare() {
          const flip = (await db.selectFrom('notification_prefs').select('id').execute()).length % 2 === 0;
          return { path: '/api/user/notification_prefs', body: { kinds: { like: { email: flip } } }, probe: async () => db.selectFrom('notification_prefs').select(['user_id', 'kind', 'channel', 'enabled']).orderBy('id').execute() };
        },
      },
      {
        name: 'POST user/messages/read_all',
        route: 'POST /api/user/messages/read_all',
        expect: SIGNED_IN,
        async prepare(actor) {
          const message = await unreadMessage(actor);
          return { path: '/api/user/messages/read_all', body: {}, probe: message.probe };
        },
      },
      {
        name: 'POST article/create',
        route: 'POST /api/article/create',
        // Posting needs a verified e-mail (spec §5).
        expect: { ...WRITER, unverified: [403, 4] },
        async prepare() {
          return { path: '/api/article/create', body: { title: 'Matrix article', content: 'x' }, probe: async () => (await db.selectFrom('articles').select('id').execute()).length };
        },
      },
      ...(['approve', 'reject'] as const).map(
        (decision): Row => ({
          name: `POST admin/review/${decision}`,
          route: `POST /api/admin/review/${decision}`,
          expect: STAFF,
          // Every new topic by a member waits while this row runs.
          before: () => reviewTopics(true),
          after: () => reviewTopics(false),
          async prepare() {
            const id = await createTopic(t, users.member.user);
            return { path: `/api/admin/review/${decision}`, body: { kind: 'topic', ids: [id], reason: 'Matrix' }, probe: () => topicStatus(id) };
          },
        }),
      ),
      ...(['approve', 'reject'] as const).map(
        (decision): Row => ({
          name: `POST admin/review/${decision} (a held comment)`,
          route: `POST /api/admin/review/${decision}`,
          expect: STAFF,
          // A member's comment with this word waits while this row runs.
          before: () => setForbiddenWords(t, ['casino']),
          after: () => setForbiddenWords(t, []),
          async prepare() {
            const topicId = await createTopic(t, users.moderator.user);
            const held = await t.post<{ id: number }>('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'casino matrix' }, { token: users.member.token });
            const id = held.body.data!.id;
            expect(await commentState(id)).toEqual({ status: 2 });
            return { path: `/api/admin/review/${decision}`, body: { kind: 'comment', ids: [id], reason: 'Matrix' }, probe: async () => [await commentState(id), await topicCounts(topicId)] };
          },
        }),
      ),
      {
        name: 'POST admin/content/restore',
        route: 'POST /api/admin/content/restore',
        expect: STAFF,
        async prepare() {
          const id = await createTopic(t, users.member.user);
          expect((await t.post(`/api/topic/delete/${id}`, {}, { token: users.member.token })).status).toBe(200);
          return { path: '/api/admin/content/restore', body: { kind: 'topic', id }, probe: () => topicStatus(id) };
        },
      },
      {
        name: 'POST article/edit/{id}',
        route: 'POST /api/article/edit/:id',
        expect: { anonymous: [401, 1], member: [200], other: [403, 2], banned: [403, 3], unverified: [403, 4], moderator: [200], admin: [200] },
        async prepare() {
          const { id } = await postArticle(t, users.member.token);
          return { path: `/api/article/edit/${id}`, body: { title: 'Edited', content: 'y' }, probe: () => articleState(id) };
        },
      },
      {
        name: 'POST article/delete/{id}',
        route: 'POST /api/article/delete/:id',
        expect: { anonymous: [401, 1], member: [200], other: [403, 2], banned: [403, 3], unverified: [403, 2], moderator: [200], admin: [200] },
        async prepare() {
          const { id } = await postArticle(t, users.member.token);
          return { path: `/api/article/delete/${id}`, body: {}, probe: () => articleState(id) };
        },
      },
      {
        name: 'POST article/recommend/{id}',
        route: 'POST /api/article/recommend/:id',
        expect: { anonymous: [401, 1], member: [403, 2], other: [403, 2], banned: [403, 3], unverified: [403, 2], moderator: [200], admin: [200] },
        async prepare() {
          const { id } = await postArticle(t, users.member.token);
          return { path: `/api/article/recommend/${id}`, body: { recommend: true }, probe: () => articleState(id) };
        },
      },
      ...(
        [
          ['comment/create', { content: 'On an article' }],
          ['like/like', {}],
          ['favorite/add', {}],
        ] as const
      ).map(
        ([route, extra]): Row => ({
          name: `POST ${route} (article)`,
          route: `POST /api/${route}`,
          expect: WRITER,
          async prepare() {
            const { id } = await postArticle(t, users.member.token);
            return { path: `/api/${route}`, body: { entityType: 'article', entityId: id, ...extra }, probe: () => articleState(id) };
          },
        }),
      ),
      {
        name: 'POST fans/follow',
        route: 'POST /api/fans/follow',
        expect: WRITER,
        async prepare() {
          const target = await createUser(t);
          return { path: '/api/fans/follow', body: { userId: target.user.id }, probe: () => followCounts(target.user.id) };
        },
      },
      {
        name: 'POST fans/unfollow',
        route: 'POST /api/fans/unfollow',
        expect: WRITER,
        async prepare() {
          const target = await createUser(t);
          // Everyone who may already follows, so the undo has something to undo.
          for (const u of Object.values(users)) await t.post('/api/fans/follow', { userId: target.user.id }, { token: u.token });
          return { path: '/api/fans/unfollow', body: { userId: target.user.id }, probe: () => followCounts(target.user.id) };
        },
      },
      {
        name: 'POST fans/follow (oneself: refused for everyone)',
        route: 'POST /api/fans/follow',
        expect: { anonymous: [401, 1], member: [400, 5], other: [400, 5], banned: [403, 3], unverified: [400, 5], moderator: [400, 5], admin: [400, 5] },
        async prepare(actor) {
          const self = users[actor === 'anonymous' ? 'member' : actor].user.id;
          return { path: '/api/fans/follow', body: { userId: self }, probe: () => followCounts(self) };
        },
      },
      {
        name: 'POST user/settings',
        route: 'POST /api/user/settings',
        // Notification preferences stay reachable to a banned user (like the account's security).
        expect: { anonymous: [401, 1], member: [200], other: [200], banned: [200], unverified: [200], moderator: [200], admin: [200] },
        async prepare() {
          return { path: '/api/user/settings', body: { replyMail: true }, probe: async () => db.selectFrom('notification_prefs').select(['user_id', 'kind', 'channel', 'enabled']).orderBy('id').execute() };
        },
      },
      {
        name: 'POST user/push/subscribe',
        route: 'POST /api/user/push/subscribe',
        // One's own devices: a ban does not stop the notices about one's account.
        expect: SIGNED_IN,
        async prepare() {
          const subscription = pushSubscription();
          return { path: '/api/user/push/subscribe', body: subscription, probe: () => pushRows(subscription.endpoint) };
        },
      },
      {
        name: 'POST user/push/unsubscribe (one’s own endpoint)',
        route: 'POST /api/user/push/unsubscribe',
        expect: SIGNED_IN,
        async prepare(actor) {
          const { endpoint } = await ownDevice(actor);
          return { path: '/api/user/push/unsubscribe', body: { endpoint }, probe: () => pushRows(endpoint) };
        },
      },
      {
        name: 'POST user/push/unsubscribe (the member’s endpoint: nobody else removes it)',
        route: 'POST /api/user/push/unsubscribe',
        expect: SIGNED_IN,
        unchangedFor: ['other', 'banned', 'unverified', 'moderator', 'admin'],
        async prepare() {
          const { endpoint } = await ownDevice('member');
          return { path: '/api/user/push/unsubscribe', body: { endpoint }, probe: () => pushRows(endpoint) };
        },
      },
      {
        name: 'POST user/push/devices/remove (one’s own device)',
        route: 'POST /api/user/push/devices/remove',
        expect: SIGNED_IN,
        async prepare(actor) {
          const { id, endpoint } = await ownDevice(actor);
          return { path: '/api/user/push/devices/remove', body: { id }, probe: () => pushRows(endpoint) };
        },
      },
      {
        name: 'POST user/push/devices/remove (the member’s device: 404 to anyone else)',
        route: 'POST /api/user/push/devices/remove',
        expect: { anonymous: [401, 1], member: [200], other: [404, 6], banned: [404, 6], unverified: [404, 6], moderator: [404, 6], admin: [404, 6] },
        async prepare() {
          const { id, endpoint } = await ownDevice('member');
          return { path: '/api/user/push/devices/remove', body: { id }, probe: () => pushRows(endpoint) };
        },
      },
      {
        name: 'POST article/comment_rules/{id}',
        route: 'POST /api/article/comment_rules/:id',
        expect: STAFF_WRITER,
        async prepare() {
          const { id } = await postArticle(t, users.member.token);
          return { path: `/api/article/comment_rules/${id}`, body: { locked: true, slowModeSeconds: 30 }, probe: () => db.selectFrom('articles').select(['comments_locked', 'slow_mode_seconds']).where('id', '=', id).executeTakeFirstOrThrow() };
        },
      },
      {
        name: 'POST user/block',
        route: 'POST /api/user/block',
        // A block shields its member: a ban does not take it away.
        expect: SIGNED_IN,
        async prepare() {
          const target = await createUser(t);
          return { path: '/api/user/block', body: { userId: target.user.id }, probe: () => blocksOf(target.user.id) };
        },
      },
      {
        name: 'POST user/block (a staff member: refused to everyone)',
        route: 'POST /api/user/block',
        expect: { anonymous: [401, 1], member: [403, 2], other: [403, 2], banned: [403, 2], unverified: [403, 2], moderator: [403, 2], admin: [403, 2] },
        async prepare() {
          const target = await createUser(t, { role: 'moderator' });
          return { path: '/api/user/block', body: { userId: target.user.id }, probe: () => blocksOf(target.user.id) };
        },
      },
      {
        name: 'POST user/unblock',
        route: 'POST /api/user/unblock',
        expect: SIGNED_IN,
        async prepare(actor) {
          const target = await createUser(t);
          if (actor !== 'anonymous') expect((await t.post('/api/user/block', { userId: target.user.id }, { token: users[actor].token })).status).toBe(200);
          else await t.post('/api/user/block', { userId: target.user.id }, { token: users.member.token });
          return { path: '/api/user/unblock', body: { userId: target.user.id }, probe: () => blocksOf(target.user.id) };
        },
      },
      {
        name: 'POST admin/user/warn (moderators and admins)',
        route: 'POST /api/admin/user/warn',
        expect: STAFF,
        async prepare() {
          const target = await createUser(t);
          return { path: '/api/admin/user/warn', body: { userId: target.user.id, reason: 'Be kind' }, probe: () => warningsOf(target.user.id) };
        },
      },
      {
        name: 'POST user/warnings/acknowledge/{id} (the member’s own warning: 404 to anyone else)',
        route: 'POST /api/user/warnings/acknowledge/:id',
        expect: { anonymous: [401, 1], member: [200], other: [404, 6], banned: [404, 6], unverified: [404, 6], moderator: [404, 6], admin: [404, 6] },
        async prepare() {
          const res = await t.post<{ id: number }>('/api/admin/user/warn', { userId: users.member.user.id, reason: 'Read the rules' }, { token: users.moderator.token });
          expect(res.status).toBe(200);
          const id = res.body.data!.id;
          return { path: `/api/user/warnings/acknowledge/${id}`, body: {}, probe: () => db.selectFrom('user_warnings').select('ack_time').where('id', '=', id).executeTakeFirstOrThrow() };
        },
      },
      {
        name: 'POST admin/settings (admins only)',
        route: 'POST /api/admin/settings',
        expect: ADMIN_ONLY,
        async prepare(actor) {
          const probe = async () => (await db.selectFrom('settings').select('value').where('key', '=', 'siteTitle').executeTakeFirst())?.value ?? null;
          return { path: '/api/admin/settings', body: { siteTitle: `Matrix ${actor}` }, probe };
        },
      },
      {
        name: 'POST user/identities/unlink (one’s own linked provider; a ban does not stop it)',
        route: 'POST /api/user/identities/unlink',
        expect: { anonymous: [401, 1], member: [200], other: [200], banned: [200], unverified: [200], moderator: [200], admin: [200] },
        async prepare(actor) {
          return { path: '/api/user/identities/unlink', body: { provider: 'github' }, probe: await ownIdentity(actor) };
        },
      },
      {
        name: 'POST admin/sign-in-providers (admins only)',
        route: 'POST /api/admin/sign-in-providers',
        expect: ADMIN_ONLY,
        async prepare(actor) {
          const probe = async () => (await db.selectFrom('settings').select('value').where('key', '=', 'signInProviders').executeTakeFirst())?.value ?? null;
          return { path: '/api/admin/sign-in-providers', body: { provider: 'oidc', enabled: false, clientId: `matrix-${actor}`, clientSecret: `secret-${actor}` }, probe };
        },
      },
      {
        name: 'POST admin/settings/test_storage (admins only: only theirs reaches the bucket)',
        route: 'POST /api/admin/settings/test_storage',
        expect: ADMIN_ONLY,
        async prepare() {
          const storage = { driver: 's3', bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: S3RVER_KEY, forcePathStyle: true, publicUrl: '', signedUrls: false };
          return { path: '/api/admin/settings/test_storage', body: { storage, storageSecretKey: S3RVER_KEY }, probe: async () => s3.requests() };
        },
      },
      {
        name: 'POST admin/settings/test_mail (admins only)',
        route: 'POST /api/admin/settings/test_mail',
        expect: ADMIN_ONLY,
        async prepare() {
          return { path: '/api/admin/settings/test_mail', body: { to: '' }, probe: async () => readEmlMails(t.dataDir).length };
        },
      },

      // Private conversations (issue 28): only their participants reach them (403 to anyone else,
      // staff included); a ban closes starting and sending, not one's own read/mute/leave.
      {
        name: 'POST conversation/start',
        route: 'POST /api/conversation/start',
        expect: WRITER,
        async prepare() {
          const target = await createUser(t);
          const probe = () => db.selectFrom('conversation_members').select('conversation_id').where('user_id', '=', target.user.id).execute();
          return { path: '/api/conversation/start', body: { userIds: [target.user.id], content: 'Matrix hello' }, probe };
        },
      },
      ...(
        [
          ['send', { content: 'Matrix line' }, (id: number) => db.selectFrom('conversation_messages').select('id').where('conversation_id', '=', id).execute()],
          ['read', {}, (id: number) => db.selectFrom('conversation_members').select(['user_id', 'unread_count']).where('conversation_id', '=', id).orderBy('user_id').execute()],
          ['mute', { muted: true }, (id: number) => db.selectFrom('conversation_members').select(['user_id', 'muted']).where('conversation_id', '=', id).orderBy('user_id').execute()],
          ['leave', {}, (id: number) => db.selectFrom('conversation_members').select(['user_id', 'state']).where('conversation_id', '=', id).orderBy('user_id').execute()],
        ] as const
      ).map(
        ([verb, body, state]): Row => ({
          name: `POST conversation/:id/${verb} (the member’s conversation: 403 to anyone else, staff included)`,
          route: `POST /api/conversation/:id/${verb}`,
          expect: {
            anonymous: [401, 1],
            member: [200],
            other: [403, 2],
            banned: [403, verb === 'send' ? 3 : 2],
            unverified: [403, 2],
            moderator: [403, 2],
            admin: [403, 2],
          },
          async prepare() {
            const starter = await createUser(t);
            const started = await t.post<{ id: number }>('/api/conversation/start', { userIds: [users.member.user.id], content: 'Hi member' }, { token: starter.token });
            const id = started.body.data!.id;
            return { path: `/api/conversation/${id}/${verb}`, body, probe: () => state(id) };
          },
        }),
      ),
      {
        name: 'POST conversation/settings',
        route: 'POST /api/conversation/settings',
        expect: SIGNED_IN,
        async prepare() {
          return { path: '/api/conversation/settings', body: { whoMayStart: 'following' }, probe: () => db.selectFrom('conversation_prefs').select(['user_id', 'who_may_start']).orderBy('user_id').execute() };
        },
      },
      ...(['view', 'remove'] as const).map(
        (verb): Row => ({
          // No rule grants it (no report): refused to everyone, staff included, and nothing audited.
          name: `POST admin/conversation ${verb} (no report: 403 to everyone)`,
          route: verb === 'view' ? 'POST /api/admin/conversation/:id/view' : 'POST /api/admin/conversation/message/:id/remove',
          expect: { anonymous: [401, 1], member: [403, 2], other: [403, 2], banned: [403, 2], unverified: [403, 2], moderator: [403, 2], admin: [403, 2] },
          async prepare() {
            const [starter, to] = [await createUser(t), await createUser(t)];
            const started = await t.post<{ id: number; message: { id: number } }>('/api/conversation/start', { userIds: [to.user.id], content: 'Private' }, { token: starter.token });
            const { id, message } = started.body.data!;
            const probe = async () => [await db.selectFrom('audit_logs').select('id').where('target_type', '=', 'conversation').where('target_id', '=', id).execute(), await db.selectFrom('conversation_messages').select('status').where('id', '=', message.id).execute()];
            return { path: verb === 'view' ? `/api/admin/conversation/${id}/view` : `/api/admin/conversation/message/${message.id}/remove`, body: {}, probe };
          },
        }),
      ),
      ...(['view', 'remove'] as const).map((verb): Row => {
        return {
          // With a report's rule: staff only (members refused by role), each read or removal audited.
          name: `POST admin/conversation ${verb} (reported: staff only)`,
          route: verb === 'view' ? 'POST /api/admin/conversation/:id/view' : 'POST /api/admin/conversation/message/:id/remove',
          expect: STAFF,
          async prepare() {
            const [starter, to] = [await createUser(t), await createUser(t)];
            const started = await t.post<{ id: number; message: { id: number } }>('/api/conversation/start', { userIds: [to.user.id], content: 'Reported' }, { token: starter.token });
            const { id, message } = started.body.data!;
            await t.post('/api/report/create', { type: 'conversation_message', id: message.id, reason: 'harassment' }, { token: to.token });
            const probe = () => db.selectFrom('audit_logs').select('id').where('target_type', '=', 'conversation').where('target_id', '=', id).execute();
            return { path: verb === 'view' ? `/api/admin/conversation/${id}/view` : `/api/admin/conversation/message/${message.id}/remove`, body: {}, probe };
          },
        };
      }),
      {
        // Reports (issue 28): any writer reports another's item; its author may not (403); a ban closes it.
        name: 'POST report/create (the member’s topic)',
        route: 'POST /api/report/create',
        expect: { ...WRITER, member: [403, 2] },
        async prepare() {
          const id = await createTopic(t, users.member.user);
          return { path: '/api/report/create', body: { type: 'topic', id, reason: 'spam' }, probe: () => reportsOf(id) };
        },
      },
      {
        // Resolving is staff's: a member (even the reporter) is refused by role and nothing closes.
        name: 'POST admin/reports/resolve (dismiss)',
        route: 'POST /api/admin/reports/resolve',
        expect: STAFF,
        async prepare() {
          const id = await createTopic(t, users.member.user);
          expect((await t.post('/api/report/create', { type: 'topic', id, reason: 'spam' }, { token: users.other.token })).status).toBe(200);
          return { path: '/api/admin/reports/resolve', body: { type: 'topic', id, outcome: 'dismiss' }, probe: () => reportsOf(id) };
        },
      },
      // Defences (issue 28): network bans are the admins'; trust levels are staff's.
      {
        name: 'POST admin/ip_bans/create (admins only)',
        route: 'POST /api/admin/ip_bans/create',
        expect: ADMIN_ONLY,
        async prepare(actor) {
          const cidr = `198.18.${ACTORS.indexOf(actor)}.0/24`;
          const probe = () => db.selectFrom('ip_bans').select(['cidr', 'reason']).where('cidr', '=', cidr).execute();
          return { path: '/api/admin/ip_bans/create', body: { cidr, reason: `Matrix ${actor}` }, probe };
        },
        after: async () => {
          await db.deleteFrom('ip_bans').execute();
          t.ctx.ipBans.invalidate();
        },
      },
      {
        name: 'POST admin/ip_bans/remove (admins only)',
        route: 'POST /api/admin/ip_bans/remove',
        expect: ADMIN_ONLY,
        async prepare(actor) {
          const cidr = `198.19.${ACTORS.indexOf(actor)}.0/24`;
          await db.deleteFrom('ip_bans').where('cidr', '=', cidr).execute();
          await db.insertInto('ip_bans').values({ cidr, reason: '', expire_time: 0, created_by: null, create_time: 1, update_time: 1 }).execute();
          const row = await db.selectFrom('ip_bans').select('id').where('cidr', '=', cidr).executeTakeFirstOrThrow();
          return { path: '/api/admin/ip_bans/remove', body: { id: row.id }, probe: () => db.selectFrom('ip_bans').select('id').where('id', '=', row.id).execute() };
        },
        after: async () => {
          await db.deleteFrom('ip_bans').execute();
          t.ctx.ipBans.invalidate();
        },
      },
      {
        name: 'POST admin/trust/set (staff only)',
        route: 'POST /api/admin/trust/set',
        expect: STAFF,
        async prepare() {
          const target = await createUser(t);
          const probe = () => db.selectFrom('trust_levels').select(['level', 'locked']).where('user_id', '=', target.user.id).execute();
          return { path: '/api/admin/trust/set', body: { userId: target.user.id, level: 2 }, probe };
        },
      },
    ];

    it('has a row for every mutating route of its families', () => {
      const covered = new Set(rows.map((row) => row.route));
      const missing = mutatingRoutes(t.app).filter((route) => FAMILIES.some((family) => route.split(' ')[1]!.startsWith(family)) && !covered.has(route));
      expect(missing).toEqual([]);
      expect(covered.size).toBeGreaterThanOrEqual(10);
    });

    for (const row of rows) {
      it(row.name, async () => {
        await row.before?.();
        try {
          for (const actor of ACTORS) {
            const { path, body, probe } = await row.prepare(actor);
            const before = JSON.stringify(await probe());
            const token = actor === 'anonymous' ? undefined : users[actor].token;
            const res = await t.post(path, body, { token });
            const [status, errorCode] = row.expect[actor];
            expect(res.status, `${row.name} as ${actor}: ${JSON.stringify(res.body)}`).toBe(status);
            if (errorCode !== undefined) {
              expect(res.body.errorCode, `${row.name} as ${actor}`).toBe(errorCode);
              expect(JSON.stringify(await probe()), `${row.name} as ${actor} changed nothing`).toBe(before);
            } else if (row.unchangedFor?.includes(actor)) {
              expect(JSON.stringify(await probe()), `${row.name} as ${actor} changed nothing`).toBe(before);
            } else {
              expect(JSON.stringify(await probe()), `${row.name} as ${actor} changed something`).not.toBe(before);
            }
          }
        } finally {
          await row.after?.();
        }
      });
    }
  });
}
