import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { CompiledQuery, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryId, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { QueryCounter } from '../../../tests/support/query-counter';
import { createComment, createUser, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, writeTestSettings, type ApiResponse, type TestApp } from '../../../tests/support/test-app';
import { createTopic, postTopic } from '../../../tests/support/topic-factories';
import { setForbiddenWords } from '../../../tests/support/words';
import { nodeActions } from '../../../common/actions/nodes';
import { tagActions } from '../../../common/actions/tags';
import { topicActions } from '../../../common/actions/topics';
import { TOPIC_LIMITS } from '../../../common/constants';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { MemoryDedupStore, RedisDedupStore } from '../../infra/dedup';
import { listAuditFor } from '../audit/audit.service';
import { insertNode } from '../nodes/nodes.repository';
import { nameDefaultNode, SEEDED_NODE_NAME } from '../nodes/nodes.service';
import type { Settings } from '../settings/settings.schema';
import { FEED_CACHE_TTL_MS, setFeedCacheTtl } from '../../kernel/feed-cache';
import { forumNamespace } from '../../infra/namespace';
import type { TopicEditView, TopicView } from './topics.presenter';

interface FeedPage {
  results: TopicView[];
  cursor: string;
  hasMore: boolean;
}

const START = 1_800_000_000_000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Keeps every query a Kysely handle runs, to compile and EXPLAIN them afterwards. */
class QueryRecorder implements KyselyPlugin {
  queries: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push({ node: args.node, queryId: args.queryId });
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

function ids(page: { results: TopicView[] }): number[] {
  return page.results.map((r) => r.id);
}

for (const dialect of await testDatabases()) {
  describe(`topics [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;
    let member: CreatedUser, other: CreatedUser, banned: CreatedUser, unverified: CreatedUser, moderator: CreatedUser, admin: CreatedUser;

    const tick = (ms = 1000) => (clock += ms);
    const settings = (values: Partial<Settings>) => writeTestSettings(t, values, clock);
    async function topic(id: number, token?: string): Promise<ApiResponse<TopicView>> {
      return t.get<TopicView>(`/api/topic/${id}`, { token, headers: { 'user-agent': 'test-no-count' } });
    }
    async function userRow(id: number) {
      return db.selectFrom('users').select(['topic_count']).where('id', '=', id).executeTakeFirstOrThrow();
    }
    async function feed(query: Record<string, string>, token?: string): Promise<FeedPage> {
      const res = await t.get<FeedPage>('/api/topic/topics', { query, token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data!;
    }

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
      member = await createUser(t);
      other = await createUser(t);
      banned = await createUser(t, { banned: true });
      unverified = await createUser(t, { verified: false });
      moderator = await createUser(t, { role: 'moderator' });
      admin = await createUser(t, { role: 'admin' });
      await settings({ postLimits: { perUser: { max: 0, windowMs: 60_000 }, perIp: { max: 0, windowMs: 60_000 } } });
    });
    afterAll(() => t.close());
    beforeEach(() => {
      tick(60_000);
    });

    describe('nodes', () => {
      it('answers the default node, and nav nodes only in the nav list, in display order', async () => {
        await insertNode(db, { name: 'Hidden from nav', sortNo: 5, inNav: false }, clock);
        await insertNode(db, { name: 'Second', sortNo: 1, inNav: true }, clock);
        const all = await t.get<Array<{ id: number; name: string; description: string; logo: string }>>('/api/topic/nodes');
        expect(all.status).toBe(200);
        expect(all.body.data!.map((n) => n.name)).toEqual(['General', 'Second', 'Hidden from nav']);
        expect(Object.keys(all.body.data![0]!)).toEqual(expect.arrayContaining(['id', 'name', 'description', 'logo']));
        const nav = await t.get<Array<{ name: string }>>('/api/topic/node_navs');
        expect(nav.body.data!.map((n) => n.name)).toEqual(['General', 'Second']);
      });
    });

    describe('create', () => {
      it('creates a post: sanitized content, tags created on use, counters in step, API shape', async () => {
        const before = await userRow(member.user.id);
        const res = await t.post<TopicView>(
          '/api/topic/create',
          {
            type: 0,
            nodeId: 1,
            title: '  Hello <b>world</b>  ',
            content: '<p>Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
            contentType: 'html',
            tags: ['Alpha', 'beta', 'alpha'],
            hideContent: '<p>secret words</p>',
          },
          { token: member.token, headers: { 'user-agent': BROWSER } },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const topicView = res.body.data!;
        expect(topicView).toMatchObject({
          type: 0,
          title: 'Hello <b>world</b>',
          contentType: 'html',
          status: 0,
          sticky: false,
          recommend: false,
          viewCount: 0,
          commentCount: 0,
          likeCount: 0,
          favoriteCount: 0,
          liked: false,
          favorited: false,
          hasHiddenContent: true,
          ipLocation: null,
          node: { id: 1, name: 'General' },
          user: { id: member.user.id, nickname: member.user.nickname },
        });
        expect(topicView.tags.map((tag) => tag.name)).toEqual(['Alpha', 'beta']);
        expect(topicView.content).toContain('Hi');
        expect(topicView.content).not.toContain('<script');
        expect(topicView.content).not.toContain('javascript:');
        expect(topicView.content).not.toContain('secret words');
        expect(topicView.summary).toContain('Hi');
        for (const key of ['id', 'type', 'node', 'title', 'summary', 'content', 'contentType', 'tags', 'imageList', 'user', 'status', 'sticky', 'recommend', 'viewCount', 'commentCount', 'likeCount', 'favoriteCount', 'ipLocation', 'createTime', 'lastCommentTime', 'liked', 'favorited', 'hasHiddenContent']) {
          expect(topicView).toHaveProperty(key);
        }
        const serialized = JSON.stringify(res.body);
        expect(serialized).not.toContain(member.user.email!);
        expect(serialized).not.toContain('127.0.0.1');
        expect(serialized).not.toContain('password');
        expect((await userRow(member.user.id)).topic_count).toBe(before.topic_count + 1);
        const tags = await db.selectFrom('tags').select(['name', 'topic_count']).where('name', 'in', ['Alpha', 'beta']).orderBy('name').execute();
        expect(tags).toEqual([
          { name: 'Alpha', topic_count: 1 },
          { name: 'beta', topic_count: 1 },
        ]);
        // A tag reused in another case is the same tag.
        await postTopic(t, other.token, { tags: ['ALPHA'] });
        const alpha = await db.selectFrom('tags').selectAll().where('name', '=', 'Alpha').executeTakeFirstOrThrow();
        expect(alpha.topic_count).toBe(2);
        // MySQL compares names regardless of case anyway; elsewhere no second row exists.
        expect(await db.selectFrom('tags').select('id').where('name', '=', 'ALPHA').executeTakeFirst()).toEqual(dialect === 'mysql' ? { id: alpha.id } : undefined);
      });

      it('creates a tweet: no title, images, text by default; form-encoded bodies work', async () => {
        const res = await t.post<TopicView>(
          '/api/topic/create',
          { type: 'tweet', title: 'ignored', content: 'just a line\nhttps://example.com', imageList: [{ url: 'https://img.example.com/a.png' }, '/uploads/b.webp'] },
          { token: member.token },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toMatchObject({ type: 1, title: '', contentType: 'text', imageList: [{ url: 'https://img.example.com/a.png' }, { url: '/uploads/b.webp' }] });
        const form = await t.request<TopicView>('POST', '/api/topic/create', { form: { type: '1', content: 'form tweet', tags: 'x1,y1' }, token: member.token });
        expect(form.status, JSON.stringify(form.body)).toBe(200);
        expect(form.body.data!.tags.map((tag) => tag.name)).toEqual(['x1', 'y1']);
        const imagesOnly = await t.post<TopicView>('/api/topic/create', { type: 1, content: '', imageList: ['/uploads/c.png'] }, { token: member.token });
        expect(imagesOnly.status).toBe(200);
      });

      it('refuses bad input with field errors', async () => {
        const cases: Array<[Record<string, unknown>, string, string?]> = [
          [{ nodeId: 9999 }, 'nodeId', 'This node does not exist'],
          [{ title: '' }, 'title', 'Please enter a title'],
          [{ title: 'x'.repeat(129) }, 'title', 'The title may be at most 128 characters'],
          [{ tags: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'tags', 'At most 5 tags'],
          [{ tags: ['y'.repeat(33)] }, 'tags', 'A tag may be at most 32 characters'],
          [{ imageList: Array.from({ length: 10 }, (_, i) => `/uploads/${i}.png`) }, 'imageList', 'At most 9 images'],
          [{ imageList: ['javascript:alert(1)'] }, 'imageList'],
          [{ imageList: ['//evil.example/x.png'] }, 'imageList'],
          [{ content: '<p>  </p>' }, 'content', 'Please enter some content'],
          [{ contentType: 'docx' }, 'contentType'],
          [{ type: 7 }, 'type'],
        ];
        for (const [body, field, message] of cases) {
          const res = await t.post('/api/topic/create', { title: 'Valid title', content: '<p>valid</p>', ...body }, { token: member.token });
          expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(res.body.errorCode).toBe(5);
          expect(Object.keys(res.body.fields ?? {})).toContain(field);
          if (message) expect(res.body.fields![field]).toBe(message);
        }
        const tweet = await t.post('/api/topic/create', { type: 1, content: '   ' }, { token: member.token });
        expect(tweet.status).toBe(400);
        expect(tweet.body.fields).toHaveProperty('content');
        // zh-CN messages too.
        const zh = await t.post('/api/topic/create', { title: '', content: 'x' }, { token: member.token, headers: { 'accept-language': 'zh-CN' } });
        expect(zh.body.fields!.title).toBe('请输入标题');
      });

      it('refuses a disabled type with 403, and the other type still works', async () => {
        await settings({ modules: { tweet: false, topic: true, article: true } });
        const tweet = await t.post('/api/topic/create', { type: 1, content: 'hi' }, { token: member.token });
        expect(tweet.status).toBe(403);
        expect(tweet.body).toMatchObject({ errorCode: 2, message: 'The tweet feature is not enabled' });
        // The switch answers before the fields (an empty tweet), and after who may post (an unverified e-mail).
        expect((await t.post('/api/topic/create', { type: 'tweet', content: '', imageList: 'not a list' }, { token: member.token })).body).toMatchObject({ errorCode: 2, message: 'The tweet feature is not enabled' });
        expect((await t.post('/api/topic/create', { type: 1, content: 'hi' }, { token: unverified.token })).body.errorCode).toBe(4);
        // A type the schema refuses is a field error, whatever is switched off.
        expect((await t.post('/api/topic/create', { type: 7, content: 'hi' }, { token: member.token })).status).toBe(400);
        expect((await t.post('/api/topic/create', { title: 'ok', content: 'ok' }, { token: member.token })).status).toBe(200);
        await settings({ modules: { tweet: true, topic: false, article: true } });
        const post = await t.post('/api/topic/create', { type: 0, title: 'x', content: 'y' }, { token: member.token });
        expect(post.status).toBe(403);
        expect(post.body.message).toBe('The topic feature is not enabled');
        await settings({ modules: { tweet: true, topic: true, article: true } });
      });

      it('applies per-user and per-IP posting limits, exempting moderators; refused input does not count', async () => {
        await settings({ postLimits: { perUser: { max: 2, windowMs: 3_600_000 }, perIp: { max: 0, windowMs: 60_000 } } });
        const poster = await createUser(t);
        const bad = await t.post('/api/topic/create', { title: '', content: 'x' }, { token: poster.token });
        expect(bad.status).toBe(400);
        await postTopic(t, poster.token);
        await postTopic(t, poster.token);
        const third = await t.post('/api/topic/create', { title: 'third', content: 'x' }, { token: poster.token });
        expect(third.status).toBe(429);
        expect(third.body.errorCode).toBe(7);
        expect(third.headers['retry-after']).toBeDefined();
        for (let i = 0; i < 3; i += 1) await postTopic(t, moderator.token);

        await settings({ postLimits: { perUser: { max: 0, windowMs: 60_000 }, perIp: { max: 1, windowMs: 3_600_000 } } });
        const a = await createUser(t);
        const b = await createUser(t);
        expect((await t.post('/api/topic/create', { title: 'a', content: 'x' }, { token: a.token, remoteAddress: '10.9.9.9' })).status).toBe(200);
        expect((await t.post('/api/topic/create', { title: 'b', content: 'x' }, { token: b.token, remoteAddress: '10.9.9.9' })).status).toBe(429);
        expect((await t.post('/api/topic/create', { title: 'b', content: 'x' }, { token: b.token, remoteAddress: '10.9.9.10' })).status).toBe(200);
        await settings({ postLimits: { perUser: { max: 0, windowMs: 60_000 }, perIp: { max: 0, windowMs: 60_000 } } });
      });

      it('keeps counters exact under concurrent posting by one author in one node with one new tag', async () => {
        const author = await createUser(t);
        const n = await insertNode(db, { name: 'Concurrent' }, clock);
        const results = await Promise.all(
          Array.from({ length: 12 }, (_, i) => t.post<TopicView>('/api/topic/create', { nodeId: n, title: `parallel ${i}`, content: 'x', tags: ['RaceTag', `solo${i}`] }, { token: author.token })),
        );
        expect(results.map((r) => r.status)).toEqual(Array.from({ length: 12 }, () => 200));
        expect((await userRow(author.user.id)).topic_count).toBe(12);
        expect((await db.selectFrom('nodes').select('topic_count').where('id', '=', n).executeTakeFirstOrThrow()).topic_count).toBe(12);
        const tags = await db.selectFrom('tags').select(['name', 'topic_count']).where('name', '=', 'RaceTag').execute();
        expect(tags).toEqual([{ name: 'RaceTag', topic_count: 12 }]);
        expect(results.every((r) => r.body.data!.tags.some((tag) => tag.name === 'RaceTag'))).toBe(true);
      });

      it('stores the IP and locates it by address, never by an untrusted country header', async () => {
        // A documentation address has no country, and the header claiming TH is not trusted.
        const res = await t.post<TopicView>('/api/topic/create', { title: 'where', content: 'x' }, { token: member.token, headers: { 'cf-ipcountry': 'TH' }, remoteAddress: '203.0.113.9' });
        const row = await db.selectFrom('topics').select(['ip', 'ip_country', 'user_agent']).where('id', '=', res.body.data!.id).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ ip: '203.0.113.9', ip_country: '' });
        expect(res.body.data!.ipLocation).toBeNull();
        // A public address is found in the country table, and named in the reader's language.
        const fromThailand = await t.post<TopicView>('/api/topic/create', { title: 'where', content: 'x' }, { token: member.token, headers: { 'cf-ipcountry': 'US' }, remoteAddress: '1.0.128.1' });
        expect(fromThailand.body.data!.ipLocation).toEqual({ country: 'TH', region: '', label: 'Thailand' });
        const zh = await t.get<TopicView>(`/api/topic/${fromThailand.body.data!.id}`, { headers: { 'accept-language': 'zh-CN' } });
        expect(zh.body.data!.ipLocation!.label).toBe('泰国');
      });
    });

    describe('authorization matrix over every mutating route', () => {
      // `bannedAuthor` and `unverifiedAuthor` act on a topic of their own (written before the ban
      // or the e-mail change); every other actor acts on `member`'s topic.
      type Who = 'anonymous' | 'member' | 'other' | 'banned' | 'unverified' | 'bannedAuthor' | 'unverifiedAuthor' | 'moderator' | 'admin';
      const everyone: Who[] = ['anonymous', 'member', 'other', 'banned', 'unverified', 'bannedAuthor', 'unverifiedAuthor', 'moderator', 'admin'];
      const tokenOf = (who: Who): string | undefined =>
        ({
          anonymous: undefined,
          member: member.token,
          other: other.token,
          banned: banned.token,
          unverified: unverified.token,
          bannedAuthor: banned.token,
          unverifiedAuthor: unverified.token,
          moderator: moderator.token,
          admin: admin.token,
        })[who];
      const authorOf = (who: Who) => (who === 'bannedAuthor' ? banned.user : who === 'unverifiedAuthor' ? unverified.user : member.user);
      // [status, errorCode] per actor. A ban stops every write; an unverified e-mail stops posting
      // and editing, not deleting one's own topic or opening its edit form.
      const expected: Record<string, Record<Who, [number, number?]>> = {
        create: { anonymous: [401, 1], member: [200], other: [200], banned: [403, 3], unverified: [403, 4], bannedAuthor: [403, 3], unverifiedAuthor: [403, 4], moderator: [200], admin: [200] },
        edit: { anonymous: [401, 1], member: [200], other: [403, 2], banned: [403, 3], unverified: [403, 4], bannedAuthor: [403, 3], unverifiedAuthor: [403, 4], moderator: [200], admin: [200] },
        delete: { anonymous: [401, 1], member: [200], other: [403, 2], banned: [403, 3], unverified: [403, 2], bannedAuthor: [403, 3], unverifiedAuthor: [200], moderator: [200], admin: [200] },
        recommend: { anonymous: [401, 1], member: [403, 2], other: [403, 2], banned: [403, 3], unverified: [403, 2], bannedAuthor: [403, 3], unverifiedAuthor: [403, 2], moderator: [200], admin: [200] },
        sticky: { anonymous: [401, 1], member: [403, 2], other: [403, 2], banned: [403, 3], unverified: [403, 2], bannedAuthor: [403, 3], unverifiedAuthor: [403, 2], moderator: [200], admin: [200] },
        editForm: { anonymous: [401, 1], member: [200], other: [403, 2], banned: [403, 3], unverified: [403, 2], bannedAuthor: [403, 3], unverifiedAuthor: [200], moderator: [200], admin: [200] },
        commentRules: { anonymous: [401, 1], member: [403, 2], other: [403, 2], banned: [403, 3], unverified: [403, 2], bannedAuthor: [403, 3], unverifiedAuthor: [403, 2], moderator: [200], admin: [200] },
      };

      for (const route of Object.keys(expected)) {
        it(`${route}`, async () => {
          for (const who of everyone) {
            const topicId = await createTopic(t, authorOf(who), { title: `matrix ${route} ${who}` });
            const token = tokenOf(who);
            let res: ApiResponse;
            switch (route) {
              case 'create':
                res = await t.post('/api/topic/create', { title: 'by ' + who, content: 'x' }, { token });
                break;
              case 'edit':
                res = await t.post(`/api/topic/edit/${topicId}`, { title: 'edited by ' + who, content: 'y' }, { token });
                break;
              case 'delete':
                res = await t.post(`/api/topic/delete/${topicId}`, {}, { token });
                break;
              case 'recommend':
                res = await t.post(`/api/topic/recommend/${topicId}`, { recommend: true }, { token });
                break;
              case 'sticky':
                res = await t.post(`/api/topic/sticky/${topicId}`, { sticky: true }, { token });
                break;
              case 'commentRules':
                res = await t.post(`/api/topic/comment_rules/${topicId}`, { locked: true, slowModeSeconds: 0 }, { token });
                break;
              default:
                res = await t.get(`/api/topic/edit/${topicId}`, { token });
            }
            const [status, code] = expected[route]![who];
            expect(res.status, `${route} as ${who}: ${JSON.stringify(res.body)}`).toBe(status);
            if (code !== undefined) expect(res.body.errorCode, `${route} as ${who}`).toBe(code);
            if (route === 'create' && who === 'unverified') expect(res.body.message).toBe('Before posting a topic, please set and verify your e-mail');
            const row = await db.selectFrom('topics').select(['title', 'status', 'recommend', 'sticky', 'comments_locked']).where('id', '=', topicId).executeTakeFirstOrThrow();
            const changed = row.title.startsWith('edited') || row.status === 1 || row.recommend === 1 || row.sticky === 1 || row.comments_locked === 1;
            expect(changed, `${route} as ${who} changed the topic`).toBe(status === 200 && route !== 'create' && route !== 'editForm');
          }
        });
      }
    });

    describe('feeds', () => {
      let node: number;
      beforeAll(async () => {
        node = await insertNode(db, { name: 'Feeds' }, clock);
      });

      it('latest: by last activity, sticky topics first on the first page only, never repeated', async () => {
        const created: number[] = [];
        for (let i = 0; i < 25; i += 1) {
          tick();
          created.push(await createTopic(t, member.user, { nodeId: node }));
        }
        const oldest = created[0]!;
        tick();
        expect((await t.post(`/api/topic/sticky/${oldest}`, { sticky: true }, { token: moderator.token })).status).toBe(200);
        // A comment on an old topic is its latest activity: it moves ahead of every newer topic.
        const revived = created[3]!;
        tick();
        const comment = await t.post('/api/comment/create', { entityType: 'topic', entityId: revived, content: 'Still true in 2026?' }, { token: other.token });
        expect(comment.status, JSON.stringify(comment.body)).toBe(200);
        const first = await feed({ nodeId: '0' });
        expect(first.results[0]!.id).toBe(oldest);
        expect(first.results[0]!.sticky).toBe(true);
        const stickyCount = first.results.filter((r) => r.sticky).length;
        expect(first.results.slice(0, stickyCount).every((r) => r.sticky)).toBe(true);
        expect(first.results[stickyCount]).toMatchObject({ id: revived, lastCommentTime: clock, commentCount: 1 });
        expect(first.results[stickyCount + 1]!.id).toBe(created.at(-1));
        // Sorting by creation would have put `revived` 21 places further down.
        expect(first.results[stickyCount]!.createTime).toBeLessThan(first.results[stickyCount + 1]!.createTime);
        expect(first.hasMore).toBe(true);
        const regular = first.results.filter((r) => !r.sticky);
        expect(regular).toHaveLength(20);
        const lastActivity = regular.map((r) => r.lastCommentTime);
        expect([...lastActivity].sort((a, b) => b - a)).toEqual(lastActivity);
        const seen = new Set(ids(first));
        let cursor = first.cursor;
        for (let guard = 0; guard < 20 && cursor; guard += 1) {
          const next = await feed({ nodeId: '0', cursor });
          expect(next.results.some((r) => r.sticky)).toBe(false);
          for (const id of ids(next)) {
            expect(seen.has(id), `repeated ${id}`).toBe(false);
            seen.add(id);
          }
          if (!next.hasMore) break;
          cursor = next.cursor;
        }
        for (const id of created) expect(seen.has(id)).toBe(true);
        await t.post(`/api/topic/sticky/${oldest}`, { sticky: false }, { token: moderator.token });
        expect((await feed({ nodeId: '0' })).results[0]!.id).not.toBe(oldest);
      });

      it('cursor paging neither repeats nor skips while new topics are posted between pages (ties broken by id)', async () => {
        const pagingNode = await insertNode(db, { name: 'Paging' }, clock);
        const original: number[] = [];
        for (let i = 0; i < 45; i += 1) {
          if (i % 3 === 0) tick(); // groups of three share one timestamp
          original.push(await createTopic(t, other.user, { nodeId: pagingNode }));
        }
        const seen: number[] = [];
        let page = await feed({ nodeId: String(pagingNode) });
        seen.push(...ids(page));
        while (page.hasMore) {
          tick();
          for (let i = 0; i < 4; i += 1) await createTopic(t, other.user, { nodeId: pagingNode });
          page = await feed({ nodeId: String(pagingNode), cursor: page.cursor });
          seen.push(...ids(page));
        }
        expect(new Set(seen).size).toBe(seen.length);
        expect([...seen].sort((a, b) => a - b)).toEqual([...original].sort((a, b) => a - b));
        expect(seen).toEqual([...original].reverse());
      });

      it('latest (nodeId 0) with a sticky topic: paging neither repeats nor skips while topics are posted between pages', async () => {
        const pagingNode = await insertNode(db, { name: 'Paging latest' }, clock);
        for (let i = 0; i < 30; i += 1) {
          if (i % 3 === 0) tick(); // groups of three share one timestamp
          await createTopic(t, other.user, { nodeId: pagingNode });
        }
        const pin = await createTopic(t, member.user);
        tick();
        expect((await t.post(`/api/topic/sticky/${pin}`, { sticky: true }, { token: moderator.token })).status).toBe(200);
        try {
          const order = (sticky: 0 | 1) =>
            db
              .selectFrom('topics')
              .select('id')
              .where('status', '=', 0)
              .where('sticky', '=', sticky)
              .orderBy(sticky ? 'sticky_time' : 'last_comment_time', 'desc')
              .orderBy('id', 'desc')
              .execute();
          const pinned = (await order(1)).map((r) => r.id);
          const expected = (await order(0)).map((r) => r.id);
          expect(pinned).toContain(pin);
          expect(expected.length).toBeGreaterThan(2 * TOPIC_LIMITS.pageSize);
          let page = await feed({ nodeId: '0' });
          expect(ids(page).slice(0, pinned.length)).toEqual(pinned);
          const seen = ids(page).slice(pinned.length);
          while (page.hasMore) {
            tick();
            for (let i = 0; i < 4; i += 1) await createTopic(t, other.user, { nodeId: pagingNode });
            page = await feed({ nodeId: '0', cursor: page.cursor });
            expect(page.results.some((r) => r.sticky)).toBe(false);
            seen.push(...ids(page));
          }
          expect(seen).toEqual(expected);
        } finally {
          await t.post(`/api/topic/sticky/${pin}`, { sticky: false }, { token: moderator.token });
        }
      });

      it('recommended (−1) by recommend time; followed (−2) empty for visitors and for members following nobody', async () => {
        const a = await createTopic(t, member.user);
        const b = await createTopic(t, member.user);
        await t.post(`/api/topic/recommend/${b}`, { recommend: 'true' }, { token: moderator.token });
        tick();
        await t.post(`/api/topic/recommend/${a}`, { recommend: 1 }, { token: admin.token });
        const rec = await feed({ nodeId: '-1' });
        expect(ids(rec).slice(0, 2)).toEqual([a, b]);
        expect(rec.results.every((r) => r.recommend)).toBe(true);
        await t.post(`/api/topic/recommend/${a}`, { recommend: false }, { token: moderator.token });
        expect(ids(await feed({ nodeId: '-1' }))).not.toContain(a);
        expect(await feed({ nodeId: '-2' }, member.token)).toEqual({ results: [], cursor: '', hasMore: false });
        expect((await feed({ nodeId: '-2' })).results).toEqual([]);
      });

      it('per node, per tag and per user; unknown node, tag or user is 404; bad cursor or nodeId is 400', async () => {
        const n = await insertNode(db, { name: 'Per node' }, clock);
        const inNode = await createTopic(t, other.user, { nodeId: n, tags: ['pertag'] });
        tick();
        const second = await createTopic(t, member.user, { nodeId: n, tags: ['pertag'] });
        expect(ids(await feed({ nodeId: String(n) }))).toEqual([second, inNode]);
        const tag = await db.selectFrom('tags').select('id').where('name', '=', 'pertag').executeTakeFirstOrThrow();
        const byTag = await t.get<FeedPage>('/api/topic/tag/topics', { query: { tagId: String(tag.id) } });
        expect(ids(byTag.body.data!)).toEqual([second, inNode]);
        const byUser = await t.get<FeedPage>('/api/topic/user_topics', { query: { userId: String(other.user.id) } });
        expect(byUser.body.data!.results[0]!.id).toBe(inNode);
        expect(byUser.body.data!.results.every((r) => r.user!.id === other.user.id)).toBe(true);

        expect((await t.get('/api/topic/topics', { query: { nodeId: '99999' } })).status).toBe(404);
        expect((await t.get('/api/topic/tag/topics', { query: { tagId: '99999' } })).status).toBe(404);
        expect((await t.get('/api/topic/user_topics', { query: { userId: '99999' } })).status).toBe(404);
        const badCursor = await t.get('/api/topic/topics', { query: { nodeId: '0', cursor: 'not-a-cursor' } });
        expect(badCursor.status).toBe(400);
        expect(badCursor.body.fields).toHaveProperty('cursor');
        expect((await t.get('/api/topic/topics', { query: { nodeId: '-3' } })).status).toBe(400);
        expect((await t.get('/api/topic/tag/topics', { query: { tagId: 'x' } })).status).toBe(400);
      });

      it('serves public feeds from a short cache: dropped by topic writes, expired by time, flags per reader', async () => {
        setFeedCacheTtl(t.ctx, FEED_CACHE_TTL_MS);
        try {
          const cacheNode = await insertNode(db, { name: 'Cached' }, clock);
          const first = await createTopic(t, member.user, { nodeId: cacheNode });
          expect(ids(await feed({ nodeId: String(cacheNode) }))).toEqual([first]);
          tick(100);
          // A write through the write path drops the cache at once.
          const second = await createTopic(t, member.user, { nodeId: cacheNode });
          expect(ids(await feed({ nodeId: String(cacheNode) }))).toEqual([second, first]);
          // Another process's write (no shared bus here) shows once the entry expires.
          await db.updateTable('topics').set({ last_comment_time: t.ctx.clock.now() + 1 }).where('id', '=', first).execute();
          expect(ids(await feed({ nodeId: String(cacheNode) }))).toEqual([second, first]);
          tick(FEED_CACHE_TTL_MS);
          expect(ids(await feed({ nodeId: String(cacheNode) }))).toEqual([first, second]);
          tick(100);
          const posted = await postTopic(t, other.token, { nodeId: cacheNode });
          expect(ids(await feed({ nodeId: String(cacheNode) }))).toEqual([posted, first, second]);
          expect((await t.post('/api/like/like', { entityType: 'topic', entityId: first }, { token: other.token })).status).toBe(200);
          const mine = await feed({ nodeId: String(cacheNode) }, other.token);
          expect(mine.results.find((r) => r.id === first)!.liked).toBe(true);
          const anonymous = await feed({ nodeId: String(cacheNode) });
          expect(anonymous.results.find((r) => r.id === first)!.liked).toBe(false);
          const theirs = await feed({ nodeId: String(cacheNode) }, member.token);
          expect(theirs.results.find((r) => r.id === first)!.liked).toBe(false);
        } finally {
          setFeedCacheTtl(t.ctx, 0);
        }
      });

      it('loads a page in a constant number of queries whatever its size (1 or 20 topics)', async () => {
        const small = await insertNode(db, { name: 'One topic' }, clock);
        const large = await insertNode(db, { name: 'Twenty topics' }, clock);
        const authors = [member, other, moderator, admin];
        await createTopic(t, member.user, { nodeId: small, tags: ['q1', 'q2'] });
        for (let i = 0; i < 20; i += 1) await createTopic(t, authors[i % 4]!.user, { nodeId: large, tags: [`q${i}`, `r${i}`, 's'] });
        const counter = new QueryCounter();
        const original = t.ctx.state.db!;
        t.ctx.state.db = original.withPlugin(counter);
        const measure = async (query: Record<string, string>, token?: string) => {
          counter.count = 0;
          const page = await feed(query, token);
          return { n: page.results.length, queries: counter.count };
        };
        try {
          const one = await measure({ nodeId: String(small) }, member.token);
          const twenty = await measure({ nodeId: String(large) }, member.token);
          expect(one.n).toBe(1);
          expect(twenty.n).toBe(20);
          expect(twenty.queries).toBe(one.queries);
          // token → user (1), node check (1), page (1), authors, nodes, tags (3), the reader's likes and favorites (1)
          expect(twenty.queries).toBeLessThanOrEqual(7);
          const anonymous = await measure({ nodeId: String(large) });
          expect(anonymous.queries).toBe(twenty.queries - 2);
        } finally {
          t.ctx.state.db = original;
        }
      });

      it('names the last replier and the time of the last reply, loaded with the authors (no query more)', async () => {
        const node = await insertNode(db, { name: 'Last replies' }, clock);
        const quiet = await createTopic(t, member.user, { nodeId: node });
        const once = await createTopic(t, member.user, { nodeId: node });
        const twice = await createTopic(t, member.user, { nodeId: node });
        const counter = new QueryCounter();
        const original = t.ctx.state.db!;
        const measure = async () => {
          t.ctx.state.db = original.withPlugin(counter);
          counter.count = 0;
          try {
            return { page: await feed({ nodeId: String(node) }, member.token), queries: counter.count };
          } finally {
            t.ctx.state.db = original;
          }
        };
        const before = await measure();
        tick();
        await createComment(t, other.user, { entityId: once, content: 'first word' });
        const onceAt = clock;
        tick();
        await createComment(t, other.user, { entityId: twice, content: 'me too' });
        tick();
        await createComment(t, moderator.user, { entityId: twice, content: 'the last word' });
        const twiceAt = clock;
        const after = await measure();
        expect(after.queries).toBe(before.queries);
        const entry = (id: number) => after.page.results.find((r) => r.id === id)!;
        expect(after.page.results.map((r) => r.id)).toEqual([twice, once, quiet]);
        expect(entry(quiet).lastCommentUser).toBeNull();
        expect(entry(once)).toMatchObject({ lastCommentUser: { id: other.user.id, nickname: other.user.nickname }, lastCommentTime: onceAt });
        expect(entry(twice)).toMatchObject({ lastCommentUser: { id: moderator.user.id, nickname: moderator.user.nickname }, lastCommentTime: twiceAt });
        expect(Object.keys(entry(twice).lastCommentUser!).sort()).toEqual(['id', 'nickname']);
      });

      it('latest with sticky topics, tag and user feeds also load in a constant number of queries', async () => {
        const solo = await createUser(t);
        const prolific = await createUser(t);
        const nodeB = await insertNode(db, { name: 'Query count B' }, clock);
        await createTopic(t, solo.user, { tags: ['cq_solo'] });
        for (let i = 0; i < 20; i += 1) await createTopic(t, prolific.user, { nodeId: i % 2 ? nodeB : 1, tags: ['cq_many', `cq${i}`] });
        const held = await createTopic(t, prolific.user);
        await db.updateTable('topics').set({ status: 2 }).where('id', '=', held).execute();
        const pins = [await createTopic(t, solo.user), await createTopic(t, prolific.user)];
        for (const pin of pins) expect((await t.post(`/api/topic/sticky/${pin}`, { sticky: true }, { token: moderator.token })).status).toBe(200);
        const tagId = async (name: string) => String((await db.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id);
        const [soloTag, manyTag] = [await tagId('cq_solo'), await tagId('cq_many')];

        // The member's session notes its use at most every 5 minutes (the sessions list): noted
        // here, so the reads below count the feed's queries alone.
        expect((await t.get('/api/user/current', { token: member.token })).status).toBe(200);
        const counter = new QueryCounter();
        const original = t.ctx.state.db!;
        t.ctx.state.db = original.withPlugin(counter);
        const measure = async (path: string, query: Record<string, string>, token?: string) => {
          counter.count = 0;
          const res = await t.get<FeedPage>(path, { query, token });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          return { n: res.body.data!.results.length, queries: counter.count, page: res.body.data! };
        };
        try {
          // Latest, page 1: token → user, sticky topics, the page, authors, nodes, tags, flags.
          const latest = await measure('/api/topic/topics', { nodeId: '0' }, member.token);
          expect(latest.page.results.filter((r) => r.sticky).length).toBeGreaterThanOrEqual(2);
          expect(latest.n).toBeGreaterThan(TOPIC_LIMITS.pageSize);
          expect(latest.queries).toBe(7);
          const latestNext = await measure('/api/topic/topics', { nodeId: '0', cursor: latest.page.cursor }, member.token);
          expect(latestNext.queries).toBe(latest.queries - 1); // no sticky query below page 1

          // Tag: token → user, tag check, the page, authors, nodes, tags, flags.
          const tagOne = await measure('/api/topic/tag/topics', { tagId: soloTag }, member.token);
          const tagMany = await measure('/api/topic/tag/topics', { tagId: manyTag }, member.token);
          expect([tagOne.n, tagMany.n]).toEqual([1, 20]);
          expect(tagMany.queries).toBe(tagOne.queries);
          expect(tagMany.queries).toBeLessThanOrEqual(7);

          // User: token → user, the user, the page, authors, nodes, tags, flags; the author's own
          // feed reads published and pending as two index ranges (one query more).
          const userOne = await measure('/api/topic/user_topics', { userId: String(solo.user.id) }, member.token);
          const userMany = await measure('/api/topic/user_topics', { userId: String(prolific.user.id) }, member.token);
          expect([userOne.n, userMany.n]).toEqual([2, 20]);
          expect(userMany.queries).toBe(userOne.queries);
          expect(userMany.queries).toBeLessThanOrEqual(7);
          const own = await measure('/api/topic/user_topics', { userId: String(prolific.user.id) }, prolific.token);
          expect(own.n).toBe(20);
          expect(ids(own.page)).toContain(held);
          expect(own.queries).toBe(userMany.queries + 1);
        } finally {
          t.ctx.state.db = original;
          for (const pin of pins) await t.post(`/api/topic/sticky/${pin}`, { sticky: false }, { token: moderator.token });
        }
      });

      // Only SQLite's planner is deterministic on a table this small; the others may scan it.
      if (dialect === 'sqlite') it('per-node RSS and an author’s own feed are read in index order, with no sort step (SQLite plan)', async () => {
        const author = await createUser(t);
        const n = await insertNode(db, { name: 'Plan' }, clock);
        for (let i = 0; i < 3; i += 1) await createTopic(t, author.user, { nodeId: n });
        const recorder = new QueryRecorder();
        const original = t.ctx.state.db!;
        t.ctx.state.db = original.withPlugin(recorder);
        try {
          expect((await t.get(`/rss/node/${n}.xml`)).status).toBe(200);
          expect((await t.get('/api/topic/user_topics', { query: { userId: String(author.user.id) }, token: author.token })).status).toBe(200);
        } finally {
          t.ctx.state.db = original;
        }
        const feedReads = recorder.queries
          .map((q) => original.getExecutor().compileQuery(q.node, q.queryId))
          .filter((c) => /from "topics"/.test(c.sql) && /order by/.test(c.sql) && !/join/.test(c.sql));
        expect(feedReads.length).toBe(3); // node RSS; own feed: published, pending
        for (const compiled of feedReads) {
          const plan = await original.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
          const steps = plan.rows.map((r) => r.detail).join(' | ');
          expect(steps, compiled.sql).toMatch(/USING (COVERING )?INDEX topics_(node_recent|user)_idx/);
          expect(steps, compiled.sql).not.toContain('TEMP B-TREE');
        }
      });
    });

    describe('detail, visibility and views', () => {
      it('pending and deleted topics are visible to their author and moderators only', async () => {
        await setForbiddenWords(t, ['spamword']);
        const before = await userRow(member.user.id);
        const sharedTopic = await createTopic(t, other.user, { tags: ['sharedwithpending'] });
        const res = await t.post<TopicView>('/api/topic/create', { title: 'Buy SpamWord now', content: 'x', tags: ['pendingtag', 'sharedwithpending'] }, { token: member.token });
        expect(res.status).toBe(200);
        expect(res.body.data!.status).toBe(2);
        const id = res.body.data!.id;
        expect((await userRow(member.user.id)).topic_count).toBe(before.topic_count);
        const tag = await db.selectFrom('tags').select(['id', 'topic_count']).where('name', '=', 'pendingtag').executeTakeFirstOrThrow();
        expect(tag.topic_count).toBe(0);
        // Its new tag is not public yet: not listed, not suggested, no tag page or feed.
        const allTags: number[] = [];
        for (let cursor = '', more = true; more; ) {
          const page = (await t.get<{ results: Array<{ id: number }>; cursor: string; hasMore: boolean }>('/api/tag/tags', { query: cursor ? { cursor } : {} })).body.data!;
          allTags.push(...page.results.map((r) => r.id));
          ({ cursor, hasMore: more } = page);
        }
        expect(allTags).not.toContain(tag.id);
        expect((await t.post<Array<{ name: string }>>('/api/tag/autocomplete', { input: 'pendingt' }, { token: member.token })).body.data).toEqual([]);
        expect((await t.get(`/api/tag/${tag.id}`)).status).toBe(404);
        expect((await t.get('/api/topic/tag/topics', { query: { tagId: String(tag.id) } })).status).toBe(404);
        expect((await topic(id, member.token)).status).toBe(200);
        expect((await topic(id, moderator.token)).body.data!.status).toBe(2);
        expect((await topic(id, other.token)).status).toBe(404);
        expect((await topic(id)).status).toBe(404);
        expect(ids(await feed({ nodeId: '0' }))).not.toContain(id);
        const shared = await db.selectFrom('tags').select('id').where('name', '=', 'sharedwithpending').executeTakeFirstOrThrow();
        expect(ids((await t.get<FeedPage>('/api/topic/tag/topics', { query: { tagId: String(shared.id) } })).body.data!)).toEqual([sharedTopic]);
        const own = await t.get<FeedPage>('/api/topic/user_topics', { query: { userId: String(member.user.id) }, token: member.token });
        expect(ids(own.body.data!)).toContain(id);
        const others = await t.get<FeedPage>('/api/topic/user_topics', { query: { userId: String(member.user.id) }, token: other.token });
        expect(ids(others.body.data!)).not.toContain(id);
        // Moderators are not held for review; a member's edit that adds a forbidden word is.
        expect((await t.post<TopicView>('/api/topic/create', { title: 'spamword by mod', content: 'x' }, { token: moderator.token })).body.data!.status).toBe(0);
        const clean = await postTopic(t, member.token, { title: 'clean' });
        const edited = await t.post<TopicView>(`/api/topic/edit/${clean}`, { title: 'now with spamword', content: 'x' }, { token: member.token });
        expect(edited.body.data!.status).toBe(2);
        await setForbiddenWords(t, []);
        await settings({ topicReview: true });
        expect((await t.post<TopicView>('/api/topic/create', { title: 'review me', content: 'x' }, { token: member.token })).body.data!.status).toBe(2);
        expect((await t.post<TopicView>('/api/topic/create', { title: 'mod post', content: 'x' }, { token: admin.token })).body.data!.status).toBe(0);
        await settings({ topicReview: false });

        const gone = await createTopic(t, member.user);
        const goneComment = await createComment(t, other.user, { entityId: gone, content: 'said before the delete' });
        await createComment(t, member.user, { entityId: goneComment, entityType: 'comment', content: 'a reply' });
        expect((await t.post(`/api/topic/delete/${gone}`, {}, { token: member.token })).status).toBe(200);
        // Its author still reads it (status 1: the page shows a "deleted" notice) and its comments.
        expect((await topic(gone, member.token)).body.data).toMatchObject({ id: gone, status: 1 });
        expect((await topic(gone, moderator.token)).body.data!.status).toBe(1);
        const comments = (who?: string) => t.get<{ results: Array<{ id: number }> }>('/api/comment/comments', { query: { entityType: 'topic', entityId: String(gone) }, token: who });
        const replies = (who?: string) => t.get<{ results: Array<{ id: number }> }>('/api/comment/replies', { query: { commentId: String(goneComment) }, token: who });
        for (const who of [member.token, moderator.token]) {
          expect((await comments(who)).body.data!.results.map((c) => c.id)).toEqual([goneComment]);
          expect((await replies(who)).body.data!.results).toHaveLength(1);
        }
        // Nobody else does, the commenter included.
        for (const who of [other.token, undefined]) {
          expect((await topic(gone, who)).status).toBe(404);
          expect((await comments(who)).status).toBe(404);
          expect((await replies(who)).status).toBe(404);
        }
        // Seeing is not acting: no comment from its author either.
        expect((await t.post('/api/comment/create', { entityType: 'topic', entityId: gone, content: 'still here?' }, { token: member.token })).status).toBe(404);
        expect((await t.post(`/api/topic/edit/${gone}`, { title: 'back', content: 'x' }, { token: member.token })).status).toBe(404);
        expect((await t.post(`/api/topic/delete/${gone}`, {}, { token: member.token })).status).toBe(404);
        expect((await t.get('/api/topic/abc')).status).toBe(404);
        expect((await t.get('/api/topic/987654321')).status).toBe(404);
      });

      it('counts one view per visitor per 10 minutes; bots never', async () => {
        const id = await createTopic(t, other.user);
        const view = (options: { token?: string; ua?: string; ip?: string }) =>
          t.get<TopicView>(`/api/topic/${id}`, { token: options.token, headers: { 'user-agent': options.ua ?? BROWSER }, remoteAddress: options.ip ?? '198.51.100.1' });
        expect((await view({})).body.data!.viewCount).toBe(1);
        expect((await view({})).body.data!.viewCount).toBe(1);
        tick(5 * 60_000);
        expect((await view({})).body.data!.viewCount).toBe(1);
        expect((await view({ ua: GOOGLEBOT })).body.data!.viewCount).toBe(1);
        expect((await view({ ua: '' })).body.data!.viewCount).toBe(1);
        expect((await view({ token: member.token })).body.data!.viewCount).toBe(2);
        expect((await view({ token: member.token, ip: '198.51.100.77' })).body.data!.viewCount).toBe(2);
        expect((await view({ ip: '198.51.100.2' })).body.data!.viewCount).toBe(3);
        tick(5 * 60_000);
        expect((await view({})).body.data!.viewCount).toBe(4);
        const row = await db.selectFrom('topics').select('view_count').where('id', '=', id).executeTakeFirstOrThrow();
        expect(row.view_count).toBe(4);
      });

      it('hidden content opens to the author and moderators; others learn only that it exists (commenters: comments.test.ts)', async () => {
        const id = await createTopic(t, member.user, { content: '<p>open part</p>', hideContent: '<p>the hidden part</p>' });
        const plain = await createTopic(t, member.user);
        const hidden = (token?: string, topicId = id) => t.get<{ exists: boolean; show: boolean; content: string }>('/api/topic/hide_content', { query: { topicId: String(topicId) }, token });
        expect((await hidden(member.token)).body.data).toEqual({ exists: true, show: true, content: '<p>the hidden part</p>' });
        expect((await hidden(moderator.token)).body.data!.show).toBe(true);
        expect((await hidden(other.token)).body.data).toEqual({ exists: true, show: false, content: '' });
        expect((await hidden()).body.data).toEqual({ exists: true, show: false, content: '' });
        expect((await hidden(member.token, plain)).body.data).toEqual({ exists: false, show: false, content: '' });
        expect((await hidden(undefined, 999999)).status).toBe(404);
        const detail = await topic(id, other.token);
        expect(detail.body.data!.hasHiddenContent).toBe(true);
        expect(JSON.stringify(detail.body)).not.toContain('the hidden part');
        const listed = (await feed({ nodeId: '0' })).results.find((r) => r.id === id);
        expect(listed!.hasHiddenContent).toBe(true);
        expect(listed).not.toHaveProperty('content');
      });
    });

    describe('the pages read the same declared actions', () => {
      it('a topic page counts the view of its reader (address and browser), as the API does', async () => {
        const id = await createTopic(t, other.user);
        const visit = { ip: '198.51.100.90', userAgent: BROWSER };
        const first = await t.read(topicActions.detail, { id }, { visit });
        expect(first.ok && first.data.viewCount).toBe(1);
        expect((await t.read(topicActions.detail, { id }, { visit })).ok).toBe(true);
        // No user agent (a loader in a test, a script): no view.
        expect((await t.read(topicActions.detail, { id })).ok).toBe(true);
        expect((await db.selectFrom('topics').select('view_count').where('id', '=', id).executeTakeFirstOrThrow()).view_count).toBe(1);
        expect(await t.read(topicActions.detail, { id: 987654321 })).toEqual({ ok: false, status: 404, message: 'Topic not found' });
      });

      it('a feed page is the page itself, with the reader’s own flags; a node and a tag page read one node and one tag', async () => {
        const n = await insertNode(db, { name: 'Page reads' }, clock);
        const id = await createTopic(t, member.user, { nodeId: n, tags: ['pageread'] });
        expect((await t.post('/api/like/like', { entityType: 'topic', entityId: id }, { token: other.token })).status).toBe(200);
        const mine = await t.read(topicActions.feed, { nodeId: n }, { user: other.user });
        expect(mine.ok && mine.data.results.map((r) => [r.id, r.liked])).toEqual([[id, true]]);
        const nobody = await t.read(topicActions.feed, { nodeId: n });
        expect(nobody.ok && nobody.data.results.map((r) => [r.id, r.liked])).toEqual([[id, false]]);
        expect(await t.read(nodeActions.active, { id: n })).toMatchObject({ ok: true, data: { id: n, name: 'Page reads' } });
        expect(await t.read(nodeActions.active, { id: 999_999 })).toEqual({ ok: false, status: 404, message: 'Node not found' });
        const tag = await db.selectFrom('tags').select('id').where('name', '=', 'pageread').executeTakeFirstOrThrow();
        expect(await t.read(tagActions.get, { id: tag.id })).toMatchObject({ ok: true, data: { id: tag.id, name: 'pageread', topicCount: 1 } });
        const forEdit = await t.read(topicActions.forEdit, { id }, { user: other.user });
        expect(forEdit).toMatchObject({ ok: false, status: 403 });
        expect(await t.read(topicActions.forEdit, { id }, { user: member.user })).toMatchObject({ ok: true, data: { id, tags: ['pageread'] } });
      });
    });

    describe('edit, delete and moderator actions', () => {
      it('an edit reads its fields before the topic (the declared order): a bad field is 400 whoever asks, and nothing changes', async () => {
        const id = await createTopic(t, member.user, { title: 'kept as is' });
        for (const token of [member.token, other.token]) {
          const res = await t.post(`/api/topic/edit/${id}`, { title: 'x'.repeat(TOPIC_LIMITS.titleMax + 1), content: 'y' }, { token });
          expect(res.status).toBe(400);
          expect(res.body.fields).toHaveProperty('title');
        }
        // With good fields, someone else's topic is refused by its rule (403), as before.
        expect((await t.post(`/api/topic/edit/${id}`, { title: 'taken', content: 'y' }, { token: other.token })).status).toBe(403);
        expect((await db.selectFrom('topics').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title).toBe('kept as is');
      });

      it('edit form answers raw editable fields; edits move tag and node counters', async () => {
        const node2 = await insertNode(db, { name: 'Edit target' }, clock);
        const id = await createTopic(t, member.user, { title: 'Markdown one', content: '# Title\n\n**bold**', contentType: 'markdown', tags: ['keep', 'drop'] });
        const form = await t.get<TopicEditView>(`/api/topic/edit/${id}`, { token: member.token });
        expect(form.body.data).toMatchObject({ id, type: 0, nodeId: 1, title: 'Markdown one', content: '# Title\n\n**bold**', contentType: 'markdown', tags: ['keep', 'drop'] });
        const res = await t.post<TopicView>(`/api/topic/edit/${id}`, { nodeId: node2, title: 'Changed', content: '*new*', contentType: 'markdown', tags: ['keep', 'added'] }, { token: member.token });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toMatchObject({ title: 'Changed', node: { id: node2 } });
        expect(res.body.data!.content).toContain('<em>new</em>');
        const counts = Object.fromEntries((await db.selectFrom('tags').select(['name', 'topic_count']).where('name', 'in', ['keep', 'drop', 'added']).execute()).map((r) => [r.name, r.topic_count]));
        expect(counts).toEqual({ keep: 1, drop: 0, added: 1 });
        // A tag no published topic carries any more is no longer public.
        const dropped = await db.selectFrom('tags').select('id').where('name', '=', 'drop').executeTakeFirstOrThrow();
        expect((await t.get(`/api/tag/${dropped.id}`)).status).toBe(404);
        const nodes = await db.selectFrom('nodes').select(['id', 'topic_count']).where('id', '=', node2).executeTakeFirstOrThrow();
        expect(nodes.topic_count).toBe(1);
        // An edit that leaves nodeId out keeps the topic where it is (no move to the default node).
        const general = async () => (await db.selectFrom('nodes').select('topic_count').where('id', '=', 1).executeTakeFirstOrThrow()).topic_count;
        const generalBefore = await general();
        const kept = await t.post<TopicView>(`/api/topic/edit/${id}`, { title: 'Changed again', content: '*newer*', contentType: 'markdown', tags: ['keep', 'added'] }, { token: member.token });
        expect(kept.status, JSON.stringify(kept.body)).toBe(200);
        expect(kept.body.data).toMatchObject({ title: 'Changed again', node: { id: node2 } });
        expect((await db.selectFrom('nodes').select('topic_count').where('id', '=', node2).executeTakeFirstOrThrow()).topic_count).toBe(1);
        expect(await general()).toBe(generalBefore);
        const bad = await t.post(`/api/topic/edit/${id}`, { nodeId: 424242, title: 'x', content: 'y' }, { token: member.token });
        expect(bad.status).toBe(400);
        expect(bad.body.fields).toHaveProperty('nodeId');
        // An HTML topic's edit form carries the sanitized HTML, never the raw source.
        const html = await createTopic(t, member.user, { content: '<p>ok<img src=x onerror=alert(1)></p>' });
        const htmlForm = await t.get<TopicEditView>(`/api/topic/edit/${html}`, { token: member.token });
        expect(htmlForm.body.data!.content).not.toContain('onerror');
      });

      it('delete is soft, moves counters back, and a moderator delete, recommend and sticky are audited', async () => {
        const author = await createUser(t);
        const id = await createTopic(t, author.user, { tags: ['delcount'] });
        expect((await userRow(author.user.id)).topic_count).toBe(1);
        expect((await t.post(`/api/topic/recommend/${id}`, { recommend: true }, { token: moderator.token })).body.data).toMatchObject({ recommend: true });
        expect((await t.post(`/api/topic/sticky/${id}`, { sticky: true }, { token: admin.token })).body.data).toMatchObject({ sticky: true });
        const bad = await t.post(`/api/topic/sticky/${id}`, { sticky: 'maybe' }, { token: admin.token });
        expect(bad.status).toBe(400);
        expect((await t.post(`/api/topic/delete/${id}`, {}, { token: moderator.token })).body).toEqual({ success: true, data: null });
        expect(await db.selectFrom('topics').select('status').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 1 });
        expect((await userRow(author.user.id)).topic_count).toBe(0);
        expect((await db.selectFrom('tags').select('topic_count').where('name', '=', 'delcount').executeTakeFirstOrThrow()).topic_count).toBe(0);
        const audit = await listAuditFor(db, 'topic', id);
        expect(audit.map((a) => a.action).sort()).toEqual(['topic.delete', 'topic.recommend', 'topic.sticky']);
        expect(audit.find((a) => a.action === 'topic.sticky')!.actorId).toBe(admin.user.id);
        expect((await t.post(`/api/topic/sticky/${id}`, { sticky: true }, { token: moderator.token })).status).toBe(404);
        expect((await t.post('/api/topic/recommend/99999', { recommend: true }, { token: moderator.token })).status).toBe(404);
      });

      it('repeating recommend or sticky with the state the topic already has changes nothing', async () => {
        const author = await createUser(t);
        const id = await createTopic(t, author.user);
        const flags = async () => db.selectFrom('topics').select(['recommend', 'recommend_time', 'sticky', 'sticky_time']).where('id', '=', id).executeTakeFirstOrThrow();
        const audits = async (action: string) => (await listAuditFor(db, 'topic', id)).filter((a) => a.action === action).length;
        const messages = async () => (await db.selectFrom('messages').select('id').where('user_id', '=', author.user.id).execute()).length;
        const pinnedAt = tick();
        for (const flag of ['recommend', 'sticky'] as const) {
          expect((await t.post(`/api/topic/${flag}/${id}`, { [flag]: true }, { token: moderator.token })).status).toBe(200);
        }
        const first = await flags();
        expect(first).toEqual({ recommend: 1, recommend_time: pinnedAt, sticky: 1, sticky_time: pinnedAt });
        const sent = await messages();
        tick();
        for (const flag of ['recommend', 'sticky'] as const) {
          const again = await t.post<TopicView>(`/api/topic/${flag}/${id}`, { [flag]: true }, { token: admin.token });
          expect(again.status).toBe(200);
          expect(again.body.data![flag]).toBe(true);
          expect(await audits(`topic.${flag}`), flag).toBe(1);
        }
        expect(await flags()).toEqual(first);
        expect(await messages()).toBe(sent);
        for (const flag of ['recommend', 'sticky'] as const) {
          await t.post(`/api/topic/${flag}/${id}`, { [flag]: false }, { token: moderator.token });
          await t.post(`/api/topic/${flag}/${id}`, { [flag]: false }, { token: moderator.token });
          expect(await audits(`topic.${flag}`), flag).toBe(2);
        }
        expect(await flags()).toEqual({ recommend: 0, recommend_time: 0, sticky: 0, sticky_time: 0 });
      });

      it('pins at most stickyMax topics (409, field sticky, translated) and the latest feed shows every sticky topic on page 1', async () => {
        const unpinAll = () => db.updateTable('topics').set({ sticky: 0, sticky_time: 0 }).where('sticky', '=', 1).execute();
        await unpinAll();
        try {
          const pinNode = await insertNode(db, { name: 'Pinned' }, clock);
          const pins: number[] = [];
          for (let i = 0; i < TOPIC_LIMITS.stickyMax + 3; i += 1) pins.push(await createTopic(t, member.user, { nodeId: pinNode }));
          for (const id of pins.slice(0, TOPIC_LIMITS.stickyMax)) {
            tick();
            expect((await t.post(`/api/topic/sticky/${id}`, { sticky: true }, { token: moderator.token })).status).toBe(200);
          }
          const extra = pins[TOPIC_LIMITS.stickyMax]!;
          const refused = await t.post(`/api/topic/sticky/${extra}`, { sticky: true }, { token: moderator.token });
          expect(refused.status).toBe(409);
          expect(refused.body).toMatchObject({ errorCode: 9, message: `At most ${TOPIC_LIMITS.stickyMax} topics can be pinned at once: unpin one first` });
          expect(refused.body.fields).toEqual({ sticky: refused.body.message });
          const zh = await t.post(`/api/topic/sticky/${extra}`, { sticky: 'true' }, { token: admin.token, headers: { 'accept-language': 'zh-CN' } });
          expect(zh.body.fields!.sticky).toBe(`最多只能同时置顶 ${TOPIC_LIMITS.stickyMax} 个话题，请先取消一个置顶`);
          expect((await db.selectFrom('topics').select('sticky').where('id', '=', extra).executeTakeFirstOrThrow()).sticky).toBe(0);
          expect((await listAuditFor(db, 'topic', extra)).length).toBe(0);
          // Unpinning one makes room; unpinning is never refused.
          expect((await t.post(`/api/topic/sticky/${pins[0]}`, { sticky: false }, { token: moderator.token })).status).toBe(200);
          tick();
          expect((await t.post(`/api/topic/sticky/${extra}`, { sticky: true }, { token: moderator.token })).status).toBe(200);

          // More sticky topics than the cap (pinned before it, or by two moderators at once): the
          // first page still shows them all, newest pin first, and no later page repeats them.
          await db.updateTable('topics').set({ sticky: 1, sticky_time: tick() }).where('id', 'in', [pins[0]!, pins.at(-1)!]).execute();
          const pinned = await db.selectFrom('topics').select('id').where('sticky', '=', 1).where('status', '=', 0).orderBy('sticky_time', 'desc').orderBy('id', 'desc').execute();
          expect(pinned.length).toBe(TOPIC_LIMITS.stickyMax + 2);
          const first = await feed({ nodeId: '0' });
          expect(ids(first).slice(0, pinned.length)).toEqual(pinned.map((r) => r.id));
          expect(first.results.filter((r) => !r.sticky)).toHaveLength(TOPIC_LIMITS.pageSize);
          let page = first;
          while (page.hasMore) {
            page = await feed({ nodeId: '0', cursor: page.cursor });
            expect(page.results.some((r) => r.sticky)).toBe(false);
          }
        } finally {
          await unpinAll();
        }
      });

      it("answers 404, as detail does, to a member editing or deleting someone else's pending or deleted topic", async () => {
        for (const status of [2, 1]) {
          const id = await createTopic(t, member.user, { title: `hidden from others ${status}` });
          await db.updateTable('topics').set({ status }).where('id', '=', id).execute();
          expect((await topic(id, other.token)).status).toBe(404);
          const attempts = [
            await t.get(`/api/topic/edit/${id}`, { token: other.token }),
            await t.post(`/api/topic/edit/${id}`, { title: 'taken over', content: 'x' }, { token: other.token }),
            await t.post(`/api/topic/delete/${id}`, {}, { token: other.token }),
          ];
          for (const res of attempts) expect(res.body, `status ${status}`).toMatchObject({ errorCode: 6, message: 'Topic not found' });
          expect(attempts.map((res) => res.status)).toEqual([404, 404, 404]);
          expect(await db.selectFrom('topics').select(['title', 'status']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ title: `hidden from others ${status}`, status });
          // Moderators still reach it.
          expect((await t.get(`/api/topic/edit/${id}`, { token: moderator.token })).status).toBe(200);
        }
        // The author reaches their own pending topic; someone else's published one is still 403.
        const own = await createTopic(t, member.user);
        await db.updateTable('topics').set({ status: 2 }).where('id', '=', own).execute();
        expect((await t.get(`/api/topic/edit/${own}`, { token: member.token })).status).toBe(200);
        expect((await t.get(`/api/topic/edit/${await createTopic(t, member.user)}`, { token: other.token })).status).toBe(403);
      });

      it('moves every counter exactly once when the author and moderators delete at the same time', async () => {
        // Meaningful on MySQL and PostgreSQL (SQLite has one connection): without a row lock or a
        // status-conditional update, each delete reads "published" and moves the counters again.
        const author = await createUser(t);
        const n = await insertNode(db, { name: 'Race delete' }, clock);
        const nodeCount = async () => (await db.selectFrom('nodes').select('topic_count').where('id', '=', n).executeTakeFirstOrThrow()).topic_count;
        const tagCount = async () => (await db.selectFrom('tags').select('topic_count').where('name', '=', 'racedel').executeTakeFirstOrThrow()).topic_count;
        const keep = await createTopic(t, author.user, { nodeId: n, tags: ['racedel'] });
        for (let round = 0; round < 3; round += 1) {
          const id = await createTopic(t, author.user, { nodeId: n, tags: ['racedel'] });
          expect([(await userRow(author.user.id)).topic_count, await nodeCount(), await tagCount()]).toEqual([2, 2, 2]);
          const results = await Promise.all([
            t.post(`/api/topic/delete/${id}`, {}, { token: author.token }),
            t.post(`/api/topic/delete/${id}`, {}, { token: moderator.token }),
            t.post(`/api/topic/delete/${id}`, {}, { token: admin.token }),
          ]);
          // The author's delete may come second and find the topic gone (404); never an error.
          for (const res of results) expect([200, 404], JSON.stringify(res.body)).toContain(res.status);
          expect(results.some((res) => res.status === 200)).toBe(true);
          expect([(await userRow(author.user.id)).topic_count, await nodeCount(), await tagCount()]).toEqual([1, 1, 1]);
          // At most one moderator delete took effect, so at most one audit row.
          expect((await listAuditFor(db, 'topic', id)).filter((a) => a.action === 'topic.delete').length).toBeLessThanOrEqual(1);
        }
        // An edit racing a delete moves the counters from the status it really started from.
        const raced = await createTopic(t, author.user, { nodeId: n, tags: ['racedel'] });
        const results = await Promise.all([
          t.post(`/api/topic/edit/${raced}`, { title: 'edited while deleted', content: 'x', tags: ['racedel'] }, { token: author.token }),
          t.post(`/api/topic/delete/${raced}`, {}, { token: moderator.token }),
        ]);
        for (const res of results) expect([200, 404], JSON.stringify(res.body)).toContain(res.status);
        expect([(await userRow(author.user.id)).topic_count, await nodeCount(), await tagCount()]).toEqual([1, 1, 1]);
        expect(keep).toBeGreaterThan(0);
      });
    });

    describe('tags', () => {
      it('lists by popularity with a cursor, answers one tag, autocompletes by prefix regardless of case', async () => {
        for (let i = 0; i < 3; i += 1) await createTopic(t, member.user, { tags: ['Popular', `Pop${i}`] });
        const first = await t.get<{ results: Array<{ id: number; name: string; topicCount: number }>; cursor: string; hasMore: boolean }>('/api/tag/tags');
        expect(first.status).toBe(200);
        const counts = first.body.data!.results.map((r) => r.topicCount);
        expect([...counts].sort((a, b) => b - a)).toEqual(counts);
        const seen = new Set(first.body.data!.results.map((r) => r.id));
        let page = first.body.data!;
        while (page.hasMore) {
          page = (await t.get<typeof page>('/api/tag/tags', { query: { cursor: page.cursor } })).body.data!;
          for (const r of page.results) {
            expect(seen.has(r.id)).toBe(false);
            seen.add(r.id);
          }
        }
        // Every tag a published topic carries, and no other (pending topics' tags stay out).
        const total = await db.selectFrom('tags').select((eb) => eb.fn.countAll<number>().as('n')).where('topic_count', '>', 0).executeTakeFirstOrThrow();
        expect(seen.size).toBe(Number(total.n));
        const unused = await db.selectFrom('tags').select('id').where('topic_count', '=', 0).execute();
        expect(unused.length).toBeGreaterThan(0);
        for (const tag of unused) expect(seen.has(tag.id)).toBe(false);
        const popular = await db.selectFrom('tags').select('id').where('name', '=', 'Popular').executeTakeFirstOrThrow();
        expect((await t.get(`/api/tag/${popular.id}`)).body.data).toMatchObject({ id: popular.id, name: 'Popular', topicCount: 3 });
        expect((await t.get('/api/tag/99999')).status).toBe(404);
        const auto = await t.post<Array<{ name: string }>>('/api/tag/autocomplete', { input: 'pOP' });
        expect(auto.body.data![0]!.name).toBe('Popular');
        expect(auto.body.data!.map((r) => r.name)).toEqual(expect.arrayContaining(['Pop0', 'Pop1', 'Pop2']));
        for (let i = 0; i < 12; i += 1) await createTopic(t, member.user, { tags: [`auto_${i}`] });
        expect((await t.post<unknown[]>('/api/tag/autocomplete', { input: 'auto_' })).body.data).toHaveLength(10);
        expect((await t.post<unknown[]>('/api/tag/autocomplete', { input: 'auto%' })).body.data).toHaveLength(0);
        expect((await t.request<unknown[]>('POST', '/api/tag/autocomplete', { form: { input: '' } })).body.data).toEqual([]);
      });
    });

    describe('SEO documents', () => {
      it('sitemap index, node and topic sitemaps, RSS: absolute URLs, only published topics, everything escaped', async () => {
        const evil = await createTopic(t, member.user, { title: '<script>alert("x")</script> & co', content: '<p>summary <b>bold</b> & more</p>' });
        const pending = await createTopic(t, member.user);
        await db.updateTable('topics').set({ status: 2 }).where('id', '=', pending).execute();
        // A forged Host header must not reach the links: they come from the site address (this
        // test app has none configured, so this machine's).
        const index = await t.get('/sitemap.xml', { headers: { host: 'evil.example' } });
        expect(index.status).toBe(200);
        expect(index.headers['content-type']).toContain('application/xml');
        expect(index.raw.body).toContain('<sitemapindex');
        expect(index.raw.body).toContain('<loc>http://localhost:3000/sitemap-nodes.xml</loc>');
        expect(index.raw.body).not.toContain('evil.example');
        expect(index.raw.body).toMatch(/\/sitemap-topics-1\.xml/);
        const topics = (await t.get('/sitemap-topics-1.xml')).raw.body;
        expect(topics).toContain(`/topic/${evil}</loc>`);
        expect(topics).not.toContain(`/topic/${pending}</loc>`);
        expect((await t.get('/sitemap-topics-x.xml')).status).toBe(404);
        const nodes = (await t.get('/sitemap-nodes.xml')).raw.body;
        expect(nodes).toContain('/topics/node/1</loc>');
        const rss = await t.get('/rss.xml', { headers: { host: 'evil.example' } });
        expect(rss.status).toBe(200);
        expect(rss.headers['content-type']).toContain('application/rss+xml');
        expect(rss.raw.body).toContain('<rss version="2.0"');
        expect(rss.raw.body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
        expect(rss.raw.body).not.toContain('<script');
        expect(rss.raw.body).not.toContain(`/topic/${pending}<`);
        expect(rss.raw.body).toContain(`<link>http://localhost:3000/topic/${evil}</link>`);
        expect(rss.raw.body).not.toContain('evil.example');
        const nodeRss = await t.get('/rss/node/1.xml');
        expect(nodeRss.status).toBe(200);
        expect(nodeRss.raw.body).toContain(`/topic/${evil}`);
        expect((await t.get('/rss/node/99999.xml')).status).toBe(404);
        const robots = await t.get('/robots.txt');
        expect(robots.status).toBe(200);
        expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
        const lines = robots.raw.body.split('\n');
        expect(lines[0]).toBe('User-agent: *');
        for (const path of ['/api/', '/user/signin', '/user/profile', '/user/messages', '/user/favorites', '/topic/create', '/topic/edit/']) expect(lines).toContain(`Disallow: ${path}`);
        // Public profiles stay crawlable.
        expect(lines).not.toContain('Disallow: /user/');
        expect(lines).not.toContain('Disallow: /');
        expect(lines).not.toContain('Disallow: /topic/');
        expect(robots.raw.body).toMatch(/^Sitemap: http:\/\/localhost:3000\/sitemap\.xml$/m);
        // The JSON API answers the title raw (plain text; pages escape it).
        expect((await topic(evil)).body.data!.title).toBe('<script>alert("x")</script> & co');
      });
    });
  });
}

for (const dialect of await testDatabases()) {
  describe(`topics behind a trusted proxy with PUBLIC_URL [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    beforeAll(async () => {
      t = await createTestApp({ dialect, env: { PUBLIC_URL: 'https://forum.example.com/', TRUST_PROXY: 'true' } });
      member = await createUser(t);
    });
    afterAll(() => t.close());

    it('locates the poster from the proxy country header, named in the reader language', async () => {
      const res = await t.post<TopicView>('/api/topic/create', { title: 'from Bangkok', content: 'x' }, { token: member.token, headers: { 'cf-ipcountry': 'th', 'x-region': 'Bangkok' } });
      expect(res.status).toBe(200);
      expect(res.body.data!.ipLocation).toEqual({ country: 'TH', region: 'Bangkok', label: 'Thailand · Bangkok' });
      const zh = await t.get<TopicView>(`/api/topic/${res.body.data!.id}`, { headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body.data!.ipLocation!.label).toBe('泰国 · Bangkok');
      const unknown = await t.post<TopicView>('/api/topic/create', { title: 'tor', content: 'x' }, { token: member.token, headers: { 'cf-ipcountry': 'T1' } });
      expect(unknown.body.data!.ipLocation).toBeNull();
      const spoofed = await t.post<TopicView>('/api/topic/create', { title: 'evil', content: 'x' }, { token: member.token, headers: { 'x-country-code': '<b>' } });
      expect(spoofed.body.data!.ipLocation).toBeNull();
    });

    it('uses PUBLIC_URL for absolute URLs and pages the topic sitemap past 50,000 ids', async () => {
      const db = requireDb(t.ctx);
      const id = await createTopic(t, member.user);
      const row = await db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const { id: _id, ...rest } = row;
      await db.insertInto('topics').values({ ...rest, id: 100_001 }).execute();
      const index = (await t.get('/sitemap.xml')).raw.body;
      expect(index).toContain('<loc>https://forum.example.com/sitemap-nodes.xml</loc>');
      expect(index).toContain('<loc>https://forum.example.com/sitemap-topics-3.xml</loc>');
      expect(index).not.toContain('sitemap-topics-4.xml');
      expect((await t.get('/sitemap-topics-3.xml')).raw.body).toContain('<loc>https://forum.example.com/topic/100001</loc>');
      expect((await t.get('/sitemap-topics-1.xml')).raw.body).not.toContain('/topic/100001<');
      expect((await t.get('/sitemap-topics-2.xml')).raw.body).not.toContain('<url>');
      expect((await t.get('/rss.xml')).raw.body).toContain(`<link>https://forum.example.com/topic/${id}</link>`);
      expect((await t.get('/robots.txt')).raw.body).toContain('\nSitemap: https://forum.example.com/sitemap.xml\n');
    });
  });
}

describe('naming the default node in the install language', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ clock: { now: () => START } });
  });
  afterEach(() => t.close());
  const names = async () => (await requireDb(t.ctx).selectFrom('nodes').select('name').orderBy('id').execute()).map((n) => n.name);

  it('renames the seeded node once ("综合" for zh-CN), and leaves English forums and chosen names alone', async () => {
    const db = requireDb(t.ctx);
    expect(await names()).toEqual([SEEDED_NODE_NAME]);
    expect((await nameDefaultNode(db, 'en-US', START)).name).toBe('General');
    expect(await names()).toEqual(['General']);
    const zh = await nameDefaultNode(db, 'zh-CN', START + 1);
    expect(zh).toMatchObject({ id: 1, name: '综合', update_time: START + 1 });
    expect(await names()).toEqual(['综合']);
    // Again, or in another language later: the node is no longer the seeded one.
    await nameDefaultNode(db, 'zh-CN', START + 2);
    await nameDefaultNode(db, 'en-US', START + 2);
    expect(await names()).toEqual(['综合']);
    expect((await t.get<Array<{ name: string }>>('/api/topic/nodes')).body.data!.map((n) => n.name)).toEqual(['综合']);
  });

  it('never renames a seeded-name node that already holds topics, and creates one in a forum without nodes', async () => {
    const db = requireDb(t.ctx);
    const topicId = await createTopic(t, (await createUser(t)).user);
    expect((await nameDefaultNode(db, 'zh-CN', START)).name).toBe('General');
    await db.deleteFrom('topics').where('id', '=', topicId).execute();
    await db.deleteFrom('nodes').execute();
    const created = await nameDefaultNode(db, 'zh-CN', START);
    expect(created).toMatchObject({ name: '综合', in_nav: 1, status: 0 });
    expect(await names()).toEqual(['综合']);
  });
});

describe('topic views on a Redis shared by two forums', () => {
  it('counts a visitor once per forum, not once across forums', async () => {
    const probe = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await probe.connect();
    } catch (error) {
      if (process.env.CI) throw error;
      console.warn('[tests] skipping shared-redis views: unreachable');
      return;
    } finally {
      probe.disconnect();
    }
    const forums = [
      await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6379' }, clock: { now: () => START } }),
      await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6379' }, clock: { now: () => START } }),
    ];
    try {
      const topicIds: number[] = [];
      for (const forum of forums) topicIds.push(await createTopic(forum, (await createUser(forum)).user));
      // Two fresh forums: the same topic id, the same visitor (IP and browser).
      expect(topicIds[0]).toBe(topicIds[1]);
      for (const forum of forums) {
        const res = await forum.get<TopicView>(`/api/topic/${topicIds[0]}`, { headers: { 'user-agent': BROWSER }, remoteAddress: '198.51.100.60' });
        expect(res.body.data!.viewCount).toBe(1);
      }
      expect(forumNamespace(forums[0]!.ctx.config)).not.toBe(forumNamespace(forums[1]!.ctx.config));
    } finally {
      for (const forum of forums) await forum.close();
    }
  });
});

describe('view de-dup stores', () => {
  it('memory: first sight counts, the same key within the window does not, after the window it does', async () => {
    const store = new MemoryDedupStore();
    expect(await store.firstSeen('k', 600_000, 1_000)).toBe(true);
    expect(await store.firstSeen('k', 600_000, 2_000)).toBe(false);
    expect(await store.firstSeen('k2', 600_000, 2_000)).toBe(true);
    expect(await store.firstSeen('k', 600_000, 601_000)).toBe(true);
    expect(await store.firstSeen('k', 600_000, 601_001)).toBe(false);
  });

  it('redis: the same, judged by the app clock (several processes agree)', async () => {
    const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
    } catch (error) {
      if (process.env.CI) throw error;
      console.warn('[tests] skipping redis de-dup: unreachable');
      return;
    }
    try {
      const store = new RedisDedupStore(redis, `sabai:test:seen:${randomUUID()}:`);
      expect(await store.firstSeen('k', 600_000, 1_000)).toBe(true);
      expect(await store.firstSeen('k', 600_000, 2_000)).toBe(false);
      expect(await store.firstSeen('k', 600_000, 601_000)).toBe(true);
      expect(await store.firstSeen('k', 600_000, 601_001)).toBe(false);
    } finally {
      redis.disconnect();
    }
  });
});
