/**
 * Blocks on every engine (issue 28): the toggle's rules (never oneself, never staff, idempotent),
 * the reader's list and ids (the collapse's data: the blocker's alone), and what a block does in
 * every direction — the blocked member's follow refused (and the blocker's), the follows between
 * them ended with the counts right, their mentions not told to the blocker; nothing hidden from
 * staff or from anyone's feed; the rate limit.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blockActions } from '../../../common/actions/blocks';
import type { BlockedIds, BlockedMember, BlockState } from '../../../common/views/block';
import type { Page } from '../../../common/views/page';
import type { TopicView } from '../../../common/views/topic';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { messagesOf } from '../../../tests/support/listeners';
import { withCountedDb } from '../../../tests/support/query-counter';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { blockedIdsOf, isBlockedBetween } from './blocks.api';

const START = 1_800_000_000_000;

for (const dialect of await testDatabases()) {
  describe(`blocks [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;

    const block = (who: CreatedUser, userId: unknown) => t.post<BlockState>('/api/user/block', { userId }, { token: who.token });
    const unblock = (who: CreatedUser, userId: unknown) => t.post<BlockState>('/api/user/unblock', { userId }, { token: who.token });
    const follow = (who: CreatedUser, other: CreatedUser) => t.post('/api/fans/follow', { userId: other.user.id }, { token: who.token });
    const idsOf = async (who: CreatedUser) => (await t.get<BlockedIds>('/api/user/blocked_ids', { token: who.token })).body.data?.ids;
    const counts = (id: number) => db.selectFrom('users').select(['follow_count', 'fans_count']).where('id', '=', id).executeTakeFirstOrThrow();
    const mentionsOf = async (who: CreatedUser) => (await messagesOf(t, who)).filter((m) => m.type === 'mention').map((m) => m.entityId);
    const mention = (who: CreatedUser) => `<p>Hi <a href="/user/${who.user.id}">@${who.user.nickname}</a></p>`;

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
      await writeTestSettings(t, { postLimits: NO_LIMIT, commentLimits: NO_LIMIT }, START);
    });
    afterAll(() => t.close());
    beforeEach(() => {
      clock += 60_000;
    });

    it('block and unblock are idempotent; the list and the ids are the blocker’s own; oneself 400, staff 403, nobody 404', async () => {
      const alice = await createUser(t);
      const bob = await createUser(t);
      const carol = await createUser(t);
      expect((await block(alice, bob.user.id)).body.data).toEqual({ blocked: true });
      expect((await block(alice, String(bob.user.id))).body.data).toEqual({ blocked: true });
      clock += 1000;
      expect((await block(alice, carol.user.id)).status).toBe(200);
      expect(await idsOf(alice)).toEqual([bob.user.id, carol.user.id].sort((a, b) => a - b));
      // The collapse's data is the blocker's alone: the blocked member and everyone else have none.
      expect(await idsOf(bob)).toEqual([]);
      expect((await t.get('/api/user/blocked_ids')).status).toBe(401);
      const list = await t.get<Page<BlockedMember>>('/api/user/blocks', { token: alice.token });
      expect(list.body.data!.results.map((row) => [row.user.id, row.createTime])).toEqual([
        [carol.user.id, clock],
        [bob.user.id, clock - 1000],
      ]);
      const read = await t.read(blockActions.list, {}, { user: alice.user });
      expect(read.ok && read.data.results.length).toBe(2);
      // Two queries whatever the page (the blocks, their members), plus the session.
      const { queries } = await withCountedDb(t.ctx, () => t.get('/api/user/blocks', { token: alice.token }));
      expect(queries).toBeLessThanOrEqual(4);
      expect((await unblock(alice, bob.user.id)).body.data).toEqual({ blocked: false });
      expect((await unblock(alice, bob.user.id)).body.data).toEqual({ blocked: false });
      expect(await idsOf(alice)).toEqual([carol.user.id]);

      const self = await block(alice, alice.user.id);
      expect(self.status).toBe(400);
      expect(self.body.fields).toHaveProperty('userId');
      expect(self.body.message).toBe('You cannot block yourself');
      const moderator = await createUser(t, { role: 'moderator' });
      const staff = await block(alice, moderator.user.id);
      expect([staff.status, staff.body.errorCode]).toEqual([403, 2]);
      expect(await isBlockedBetween(db, alice.user.id, moderator.user.id)).toBe(false);
      expect((await block(alice, 99_999_999)).status).toBe(404);
      expect((await block(alice, 'x')).body.fields).toHaveProperty('userId');
      const zh = await t.post('/api/user/block', { userId: alice.user.id }, { token: alice.token, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body.message).toBe('不能屏蔽自己');
    });

    it('a block ends the follows between the two, both ways, with the counts right; neither may follow the other again until unblocked', async () => {
      const alice = await createUser(t);
      const bob = await createUser(t);
      const fan = await createUser(t);
      expect((await follow(alice, bob)).status).toBe(200);
      expect((await follow(bob, alice)).status).toBe(200);
      expect((await follow(fan, bob)).status).toBe(200);
      expect(await counts(bob.user.id)).toEqual({ follow_count: 1, fans_count: 2 });
      expect((await block(alice, bob.user.id)).status).toBe(200);
      expect(await counts(alice.user.id)).toEqual({ follow_count: 0, fans_count: 0 });
      expect(await counts(bob.user.id)).toEqual({ follow_count: 0, fans_count: 1 });
      expect(await db.selectFrom('user_follows').select('user_id').where('other_id', '=', bob.user.id).execute()).toEqual([{ user_id: fan.user.id }]);
      // The blocked member cannot follow the blocker, nor the blocker the blocked member: 403, translated.
      const refused = await follow(bob, alice);
      expect([refused.status, refused.body.errorCode, refused.body.message]).toEqual([403, 2, 'You cannot follow this member: one of you has blocked the other']);
      expect((await follow(alice, bob)).status).toBe(403);
      expect(await counts(alice.user.id)).toEqual({ follow_count: 0, fans_count: 0 });
      expect(await isBlockedBetween(db, bob.user.id, alice.user.id)).toBe(true);
      expect(await isBlockedBetween(db, alice.user.id, bob.user.id)).toBe(true);
      expect(await isBlockedBetween(db, alice.user.id, fan.user.id)).toBe(false);
      expect(await blockedIdsOf(db, alice.user.id)).toEqual([bob.user.id]);
      // Unblocked: following is open again (the ended follows stay ended).
      expect((await unblock(alice, bob.user.id)).status).toBe(200);
      expect((await follow(bob, alice)).status).toBe(200);
      expect(await counts(alice.user.id)).toEqual({ follow_count: 0, fans_count: 1 });
    });

    it('the blocked member’s mentions are not told to the blocker (others still are); after unblocking they are again', async () => {
      const alice = await createUser(t);
      const bob = await createUser(t);
      const carol = await createUser(t);
      expect((await block(alice, bob.user.id)).status).toBe(200);
      const quiet = await postTopic(t, bob.token, { content: mention(alice) + mention(carol) });
      expect(await mentionsOf(alice)).toEqual([]);
      expect(await mentionsOf(carol)).toEqual([quiet]);
      // The block is one way: the blocker's mention of the blocked member is told.
      const back = await postTopic(t, alice.token, { content: mention(bob) });
      expect(await mentionsOf(bob)).toEqual([back]);
      expect((await unblock(alice, bob.user.id)).status).toBe(200);
      const heard = await postTopic(t, bob.token, { content: mention(alice) });
      expect(await mentionsOf(alice)).toEqual([heard]);
    });

    it('hides nothing on the server: the blocker’s feeds still carry the blocked member’s topics (the page collapses them), and staff read as before', async () => {
      const alice = await createUser(t);
      const bob = await createUser(t);
      const moderator = await createUser(t, { role: 'moderator' });
      const topicId = await createTopic(t, bob.user);
      expect((await block(alice, bob.user.id)).status).toBe(200);
      const feed = await t.get<Page<TopicView>>('/api/topic/topics', { query: { nodeId: '0' }, token: alice.token });
      expect(feed.body.data!.results.map((topic) => topic.id)).toContain(topicId);
      expect((await t.get<TopicView>(`/api/topic/${topicId}`, { token: alice.token })).status).toBe(200);
      // Staff: no collapse data of anyone else's blocks, and the blocked member's posts as ever.
      expect(await idsOf(moderator)).toEqual([]);
      expect((await t.get<TopicView>(`/api/topic/${topicId}`, { token: moderator.token })).status).toBe(200);
      // A banned member may still shield themself.
      const banned = await createUser(t, { banned: true });
      expect((await block(banned, bob.user.id)).status).toBe(200);
    });

    it('rate-limits block and unblock per member (429)', async () => {
      const alice = await createUser(t);
      const bob = await createUser(t);
      let last = 200;
      for (let i = 0; i < 31 && last === 200; i++) last = (await (i % 2 === 0 ? block : unblock)(alice, bob.user.id)).status;
      expect(last).toBe(429);
    });
  });
}
