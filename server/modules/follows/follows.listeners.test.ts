/**
 * The follows feature's listener of another feature's fact (follows.feature.ts); removing it
 * fails its test here, on every engine:
 *   - `block.changed` (write): a block ends the follows between the two members, both ways, and
 *     their counts follow.
 * Its listeners of `follow.changed` are proved in follows.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createUser } from '../../../tests/support/factories';
import { createListenerApp } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';

for (const dialect of await testDatabases()) {
  describe(`follows listeners [${dialect}]`, () => {
    let t: TestApp;

    beforeAll(async () => {
      ({ t } = await createListenerApp(dialect));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('block.changed: the follows between blocker and blocked end both ways, with their counts', async () => {
      const db = requireDb(t.ctx);
      const alice = await createUser(t);
      const bob = await createUser(t);
      expect((await t.post('/api/fans/follow', { userId: bob.user.id }, { token: alice.token })).status).toBe(200);
      expect((await t.post('/api/fans/follow', { userId: alice.user.id }, { token: bob.token })).status).toBe(200);
      expect((await t.post('/api/user/block', { userId: alice.user.id }, { token: bob.token })).status).toBe(200);
      const follows = await db.selectFrom('user_follows').select('id').where('user_id', 'in', [alice.user.id, bob.user.id]).execute();
      expect(follows).toEqual([]);
      const counts = await db.selectFrom('users').select(['follow_count', 'fans_count']).where('id', 'in', [alice.user.id, bob.user.id]).execute();
      expect(counts).toEqual([
        { follow_count: 0, fans_count: 0 },
        { follow_count: 0, fans_count: 0 },
      ]);
    });
  });
}
