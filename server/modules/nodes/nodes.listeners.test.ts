/**
 * The nodes feature's listener (nodes.feature.ts): each node's published-topic count follows its
 * topics (`content.placementChanged`, write); removing it fails the test here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminNodeView, NodeView } from '../../../common/views/node';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';

for (const dialect of await testDatabases()) {
  describe(`nodes listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let moderator: CreatedUser;
    let admin: CreatedUser;

    const node = async (name: string) => (await t.post<AdminNodeView>('/api/admin/node/create', { name }, { token: admin.token })).body.data!;
    /** The topic counts the node list shows (the topic form and the nodes page). */
    const topicCounts = async (...ids: number[]) => {
      const nodes = (await t.get<NodeView[]>('/api/topic/nodes')).body.data!;
      return ids.map((id) => nodes.find((n) => n.id === id)?.topicCount);
    };

    beforeAll(async () => {
      ({ t, member, moderator } = await createListenerApp(dialect));
      admin = await createUser(t, { role: 'admin' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('counts: a published topic moves its node’s topic count; moved by an edit, both nodes follow; deleted, it moves back', async () => {
      const markets = await node('Markets');
      const temples = await node('Temples');
      const topic = await postTopic(t, member.token, { title: 'Floating market', nodeId: markets.id });
      await postTopic(t, member.token, { title: 'Night market', nodeId: markets.id });
      expect(await topicCounts(markets.id, temples.id)).toEqual([2, 0]);
      expect((await t.post(`/api/topic/edit/${topic}`, { title: 'Floating temple', content: '<p>Moved</p>', nodeId: temples.id }, { token: member.token })).status).toBe(200);
      expect(await topicCounts(markets.id, temples.id)).toEqual([1, 1]);
      expect((await t.post(`/api/topic/delete/${topic}`, {}, { token: moderator.token })).status).toBe(200);
      expect(await topicCounts(markets.id, temples.id)).toEqual([1, 0]);
    });
  });
}
