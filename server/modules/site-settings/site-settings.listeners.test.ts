/**
 * The settings feature's listeners of `settings.changed` (site-settings.feature.ts); removing one
 * fails the test here: this process's feeds and settings cache dropped at once (commit), every
 * cached page dropped (commit: the header is on every page), the change audited (write).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createUser } from '../../../tests/support/factories';
import { createListenerApp, droppedPages, LISTENER_START } from '../../../tests/support/listeners';
import { writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Settings } from '../settings/settings.schema';

for (const dialect of await testDatabases()) {
  describe(`settings listeners [${dialect}]`, () => {
    let t: TestApp;

    const settings = (values: Partial<Settings>) => writeTestSettings(t, values, LISTENER_START);

    beforeAll(async () => {
      ({ t } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('settings: a change drops every page, the feeds and the settings cache at once, and is audited', async () => {
      const admin = await createUser(t, { role: 'admin' });
      try {
        expect((await t.get('/api/config/configs')).body.data).toMatchObject({ siteTitle: 'Sabai' });
        let cleared = 0;
        const clear = t.ctx.feedCache.clear.bind(t.ctx.feedCache);
        t.ctx.feedCache.clear = (prefix) => {
          cleared += 1;
          clear(prefix);
        };
        const dropped = await droppedPages(t, () => t.post('/api/admin/settings', { siteTitle: 'Renamed', modules: { tweet: true, topic: true, article: false } }, { token: admin.token }));
        t.ctx.feedCache.clear = clear;
        // pages (commit): every page shows the header.
        expect(dropped).toEqual(['*']);
        // settings (commit): the feeds are dropped, and the next read sees the change with no 5 s wait.
        expect(cleared).toBe(1);
        expect((await t.get('/api/config/configs')).body.data).toMatchObject({ siteTitle: 'Renamed', modules: { article: false } });
        expect((await t.get('/api/article/articles')).status).toBe(403);
        // audit (write): who changed which keys.
        const audit = await requireDb(t.ctx).selectFrom('audit_logs').select(['actor_id', 'action', 'detail']).where('action', '=', 'settings.update').execute();
        expect(audit).toEqual([{ actor_id: admin.user.id, action: 'settings.update', detail: JSON.stringify({ keys: 'siteTitle, modules' }) }]);
        // A refused change records nothing and drops nothing.
        expect(await droppedPages(t, () => t.post('/api/admin/settings', { siteTitle: '' }, { token: admin.token }))).toEqual([]);
      } finally {
        await settings({ siteTitle: 'Sabai', modules: { tweet: true, topic: true, article: true } });
      }
    });
  });
}
