/**
 * A member's profile lists on every engine (issue 13): their comments (`GET comment/user_comments`:
 * newest first by keyset, each with its post's title and link, leaving out what the reader may
 * not see, in a constant number of queries) and their tweets and posts apart
 * (`GET topic/user_topics?type=`, the tabs' counts through the page read `topic.userCounts`).
 */
import { commentActions } from '../../../common/actions/comments';
import { topicActions } from '../../../common/actions/topics';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_STATUS, TOPIC_TYPES } from '../../../common/constants';
import type { UserCommentView } from '../../../common/views/comment';
import type { Page } from '../../../common/views/page';
import type { TopicView } from '../../../common/views/topic';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createComment, createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { withCountedDb } from '../../../tests/support/query-counter';
import { createTestApp, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';

const START = 1_800_000_000_000;

for (const dialect of await testDatabases()) {
  describe(`profile lists [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;
    let writer: CreatedUser;
    let commenter: CreatedUser;
    let moderator: CreatedUser;
    let stranger: CreatedUser;

    const comments = (userId: unknown, options: { token?: string; cursor?: string } = {}) =>
      t.get<Page<UserCommentView>>('/api/comment/user_comments', { query: { userId: String(userId), ...(options.cursor ? { cursor: options.cursor } : {}) }, token: options.token });
    /** Every page of a member's comments as `type:itemId:commentId`, following the cursor. */
    async function walk(userId: number, token?: string): Promise<{ entries: string[]; pages: number }> {
      const entries: string[] = [];
      let cursor = '';
      let pages = 0;
      do {
        const res = await comments(userId, { token, cursor });
        expect(res.status).toBe(200);
        entries.push(...res.body.data!.results.map((c) => `${c.item.type}:${c.item.id}:${c.id}`));
        cursor = res.body.data!.cursor;
        pages += 1;
      } while (cursor && pages < 10);
      return { entries, pages };
    }

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
      writer = await createUser(t);
      commenter = await createUser(t);
      moderator = await createUser(t, { role: 'moderator' });
      stranger = await createUser(t);
    });
    afterAll(() => t.close());
    beforeEach(() => {
      clock += 60_000;
    });

    it('lists a member’s comments newest first with their post’s title and link, paged by keyset, leaving out what the reader may not see', async () => {
      const post = await createTopic(t, writer.user, { title: 'A post worth a word' });
      const tweet = await createTopic(t, writer.user, { type: TOPIC_TYPES.tweet, content: 'Sunset over the river tonight' });
      const gone = await createTopic(t, writer.user, { title: 'Deleted later' });
      const waiting = await createTopic(t, writer.user, { title: 'Awaiting review' });
      const article = await postArticle(t, writer.token, { title: 'An article' });
      const ids: Record<string, number[]> = { post: [], tweet: [], gone: [], waiting: [], article: [] };
      const targets = { post, tweet, gone, waiting } as const;
      for (let i = 0; i < 26; i++) {
        clock += 1000;
        const where = (['post', 'tweet', 'gone', 'article', 'post', 'waiting'] as const)[i % 6]!;
        const id =
          where === 'article'
            ? await createComment(t, commenter.user, { entityType: 'article', entityId: article.id, content: `on the article ${i}` })
            : await createComment(t, commenter.user, { entityId: targets[where], content: `comment ${i}` });
        ids[where]!.push(id);
      }
      // A reply counts too; a deleted comment does not; another member's comment is not theirs.
      const reply = await createComment(t, commenter.user, { entityType: 'comment', entityId: ids.post![0]!, content: 'a reply' });
      const removed = await createComment(t, commenter.user, { entityId: post, content: 'taken back' });
      expect((await t.post(`/api/comment/delete/${removed}`, {}, { token: commenter.token })).status).toBe(200);
      await createComment(t, stranger.user, { entityId: post, content: 'not theirs' });
      await db.updateTable('topics').set({ status: CONTENT_STATUS.deleted }).where('id', '=', gone).execute();
      await db.updateTable('topics').set({ status: CONTENT_STATUS.pending }).where('id', '=', waiting).execute();

      const all = [...ids.post!, ...ids.tweet!, ...ids.gone!, ...ids.waiting!, ...ids.article!, reply].sort((a, b) => b - a);
      const itemOf = (id: number) => {
        if (ids.article!.includes(id)) return `article:${article.id}`;
        const where = (Object.keys(targets) as Array<keyof typeof targets>).find((key) => ids[key]!.includes(id)) ?? 'post';
        return `topic:${targets[where]}`;
      };
      const expected = (shown: (id: number) => boolean) => all.filter(shown).map((id) => `${itemOf(id)}:${id}`);
      const open = (id: number) => !ids.gone!.includes(id) && !ids.waiting!.includes(id);

      // Anonymous readers and other members: the published posts' comments, newest first, over pages of 20.
      const anonymous = await walk(commenter.user.id);
      expect(anonymous.entries).toEqual(expected(open));
      expect(anonymous.pages).toBe(2);
      expect((await walk(commenter.user.id, stranger.token)).entries).toEqual(expected(open));
      // The posts' author sees the comments on their pending and deleted posts, as on the posts' pages; so does a moderator.
      expect((await walk(commenter.user.id, writer.token)).entries).toEqual(expected(() => true));
      expect((await walk(commenter.user.id, moderator.token)).entries).toEqual(expected(() => true));

      const first = (await comments(commenter.user.id)).body.data!.results;
      const onTweet = first.find((c) => c.item.id === tweet)!;
      expect(onTweet.item).toEqual({ type: 'topic', id: tweet, title: 'Sunset over the river tonight', url: `/topic/${tweet}#comment-${onTweet.id}` });
      const onArticle = first.find((c) => c.item.type === 'article')!;
      expect(onArticle.item).toMatchObject({ title: 'An article', url: `/article/${article.id}#comment-${onArticle.id}` });
      expect(first.find((c) => c.id === reply)).toMatchObject({ parentId: ids.post![0], content: '<p>a reply</p>', user: { id: commenter.user.id } });

      // With the article module off, comments on articles are left out.
      await writeTestSettings(t, { modules: { tweet: true, topic: true, article: false } }, clock);
      try {
        expect((await walk(commenter.user.id)).entries).toEqual(expected((id) => open(id) && !ids.article!.includes(id)));
      } finally {
        await writeTestSettings(t, { modules: { tweet: true, topic: true, article: true } }, clock);
      }

      // Constant queries: a page of one comment costs what a page of twenty on two kinds costs.
      const lone = await createUser(t);
      await createComment(t, lone.user, { entityId: post, content: 'just one' });
      const one = await withCountedDb(t.ctx, () => comments(lone.user.id, { token: stranger.token }));
      const twenty = await withCountedDb(t.ctx, () => comments(commenter.user.id, { token: stranger.token }));
      expect(one.result.body.data!.results).toHaveLength(1);
      expect(twenty.result.body.data!.results.length).toBeGreaterThan(10);
      expect(twenty.queries).toBeLessThanOrEqual(one.queries + 1); // + the article kind's heads
      expect(twenty.queries).toBeLessThanOrEqual(9);
    });

    it('answers an empty page for a member without comments, 404 for an unknown or disabled member, 400 naming a bad field', async () => {
      const quiet = await createUser(t);
      expect((await comments(quiet.user.id)).body.data).toEqual({ results: [], cursor: '', hasMore: false });
      expect((await comments(99_999_999)).status).toBe(404);
      const disabled = await createUser(t);
      await db.updateTable('users').set({ status: 1 }).where('id', '=', disabled.user.id).execute();
      expect((await comments(disabled.user.id)).status).toBe(404);
      const bad = await comments('x');
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toHaveProperty('userId');
      const badCursor = await t.get('/api/comment/user_comments', { query: { userId: String(quiet.user.id), cursor: 'eyJ4IjoxfQ' } });
      expect(badCursor.status).toBe(400);
      expect(badCursor.body.fields).toHaveProperty('cursor');
    });

    it('lists tweets and posts apart (type 1, type 0), counts them apart for the tabs, and still lists both without a type', async () => {
      const member = await createUser(t);
      const posts = [await createTopic(t, member.user), await createTopic(t, member.user)];
      const tweets = [await createTopic(t, member.user, { type: TOPIC_TYPES.tweet, content: 'one' }), await createTopic(t, member.user, { type: TOPIC_TYPES.tweet, content: 'two' })];
      clock += 1000;
      tweets.push(await createTopic(t, member.user, { type: TOPIC_TYPES.tweet, content: 'three' }));
      const list = async (type?: string) =>
        (await t.get<Page<TopicView>>('/api/topic/user_topics', { query: { userId: String(member.user.id), ...(type !== undefined ? { type } : {}) } })).body.data!.results.map((topic) => topic.id);
      expect(await list('1')).toEqual([...tweets].sort((a, b) => b - a));
      expect(await list('0')).toEqual([...posts].sort((a, b) => b - a));
      expect((await list()).sort()).toEqual([...posts, ...tweets].sort());
      const bad = await t.get('/api/topic/user_topics', { query: { userId: String(member.user.id), type: '2' } });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toHaveProperty('type');
      expect(await t.read(topicActions.userCounts, { userId: member.user.id })).toEqual({ ok: true, data: { posts: 2, tweets: 3 } });
      expect((await t.read(topicActions.userCounts, { userId: 99_999_999 })).ok).toBe(false);
      const page = await t.read(topicActions.ofUser, { userId: member.user.id, type: TOPIC_TYPES.tweet });
      expect(page.ok && page.data.results.map((topic) => topic.type)).toEqual([1, 1, 1]);
      const commentsPage = await t.read(commentActions.ofUser, { userId: member.user.id });
      expect(commentsPage).toEqual({ ok: true, data: { results: [], cursor: '', hasMore: false } });
    });
  });
}
