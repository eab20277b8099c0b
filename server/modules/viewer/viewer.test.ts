/**
 * `GET viewer/parts` on every engine (issue 32): what a member served a page from the shared cache
 * is told of their own — the root loader's parts (user, unread badges, blocks, warning, trust) and
 * the item's (liked, favorited, their likes among the listed comments, a topic's hidden content
 * when it opens to them) — each reader their own, nobody nothing, never stored by anyone, and no
 * view counted.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ViewerParts } from '../../../common/views/viewer';
import { testDatabases } from '../../../tests/support/databases';
import { createComment, createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';

const START = 1_800_000_000_000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

for (const dialect of await testDatabases()) {
  describe(`viewer parts [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;
    let author: CreatedUser;
    let alice: CreatedUser;
    let bob: CreatedUser;
    let moderator: CreatedUser;

    const parts = (query: Record<string, string>, who?: CreatedUser) => t.get<ViewerParts>('/api/viewer/parts', { query, token: who?.token, headers: { 'user-agent': BROWSER } });
    const like = (who: CreatedUser, entityType: string, entityId: number) => t.post('/api/like/like', { entityType, entityId }, { token: who.token });

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
      await writeTestSettings(t, { postLimits: NO_LIMIT, commentLimits: NO_LIMIT }, START);
      [author, alice, bob, moderator] = [await createUser(t), await createUser(t), await createUser(t), await createUser(t, { role: 'moderator' })];
    });
    afterAll(() => t.close());
    beforeEach(() => {
      clock += 60_000;
    });

    it('each reader gets their own flags on the item and its listed comments; nobody gets nobody’s parts; never stored', async () => {
      const topicId = await createTopic(t, author.user);
      const [first, second] = [await createComment(t, author.user, { entityId: topicId }), await createComment(t, bob.user, { entityId: topicId })];
      const answer = await createComment(t, author.user, { entityType: 'comment', entityId: first });
      expect((await like(alice, 'topic', topicId)).status).toBe(200);
      expect((await t.post('/api/favorite/add', { entityType: 'topic', entityId: topicId }, { token: alice.token })).status).toBe(200);
      expect((await like(alice, 'comment', second)).status).toBe(200);
      expect((await like(alice, 'comment', answer)).status).toBe(200);
      expect((await like(bob, 'comment', first)).status).toBe(200);
      const query = { itemType: 'topic', itemId: String(topicId), comments: [first, second, answer].join(',') };

      const mine = await parts(query, alice);
      expect(mine.status).toBe(200);
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.body.data!.user?.id).toBe(alice.user.id);
      expect(mine.body.data!.item).toEqual({ liked: true, favorited: true, likedComments: [second, answer], hidden: null });

      const his = await parts(query, bob);
      expect(his.body.data!.user?.id).toBe(bob.user.id);
      expect(his.body.data!.item).toEqual({ liked: false, favorited: false, likedComments: [first], hidden: null });

      // Nobody (an expired session reads the shared page): the shared page's own parts.
      const nobody = await parts(query);
      expect(nobody.status).toBe(200);
      expect(nobody.body.data).toEqual({ user: null, unreadCount: 0, unreadConversations: 0, blockedIds: [], warning: null, trust: null, item: null });
      expect(nobody.headers['cache-control']).toBe('private, no-store');

      // Without an item (a feed): the root's parts alone.
      expect((await parts({}, alice)).body.data!.item).toBeNull();
      // An article's flags come from the same rows, by its kind: none for this id.
      expect((await parts({ itemType: 'article', itemId: String(topicId) }, alice)).body.data!.item).toEqual({ liked: false, favorited: false, likedComments: [], hidden: null });
    });

    it('a topic’s hidden content opens to its author, moderators, and a member once they commented; no view is counted', async () => {
      const topicId = await createTopic(t, author.user, { content: '<p>open part</p>', hideContent: '<p>the hidden part</p>' });
      const query = { itemType: 'topic', itemId: String(topicId), hidden: 'true' };
      const hiddenOf = async (who: CreatedUser) => (await parts(query, who)).body.data!.item!.hidden;
      expect(await hiddenOf(author)).toEqual({ exists: true, show: true, content: '<p>the hidden part</p>' });
      expect(await hiddenOf(moderator)).toEqual({ exists: true, show: true, content: '<p>the hidden part</p>' });
      expect(await hiddenOf(bob)).toEqual({ exists: true, show: false, content: '' });
      expect((await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'Thanks!' }, { token: bob.token })).status).toBe(200);
      expect(await hiddenOf(bob)).toEqual({ exists: true, show: true, content: '<p>the hidden part</p>' });
      // Not asked: not read.
      expect((await parts({ itemType: 'topic', itemId: String(topicId) }, bob)).body.data!.item!.hidden).toBeNull();
      // The page's HTML counted the view already (a hit or its render): the parts never do.
      const views = await db.selectFrom('topics').select('view_count').where('id', '=', topicId).executeTakeFirstOrThrow();
      expect(views.view_count).toBe(0);
    });

    it('the root’s parts are the reader’s: blocked members, the pending warning, trust, unread messages', async () => {
      const carol = await createUser(t);
      expect((await t.post('/api/user/block', { userId: bob.user.id }, { token: carol.token })).status).toBe(200);
      expect((await t.post('/api/admin/user/warn', { userId: carol.user.id, reason: 'Be kind' }, { token: moderator.token })).status).toBe(200);
      const topicId = await createTopic(t, carol.user);
      expect((await like(bob, 'topic', topicId)).status).toBe(200);
      await t.jobs.drain();

      const own = (await parts({}, carol)).body.data!;
      expect(own.blockedIds).toEqual([bob.user.id]);
      expect(own.warning?.reason).toBe('Be kind');
      expect(own.trust?.userId).toBe(carol.user.id);
      expect(own.unreadCount).toBeGreaterThan(0);
      expect(own.unreadConversations).toBe(0);

      // The same read is what the root loader gives a signed-in reader: none of it is anyone else's.
      const others = (await parts({}, bob)).body.data!;
      expect(others.blockedIds).toEqual([]);
      expect(others.warning).toBeNull();
      expect(others.trust?.userId).toBe(bob.user.id);
    });

    it('refuses a malformed ask: an item half named, ids that are not ids, too many of them', async () => {
      expect((await parts({ itemType: 'topic' }, alice)).status).toBe(400);
      expect((await parts({ itemId: '3' }, alice)).status).toBe(400);
      expect((await parts({ itemType: 'forum', itemId: '3' }, alice)).status).toBe(400);
      expect((await parts({ itemType: 'topic', itemId: '3', comments: '1,x' }, alice)).status).toBe(400);
      const many = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
      expect((await parts({ itemType: 'topic', itemId: '3', comments: many }, alice)).status).toBe(400);
      expect((await parts({ itemType: 'topic', itemId: '3', comments: '' }, alice)).status).toBe(200);
    });
  });
}
