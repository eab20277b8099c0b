/**
 * The topics feature's listeners (topics.feature.ts), each proved by what a reader would see;
 * removing one fails a test here:
 *   - the cached topic feeds (commit, `dropFeedsOf`): a topic created or edited, a recommend
 *     (`content.flagged`), a delete (`content.statusChanged`), a node or tag edited in the back
 *     office (`site.catalogChanged`);
 *   - the cached pages (commit): a new topic drops the lists, an edit its page and the lists.
 * The caches are on here (they are off in other suites).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    let moderator: CreatedUser;

    async function latestIds(): Promise<number[]> {
      const res = await t.get<{ results: TopicView[] }>('/api/topic/topics', { query: { nodeId: '0' } });
      expect(res.status).toBe(200);
      return res.body.data!.results.map((r) => r.id);
    }

    beforeAll(async () => {
      ({ t, member, moderator } = await createListenerApp(dialect));
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
      const edited = await droppedPages(t, () => t.post(`/api/topic/edit/${topic}`, { title: 'Cached page, edited', content: '<p>New</p>' }, { token: member.token }));
      expect(edited).toEqual(expect.arrayContaining([`topic:${topic}`, 'lists']));
    });

  });
}
