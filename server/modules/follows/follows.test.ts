/**
 * Follows on every engine (issue 13): the toggle's rules and answer, exact counts under concurrent
 * clicks, the followed member's message (once a day per follower), the fans and followed lists
 * with the viewer's own state per row, the following feed (topics and articles together, keyset
 * paged), the members worth following, and the pages a follow must refresh.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { followActions } from '../../../common/actions/follows';
import type { FollowedPost, FollowState, FollowSuggestions } from '../../../common/views/follow';
import type { MessageView } from '../../../common/views/message';
import type { Page } from '../../../common/views/page';
import type { PublicUser } from '../../../common/views/user';
import { postArticle, uploadCover } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { droppedPages } from '../../../tests/support/listeners';
import { withCountedDb } from '../../../tests/support/query-counter';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { userPageTag } from '../../kernel/page-tags';

const START = 1_800_000_000_000;
const DAY = 24 * 60 * 60 * 1000;
const TOPIC_PAGE = 20;

for (const dialect of await testDatabases()) {
  describe(`follows [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;

    const follow = (token: string, userId: unknown) => t.post<FollowState>('/api/fans/follow', { userId }, { token });
    const unfollow = (token: string, userId: unknown) => t.post<FollowState>('/api/fans/unfollow', { userId }, { token });
    const counts = (id: number) => db.selectFrom('users').select(['follow_count', 'fans_count']).where('id', '=', id).executeTakeFirstOrThrow();
    const followMessages = (to: number) => db.selectFrom('messages').select(['id', 'from_id', 'url']).where('user_id', '=', to).where('type', '=', 'follow').execute();

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
    });
    afterAll(() => t.close());
    beforeEach(() => {
      clock += 60_000;
    });

    it('follow and unfollow are idempotent toggles answering the new state and the follower count; both counters move', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      expect((await follow(a.token, b.user.id)).body.data).toEqual({ followed: true, fansCount: 1 });
      expect((await follow(a.token, String(b.user.id))).body.data).toEqual({ followed: true, fansCount: 1 });
      expect(await counts(a.user.id)).toEqual({ follow_count: 1, fans_count: 0 });
      expect(await counts(b.user.id)).toEqual({ follow_count: 0, fans_count: 1 });
      const profile = await t.get<PublicUser>(`/api/user/${b.user.id}`, { token: a.token });
      expect(profile.body.data).toMatchObject({ followed: true, fansCount: 1 });
      expect((await t.get<PublicUser>(`/api/user/${b.user.id}`)).body.data?.followed).toBe(false);
      expect((await t.get('/api/fans/isfollowed', { query: { userId: String(b.user.id) }, token: a.token })).body.data).toEqual({ followed: true });
      expect((await t.get('/api/fans/isfollowed', { query: { userId: String(b.user.id) } })).body.data).toEqual({ followed: false });
      expect((await t.get('/api/fans/isfollowed', { query: { userId: String(a.user.id) }, token: b.token })).body.data).toEqual({ followed: false });
      expect((await t.get('/api/fans/isfollowed', { query: { userId: '0' }, token: a.token })).status).toBe(400);
      expect((await unfollow(a.token, b.user.id)).body.data).toEqual({ followed: false, fansCount: 0 });
      expect((await unfollow(a.token, b.user.id)).body.data).toEqual({ followed: false, fansCount: 0 });
      expect(await counts(a.user.id)).toEqual({ follow_count: 0, fans_count: 0 });
      expect(await counts(b.user.id)).toEqual({ follow_count: 0, fans_count: 0 });
    });

    it('refuses following oneself (400 naming userId, translated), unknown members (404), bad ids (400) and visitors (401), writing nothing', async () => {
      const a = await createUser(t);
      const self = await t.post('/api/fans/follow', { userId: a.user.id }, { token: a.token, headers: { 'accept-language': 'zh-CN' } });
      expect(self.status).toBe(400);
      expect(self.body.fields?.userId).toBe('不能关注自己');
      expect((await follow(a.token, a.user.id)).body.message).toBe('You cannot follow yourself');
      expect((await follow(a.token, 99_999_999)).status).toBe(404);
      for (const bad of ['0x10', -1, 'abc', null]) {
        const res = await follow(a.token, bad);
        expect(res.status).toBe(400);
        expect(res.body.fields).toHaveProperty('userId');
      }
      const other = await createUser(t);
      const anonymous = await t.post('/api/fans/follow', { userId: other.user.id });
      expect(anonymous.status).toBe(401);
      const banned = await createUser(t, { banned: true });
      expect((await follow(banned.token, other.user.id)).status).toBe(403);
      expect(await counts(a.user.id)).toEqual({ follow_count: 0, fans_count: 0 });
      expect(await counts(other.user.id)).toEqual({ follow_count: 0, fans_count: 0 });
      const rows = await db.selectFrom('user_follows').select('id').where('user_id', 'in', [a.user.id, banned.user.id]).execute();
      expect(rows).toEqual([]);
    });

    it('keeps exact counts under 30 concurrent toggles', async () => {
      const star = await createUser(t);
      const fans = await Promise.all(Array.from({ length: 30 }, () => createUser(t)));
      // Thirty members follow at once, each twice (a double click).
      await Promise.all(fans.flatMap((fan) => [follow(fan.token, star.user.id), follow(fan.token, star.user.id)]));
      expect((await counts(star.user.id)).fans_count).toBe(30);
      // Half take it back while the other half click again, all at once.
      const results = await Promise.all(fans.map((fan, i) => (i % 2 === 0 ? unfollow(fan.token, star.user.id) : follow(fan.token, star.user.id))));
      expect(results.every((res) => res.status === 200)).toBe(true);
      const rows = await db.selectFrom('user_follows').select('id').where('other_id', '=', star.user.id).execute();
      expect(rows).toHaveLength(15);
      expect((await counts(star.user.id)).fans_count).toBe(15);
      for (const [i, fan] of fans.entries()) expect((await counts(fan.user.id)).follow_count).toBe(i % 2 === 0 ? 0 : 1);
      // One member toggling 30 times at once ends where the database says it is.
      const one = fans[0]!;
      await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? follow(one.token, star.user.id) : unfollow(one.token, star.user.id))));
      const stored = await db.selectFrom('user_follows').select('id').where('other_id', '=', star.user.id).execute();
      expect((await counts(star.user.id)).fans_count).toBe(stored.length);
    });

    it('tells the followed member "X followed you" with a link, at most once a day per follower', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      await follow(a.token, b.user.id);
      await unfollow(a.token, b.user.id);
      await follow(a.token, b.user.id);
      await unfollow(a.token, b.user.id);
      await follow(a.token, b.user.id);
      expect(await followMessages(b.user.id)).toEqual([expect.objectContaining({ from_id: a.user.id, url: `/user/${a.user.id}` })]);
      const list = await t.get<Page<MessageView>>('/api/user/messages', { token: b.token });
      expect(list.body.data?.results[0]).toMatchObject({ type: 'follow', title: `${a.user.nickname} followed you`, url: `/user/${a.user.id}` });
      // Nothing to the follower, nothing on unfollow.
      expect(await followMessages(a.user.id)).toEqual([]);
      // The next day, a new follow tells again.
      clock += DAY;
      await unfollow(a.token, b.user.id);
      await follow(a.token, b.user.id);
      expect(await followMessages(b.user.id)).toHaveLength(2);
    });

    it('lists fans and followed members newest first by keyset, each row with the viewer’s own follow state, in constant queries', async () => {
      const owner = await createUser(t);
      const viewer = await createUser(t);
      const fans: CreatedUser[] = [];
      for (let i = 0; i < 25; i++) {
        const fan = await createUser(t);
        await follow(fan.token, owner.user.id);
        fans.push(fan);
      }
      await follow(viewer.token, fans[24]!.user.id);
      await follow(viewer.token, fans[3]!.user.id);
      const first = await t.get<Page<PublicUser>>('/api/fans/fans', { query: { userId: String(owner.user.id) }, token: viewer.token });
      expect(first.status).toBe(200);
      const page1 = first.body.data!;
      expect(page1.results.map((u) => u.id)).toEqual(fans.slice(5).reverse().map((f) => f.user.id));
      expect(page1.hasMore).toBe(true);
      expect(page1.results[0]).toMatchObject({ id: fans[24]!.user.id, followed: true, followCount: 1 });
      expect(page1.results[1]!.followed).toBe(false);
      const second = await t.get<Page<PublicUser>>('/api/fans/fans', { query: { userId: String(owner.user.id), cursor: page1.cursor }, token: viewer.token });
      expect(second.body.data!.results.map((u) => u.id)).toEqual(fans.slice(0, 5).reverse().map((f) => f.user.id));
      expect(second.body.data!.results.find((u) => u.id === fans[3]!.user.id)?.followed).toBe(true);
      expect(second.body.data!.hasMore).toBe(false);
      // Whom a member follows.
      const followed = await t.get<Page<PublicUser>>('/api/fans/followed', { query: { userId: String(viewer.user.id) } });
      expect(followed.body.data!.results.map((u) => u.id)).toEqual([fans[3]!.user.id, fans[24]!.user.id]);
      expect(followed.body.data!.results.every((u) => !u.followed)).toBe(true);
      // Constant queries whatever the page: the member, the follows, their users, the viewer's follows.
      const { queries } = await withCountedDb(t.ctx, () => t.get('/api/fans/fans', { query: { userId: String(owner.user.id) }, token: viewer.token }));
      expect(queries).toBeLessThanOrEqual(6);
      // Unknown member 404; a bad cursor or id 400 naming the field.
      expect((await t.get('/api/fans/fans', { query: { userId: '99999999' } })).status).toBe(404);
      const badCursor = await t.get('/api/fans/fans', { query: { userId: String(owner.user.id), cursor: '!!' } });
      expect(badCursor.status).toBe(400);
      expect(badCursor.body.fields).toHaveProperty('cursor');
      expect((await t.get('/api/fans/followed', { query: { userId: 'x' } })).body.fields).toHaveProperty('userId');
    });

    it('the following feed mixes the followed members’ topics and articles, newest first, keyset paged, in constant queries', async () => {
      const reader = await createUser(t);
      const writers = [await createUser(t), await createUser(t)];
      const stranger = await createUser(t);
      for (const writer of writers) await follow(reader.token, writer.user.id);
      const expected: string[] = [];
      for (let i = 0; i < 13; i++) {
        clock += 1000;
        const writer = writers[i % 2]!;
        if (i % 3 === 0) expected.push(`article:${(await postArticle(t, writer.token)).id}`);
        else expected.push(`topic:${await createTopic(t, writer.user)}`);
        await createTopic(t, stranger.user);
      }
      // A topic and an article of the same millisecond both show, each once.
      clock += 1000;
      const tieTopic = `topic:${await createTopic(t, writers[0]!.user)}`;
      expected.push(`article:${(await postArticle(t, writers[1]!.token)).id}`, tieTopic);
      // Newest first; within one millisecond a topic comes before an article (the feed's tie order).
      const want = expected.reverse();
      const seen: string[] = [];
      let cursor = '';
      let pages = 0;
      do {
        const res = await t.get<Page<FollowedPost>>('/api/topic/topics', { query: { nodeId: '-2', ...(cursor ? { cursor } : {}) }, token: reader.token });
        expect(res.status).toBe(200);
        const page = res.body.data!;
        for (const entry of page.results) {
          expect(entry.user?.id === writers[0]!.user.id || entry.user?.id === writers[1]!.user.id).toBe(true);
          seen.push(`${entry.entityType}:${entry.id}`);
        }
        cursor = page.cursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(1);
      expect(seen).toEqual(want);
      // Small pages through the use case: the same order across page boundaries.
      const { followingFeed } = await import('./follows.service');
      const paged: string[] = [];
      let next: string | undefined;
      do {
        const page = await followingFeed(db, t.ctx.kinds, { cursor: next, limit: 4 }, { viewer: reader.user, locale: 'en-US', now: clock });
        paged.push(...page.results.map((entry) => `${entry.entityType}:${entry.id}`));
        next = page.cursor || undefined;
      } while (next);
      expect(paged).toEqual(want);
      const { queries } = await withCountedDb(t.ctx, () => t.get('/api/topic/topics', { query: { nodeId: '-2' }, token: reader.token }));
      expect(queries).toBeLessThanOrEqual(16);
      // Anonymous readers and members following nobody get an empty feed.
      expect((await t.get<Page<FollowedPost>>('/api/topic/topics', { query: { nodeId: '-2' } })).body.data?.results).toEqual([]);
      expect((await t.get<Page<FollowedPost>>('/api/topic/topics', { query: { nodeId: '-2' }, token: stranger.token })).body.data?.results).toEqual([]);
      const bad = await t.get('/api/topic/topics', { query: { nodeId: '-2', cursor: 'eyJ4IjoxfQ' }, token: reader.token });
      expect(bad.status).toBe(400);
    });

    it('the following feed (one statement joining the follows) equals a direct read of the rows, page by page: unfollowed, pending and deleted posts left out, ties kept', async () => {
      const reader = await createUser(t);
      const writers = [await createUser(t), await createUser(t), await createUser(t)];
      const dropped = await createUser(t);
      for (const writer of [...writers, dropped]) await follow(reader.token, writer.user.id);
      const topicIds: number[] = [];
      const articleIds: number[] = [];
      for (let i = 0; i < 36; i++) {
        // Every third step shares the previous millisecond: ties between kinds and within a kind.
        if (i % 3 !== 0) clock += 1000;
        const writer = [...writers, dropped][i % 4]!;
        if (i % 5 === 0) articleIds.push((await postArticle(t, writer.token)).id);
        else topicIds.push(await createTopic(t, writer.user, i % 4 === 1 ? { type: 1, content: `tweet ${i}` } : {}));
      }
      await unfollow(reader.token, dropped.user.id);
      await db.updateTable('topics').set({ status: 1 }).where('id', '=', topicIds[2]!).execute();
      await db.updateTable('topics').set({ status: 2 }).where('id', '=', topicIds[5]!).execute();
      // The oracle: the rows themselves, read directly and ordered as the feed orders them.
      const authors = writers.map((writer) => writer.user.id);
      const rows = [
        ...(await db.selectFrom('topics').select(['id', 'create_time']).where('user_id', 'in', authors).where('status', '=', 0).execute()).map((row) => ({ key: `topic:${row.id}`, time: Number(row.create_time), rank: 1, id: Number(row.id) })),
        ...(await db.selectFrom('articles').select(['id', 'create_time']).where('user_id', 'in', authors).where('status', '=', 0).execute()).map((row) => ({ key: `article:${row.id}`, time: Number(row.create_time), rank: 0, id: Number(row.id) })),
      ];
      const want = rows.sort((a, b) => b.time - a.time || b.rank - a.rank || b.id - a.id).map((row) => row.key);
      expect(want.length).toBeGreaterThan(TOPIC_PAGE);
      const walk = async (limit: number | null) => {
        const seen: string[] = [];
        let cursor = '';
        let pages = 0;
        do {
          let page: Page<FollowedPost>;
          if (limit === null) {
            const res = await t.get<Page<FollowedPost>>('/api/topic/topics', { query: { nodeId: '-2', ...(cursor ? { cursor } : {}) }, token: reader.token });
            expect(res.status).toBe(200);
            page = res.body.data!;
          } else {
            const { followingFeed } = await import('./follows.service');
            page = await followingFeed(db, t.ctx.kinds, { cursor: cursor || undefined, limit }, { viewer: reader.user, locale: 'en-US', now: clock });
          }
          seen.push(...page.results.map((entry) => `${entry.entityType}:${entry.id}`));
          cursor = page.cursor;
          pages += 1;
        } while (cursor && pages < 50);
        return { seen, pages };
      };
      const http = await walk(null);
      expect(http.pages).toBe(2);
      expect(http.seen).toEqual(want);
      for (const limit of [1, 3, 7]) expect((await walk(limit)).seen).toEqual(want);
    });

    it('suggests the most followed and the week’s most active members, never oneself or whom one follows', async () => {
      const viewer = await createUser(t);
      const busy = await createUser(t);
      for (let i = 0; i < 30; i++) await createTopic(t, busy.user);
      const res = await t.get<FollowSuggestions>('/api/fans/suggestions', { token: viewer.token });
      const popular = res.body.data!.mostFollowed;
      expect(popular.length).toBeGreaterThan(0);
      expect(popular.every((u) => u.fansCount > 0 && !u.followed)).toBe(true);
      expect(popular.map((u) => u.fansCount)).toEqual([...popular.map((u) => u.fansCount)].sort((x, y) => y - x));
      expect(res.body.data!.activeThisWeek.map((u) => u.id)[0]).toBe(busy.user.id);
      await follow(viewer.token, popular[0]!.id);
      const after = await t.get<FollowSuggestions>('/api/fans/suggestions', { token: viewer.token });
      expect(after.body.data!.mostFollowed.map((u) => u.id)).not.toContain(popular[0]!.id);
      const own = await t.get<FollowSuggestions>('/api/fans/suggestions', { token: busy.token });
      expect(own.body.data!.activeThisWeek.map((u) => u.id)).not.toContain(busy.user.id);
    });

    it('drops both members’ cached pages after a follow', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      const dropped = await droppedPages(t, () => follow(a.token, b.user.id));
      expect(dropped).toEqual(expect.arrayContaining([userPageTag(a.user.id), userPageTag(b.user.id)]));
    });

    it('sets the profile background to an image this site stored, or removes it; anything else is a 400 naming the field', async () => {
      const a = await createUser(t);
      const url = await uploadCover(t, a.token);
      const set = await t.post<PublicUser>('/api/user/update_background', { background: url }, { token: a.token });
      expect(set.status).toBe(200);
      expect(set.body.data?.background).toBe(url);
      expect((await t.get<PublicUser>(`/api/user/${a.user.id}`)).body.data?.background).toBe(url);
      for (const bad of ['https://elsewhere.example/x.png', '/uploads/none.png', 'x'.repeat(600)]) {
        const res = await t.post('/api/user/update_background', { background: bad }, { token: a.token });
        expect(res.status).toBe(400);
        expect(res.body.fields).toHaveProperty('background');
      }
      expect((await t.post('/api/user/update_background', { background: url })).status).toBe(401);
      const cleared = await t.post<PublicUser>('/api/user/update_background', { background: '' }, { token: a.token });
      expect(cleared.body.data?.background).toBe('');
    });

    it('serves the profile pages and the Following tab through their declared reads, as the page’s reader', async () => {
      const reader = await createUser(t);
      const author = await createUser(t);
      await follow(reader.token, author.user.id);
      const topicId = await createTopic(t, author.user);
      const profile = await t.read(followActions.profile, { id: author.user.id }, { user: reader.user });
      expect(profile.ok && [profile.data.id, profile.data.followed, profile.data.fansCount]).toEqual([author.user.id, true, 1]);
      expect(await t.read(followActions.profile, { id: 99_999_999 }, { locale: 'zh-CN' })).toMatchObject({ ok: false, status: 404 });
      const fans = await t.read(followActions.fans, { userId: author.user.id });
      expect(fans.ok && fans.data.results.map((u) => [u.id, u.followed])).toEqual([[reader.user.id, false]]);
      const followed = await t.read(followActions.followed, { userId: reader.user.id }, { user: reader.user });
      expect(followed.ok && followed.data.results.map((u) => [u.id, u.followed])).toEqual([[author.user.id, true]]);
      const feed = await t.read(followActions.feed, {}, { user: reader.user });
      expect(feed.ok && feed.data.results.map((post) => [post.entityType, post.id])).toEqual([['topic', topicId]]);
      // Visitors follow nobody: an empty feed, and the suggestions the empty state shows.
      expect(await t.read(followActions.feed, {})).toEqual({ ok: true, data: { results: [], cursor: '', hasMore: false } });
      const suggestions = await t.read(followActions.suggestions, {}, { user: reader.user });
      expect(suggestions.ok && suggestions.data.mostFollowed.map((u) => u.id)).not.toContain(author.user.id);
    });

    it('rate-limits the toggle per member (429)', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      let last = 200;
      for (let i = 0; i < 61 && last === 200; i++) last = (await (i % 2 === 0 ? follow : unfollow)(a.token, b.user.id)).status;
      expect(last).toBe(429);
    });
  });
}
