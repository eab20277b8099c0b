/**
 * The site feature's listeners of its catalogue's fact, `site.catalogChanged` (site.feature.ts):
 * every back-office change of a node, tag, friend link or notice is in the audit log (write),
 * and drops the cached pages as far as it shows (commit): a node's or tag's name is on every
 * page with a topic or article, friend links (/links) and notices (home) on the lists only.
 * Removing either fails a test here; the feeds' own drops are the topics and articles features'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminNodeView } from '../../../common/views/node';
import type { TopicView } from '../../../common/views/topic';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { auditOf, createListenerApp, droppedPages } from '../../../tests/support/listeners';
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

    it('audit: each change of a node, tag, friend link or notice is in the audit log, by whom and to what', async () => {
      const node = (await t.post<AdminNodeView>('/api/admin/node/create', { name: 'Audited node' }, { token: admin.token })).body.data!;
      const link = (await t.post<{ id: number }>('/api/admin/link/create', { title: 'Audited link', url: 'https://audited.example' }, { token: admin.token })).body.data!;
      const notice = (await t.post<{ id: number }>('/api/admin/notice/create', { title: 'Audited notice', content: 'Hello' }, { token: admin.token })).body.data!;
      const topic = await postTopic(t, member.token, { tags: ['audited-tag'] });
      const tag = (await t.get<TopicView>(`/api/topic/${topic}`)).body.data!.tags[0]!;
      expect((await t.post('/api/admin/tag/rename', { id: tag.id, name: 'Audited tag' }, { token: admin.token })).status).toBe(200);
      const entries = (await auditOf(t, admin)).map((entry) => [entry.actor?.id, entry.action, entry.targetType, entry.targetId]);
      expect(entries).toEqual(
        expect.arrayContaining([
          [admin.user.id, 'node.create', 'node', node.id],
          [admin.user.id, 'link.create', 'link', link.id],
          [admin.user.id, 'notice.create', 'notice', notice.id],
          [admin.user.id, 'tag.rename', 'tag', tag.id],
        ]),
      );
      expect((await auditOf(t, admin, { targetType: 'tag', targetId: String(tag.id) }))[0]!.detail).toEqual({ name: 'Audited tag', previousName: 'audited-tag' });
    });
  });
}
