/**
 * The search feature's listener of `node.topicsMoved` (search.feature.ts): a node deleted hands
 * its topics on, and their documents follow, so the node filter finds them under the node they
 * moved to; removing it fails the test here. Its listeners of posts created, edited and moved in
 * status are proved in search.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminNodeView } from '../../../common/views/node';
import type { SearchPage } from '../../../common/views/search';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';

for (const dialect of await testDatabases()) {
  describe(`search listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let admin: CreatedUser;

    // Each search from its own address, so the search limit is never met.
    let address = 0;
    const found = async (keyword: string, nodeId: number) => {
      const res = await t.get<SearchPage<{ item: { id: number } }>>('/api/search/topic', { query: { keyword, nodeId: String(nodeId) }, remoteAddress: `10.9.0.${++address}` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data!.results.map((hit) => hit.item.id);
    };

    beforeAll(async () => {
      ({ t, member } = await createListenerApp(dialect));
      admin = await createUser(t, { role: 'admin' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('a node deleted hands its topics on: searching the node they moved to finds them', async () => {
      const node = async (name: string) => (await t.post<AdminNodeView>('/api/admin/node/create', { name }, { token: admin.token })).body.data!;
      const leaving = await node('Leaving soon');
      const staying = await node('Staying on');
      const topic = await postTopic(t, member.token, { title: 'Mangosteen season', content: '<p>Queen of fruits</p>', nodeId: leaving.id });
      expect(await found('mangosteen', leaving.id)).toEqual([topic]);
      expect((await t.post('/api/admin/node/delete', { id: leaving.id, moveTo: staying.id }, { token: admin.token })).status).toBe(200);
      expect(await found('mangosteen', staying.id)).toEqual([topic]);
    });
  });
}
