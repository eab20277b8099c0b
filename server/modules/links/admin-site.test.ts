/**
 * The back office's site content over HTTP on every engine (issue 17): nodes, tags, friend links
 * and site notices — validation naming the field, what each write does (counts, links, topics
 * moved, sanitized content, the notice window), the public reads (`link/list`, `notice/list`),
 * the audit rows and page-cache drops their `site.catalogChanged` handlers leave, and an
 * authorization matrix: every mutating route of these families is the admins' alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminNodeView } from '../../../common/views/node';
import type { LinkView } from '../../../common/views/links';
import type { OffsetPage } from '../../../common/views/moderation';
import type { AdminNoticeView, NoticeView } from '../../../common/views/notices';
import type { Page } from '../../../common/views/page';
import type { TagView } from '../../../common/views/tag';
import { postArticle, uploadCover } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { droppedPages } from '../../../tests/support/listeners';
import { createTestApp, NO_LIMIT, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { listAuditFor } from '../audit/audit.service';
import { writeSettings } from '../settings/settings.service';

type Actor = 'anonymous' | 'member' | 'other' | 'banned' | 'unverified' | 'moderator' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'member', 'other', 'banned', 'unverified', 'moderator', 'admin'];
/** The route families this file's matrix covers: each of their mutating routes needs a row. */
const FAMILIES = ['/api/admin/node/', '/api/admin/tag/', '/api/admin/link/', '/api/admin/notice/'];

for (const dialect of await testDatabases()) {
  describe(`back office site content [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let admin: CreatedUser;
    let moderator: CreatedUser;
    let member: CreatedUser;

    const post = <T>(path: string, body: Record<string, unknown>, token = admin.token) => t.post<T>(path, body, { token });
    const fieldsOf = (res: { body: { fields?: Record<string, string> } }) => Object.keys(res.body.fields ?? {});
    async function newNode(name: string): Promise<AdminNodeView> {
      const res = await post<AdminNodeView>('/api/admin/node/create', { name, description: `About ${name}` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data!;
    }
    const nodeRow = (id: number) => db.selectFrom('nodes').selectAll().where('id', '=', id).executeTakeFirst();
    const tagRow = (id: number) => db.selectFrom('tags').selectAll().where('id', '=', id).executeTakeFirst();
    const tagByName = (name: string) => db.selectFrom('tags').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

    beforeAll(async () => {
      t = await createTestApp({ dialect });
      db = requireDb(t.ctx);
      admin = await createUser(t, { role: 'admin' });
      moderator = await createUser(t, { role: 'moderator' });
      member = await createUser(t);
      await writeSettings(db, { commentLimits: NO_LIMIT, postLimits: NO_LIMIT }, t.ctx.clock.now());
      t.ctx.settings.invalidate();
    });
    afterAll(() => t.close());

    describe('nodes', () => {
      it('creates a node last in the order, with an uploaded logo; names the bad field; an outside logo is refused', async () => {
        const logo = await uploadCover(t, admin.token);
        const res = await post<AdminNodeView>('/api/admin/node/create', { name: '  Street food ', description: 'Where to eat', logo, inNav: true });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toMatchObject({ name: 'Street food', description: 'Where to eat', logo, inNav: true, topicCount: 0 });
        const all = (await t.get<OffsetPage<AdminNodeView>>('/api/admin/nodes', { token: admin.token })).body.data!;
        expect(all.results.at(-1)!.id).toBe(res.body.data!.id);
        expect(all.total).toBe(all.results.length);
        // It shows in the navigation at once.
        expect((await t.get<Array<{ id: number }>>('/api/topic/node_navs')).body.data!.map((n) => n.id)).toContain(res.body.data!.id);

        const cases: Array<[Record<string, unknown>, string]> = [
          [{ name: '   ' }, 'name'],
          [{ name: 'x'.repeat(65) }, 'name'],
          [{ name: 'Ok', description: 'x'.repeat(513) }, 'description'],
          [{ name: 'Ok', logo: 'https://tracker.example/pixel.png' }, 'logo'],
          [{ name: 'Ok', logo: '/uploads/aa/bb/notstored.png' }, 'logo'],
        ];
        const before = (await t.get<OffsetPage<AdminNodeView>>('/api/admin/nodes', { token: admin.token })).body.data!.total;
        for (const [body, field] of cases) {
          const bad = await post('/api/admin/node/create', body);
          expect(bad.status, JSON.stringify(body)).toBe(400);
          expect(fieldsOf(bad)).toEqual([field]);
        }
        expect((await post('/api/admin/node/create', { name: '' }, admin.token)).body.message).toBe('Please enter a name');
        const zh = await t.post('/api/admin/node/create', { name: 'x'.repeat(65) }, { token: admin.token, headers: { 'accept-language': 'zh-CN' } });
        expect(zh.body.message).toBe('名称最多 64 个字符');
        expect((await t.get<OffsetPage<AdminNodeView>>('/api/admin/nodes', { token: admin.token })).body.data!.total).toBe(before);
      });

      it('edits a node and moves it up and down; the first does not go up', async () => {
        const a = await newNode('Order A');
        const b = await newNode('Order B');
        const edited = await post<AdminNodeView>('/api/admin/node/update', { id: a.id, name: 'Order A2', description: '', inNav: 'on' });
        expect(edited.body.data).toMatchObject({ id: a.id, name: 'Order A2', description: '', inNav: true });
        expect((await post('/api/admin/node/update', { id: 99_999_999, name: 'Nope' })).status).toBe(404);
        const order = async () => (await t.get<Array<{ id: number }>>('/api/topic/nodes')).body.data!.map((n) => n.id);
        expect((await order()).slice(-2)).toEqual([a.id, b.id]);
        expect((await post('/api/admin/node/order', { id: b.id, direction: 'up' })).status).toBe(200);
        expect((await order()).slice(-2)).toEqual([b.id, a.id]);
        const first = (await order())[0]!;
        expect((await post('/api/admin/node/order', { id: first, direction: 'up' })).status).toBe(200);
        expect((await order())[0]).toBe(first);
        expect(fieldsOf(await post('/api/admin/node/order', { id: a.id, direction: 'sideways' }))).toEqual(['direction']);
      });

      it('deletes a node only after moving its topics (any status) to another: counts, topics and search follow', async () => {
        const from = await newNode('Leaving');
        const to = await newNode('Staying');
        const published = await createTopic(t, member.user, { nodeId: from.id, title: 'Moved along' });
        const other = await createTopic(t, member.user, { nodeId: from.id, title: 'Moved too' });
        await post(`/api/topic/delete/${other}`, {}, moderator.token);
        expect((await nodeRow(from.id))!.topic_count).toBe(1);

        const refused = await post('/api/admin/node/delete', { id: from.id });
        expect(refused.status).toBe(409);
        expect(refused.body.message).toBe('This node still has topics: choose a node to move them to');
        expect(fieldsOf(await post('/api/admin/node/delete', { id: from.id, moveTo: from.id }))).toEqual(['moveTo']);
        expect(fieldsOf(await post('/api/admin/node/delete', { id: from.id, moveTo: 99_999_999 }))).toEqual(['moveTo']);
        expect(await nodeRow(from.id)).toBeDefined();

        const dropped = await droppedPages(t, () => post('/api/admin/node/delete', { id: from.id, moveTo: to.id }));
        expect(dropped).toEqual(['*']);
        expect(await nodeRow(from.id)).toBeUndefined();
        expect((await nodeRow(to.id))!.topic_count).toBe(1);
        const topics = await db.selectFrom('topics').select(['id', 'node_id']).where('id', 'in', [published, other]).execute();
        expect(topics.map((row) => row.node_id)).toEqual([to.id, to.id]);
        const doc = await db.selectFrom('search_documents').select('node_id').where('kind', '=', 'topic').where('item_id', '=', published).executeTakeFirstOrThrow();
        expect(Number(doc.node_id)).toBe(to.id);
        const audit = await listAuditFor(db, 'node', from.id);
        expect(audit[0]).toMatchObject({ actorId: admin.user.id, action: 'node.delete', detail: { movedTo: to.id, topics: 1 } });
      });

      it('a node whose only topics are deleted ones still needs a target; an empty node simply goes', async () => {
        const held = await newNode('Only deleted');
        const gone = await createTopic(t, member.user, { nodeId: held.id });
        await post(`/api/topic/delete/${gone}`, {}, moderator.token);
        expect((await nodeRow(held.id))!.topic_count).toBe(0);
        expect((await post('/api/admin/node/delete', { id: held.id })).status).toBe(409);
        expect(await nodeRow(held.id)).toBeDefined();
        const empty = await newNode('Empty');
        expect((await post('/api/admin/node/delete', { id: empty.id })).status).toBe(200);
        expect(await nodeRow(empty.id)).toBeUndefined();
      });
    });

    describe('tags', () => {
      it('merges one tag into another: every link moves once, counts stay exact, the merged tag goes', async () => {
        const both = await createTopic(t, member.user, { tags: ['mango-rice', 'khao-niao-mamuang'] });
        const onlyFrom = await createTopic(t, member.user, { tags: ['mango-rice'] });
        const deleted = await createTopic(t, member.user, { tags: ['mango-rice'] });
        await post(`/api/topic/delete/${deleted}`, {}, moderator.token);
        const article = await postArticle(t, member.token, { tags: ['mango-rice'] });
        const from = await tagByName('mango-rice');
        const into = await tagByName('khao-niao-mamuang');
        expect([from.topic_count, from.article_count, into.topic_count]).toEqual([2, 1, 1]);

        const res = await post<TagView>('/api/admin/tag/merge', { id: from.id, into: into.id });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toMatchObject({ id: into.id, topicCount: 2, articleCount: 1 });
        expect(await tagRow(from.id)).toBeUndefined();
        const links = await db.selectFrom('topic_tags').select(['topic_id', 'tag_id']).where('topic_id', 'in', [both, onlyFrom, deleted]).orderBy('topic_id').execute();
        expect(links.map((l) => [l.topic_id, l.tag_id])).toEqual([
          [both, into.id],
          [onlyFrom, into.id],
          [deleted, into.id],
        ]);
        const articleLinks = await db.selectFrom('article_tags').select('tag_id').where('article_id', '=', article.id).execute();
        expect(articleLinks.map((l) => l.tag_id)).toEqual([into.id]);
        expect((await t.get<{ tags: Array<{ name: string }> }>(`/api/topic/${onlyFrom}`)).body.data!.tags.map((tag) => tag.name)).toEqual(['khao-niao-mamuang']);
        expect((await listAuditFor(db, 'tag', from.id))[0]).toMatchObject({ action: 'tag.merge', detail: { into: into.id } });

        expect(fieldsOf(await post('/api/admin/tag/merge', { id: into.id, into: into.id }))).toEqual(['into']);
        expect(fieldsOf(await post('/api/admin/tag/merge', { id: into.id, into: 99_999_999 }))).toEqual(['into']);
        expect((await post('/api/admin/tag/merge', { id: from.id, into: into.id })).status).toBe(404);
      });

      it('renames (a taken name, in any case, is a conflict naming the field), searches, deletes with every link', async () => {
        const topic = await createTopic(t, member.user, { tags: ['pad-thai', 'som-tam'] });
        const tag = await tagByName('pad-thai');
        const renamed = await post<TagView>('/api/admin/tag/rename', { id: tag.id, name: '  Pad   Thai ' });
        expect(renamed.body.data).toMatchObject({ id: tag.id, name: 'Pad Thai' });
        const taken = await post('/api/admin/tag/rename', { id: tag.id, name: 'SOM-TAM' });
        expect(taken.status).toBe(409);
        expect(fieldsOf(taken)).toEqual(['name']);
        expect(taken.body.message).toBe('A tag named “som-tam” already exists: merge into it instead');
        expect(fieldsOf(await post('/api/admin/tag/rename', { id: tag.id, name: 'a,b' }))).toEqual(['name']);
        expect(fieldsOf(await post('/api/admin/tag/rename', { id: tag.id, name: '   ' }))).toEqual(['name']);

        const found = await t.get<OffsetPage<TagView>>('/api/admin/tags', { token: admin.token, query: { q: 'pad t' } });
        expect(found.body.data!.results.map((r) => r.id)).toEqual([tag.id]);
        expect(found.body.data!.total).toBe(1);
        expect((await t.get<OffsetPage<TagView>>('/api/admin/tags', { token: admin.token, query: { q: '%' } })).body.data!.total).toBe(0);

        expect((await post('/api/admin/tag/delete', { id: tag.id })).status).toBe(200);
        expect(await tagRow(tag.id)).toBeUndefined();
        const left = await db.selectFrom('topic_tags').select('tag_id').where('topic_id', '=', topic).execute();
        expect(left.map((l) => l.tag_id)).toEqual([(await tagByName('som-tam')).id]);
      });
    });

    describe('friend links', () => {
      it('creates links in order with validation naming the field; link/list answers {id,title,url,summary,logo} by keyset', async () => {
        const cases: Array<[Record<string, unknown>, string]> = [
          [{ title: '', url: 'https://a.example' }, 'title'],
          [{ title: 'A', url: 'javascript:alert(1)' }, 'url'],
          [{ title: 'A', url: 'ftp://files.example' }, 'url'],
          [{ title: 'A', url: '' }, 'url'],
          [{ title: 'A', url: 'https://a.example', summary: 'x'.repeat(256) }, 'summary'],
          [{ title: 'A', url: 'https://a.example', logo: 'http://elsewhere.example/logo.png' }, 'logo'],
        ];
        for (const [body, field] of cases) {
          const bad = await post('/api/admin/link/create', body);
          expect(bad.status, JSON.stringify(body)).toBe(400);
          expect(fieldsOf(bad)).toEqual([field]);
        }
        expect((await post('/api/admin/link/create', { title: 'A', url: 'mailto:a@b.example' })).body.message).toBe('The address must start with http:// or https://');
        expect((await t.get<Page<LinkView>>('/api/link/list')).body.data!.results).toEqual([]);

        const logo = await uploadCover(t, admin.token);
        const created = await droppedPages(t, () => post<LinkView>('/api/admin/link/create', { title: 'Bangkok Eats', url: 'https://eats.example/bkk', summary: '<b>Street</b> food', logo }));
        expect(created).toEqual(['lists']);
        await post('/api/admin/link/create', { title: 'Chiang Mai Walks', url: 'http://walks.example' });
        const list = await t.get<Page<LinkView>>('/api/link/list');
        expect(list.status).toBe(200);
        expect(list.body.data).toMatchObject({ hasMore: false });
        expect(typeof list.body.data!.cursor).toBe('string');
        expect(list.body.data!.results.map((l) => Object.keys(l).sort())).toEqual([
          ['id', 'logo', 'summary', 'title', 'url'],
          ['id', 'logo', 'summary', 'title', 'url'],
        ]);
        // The summary is text: kept as written, shown escaped.
        expect(list.body.data!.results[0]).toMatchObject({ title: 'Bangkok Eats', url: 'https://eats.example/bkk', summary: '<b>Street</b> food', logo });
        const [first, second] = list.body.data!.results;
        expect((await post('/api/admin/link/order', { id: second!.id, direction: 'up' })).status).toBe(200);
        expect((await t.get<Page<LinkView>>('/api/link/list')).body.data!.results.map((l) => l.id)).toEqual([second!.id, first!.id]);
        const after = await t.get<Page<LinkView>>('/api/link/list', { query: { cursor: (await t.get<Page<LinkView>>('/api/link/list')).body.data!.cursor } });
        expect(after.body.data).toEqual({ results: [], cursor: expect.any(String), hasMore: false });

        const edited = await post<LinkView>('/api/admin/link/update', { id: first!.id, title: 'Bangkok Eats 2', url: 'https://eats.example', summary: '', logo: '' });
        expect(edited.body.data).toEqual({ id: first!.id, title: 'Bangkok Eats 2', url: 'https://eats.example', summary: '', logo: '' });
        expect((await post('/api/admin/link/delete', { id: first!.id })).status).toBe(200);
        expect((await post('/api/admin/link/delete', { id: first!.id })).status).toBe(404);
        const admin_ = await t.get<OffsetPage<LinkView>>('/api/admin/links', { token: admin.token });
        expect(admin_.body.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
        expect((await listAuditFor(db, 'link', first!.id)).map((e) => e.action)).toEqual(['link.delete', 'link.update', 'link.create']);
      });
    });

    describe('site notices', () => {
      it('shows only notices inside their window, with content sanitized; the window names its bad field', async () => {
        const now = t.ctx.clock.now();
        const live = await post<AdminNoticeView>('/api/admin/notice/create', { title: 'Songkran hours', content: 'We *close* early <script>alert(1)</script>', contentType: 'markdown', endTime: now + 86_400_000 });
        expect(live.status, JSON.stringify(live.body)).toBe(200);
        expect(live.body.data!.content).toContain('<em>close</em>');
        expect(live.body.data!.content).not.toContain('<script');
        expect(live.body.data).toMatchObject({ live: true, source: 'We *close* early <script>alert(1)</script>' });
        const html = await post<AdminNoticeView>('/api/admin/notice/create', { title: 'HTML one', content: '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p>', contentType: 'html' });
        expect(html.body.data!.content).not.toMatch(/onclick|javascript/);
        const later = await post<AdminNoticeView>('/api/admin/notice/create', { title: 'Later', content: 'Soon', startTime: now + 3_600_000 });
        const ended = await post<AdminNoticeView>('/api/admin/notice/create', { title: 'Ended', content: 'Gone', startTime: now - 7_200_000, endTime: now - 3_600_000 });
        expect(later.body.data!.live).toBe(false);
        expect(ended.body.data!.live).toBe(false);

        const list = await t.get<NoticeView[]>('/api/notice/list');
        expect(list.body.data!.map((n) => n.id)).toEqual([html.body.data!.id, live.body.data!.id]);
        expect(Object.keys(list.body.data![0]!).sort()).toEqual(['content', 'createTime', 'endTime', 'id', 'startTime', 'title']);

        const cases: Array<[Record<string, unknown>, string]> = [
          [{ title: '', content: 'x' }, 'title'],
          [{ title: 'x', content: '   ' }, 'content'],
          [{ title: 'x', content: '<script>only()</script>', contentType: 'html' }, 'content'],
          [{ title: 'x', content: 'y', contentType: 'bbcode' }, 'contentType'],
          [{ title: 'x', content: 'y', startTime: now, endTime: now - 1 }, 'endTime'],
          [{ title: 'x', content: 'y', startTime: 'tomorrow' }, 'startTime'],
        ];
        for (const [body, field] of cases) {
          const bad = await post('/api/admin/notice/create', body);
          expect(bad.status, JSON.stringify(body)).toBe(400);
          expect(fieldsOf(bad)).toEqual([field]);
        }

        const dropped = await droppedPages(t, () => post('/api/admin/notice/update', { id: later.body.data!.id, title: 'Now', content: 'Now open', startTime: '' }));
        expect(dropped).toEqual(['lists']);
        expect((await t.get<NoticeView[]>('/api/notice/list')).body.data!.map((n) => n.id)).toContain(later.body.data!.id);
        expect((await post('/api/admin/notice/delete', { id: later.body.data!.id })).status).toBe(200);
        expect((await t.get<NoticeView[]>('/api/notice/list')).body.data!.map((n) => n.id)).not.toContain(later.body.data!.id);
        const table = await t.get<OffsetPage<AdminNoticeView>>('/api/admin/notices', { token: admin.token });
        expect(table.body.data!.total).toBe(3);
        expect((await listAuditFor(db, 'notice', later.body.data!.id)).map((e) => e.action)).toEqual(['notice.delete', 'notice.update', 'notice.create']);
      });
    });

    describe('who may', () => {
      it('the back-office tables answer admins only (moderators too are refused)', async () => {
        for (const path of ['/api/admin/nodes', '/api/admin/tags', '/api/admin/links', '/api/admin/notices']) {
          expect((await t.get(path)).status, path).toBe(401);
          expect((await t.get(path, { token: member.token })).status, path).toBe(403);
          expect((await t.get(path, { token: moderator.token })).status, path).toBe(403);
          expect((await t.get(path, { token: admin.token })).status, path).toBe(200);
        }
        expect(fieldsOf(await t.get('/api/admin/nodes', { token: admin.token, query: { page: '0' } }))).toEqual(['page']);
      });

      describe('authorization matrix', () => {
        const users = {} as Record<Exclude<Actor, 'anonymous' | 'admin' | 'moderator' | 'member'>, CreatedUser>;
        beforeAll(async () => {
          users.other = await createUser(t);
          users.banned = await createUser(t, { banned: true });
          users.unverified = await createUser(t, { verified: false });
        });
        const tokenOf = (actor: Actor) =>
          actor === 'anonymous' ? undefined : actor === 'admin' ? admin.token : actor === 'moderator' ? moderator.token : actor === 'member' ? member.token : users[actor].token;

        interface Row {
          route: string;
          prepare(): Promise<{ body: Record<string, unknown>; probe: () => Promise<unknown> }>;
        }
        let n = 0;
        const name = () => `Matrix ${++n}`;
        const linkProbe = (id: number) => () => db.selectFrom('links').select(['title', 'sort_no']).where('id', '=', id).executeTakeFirst();
        const noticeProbe = (id: number) => () => db.selectFrom('notices').select(['title']).where('id', '=', id).executeTakeFirst();
        const nodeProbe = (id: number) => () => db.selectFrom('nodes').select(['name', 'sort_no']).where('id', '=', id).executeTakeFirst();
        const countOf = (table: 'nodes' | 'links' | 'notices') => async () => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
        async function link() {
          return (await post<LinkView>('/api/admin/link/create', { title: name(), url: 'https://m.example' })).body.data!.id;
        }
        async function notice() {
          return (await post<AdminNoticeView>('/api/admin/notice/create', { title: name(), content: 'x' })).body.data!.id;
        }
        async function tag() {
          const label = `matrix-${++n}`;
          await createTopic(t, member.user, { tags: [label] });
          return (await tagByName(label)).id;
        }
        const rows: Row[] = [
          { route: 'POST /api/admin/node/create', prepare: async () => ({ body: { name: name() }, probe: countOf('nodes') }) },
          { route: 'POST /api/admin/node/update', prepare: async () => ((id) => ({ body: { id, name: name() }, probe: nodeProbe(id) }))((await newNode(name())).id) },
          { route: 'POST /api/admin/node/order', prepare: async () => ((id) => ({ body: { id, direction: 'up' }, probe: nodeProbe(id) }))((await newNode(name())).id) },
          { route: 'POST /api/admin/node/delete', prepare: async () => ((id) => ({ body: { id }, probe: nodeProbe(id) }))((await newNode(name())).id) },
          { route: 'POST /api/admin/tag/rename', prepare: async () => ((id) => ({ body: { id, name: `renamed-${++n}` }, probe: () => tagRow(id) }))(await tag()) },
          { route: 'POST /api/admin/tag/merge', prepare: async () => ((id, into) => ({ body: { id, into }, probe: () => tagRow(id) }))(await tag(), await tag()) },
          { route: 'POST /api/admin/tag/delete', prepare: async () => ((id) => ({ body: { id }, probe: () => tagRow(id) }))(await tag()) },
          { route: 'POST /api/admin/link/create', prepare: async () => ({ body: { title: name(), url: 'https://new.example' }, probe: countOf('links') }) },
          { route: 'POST /api/admin/link/update', prepare: async () => ((id) => ({ body: { id, title: name(), url: 'https://u.example' }, probe: linkProbe(id) }))(await link()) },
          { route: 'POST /api/admin/link/order', prepare: async () => ((id) => ({ body: { id, direction: 'up' }, probe: linkProbe(id) }))(await link()) },
          { route: 'POST /api/admin/link/delete', prepare: async () => ((id) => ({ body: { id }, probe: linkProbe(id) }))(await link()) },
          { route: 'POST /api/admin/notice/create', prepare: async () => ({ body: { title: name(), content: 'x' }, probe: countOf('notices') }) },
          { route: 'POST /api/admin/notice/update', prepare: async () => ((id) => ({ body: { id, title: name(), content: 'y' }, probe: noticeProbe(id) }))(await notice()) },
          { route: 'POST /api/admin/notice/delete', prepare: async () => ((id) => ({ body: { id }, probe: noticeProbe(id) }))(await notice()) },
        ];

        it('has a row for every mutating route of its families', () => {
          const covered = new Set(rows.map((row) => row.route));
          const routes: string[] = [];
          for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
            const match = /(\/\S*) \(([^)]+)\)$/.exec(line);
            if (match) for (const method of match[2]!.split(', ')) if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) routes.push(`${method} ${match[1]}`);
          }
          const ours = routes.filter((route) => FAMILIES.some((family) => route.split(' ')[1]!.startsWith(family)));
          expect(ours.length).toBe(rows.length);
          expect(ours.filter((route) => !covered.has(route))).toEqual([]);
        });

        for (const row of rows) {
          it(`${row.route}: admins only; refused calls change nothing`, async () => {
            for (const actor of ACTORS) {
              const { body, probe } = await row.prepare();
              const before = await probe();
              const res = await t.post(row.route.split(' ')[1]!, body, { token: tokenOf(actor) });
              if (actor === 'admin') {
                expect(res.status, `${actor} ${JSON.stringify(res.body)}`).toBe(200);
                expect(await probe()).not.toEqual(before);
              } else {
                const expected = actor === 'anonymous' ? [401, 1] : [403, 2];
                expect([res.status, res.body.errorCode], actor).toEqual(expected);
                expect(await probe(), actor).toEqual(before);
              }
            }
          });
        }
      });
    });
  });
}
