/**
 * The pwa feature's listener of `settings.changed` (pwa.feature.ts); removing it fails the test
 * here: a new logo or title empties this process's drawn icons at the commit (the old logo's
 * pictures are not kept), while a change to another setting keeps them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createUser } from '../../../tests/support/factories';
import { createListenerApp } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { iconCacheOf } from './pwa.icons';

for (const dialect of await testDatabases()) {
  describe(`pwa listeners [${dialect}]`, () => {
    let t: TestApp;

    beforeAll(async () => {
      ({ t } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('pwa: a new title or logo drops the drawn icons at the commit; another setting keeps them', async () => {
      const admin = await createUser(t, { role: 'admin' });
      const icons = iconCacheOf(t.ctx);
      const draw = async () => {
        for (const name of ['icon-192', 'maskable-512']) expect((await t.get(`/icons/${name}.png`)).status).toBe(200);
      };
      await draw();
      expect(icons.size).toBe(2);
      expect((await t.post('/api/admin/settings', { siteNotice: 'Maintenance on Sunday' }, { token: admin.token })).status).toBe(200);
      expect(icons.size).toBe(2);
      expect((await t.post('/api/admin/settings', { siteTitle: 'Renamed' }, { token: admin.token })).status).toBe(200);
      expect(icons.size).toBe(0);
      // A refused change drops nothing.
      await draw();
      expect((await t.post('/api/admin/settings', { siteTitle: '' }, { token: admin.token })).status).toBe(400);
      expect(icons.size).toBe(2);
      await t.post('/api/admin/settings', { siteTitle: 'Sabai', siteNotice: '' }, { token: admin.token });
    });
  });
}
