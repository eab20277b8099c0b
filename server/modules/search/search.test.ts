/**
 * Search over HTTP on every engine (issue 15) with a fixed bilingual corpus (English, Chinese,
 * Thai): expected hits and non-hits per query (清迈, 签证, เชียงใหม่, an English prefix of the last
 * word, case and width), time ranges, the node filter, visibility (pending, deleted), the index
 * kept in step through every write (create, edit, node move, delete, review approval and
 * rejection), a rebuild equal to the live index, highlighting that is escaped, keyset paging in
 * a constant number of queries, the users tab, the article module switch, and abuse (the 30
 * character limit, operators and odd text as plain words, the per-IP rate limit).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { searchActions } from '../../../common/actions/search';
import { CONTENT_STATUS } from '../../../common/constants';
import type { ArticleView } from '../../../common/views/article';
import type { SearchHit, SearchPage } from '../../../common/views/search';
import type { TopicView } from '../../../common/views/topic';
import type { PublicUser } from '../../../common/views/user';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUsers, type CreatedUser } from '../../../tests/support/factories';
import { QueryCounter, withCountedDb } from '../../../tests/support/query-counter';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { setForbiddenWords } from '../../../tests/support/words';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { runWrite } from '../../kernel/write';
import { insertNode } from '../nodes/nodes.repository';
import { setPostStatus } from '../publishing/publishing.writes';
import type { Settings } from '../settings/settings.schema';
import { topicHead } from '../topics/topics.kind';
import { findTopicById } from '../topics/topics.repository';
import { reindexAll } from './search.index';
import { listTermRows } from './search.mysql.repository';
import { countHits, deleteDocumentsInRange, findHits, findPage, insertDocuments, listDocuments, prepareQuery, RANKED_MATCHES } from './search.repository';
import { documentTerms, parseQuery } from './search.text';

const START = 1_800_000_000_000;
const DAY = 24 * 3600 * 1000;

for (const dialect of await testDatabases()) {
  describe(`search [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;
    let member: CreatedUser, moderator: CreatedUser;
    let travel: number, food: number;
    const ids: Record<string, number> = {};

    const settings = (values: Partial<Settings>) => writeTestSettings(t, values, clock);
    // Each search from its own address, so the rate limit is met only where a test means to.
    let address = 0;
    const nextIp = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;
    const search = async <T = SearchHit<TopicView>>(tab: string, query: Record<string, string>, options: { ip?: string; locale?: string } = {}) =>
      t.get<SearchPage<T>>(`/api/search/${tab}`, { query, remoteAddress: options.ip ?? nextIp(), headers: options.locale ? { 'accept-language': options.locale } : {} });
    const topicIds = async (keyword: string, extra: Record<string, string> = {}) => {
      const res = await search('topic', { keyword, ...extra });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data!.results.map((hit) => hit.item.id).sort((a, b) => a - b);
    };
    const topicsNamed = (...names: string[]) => names.map((name) => ids[name]!).sort((a, b) => a - b);
    const post = (name: string, author: CreatedUser, title: string, content: string, nodeId?: number) =>
      createTopic(t, author.user, { title, content: `<p>${content}</p>`, nodeId }).then((id) => (ids[name] = id));

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
      ({ member, moderator } = await createUsers(t, { member: {}, moderator: { role: 'moderator' } }));
      await settings({ postLimits: NO_LIMIT });
      travel = await insertNode(db, { name: 'Travel' }, clock);
      food = await insertNode(db, { name: 'Food' }, clock);
      // The corpus: a year of posts, newest last.
      clock = START - 400 * DAY;
      await post('old', member, 'Old visa rules', 'Chiang Mai visa rules from long ago', travel);
      clock = START - 20 * DAY;
      await post('visaZh', member, '清迈签证攻略', '我在清迈办签证很顺利，移民局的人很友好。', travel);
      clock = START - 3 * DAY;
      await post('thai', member, 'เที่ยวเชียงใหม่', 'ไปเชียงใหม่ สวยมาก อาหารอร่อย', travel);
      clock = START - 2 * 3600 * 1000;
      await post('soi', member, 'Khao Soi in Chiang Mai', 'The best KHAO SOI near Nimman, Sabai style.', food);
      await post('split', member, '清楚的迈步', '清晨的公园里，人们迈着轻快的步子。', food);
      await post('english', member, 'Visa extension tips', 'Bring two photos and your passport copy. Sabaidee!', travel);
      clock = START;
    });
    afterAll(() => t.close());
    beforeEach(() => void (clock += 60_000));

    describe('matching', () => {
      it('finds a two-character Chinese word, not the posts that only hold its characters apart', async () => {
        expect(await topicIds('清迈')).toEqual(topicsNamed('visaZh'));
        expect(await topicIds('签证')).toEqual(topicsNamed('visaZh'));
        expect(await topicIds('清迈签证')).toEqual(topicsNamed('visaZh'));
        expect(await topicIds('移民局')).toEqual(topicsNamed('visaZh'));
        expect(await topicIds('公园')).toEqual(topicsNamed('split'));
        expect(await topicIds('清迈 公园')).toEqual([]);
      });

      it('finds a Thai word inside unspaced Thai text', async () => {
        expect(await topicIds('เชียงใหม่')).toEqual(topicsNamed('thai'));
        expect(await topicIds('อาหาร')).toEqual(topicsNamed('thai'));
      });

      it('matches English by word, the last word typed as a prefix, folding case and width', async () => {
        expect(await topicIds('visa')).toEqual(topicsNamed('old', 'english'));
        expect(await topicIds('chiang mai')).toEqual(topicsNamed('old', 'soi'));
        expect(await topicIds('khao so')).toEqual(topicsNamed('soi'));
        expect(await topicIds('ＫＨＡＯ ＳＯＩ')).toEqual(topicsNamed('soi'));
        expect(await topicIds('sabai')).toEqual(topicsNamed('soi', 'english'));
        expect(await topicIds('passport xylophone')).toEqual([]);
      });

      it('matches a prefix however many words it begins, each post once, with any other words', async () => {
        // 20 words beginning "zebu" (more than MariaDB's term index probes one by one, so there it
        // takes its LIKE path), every other post also "sticky"; one post holds two of the words.
        const created: number[] = [];
        for (let i = 0; i < 20; i += 1) {
          created.push(await createTopic(t, member.user, { title: `zebu${String.fromCharCode(97 + i)}x farm`, content: `<p>${i % 2 === 0 ? 'sticky rice' : 'plain rice'}</p>` }));
        }
        const both = await createTopic(t, member.user, { title: 'Zebuax and zebubx', content: '<p>sticky rice</p>' });
        const other = await createTopic(t, member.user, { title: 'Coconut with sticky rice', content: '<p>Nothing else.</p>' });
        const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

        const all = await search('topic', { keyword: 'zeb' });
        expect(all.body.data!.total).toBe(21);
        const next = await search('topic', { keyword: 'zeb', cursor: all.body.data!.cursor });
        expect(sorted([...all.body.data!.results, ...next.body.data!.results].map((hit) => hit.item.id))).toEqual(sorted([...created, both]));
        expect(await topicIds('sticky zeb')).toEqual(sorted([...created.filter((_, i) => i % 2 === 0), both]));
        expect(await topicIds('zebu')).toHaveLength(20);
        // A prefix beginning a few words: each post once, the one holding two included.
        expect(await topicIds('zebua')).toEqual(sorted([created[0]!, both]));
        expect(await topicIds('zebuax zebub')).toEqual([both]);
        expect(await topicIds('farm zebuc')).toEqual([created[2]!]);
        expect(await topicIds('xylophone zeb')).toEqual([]);
        expect(await topicIds('zebuqqq')).toEqual([]);
        for (const id of [...created, both, other]) {
          await runWrite(t.ctx, async (scope) => {
            const row = (await findTopicById(scope.db, id))!;
            await setPostStatus(scope, { kind: 'topic', table: 'topics', row, head: topicHead(row), nodeId: row.node_id }, CONTENT_STATUS.deleted, { id: moderator.user.id, moderator: true, ip: '' });
          });
        }
      });

      it('ranks the same relevance newer first, and answers the count, author, node, time and counts', async () => {
        const now = clock;
        clock = now - 200 * DAY;
        const older = await createTopic(t, member.user, { title: 'Tamarind candy', content: '<p>Sweet and sour</p>', nodeId: food });
        clock = now;
        const newer = await createTopic(t, member.user, { title: 'Tamarind candy', content: '<p>Sweet and sour</p>', nodeId: food });
        const page = (await search('topic', { keyword: 'tamarind' })).body.data!;
        expect(page.total).toBe(2);
        expect(page.results.map((hit) => hit.item.id)).toEqual([newer, older]);
        const hit = page.results[0]!;
        expect(hit.id).toBe(newer);
        expect(hit.item).toMatchObject({ id: newer, user: { id: member.user.id }, node: { id: food }, commentCount: 0, createTime: now });
        expect(hit.highlight).toEqual({ title: '<mark>Tamarind</mark> candy', summary: 'Sweet and sour' });
      });

      it('highlights on the server, escaping the text: only the mark is markup', async () => {
        const id = await createTopic(t, member.user, { title: 'Sabai <script>alert(1)</script> & "quotes"', content: '<p>x &lt;img src=x onerror=alert(1)&gt; sabai</p>' });
        const res = await search('topic', { keyword: 'sabai script' });
        const hit = res.body.data!.results.find((h) => h.item.id === id)!;
        expect(hit.highlight.title).toBe('<mark>Sabai</mark> &lt;<mark>script</mark>&gt;alert(1)&lt;/<mark>script</mark>&gt; &amp; &quot;quotes&quot;');
        expect(hit.highlight.summary).not.toMatch(/<(?!\/?mark>)/);
        expect(hit.highlight.summary).toContain('&lt;img');
        await runWrite(t.ctx, async (scope) => {
          const row = (await findTopicById(scope.db, id))!;
          await setPostStatus(scope, { kind: 'topic', table: 'topics', row, head: topicHead(row), nodeId: row.node_id }, CONTENT_STATUS.deleted, { id: moderator.user.id, moderator: true, ip: '' });
        });
      });
    });

    describe('filters', () => {
      it('filters by time range', async () => {
        expect(await topicIds('visa', { timeRange: '0' })).toEqual(topicsNamed('old', 'english'));
        expect(await topicIds('visa', { timeRange: '1' })).toEqual(topicsNamed('english'));
        expect(await topicIds('清迈', { timeRange: '2' })).toEqual([]);
        expect(await topicIds('清迈', { timeRange: '3' })).toEqual(topicsNamed('visaZh'));
        expect(await topicIds('visa', { timeRange: '4' })).toEqual(topicsNamed('english'));
        const bad = await search('topic', { keyword: 'visa', timeRange: '9' });
        expect(bad.status).toBe(400);
        expect(bad.body.fields?.timeRange).toBeTruthy();
      });

      it('filters topics by node', async () => {
        expect(await topicIds('chiang', { nodeId: String(food) })).toEqual(topicsNamed('soi'));
        expect(await topicIds('chiang', { nodeId: String(travel) })).toEqual(topicsNamed('old'));
        expect(await topicIds('chiang', { nodeId: '0' })).toEqual(topicsNamed('old', 'soi'));
      });
    });

    describe('kept in step', () => {
      it('follows create, edit, node moves and delete in the same transaction', async () => {
        const id = await createTopic(t, member.user, { title: 'Durian season', content: '<p>Smelly but sweet</p>', nodeId: food });
        expect(await topicIds('durian')).toEqual([id]);
        const edit = await t.post(`/api/topic/edit/${id}`, { title: 'Mango season', content: '<p>Sweet sticky rice</p>', nodeId: travel }, { token: member.token });
        expect(edit.status, JSON.stringify(edit.body)).toBe(200);
        expect(await topicIds('durian')).toEqual([]);
        expect(await topicIds('mango', { nodeId: String(travel) })).toEqual([id]);
        expect(await topicIds('mango', { nodeId: String(food) })).toEqual([]);
        const del = await t.post(`/api/topic/delete/${id}`, {}, { token: member.token });
        expect(del.status, JSON.stringify(del.body)).toBe(200);
        expect(await topicIds('mango')).toEqual([]);
        // MariaDB's term index keeps no entry of a rewritten or dropped document.
        if (t.dialect === 'mysql') expect((await listTermRows(db)).filter((row) => row.post === null)).toEqual([]);
      });

      it('keeps pending posts out until approved, and drops a rejected one', async () => {
        await setForbiddenWords(t, ['rambutan']);
        const id = await createTopic(t, member.user, { title: 'Rambutan stall', content: '<p>Lychee cousin</p>' });
        expect((await findTopicById(db, id))!.status).toBe(CONTENT_STATUS.pending);
        expect(await topicIds('lychee')).toEqual([]);
        const move = (status: number) =>
          runWrite(t.ctx, async (scope) => {
            const row = (await findTopicById(scope.db, id))!;
            await setPostStatus(scope, { kind: 'topic', table: 'topics', row, head: topicHead(row), nodeId: row.node_id }, status, { id: moderator.user.id, moderator: true, ip: '' });
          });
        await move(CONTENT_STATUS.published);
        expect(await topicIds('lychee')).toEqual([id]);
        await move(CONTENT_STATUS.deleted);
        expect(await topicIds('lychee')).toEqual([]);
        await setForbiddenWords(t, []);
      });

      it('sends an edited post back to review out of the index', async () => {
        const id = await createTopic(t, member.user, { title: 'Longan market', content: '<p>Fresh fruit</p>' });
        expect(await topicIds('longan')).toEqual([id]);
        await setForbiddenWords(t, ['contraband']);
        await t.post(`/api/topic/edit/${id}`, { title: 'Longan market', content: '<p>contraband fruit</p>' }, { token: member.token });
        expect(await topicIds('longan')).toEqual([]);
        await setForbiddenWords(t, []);
      });

      it('rolls the document back with a write that fails', async () => {
        await expect(
          runWrite(t.ctx, async (scope) => {
            await scope.db.insertInto('search_documents').values({ kind: 'topic', item_id: 999_999, node_id: 0, user_id: member.user.id, create_time: clock, terms: 'qgdgfgmgmgp' }).execute();
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
        expect((await listDocuments(db, 'topic')).some((d) => d.itemId === 999_999)).toBe(false);
      });

      it('rebuilds an index equal to the live one, resumably', async () => {
        const live = await listDocuments(db, 'topic');
        const liveArticles = await listDocuments(db, 'article');
        const liveTerms = t.dialect === 'mysql' ? await listTermRows(db) : [];
        await db.deleteFrom('search_documents').where('kind', '=', 'topic').where('item_id', '=', ids.thai!).execute();
        await db.insertInto('search_documents').values({ kind: 'topic', item_id: 888_888, node_id: 0, user_id: member.user.id, create_time: clock, terms: 'qgdgfgmgmgp' }).execute();
        const batches: number[] = [];
        const reports = await reindexAll(db, (work) => db.transaction().execute(work), () => clock, { restart: true, batch: 3, progress: (_kind, read) => batches.push(read) });
        expect(reports.find((r) => r.kind === 'topic')!.read).toBeGreaterThan(6);
        expect(batches.length).toBeGreaterThan(2);
        expect(await listDocuments(db, 'topic')).toEqual(live);
        expect(await listDocuments(db, 'article')).toEqual(liveArticles);
        // MariaDB's term index too: the removed document's entries swept, the rebuilt one's back.
        if (t.dialect === 'mysql') expect(await listTermRows(db)).toEqual(liveTerms);
        expect(await topicIds('เชียงใหม่')).toEqual(topicsNamed('thai'));
      });
    });

    describe('the index’s storage (ADR 0037)', () => {
      it('finds a post holding one word hundreds of times (MariaDB stores its count capped, in a tinyint)', async () => {
        const id = await createTopic(t, member.user, { title: 'Rambutan', content: `<p>${'rambutan '.repeat(300)}season</p>` });
        expect(await topicIds('rambutan season')).toEqual([id]);
        if (t.dialect === 'mysql') {
          const rows = (await listTermRows(db)).filter((row) => row.post === `topic:${id}`);
          expect(Math.max(...rows.map((row) => row.tf))).toBe(255);
        }
      });

      it.runIf(dialect === 'postgres')('keeps each document’s tsv in its row, and leaves the planner statistics after a rebuild', async () => {
        const storage = await sql<{ attstorage: string }>`select attstorage from pg_attribute where attrelid = 'search_documents'::regclass and attname = 'tsv'`.execute(db);
        expect(storage.rows[0]?.attstorage).toBe('m');
        // No statistics (a freshly rebuilt index's state), then the rebuild: they are there again.
        await sql`delete from pg_statistic where starelid = 'search_documents'::regclass`.execute(db);
        await reindexAll(db, (work) => db.transaction().execute(work), () => clock, { restart: true });
        const stats = await sql<{ n: number | string }>`select count(*) as n from pg_stats where tablename = 'search_documents' and attname = 'tsv'`.execute(db);
        expect(Number(stats.rows[0]?.n)).toBeGreaterThan(0);
      });

      it.runIf(dialect === 'mysql')('keeps MariaDB’s term index in compressed pages where the server writes them', async () => {
        const readOnly = await sql<{ Value: string }>`show variables like 'innodb_read_only_compressed'`.execute(db);
        const format = await sql<{ row_format: string }>`select row_format from information_schema.tables where table_schema = database() and table_name = 'search_terms'`.execute(db);
        expect(format.rows[0]?.row_format).toBe(readOnly.rows[0]?.Value === 'ON' ? 'Dynamic' : 'Compressed');
      });

      it.runIf(dialect === 'postgres')('answers a page and its count in one query on PostgreSQL', async () => {
        const counter = new QueryCounter();
        const counted = db.withPlugin(counter);
        const query = (await prepareQuery(counted, parseQuery('visa')!))!;
        const page = await findPage(counted, query, { kind: 'topic', now: clock }, null, 1);
        expect(page).toMatchObject({ total: 2, capped: false, ceiling: page.hits[0]?.id });
        expect(page.hits.map((hit) => hit.itemId)).toEqual([ids.english]);
        expect(counter.count).toBe(1);
      });
    });

    describe('pages and tabs', () => {
      it('ranks the newest 1,000 matches, says more matched, and keeps the first page’s window while posts arrive', async () => {
        // Documents of a kind of their own, straight into the index: the window is the index's rule.
        const kind = 'windowtest';
        const doc = (itemId: number) => ({ kind, itemId, nodeId: 1, userId: 1, createTime: clock, terms: documentTerms('durian season', '') });
        await insertDocuments(db, Array.from({ length: RANKED_MATCHES + 5 }, (_, i) => doc(i + 1)));
        const query = (await prepareQuery(db, parseQuery('durian')!))!;
        const filter = { kind, now: clock };
        const counted = await countHits(db, query, filter);
        expect(counted).toMatchObject({ total: RANKED_MATCHES, capped: true });
        const ceiling = counted.ceiling ?? undefined;

        const seen: number[] = [];
        let after: [number, number] | null = null;
        for (let page = 0; page < 20; page += 1) {
          const hits = await findHits(db, query, filter, after, 100);
          seen.push(...hits.map((hit) => hit.itemId));
          const last = hits.at(-1);
          if (!last || hits.length < 100) break;
          after = [last.score, last.id];
        }
        const window = Array.from({ length: RANKED_MATCHES }, (_, i) => i + 6);
        expect(seen.length).toBe(RANKED_MATCHES);
        expect(new Set(seen)).toEqual(new Set(window));

        // Newer matching posts arrive: the first page's ceiling keeps its window (scores may move
        // with the engine's term statistics, so this reads the whole window at once).
        await insertDocuments(db, [doc(5_001), doc(5_002)]);
        const kept = await findHits(db, query, { ...filter, ceiling }, null, RANKED_MATCHES + 10);
        expect(new Set(kept.map((hit) => hit.itemId))).toEqual(new Set(window));
        const fresh = await findHits(db, query, filter, null, RANKED_MATCHES + 10);
        expect(fresh.map((hit) => hit.itemId)).toEqual(expect.arrayContaining([5_001, 5_002]));
        await deleteDocumentsInRange(db, kind, 0, null);
      });

      it('pages by keyset without repeats in a constant number of queries', async () => {
        for (let i = 0; i < 25; i += 1) await createTopic(t, member.user, { title: `Pomelo ${i}`, content: `<p>pomelo salad ${'pomelo '.repeat(i % 4)}</p>` });
        const seen: number[] = [];
        let cursor = '';
        const counts: number[] = [];
        do {
          const { result: res, queries } = await withCountedDb(t.ctx, () => search('topic', { keyword: 'pomelo', ...(cursor ? { cursor } : {}) }));
          counts.push(queries);
          expect(res.body.data!.total).toBe(25);
          seen.push(...res.body.data!.results.map((h) => h.item.id));
          cursor = res.body.data!.cursor;
        } while (cursor);
        expect(seen.length).toBe(25);
        expect(new Set(seen).size).toBe(25);
        expect(new Set(counts).size).toBe(1);
        expect(counts[0]).toBeLessThanOrEqual(9);
        const bad = await search('topic', { keyword: 'pomelo', cursor: 'bm9wZQ' });
        expect(bad.status).toBe(400);
        expect(bad.body.fields?.cursor).toBe('Invalid page cursor');
      });

      it('searches articles while the module is on, and refuses the tab when it is off', async () => {
        await settings({ modules: { tweet: true, topic: true, article: true } });
        const article = await postArticle(t, member.token, { title: '清迈的咖啡馆', content: '<p>Best coffee in Chiang Mai: ร้านกาแฟ เชียงใหม่</p>' });
        const res = await search<SearchHit<ArticleView>>('article', { keyword: '清迈' });
        expect(res.body.data!.results.map((h) => h.item.id)).toEqual([article.id]);
        expect(res.body.data!.results[0]!.highlight.title).toBe('<mark>清迈</mark>的咖啡馆');
        expect((await search<SearchHit<ArticleView>>('article', { keyword: 'coffee' })).body.data!.total).toBe(1);
        // An edit rewrites the article's document; a delete drops it.
        const edited = await t.post(`/api/article/edit/${article.id}`, { title: 'เชียงใหม่ cafés', content: '<p>Tea houses now</p>' }, { token: member.token });
        expect(edited.status, JSON.stringify(edited.body)).toBe(200);
        expect((await search<SearchHit<ArticleView>>('article', { keyword: 'coffee' })).body.data!.total).toBe(0);
        expect((await search<SearchHit<ArticleView>>('article', { keyword: 'เชียงใหม่' })).body.data!.results.map((h) => h.id)).toEqual([article.id]);
        expect((await t.post(`/api/article/delete/${article.id}`, {}, { token: member.token })).status).toBe(200);
        expect((await search<SearchHit<ArticleView>>('article', { keyword: 'เชียงใหม่' })).body.data!.total).toBe(0);
        await settings({ modules: { tweet: true, topic: true, article: false } });
        const off = await search('article', { keyword: '清迈' });
        expect(off.status).toBe(403);
        await settings({ modules: { tweet: true, topic: true, article: true } });
      });

      it('finds members by username or nickname, case folded, never a disabled one', async () => {
        const { a, b } = await createUsers(t, { a: { nickname: '清迈小王' }, b: { nickname: 'SabaiSam' } });
        const names = async (keyword: string) => (await search<PublicUser>('user', { keyword })).body.data!.results.map((u) => u.id);
        expect(await names('清迈')).toEqual([a.user.id]);
        expect(await names('sabaisam')).toEqual([b.user.id]);
        expect(await names('100%_')).toEqual([]);
        await db.updateTable('users').set({ status: 1 }).where('id', '=', b.user.id).execute();
        expect(await names('sabaisam')).toEqual([]);
        const page = (await search<PublicUser>('user', { keyword: '清迈' })).body.data!;
        expect(page.total).toBe(1);
        expect(JSON.stringify(page)).not.toMatch(/password|email/i);
      });
    });

    describe('abuse', () => {
      it('refuses a keyword over 30 characters, and an empty one, naming the field in the reader’s language', async () => {
        const long = await search('topic', { keyword: 'x'.repeat(31) });
        expect(long.status).toBe(400);
        expect(long.body.fields?.keyword).toBe('The search keyword may be at most 30 characters');
        const zh = await search('user', { keyword: '长'.repeat(31) }, { locale: 'zh-CN' });
        expect(zh.body.fields?.keyword).toBe('搜索关键词最多 30 个字符');
        expect((await search('topic', { keyword: 'x'.repeat(30) })).status).toBe(200);
        expect((await search('topic', { keyword: '   ' })).body.fields?.keyword).toBe('Please enter a keyword');
        expect((await search('topic', {})).status).toBe(400);
      });

      it('treats operators, quotes and odd text as words, never a 500', async () => {
        const inputs = ['"', '"visa', 'visa*', '*', 'NEAR(visa chiang)', 'visa OR chiang', 'visa AND NOT x', '-visa +chiang', "'; drop table topics; --", 'a:*', '!!', '()', '\\', '%_', 'visa & | !', '@@', '🍜🍜', 'ㅤ', '\u200b', 'NEAR', 'x y z w v u t s r q p o n m'];
        for (const keyword of inputs) {
          for (const tab of ['topic', 'article', 'user']) {
            const res = await search(tab, { keyword });
            expect([200, 400], `${tab} ${JSON.stringify(keyword)}: ${JSON.stringify(res.body)}`).toContain(res.status);
          }
        }
        expect(await topicIds('"visa"')).toEqual(topicsNamed('old', 'english'));
        expect(await topicIds('NEAR(visa')).toEqual([]);
        // Over HTTP a lone surrogate's bytes decode to U+FFFD; handed in-process, the text guard refuses it.
        const encoded = await t.get('/api/search/topic?keyword=a%ED%A0%80b');
        expect([200, 400]).toContain(encoded.status);
        const surrogate = await t.read(searchActions.topic, { keyword: 'a\ud800b', timeRange: 0 }, { visit: { ip: '10.252.0.1', userAgent: 'test' } });
        expect(surrogate).toMatchObject({ ok: false, status: 400 });
      });

      it('limits searches per address with 429 and Retry-After', async () => {
        const ip = '10.250.0.1';
        for (let i = 0; i < 30; i += 1) expect((await search('user', { keyword: 'zz' }, { ip })).status).toBe(200);
        const over = await search('user', { keyword: 'zz' }, { ip });
        expect(over.status).toBe(429);
        expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
        expect((await search('user', { keyword: 'zz' }, { ip: '10.250.0.2' })).status).toBe(200);
      });
    });

    describe('the page', () => {
      it('serves the /search page’s tabs through the declared reads', async () => {
        const visit = { ip: '10.251.0.1', userAgent: 'test' };
        const topics = await t.read(searchActions.topic, { keyword: '签证', timeRange: 0 }, { visit });
        expect(topics.ok && topics.data.results.map((h) => h.item.id)).toEqual([ids.visaZh]);
        const long = await t.read(searchActions.user, { keyword: 'x'.repeat(31) }, { locale: 'zh-CN', visit });
        expect(long).toEqual({ ok: false, status: 400, message: expect.any(String) });
      });

      it('spends the address’s search limit on the page’s reads as on the API’s; a read with no address spends none', async () => {
        const visit = { ip: '10.253.0.1', userAgent: 'test' };
        for (let i = 0; i < 30; i += 1) expect((await t.read(searchActions.user, { keyword: 'zz' }, { visit })).ok).toBe(true);
        expect(await t.read(searchActions.user, { keyword: 'zz' }, { visit })).toMatchObject({ ok: false, status: 429 });
        expect((await search('user', { keyword: 'zz' }, { ip: visit.ip })).status).toBe(429);
        for (let i = 0; i < 31; i += 1) expect((await t.read(searchActions.user, { keyword: 'zz' })).ok).toBe(true);
      });

      it('refuses the articles tab while the module is off before reading the query or spending the limit', async () => {
        await settings({ modules: { tweet: true, topic: true, article: false } });
        try {
          const ip = '10.254.0.1';
          for (let i = 0; i < 31; i += 1) expect((await search('article', { keyword: '' }, { ip })).status).toBe(403);
          expect((await search('topic', { keyword: 'zz' }, { ip })).status).toBe(200);
        } finally {
          await settings({ modules: { tweet: true, topic: true, article: true } });
        }
      });
    });
  });
}
