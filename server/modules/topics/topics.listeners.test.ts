/**
 * The topics feature's listeners (topics.feature.ts), each proved by what a reader would see;
 * removing one fails a test here:
 *   - the cached topic feeds (commit, `dropFeedsOf`): a topic created or edited, a recommend
 *     (`content.flagged`), a delete (`content.statusChanged`), a comment (`comment.created`), a
 *     node or tag edited in the back office (`site.catalogChanged`);
 *   - the cached pages (commit): a new topic drops the lists, an edit its page and the lists;
 *   - a node deleted hands its topics on to the node chosen (`node.topicsMoved`, write);
 *   - a forever ban that hides content hides the member's topics, the unban shows them again
 *     (`user.banned`, `user.unbanned`, write: publishing's `followBans`).
 * The caches are on here (they are off in other suites).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminNodeView } from '../../../common/views/node';
import type { TopicView } from '../../../common/views/topic';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp, droppedPages } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';
import { FEED_CACHE_TTL_MS, setFeedCacheTtl } from '../../kernel/feed-cache';

for (const dialect of await testDatabases()) {
  describe(`topics listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let other: CreatedUser;
    let moderator: CreatedUser;

    async function latestIds(): Promise<number[]> {
      const res = await t.get<{ results: TopicView[] }>('/api/topic/topics', { query: { nodeId: '0' } });
      expect(res.status).toBe(200);
      return res.body.data!.results.map((r) => r.id);
    }

    beforeAll(async () => {
      ({ t, member, other, moderator } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('feeds: what a topic write changes shows at once in the cached feed (create, edit, recommend, delete)', async () => {
      setFeedCacheTtl(t.ctx, FEED_CACHE_TTL_MS);
      try {
        const first = await postTopic(t, member.token, { title: 'First' });
        expect((await latestIds())[0]).toBe(first);
        const second = await postTopic(t, member.token, { title: 'Second' });
        expect((await latestIds())[0]).toBe(second);
        expect((await t.post(`/api/topic/edit/${first}`, { title: 'First, edited', content: '<p>Edited</p>' }, { token: member.token })).status).toBe(200);
        const edited = await t.get<{ results: TopicView[] }>('/api/topic/topics', { query: { nodeId: '0' } });
        expect(edited.body.data!.results.find((r) => r.id === first)?.title).toBe('First, edited');
        // Each feed is read (so cached) before the write that changes it.
        const notYet = await t.get<{ results: TopicView[] }>('/api/topic/topics', { query: { nodeId: '-1' } });
        expect(notYet.body.data!.results.map((r) => r.id)).not.toContain(first);
        expect((await t.post(`/api/topic/recommend/${first}`, { recommend: true }, { token: moderator.token })).status).toBe(200);
        const recommended = await t.get<{ results: TopicView[] }>('/api/topic/topics', { query: { nodeId: '-1' } });
        expect(recommended.body.data!.results.map((r) => r.id)).toContain(first);
        expect(await latestIds()).toContain(second);
        expect((await t.post(`/api/topic/delete/${second}`, {}, { token: member.token })).status).toBe(200);
        expect(await latestIds()).not.toContain(second);
      } finally {
        setFeedCacheTtl(t.ctx, 0);
      }
    });

    it('feeds: a comment shows at once on its topic in the cached feed (its count)', async () => {
      setFeedCacheTtl(t.ctx, FEED_CACHE_TTL_MS);
      try {
        const topic = await postTopic(t, member.token, { title: 'Commented' });
        const inFeed = async () => (await t.get<{ results: TopicView[] }>('/api/topic/topics', { query: { nodeId: '0' } })).body.data!.results.find((r) => r.id === topic);
        expect((await inFeed())?.commentCount).toBe(0);
        expect((await t.post('/api/comment/create', { entityType: 'topic', entityId: topic, content: 'Nice' }, { token: other.token })).status).toBe(200);
        expect((await inFeed())?.commentCount).toBe(1);
      } finally {
        setFeedCacheTtl(t.ctx, 0);
      }
    });

    it('feeds (back office): a node or tag edited shows at once on its topics in the cached feed', async () => {
      const admin = await createUser(t, { role: 'admin' });
      setFeedCacheTtl(t.ctx, FEED_CACHE_TTL_MS);
      try {
        const topic = await postTopic(t, member.token, { title: 'Node named', tags: ['pad-see-ew'] });
        const topicIn = async () => (await t.get<{ results: TopicView[] }>('/api/topic/topics', { query: { nodeId: '0' } })).body.data!.results.find((r) => r.id === topic)!;
        const { node, tags } = await topicIn();
        expect((await t.post('/api/admin/node/update', { id: node!.id, name: 'Noodles' }, { token: admin.token })).status).toBe(200);
        expect((await topicIn()).node!.name).toBe('Noodles');
        expect((await t.post('/api/admin/tag/rename', { id: tags[0]!.id, name: 'Wide rice noodles' }, { token: admin.token })).status).toBe(200);
        expect((await topicIn()).tags.map((x) => x.name)).toEqual(['Wide rice noodles']);
      } finally {
        setFeedCacheTtl(t.ctx, 0);
      }
    });

    it('pages: a new topic drops the lists; an edit drops its page and the lists', async () => {
      const created = await droppedPages(t, () => postTopic(t, member.token, { title: 'New in the lists' }));
      expect(created).toContain('lists');
      const topic = await postTopic(t, member.token, { title: 'Cached page' });
      const edited = await droppedPages(t, () => t.post(`/api/topic/edit/${topic}`, { title: 'Cached page, edited', content: '<p>New</p>' }, { token: member.token }), 'forgotten');
      expect(edited).toEqual(expect.arrayContaining([`topic:${topic}`, 'lists']));
    });

    it('a node deleted hands its topics on: they show under the node chosen, in its feed and on their pages', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const node = async (name: string) => (await t.post<AdminNodeView>('/api/admin/node/create', { name }, { token: admin.token })).body.data!;
      const leaving = await node('Leaving soon');
      const staying = await node('Staying on');
      const topic = await postTopic(t, member.token, { title: 'Moving house', nodeId: leaving.id });
      expect((await t.post('/api/admin/node/delete', { id: leaving.id, moveTo: staying.id }, { token: admin.token })).status).toBe(200);
      const feed = await t.get<{ results: TopicView[] }>('/api/topic/topics', { query: { nodeId: String(staying.id) } });
      expect(feed.body.data!.results.map((r) => r.id)).toEqual([topic]);
      expect((await t.get<TopicView>(`/api/topic/${topic}`)).body.data!.node).toMatchObject({ id: staying.id, name: 'Staying on' });
    });

    it('a forever ban that hides content hides the member’s topics; lifting it shows them again', async () => {
      const writer = await createUser(t);
      const topic = await postTopic(t, writer.token, { title: 'Soon hidden' });
      const ban = await t.post('/api/admin/user/ban', { userId: writer.user.id, days: -1, reason: 'Spam ring', hideContent: true }, { token: moderator.token });
      expect(ban.status, JSON.stringify(ban.body)).toBe(200);
      expect((await t.get(`/api/topic/${topic}`)).status).toBe(404);
      expect(await latestIds()).not.toContain(topic);
      expect((await t.post('/api/admin/user/unban', { userId: writer.user.id }, { token: moderator.token })).status).toBe(200);
      expect((await t.get(`/api/topic/${topic}`)).status).toBe(200);
      expect(await latestIds()).toContain(topic);
    });
  });
}
