/**
 * The site feature's listeners of its catalogue's fact, `site.catalogChanged` (site.feature.ts):
 * every back-office change of a node, tag, friend link or notice drops the cached pages as far
 * as it shows (commit): a node's or tag's name is on every page with a topic or article, friend
 * links (/links) and notices (home) on the lists only. The feeds' own drops are the topics and
 * articles features'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopicView } from '../../../common/views/topic';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp, droppedPages } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';

for (const dialect of await testDatabases()) {
  describe(`site listeners [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let admin: CreatedUser;

    beforeAll(async () => {
      ({ t, member } = await createListenerApp(dialect));
      admin = await createUser(t, { role: 'admin' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('back office (issue 17): a node or tag edited drops every page; a friend link or notice, the lists', async () => {
      const topic = await postTopic(t, member.token, { title: 'Node named', tags: ['yam-woon-sen'] });
      const { node, tags } = (await t.get<TopicView>(`/api/topic/${topic}`)).body.data!;
      const renamed = await droppedPages(t, () => t.post('/api/admin/node/update', { id: node!.id, name: 'Renamed node' }, { token: admin.token }));
      expect(renamed).toEqual(['*']);
      const retagged = await droppedPages(t, () => t.post('/api/admin/tag/rename', { id: tags[0]!.id, name: 'Glass noodle salad' }, { token: admin.token }));
      expect(retagged).toEqual(['*']);
      // Friend links (/links) and notices (home) show on list pages only.
      expect(await droppedPages(t, () => t.post('/api/admin/link/create', { title: 'Friends', url: 'https://friends.example' }, { token: admin.token }))).toEqual(['lists']);
      expect(await droppedPages(t, () => t.post('/api/admin/notice/create', { title: 'Hello', content: 'Welcome' }, { token: admin.token }))).toEqual(['lists']);
    });

  });
}
