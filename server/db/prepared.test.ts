/**
 * Hot queries built once (db/prepared.ts), on every engine: each run sends the SQL built on the
 * first with its own values (fixed values kept), inside a transaction as outside, and a query
 * whose slot Kysely did not bind, or a run missing a value, is refused instead of run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases, type TestDatabase } from '../../tests/support/databases';
import type { Database } from './database';
import { openDatabase } from './open';
import { prepared, preparedInsert } from './prepared';

const engines = await testDatabases();

const settingByKey = prepared((db, p: { key: string }) => db.selectFrom('settings').select(['key', 'value']).where('key', '=', p.key));
// `value` is fixed: only the key is a slot.
const settingIfPlain = prepared((db, p: { key: string }) => db.selectFrom('settings').select('key').where('key', '=', p.key).where('value', '=', 'plain'));
const settingChanged = prepared((db, p: { key: string; value: string }) => db.updateTable('settings').set({ value: p.value }).where('key', '=', p.key));
const nodeInserted = preparedInsert('nodes', ['name', 'description', 'logo', 'sort_no', 'in_nav', 'topic_count', 'status', 'create_time', 'update_time']);

for (const dialect of engines) {
  describe(`prepared queries [${dialect}]`, () => {
    let database: TestDatabase;
    let db: Database;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      db = await openDatabase(database.config);
      await db
        .insertInto('settings')
        .values([
          { key: 'prepared.a', value: 'plain', create_time: 1, update_time: 1 },
          { key: 'prepared.b', value: 'other', create_time: 1, update_time: 1 },
        ])
        .execute();
    });
    afterAll(async () => {
      await db.destroy();
      await database.drop();
    });

    it('runs with each call’s values, the fixed ones kept', async () => {
      expect(await settingByKey.first(db, { key: 'prepared.a' })).toEqual({ key: 'prepared.a', value: 'plain' });
      expect(await settingByKey.first(db, { key: 'prepared.b' })).toEqual({ key: 'prepared.b', value: 'other' });
      expect(await settingByKey.rows(db, { key: 'prepared.none' })).toEqual([]);
      expect(await settingIfPlain.rows(db, { key: 'prepared.a' })).toEqual([{ key: 'prepared.a' }]);
      expect(await settingIfPlain.rows(db, { key: 'prepared.b' })).toEqual([]);
    });

    it('writes inside a transaction, which rolls them back with it', async () => {
      await db
        .transaction()
        .execute(async (trx) => {
          const result = await settingChanged.run(trx, { key: 'prepared.b', value: 'changed' });
          expect(Number(result.numAffectedRows)).toBe(1);
          expect(await settingByKey.first(trx, { key: 'prepared.b' })).toEqual({ key: 'prepared.b', value: 'changed' });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(await settingByKey.first(db, { key: 'prepared.b' })).toEqual({ key: 'prepared.b', value: 'other' });
    });

    it('inserts answer each new row’s id', async () => {
      const values = { name: 'Prepared', description: '', logo: '', sort_no: 0, in_nav: 0, topic_count: 0, status: 0, create_time: 1, update_time: 1 };
      const first = await nodeInserted(db, values);
      const second = await nodeInserted(db, { ...values, name: 'Prepared 2' });
      expect(second).toBeGreaterThan(first);
      const rows = await db.selectFrom('nodes').select(['id', 'name']).where('id', 'in', [first, second]).orderBy('id').execute();
      expect(rows).toEqual([
        { id: first, name: 'Prepared' },
        { id: second, name: 'Prepared 2' },
      ]);
      await expect(nodeInserted(db, { ...values, extra: 1 } as typeof values)).rejects.toThrow(/columns/);
    });

    it('refuses a run without a value, and a slot that did not become a parameter', async () => {
      await expect(settingByKey.first(db, {} as { key: string })).rejects.toThrow(/no value for key/);
      // The slot is read by the builder (here turned into text) instead of bound: refused at its first build.
      const misused = prepared((trx, p: { key: string }) => trx.selectFrom('settings').select('key').where('key', '=', `${String(p.key)}`));
      await expect(misused.first(db, { key: 'prepared.a' })).rejects.toThrow(/not bound as parameters/);
    });
  });
}
