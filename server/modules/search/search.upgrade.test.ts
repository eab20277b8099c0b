/**
 * A MariaDB forum upgraded from the FULLTEXT index to its own term index (migration
 * 2026112901_search_terms, ADR 0015): the migration drops FULLTEXT, creates `search_terms` and
 * marks the index for a rebuild, which the next start (here: `reindexAll`, as the start-up build
 * runs it) carries out, after which the posts written before the upgrade are found again.
 */
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit, SearchPage } from '../../../common/views/search';
import type { TopicView } from '../../../common/views/topic';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUsers } from '../../../tests/support/factories';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import { migrations } from '../../db/migrations';
import { reindexAll, reindexPending } from './search.index';

const START = Date.UTC(2026, 10, 26, 9);

describe.runIf((await testDatabases()).includes('mysql'))('search [mysql]: the upgrade to the term index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      dialect: 'mysql',
      clock: { now: () => START },
    });
    await writeTestSettings(t, { postLimits: NO_LIMIT }, START);
  });
  afterAll(() => t.close());

  const fulltextIndexes = async () => {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from information_schema.statistics
      where table_schema = database() and table_name = 'search_documents' and index_type = 'FULLTEXT'`.execute(requireDb(t.ctx));
    return Number(rows[0]!.n);
  };
  const found = async (keyword: string) => {
    const res = await t.get<SearchPage<SearchHit<TopicView>>>('/api/search/topic', { query: { keyword }, remoteAddress: '10.8.0.1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data!.results.map((hit) => hit.item.id);
  };

  it('drops FULLTEXT, and the rebuild it asks for finds the posts written before it', async () => {
    const db = requireDb(t.ctx);
    const { member } = await createUsers(t, { member: {} });
    const id = await createTopic(t, member.user, {
      title: 'Songkran water fight',
      content: '<p>清迈的泼水节</p>',
    });
    expect(await found('songkran')).toEqual([id]);

    // Back to the FULLTEXT days: the migration undone, the index built (as it was then).
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
    });
    // Down to the migration before it (later ones, such as the jobs tables, go down first).
    const down = await migrator.migrateTo('2026112806_profile_lists');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName)).toContain('2026112901_search_terms');
    expect(await fulltextIndexes()).toBe(1);
    await db.updateTable('search_reindex').set({ done: 1 }).execute();
    expect(await reindexPending(db)).toBe(false);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await fulltextIndexes()).toBe(0);
    expect(await reindexPending(db)).toBe(true);
    expect(await found('songkran')).toEqual([]);

    await reindexAll(
      db,
      (work) => db.transaction().execute(work),
      () => START,
    );
    expect(await reindexPending(db)).toBe(false);
    expect(await found('songkran')).toEqual([id]);
    expect(await found('清迈')).toEqual([id]);
  });
});
