import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createComment, createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { writeSettings } from '../settings/settings.service';
import type { TopicView } from '../topics/topics.presenter';
import type { FavoriteView, FavoriteState, LikeState } from './reactions.service';

interface Page<T> {
  results: T[];
  cursor: string;
  hasMore: boolean;
}

const START = 1_800_000_000_000;

for (const dialect of await testDatabases()) {
  describe(`likes and favorites [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;
    let author: CreatedUser;
    let reader: CreatedUser;

    const like = (token: string, entityType: string, entityId: number) => t.post<LikeState>('/api/like/like', { entityType, entityId }, { token });
    const unlike = (token: string, entityType: string, entityId: number) => t.post<LikeState>('/api/like/unlike', { entityType, entityId }, { token });
    const favorite = (token: string, entityType: string, entityId: number) => t.post<FavoriteState>('/api/favorite/add', { entityType, entityId }, { token });
    const unfavorite = (token: string, entityType: string, entityId: number) => t.post<FavoriteState>('/api/favorite/delete', { entityType, entityId }, { token });
    async function counts(topicId: number) {
      return db.selectFrom('topics').select(['like_count', 'favorite_count']).where('id', '=', topicId).executeTakeFirstOrThrow();
    }
    async function likeRows(entityType: string, entityId: number): Promise<number> {
      const row = await db
        .selectFrom('user_likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('entity_type', '=', entityType)
        .where('entity_id', '=', entityId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
      author = await createUser(t);
      reader = await createUser(t);
      await writeSettings(db, { reactionLimits: { perUser: { max: 0, windowMs: 60_000 } } }, clock);
      t.ctx.settings.invalidate();
    });
    afterAll(() => t.close());
    beforeEach(() => {
      clock += 60_000;
    });

    it('like and unlike are idempotent toggles with an exact count; the reader’s state shows on lists and detail', async () => {
      const topicId = await createTopic(t, author.user);
      expect((await like(reader.token, 'topic', topicId)).body.data).toEqual({ liked: true, likeCount: 1 });
      expect((await like(reader.token, 'topic', topicId)).body.data).toEqual({ liked: true, likeCount: 1 });
      expect((await like(author.token, 'topic', topicId)).body.data).toEqual({ liked: true, likeCount: 2 });
      const detail = await t.get<TopicView>(`/api/topic/${topicId}`, { token: reader.token, headers: { 'user-agent': 'test-no-count' } });
      expect(detail.body.data).toMatchObject({ liked: true, favorited: false, likeCount: 2 });
      const feed = await t.get<Page<TopicView>>('/api/topic/topics', { query: { nodeId: '0' }, token: reader.token });
      expect(feed.body.data!.results.find((r) => r.id === topicId)).toMatchObject({ liked: true, likeCount: 2 });
      const anonymous = await t.get<Page<TopicView>>('/api/topic/topics', { query: { nodeId: '0' } });
      expect(anonymous.body.data!.results.find((r) => r.id === topicId)).toMatchObject({ liked: false });

      expect((await unlike(reader.token, 'topic', topicId)).body.data).toEqual({ liked: false, likeCount: 1 });
      expect((await unlike(reader.token, 'topic', topicId)).body.data).toEqual({ liked: false, likeCount: 1 });
      expect((await unlike(author.token, 'topic', topicId)).body.data).toEqual({ liked: false, likeCount: 0 });
      expect((await unlike(author.token, 'topic', topicId)).body.data).toEqual({ liked: false, likeCount: 0 });
      expect(await counts(topicId)).toMatchObject({ like_count: 0 });
      // Form-encoded bodies work too.
      const form = await t.post<LikeState>('/api/like/like', undefined, { token: reader.token, form: { entityType: 'topic', entityId: String(topicId) } });
      expect(form.body.data).toEqual({ liked: true, likeCount: 1 });
    });

    it('likes comments; refuses unknown types and items (articles answer 404 until they exist)', async () => {
      const topicId = await createTopic(t, author.user);
      const commentId = await createComment(t, author.user, { entityId: topicId });
      expect((await like(reader.token, 'comment', commentId)).body.data).toEqual({ liked: true, likeCount: 1 });
      expect((await db.selectFrom('comments').select('like_count').where('id', '=', commentId).executeTakeFirstOrThrow()).like_count).toBe(1);
      expect((await unlike(reader.token, 'comment', commentId)).body.data).toEqual({ liked: false, likeCount: 0 });
      for (const [type, id] of [
        ['topic', 999_999],
        ['comment', 999_999],
        ['article', 1],
      ] as const) {
        const res = await like(reader.token, type, id);
        expect(res.status, `${type}`).toBe(404);
        expect(res.body.errorCode).toBe(6);
      }
      expect((await like(reader.token, 'user', 1)).status).toBe(400);
      expect((await favorite(reader.token, 'comment', commentId)).status).toBe(400);
      // A deleted topic cannot be liked, nor its comments.
      const gone = await createTopic(t, author.user);
      const goneComment = await createComment(t, author.user, { entityId: gone });
      await t.post(`/api/topic/delete/${gone}`, {}, { token: author.token });
      expect((await like(reader.token, 'topic', gone)).status).toBe(404);
      expect((await like(reader.token, 'comment', goneComment)).status).toBe(404);
    });

    it('a comment of a deleted topic takes no reaction from anyone, moderators and its own author included', async () => {
      const [moderator, admin] = await Promise.all([createUser(t, { role: 'moderator' }), createUser(t, { role: 'admin' })]);
      const topicId = await createTopic(t, author.user);
      const commentId = await createComment(t, reader.user, { entityId: topicId });
      expect((await like(moderator.token, 'comment', commentId)).status).toBe(200);
      expect((await t.post(`/api/topic/delete/${topicId}`, {}, { token: moderator.token })).status).toBe(200);
      // The comment itself is still published: only its topic's state refuses the reaction.
      expect((await db.selectFrom('comments').select('status').where('id', '=', commentId).executeTakeFirstOrThrow()).status).toBe(0);
      for (const actor of [moderator, admin, reader, author]) {
        for (const toggle of [like, unlike]) {
          const res = await toggle(actor.token, 'comment', commentId);
          expect(res.status).toBe(404);
          expect(res.body.errorCode).toBe(6);
        }
      }
      expect(await likeRows('comment', commentId)).toBe(1);
    });

    it('50 users like at once: exactly 50', async () => {
      const topicId = await createTopic(t, author.user);
      const users = await Promise.all(Array.from({ length: 50 }, () => createUser(t)));
      const answers = await Promise.all(users.map((u) => like(u.token, 'topic', topicId)));
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
      expect(answers.every((a) => a.body.data!.liked)).toBe(true);
      expect(Math.max(...answers.map((a) => a.body.data!.likeCount))).toBe(50);
      expect(await counts(topicId)).toMatchObject({ like_count: 50 });
      expect(await likeRows('topic', topicId)).toBe(50);
      // …and all at once again (already liked): still 50.
      await Promise.all(users.map((u) => like(u.token, 'topic', topicId)));
      expect(await counts(topicId)).toMatchObject({ like_count: 50 });
    });

    it('one user fires like and unlike 20 times at once: the count equals the final state, never negative', async () => {
      for (let round = 0; round < 3; round++) {
        const topicId = await createTopic(t, author.user);
        const clicks = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? like : unlike)(reader.token, 'topic', topicId));
        const answers = await Promise.all(clicks);
        expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
        for (const a of answers) expect(a.body.data!.likeCount).toBeGreaterThanOrEqual(0);
        for (const a of answers) expect(a.body.data!.likeCount).toBeLessThanOrEqual(1);
        const rows = await likeRows('topic', topicId);
        expect(rows === 0 || rows === 1).toBe(true);
        expect((await counts(topicId)).like_count).toBe(rows);
        // The same on a comment.
        const commentId = await createComment(t, author.user, { entityId: topicId });
        await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? like : unlike)(reader.token, 'comment', commentId)));
        const commentRows = await likeRows('comment', commentId);
        expect((await db.selectFrom('comments').select('like_count').where('id', '=', commentId).executeTakeFirstOrThrow()).like_count).toBe(commentRows);
      }
    });

    it('favorites: add/delete idempotent, counted, listed newest first with the topic, keyset paging', async () => {
      const collector = await createUser(t);
      const topics: number[] = [];
      for (let i = 0; i < 23; i++) topics.push(await createTopic(t, author.user, { title: `Fav ${i}` }));
      expect((await favorite(collector.token, 'topic', topics[0]!)).body.data).toEqual({ favorited: true, favoriteCount: 1 });
      expect((await favorite(collector.token, 'topic', topics[0]!)).body.data).toEqual({ favorited: true, favoriteCount: 1 });
      for (const id of topics.slice(1)) expect((await favorite(collector.token, 'topic', id)).status).toBe(200);
      expect(await counts(topics[0]!)).toMatchObject({ favorite_count: 1 });
      const detail = await t.get<TopicView>(`/api/topic/${topics[0]}`, { token: collector.token, headers: { 'user-agent': 'test-no-count' } });
      expect(detail.body.data).toMatchObject({ favorited: true, favoriteCount: 1 });

      const first = await t.get<Page<FavoriteView>>('/api/user/favorites', { token: collector.token });
      expect(first.status).toBe(200);
      expect(first.body.data!.results).toHaveLength(20);
      expect(first.body.data!.results.map((f) => f.entityId)).toEqual([...topics].reverse().slice(0, 20));
      expect(first.body.data!.results[0]).toMatchObject({ entityType: 'topic', topic: { id: topics[22], title: 'Fav 22', favorited: true, user: { id: author.user.id } } });
      expect(first.body.data!.hasMore).toBe(true);
      const second = await t.get<Page<FavoriteView>>('/api/user/favorites', { token: collector.token, query: { cursor: first.body.data!.cursor } });
      expect(second.body.data!.results.map((f) => f.entityId)).toEqual([topics[2], topics[1], topics[0]]);
      expect(second.body.data!.hasMore).toBe(false);

      // Removing, and a favorite whose topic is gone, leave the list.
      expect((await unfavorite(collector.token, 'topic', topics[0]!)).body.data).toEqual({ favorited: false, favoriteCount: 0 });
      expect((await unfavorite(collector.token, 'topic', topics[0]!)).body.data).toEqual({ favorited: false, favoriteCount: 0 });
      await t.post(`/api/topic/delete/${topics[1]}`, {}, { token: author.token });
      const after = await t.get<Page<FavoriteView>>('/api/user/favorites', { token: collector.token, query: { cursor: first.body.data!.cursor } });
      expect(after.body.data!.results.map((f) => f.entityId)).toEqual([topics[2]]);
      expect((await t.get('/api/user/favorites')).status).toBe(401);
      expect((await t.get('/api/user/favorites', { token: collector.token, query: { cursor: 'nope!' } })).status).toBe(400);
    });

    it('limits like clicks per user (setting), moderators exempt; a refused body costs no click', async () => {
      await writeSettings(db, { reactionLimits: { perUser: { max: 4, windowMs: 60_000 } } }, clock);
      t.ctx.settings.invalidate();
      const clicker = await createUser(t);
      const moderator = await createUser(t, { role: 'moderator' });
      const topicId = await createTopic(t, author.user);
      // Refused bodies (400), on all four routes, are answered before a click is spent: the 4 clicks stay.
      for (const path of ['/api/like/like', '/api/like/unlike', '/api/favorite/add', '/api/favorite/delete']) {
        for (const body of [{ entityType: 'user', entityId: topicId }, { entityType: 'topic', entityId: 'x' }, {}]) {
          const refused = await t.post(path, body, { token: clicker.token });
          expect(refused.status, `${path} ${JSON.stringify(body)}`).toBe(400);
          expect(refused.body.errorCode).toBe(5);
        }
      }
      for (let i = 0; i < 4; i++) expect((await (i % 2 ? unlike : like)(clicker.token, 'topic', topicId)).status).toBe(200);
      const limited = await like(clicker.token, 'topic', topicId);
      expect(limited.status).toBe(429);
      expect(limited.body.errorCode).toBe(7);
      for (let i = 0; i < 6; i++) expect((await (i % 2 ? unlike : like)(moderator.token, 'topic', topicId)).status).toBe(200);
      await writeSettings(db, { reactionLimits: { perUser: { max: 0, windowMs: 60_000 } } }, clock);
      t.ctx.settings.invalidate();
    });
  });
}
