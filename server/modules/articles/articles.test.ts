/**
 * Articles over HTTP on every engine (issue 12): create, edit, delete, recommend; review and who
 * sees a pending article; forbidden words; the module switch for reads, writes and the comments,
 * likes and favorites of articles; tags and their counts; covers (only an image this site
 * stored); member counts; feeds and keyset paging in a constant number of queries; views; the
 * favorites list and messages; RSS and the sitemap; the pages' reads (`context.read`).
 * Authorization rows are in comments/authorization.test.ts; the feature's listeners (the feeds'
 * and pages' caches, hiding a banned member's articles) in articles.listeners.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { articleActions } from '../../../common/actions/articles';
import { messageActions } from '../../../common/actions/messages';
import { ARTICLE_LIMITS } from '../../../common/constants';
import type { ArticleEditView, ArticleView } from '../../../common/views/article';
import type { FavoriteView } from '../../../common/views/favorite';
import type { MessageView } from '../../../common/views/message';
import type { Page } from '../../../common/views/page';
import { postArticle, uploadCover } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUser, createUsers, type CreatedUser } from '../../../tests/support/factories';
import { withCountedDb } from '../../../tests/support/query-counter';
import { createTestApp, NO_LIMIT, writeTestSettings, type ApiResponse, type TestApp } from '../../../tests/support/test-app';
import { setForbiddenWords } from '../../../tests/support/words';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { countCachedView } from '../../kernel/pages';
import { listAuditFor } from '../audit/audit.service';
import type { Settings } from '../settings/settings.schema';

const START = 1_800_000_000_000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const NO_COUNT = { 'user-agent': 'test-no-count' };

const VIEW_KEYS = [
  'commentCount',
  'commentsLocked',
  'slowModeSeconds',
  'content',
  'contentType',
  'cover',
  'createTime',
  'favoriteCount',
  'favorited',
  'id',
  'ipLocation',
  'lastCommentTime',
  'lastCommentUser',
  'likeCount',
  'liked',
  'recommend',
  'status',
  'summary',
  'tags',
  'title',
  'updateTime',
  'user',
  'viewCount',
].sort();

for (const dialect of await testDatabases()) {
  describe(`articles [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;
    let member: CreatedUser, other: CreatedUser, unverified: CreatedUser, moderator: CreatedUser;

    const tick = (ms = 1000) => (clock += ms);
    const settings = (values: Partial<Settings>) => writeTestSettings(t, values, clock);
    const article = (id: number, token?: string) => t.get<ArticleView>(`/api/article/${id}`, { token, headers: NO_COUNT });
    const feed = async (path: string, query: Record<string, string> = {}, token?: string): Promise<Page<ArticleView>> => {
      const res = await t.get<Page<ArticleView>>(path, { query, token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data!;
    };
    const ids = (page: Page<ArticleView>) => page.results.map((a) => a.id);
    const articleCount = async (userId: number) => (await db.selectFrom('users').select('article_count').where('id', '=', userId).executeTakeFirstOrThrow()).article_count;
    const tagCount = async (name: string) => (await db.selectFrom('tags').select('article_count').where('name', '=', name).executeTakeFirst())?.article_count;
    const status = async (id: number) => (await db.selectFrom('articles').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
      ({ member, other, unverified, moderator } = await createUsers(t, { member: {}, other: {}, unverified: { verified: false }, moderator: { role: 'moderator' } }));
      await settings({ postLimits: NO_LIMIT });
    });
    afterAll(() => t.close());
    // Every test starts a minute later: view windows and rate windows of one do not reach the next.
    beforeEach(() => void tick(60_000));

    describe('create', () => {
      it('stores sanitized content, derives the summary, creates and counts tags, answers the API shape', async () => {
        const author = await createUser(t);
        const res = await t.post<ArticleView>(
          '/api/article/create',
          { title: '  Khao soi <b>guide</b> ', content: '<p>Curry noodles <script>alert(1)</script><a href="javascript:alert(1)">x</a></p>', tags: ['Noodles', 'chiang-mai'] },
          { token: author.token },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const view = res.body.data!;
        expect(Object.keys(view).sort()).toEqual(VIEW_KEYS);
        expect(view).toMatchObject({ title: 'Khao soi <b>guide</b>', summary: 'Curry noodles x', contentType: 'html', cover: null, status: 0, recommend: false, viewCount: 0 });
        expect(view.content).not.toMatch(/script|javascript/);
        expect(view.tags.map((tag) => tag.name)).toEqual(['Noodles', 'chiang-mai']);
        expect(view.user).toMatchObject({ id: author.user.id, articleCount: 0 });
        expect(JSON.stringify(view)).not.toContain('127.0.0.1');
        expect((await article(view.id)).body.data).toMatchObject({ id: view.id, content: view.content, tags: view.tags });
        expect(await articleCount(author.user.id)).toBe(1);
        expect(await tagCount('Noodles')).toBe(1);
        expect((await t.get<{ articleCount: number }>(`/api/user/${author.user.id}`)).body.data!.articleCount).toBe(1);
      });

      it('renders Markdown, keeps the author’s summary, and cuts a derived one by characters, never inside one', async () => {
        const md = await postArticle(t, member.token, { content: '# Title\n\nSome **bold** text', contentType: 'markdown', summary: 'My own summary' });
        expect(md.content).toContain('<strong>bold</strong>');
        expect(md.summary).toBe('My own summary');
        const emoji = '🍜'.repeat(400);
        const long = await postArticle(t, member.token, { content: `<p>${emoji}</p>` });
        expect([...long.summary].length).toBeLessThanOrEqual(ARTICLE_LIMITS.summaryMax);
        expect(long.summary.endsWith('…')).toBe(true);
        // Every UTF-16 unit pairs up: no lone surrogate was left by the cut.
        expect(long.summary).toMatch(/^(?:🍜)+…$/u);
        const edit = await t.get<ArticleEditView>(`/api/article/edit/${long.id}`, { token: member.token });
        expect(edit.body.data).toMatchObject({ summary: '', contentType: 'html', cover: null, tags: [] });
        expect((await t.get<ArticleEditView>(`/api/article/edit/${md.id}`, { token: member.token })).body.data).toMatchObject({ summary: 'My own summary', content: '# Title\n\nSome **bold** text' });
      });

      it('refuses bad input with the field named, translated', async () => {
        const cases: Array<[Record<string, unknown>, string, string]> = [
          [{ title: '', content: '<p>x</p>' }, 'title', 'Please enter a title'],
          [{ title: 'x'.repeat(ARTICLE_LIMITS.titleMax + 1), content: '<p>x</p>' }, 'title', `The title may be at most ${ARTICLE_LIMITS.titleMax} characters`],
          [{ title: 'T', content: '   ' }, 'content', 'Please enter some content'],
          [{ title: 'T', content: '<p><br></p>' }, 'content', 'Please enter some content'],
          [{ title: 'T', content: 'x', contentType: 'text' }, 'contentType', 'Write the article in the rich-text editor or in Markdown'],
          [{ title: 'T', content: 'x', summary: 's'.repeat(ARTICLE_LIMITS.summaryMax + 1) }, 'summary', `The summary may be at most ${ARTICLE_LIMITS.summaryMax} characters`],
        ];
        for (const [body, field, message] of cases) {
          const res = await t.post('/api/article/create', body, { token: member.token });
          expect(res.status, JSON.stringify(body)).toBe(400);
          expect(res.body.errorCode).toBe(5);
          expect(res.body.fields?.[field], JSON.stringify(res.body)).toBe(message);
        }
        const zh = await t.post('/api/article/create', { title: '', content: 'x' }, { token: member.token, headers: { 'accept-language': 'zh-CN' } });
        expect(zh.body.fields?.title).toBe('请输入标题');
      });

      it('needs a verified e-mail, in the article wording; signed out is 401', async () => {
        const res = await t.post('/api/article/create', { title: 'T', content: 'x' }, { token: unverified.token });
        expect([res.status, res.body.errorCode, res.body.message]).toEqual([403, 4, 'Before posting an article, please set and verify your e-mail']);
        const noMail = await createUser(t, { email: null });
        expect((await t.post('/api/article/create', { title: 'T', content: 'x' }, { token: noMail.token })).body.errorCode).toBe(4);
        expect((await t.post('/api/article/create', { title: 'T', content: 'x' })).status).toBe(401);
      });

      it('takes a cover only when this site stored it (relative or at the site address); else 400 on cover', async () => {
        const cover = await uploadCover(t, member.token);
        expect(cover).toMatch(/^\/uploads\//);
        const own = await postArticle(t, member.token, { cover });
        expect(own.cover).toEqual({ url: cover });
        const absolute = await postArticle(t, member.token, { cover: { url: `http://localhost:3000${cover}` } });
        expect(absolute.cover).toEqual({ url: cover });
        const refused = [
          'https://elsewhere.example/pic.png',
          '/uploads/aa/bb/' + 'a'.repeat(64) + '.png',
          'javascript:alert(1)',
        ];
        for (const url of refused) {
          const res = await t.post('/api/article/create', { title: 'Cover', content: 'x', cover: url }, { token: member.token });
          expect(res.status, url).toBe(400);
          expect(res.body.fields?.cover, url).toBe('The cover must be an image uploaded to this site');
        }
        // Edit: absent keeps the cover, null removes it.
        expect((await t.post<ArticleView>(`/api/article/edit/${own.id}`, { title: 'Kept', content: 'x' }, { token: member.token })).body.data!.cover).toEqual({ url: cover });
        expect((await t.post<ArticleView>(`/api/article/edit/${own.id}`, { title: 'Gone', content: 'x', cover: null }, { token: member.token })).body.data!.cover).toBeNull();
      });

      it('spends the posting allowance apart from topics, moderators exempt; a refused article gives it back', async () => {
        await settings({ postLimits: { perUser: { max: 2, windowMs: 60_000 }, perIp: { max: 100, windowMs: 60_000 } } });
        try {
          const writer = await createUser(t);
          expect((await t.post('/api/article/create', { title: '', content: 'x' }, { token: writer.token })).status).toBe(400);
          expect((await t.post('/api/article/create', { title: 'T', content: '<p></p>' }, { token: writer.token })).status).toBe(400);
          for (let i = 0; i < 2; i++) await postArticle(t, writer.token);
          expect((await t.post('/api/article/create', { title: 'T', content: 'x' }, { token: writer.token })).status).toBe(429);
          // The content is rendered inside the write, after the allowance: spent, a bad one is 429 too.
          expect((await t.post('/api/article/create', { title: 'T', content: '<p></p>' }, { token: writer.token })).status).toBe(429);
          expect((await t.post('/api/topic/create', { title: 'T', content: 'x' }, { token: writer.token })).status).toBe(200);
          for (let i = 0; i < 3; i++) await postArticle(t, moderator.token);
        } finally {
          await settings({ postLimits: NO_LIMIT });
        }
      });
    });

    describe('edit, delete, recommend', () => {
      it('edits as the author or a moderator and moves tag counts; others are refused', async () => {
        const a = await postArticle(t, member.token, { tags: ['edit-a', 'edit-b'] });
        const edited = await t.post<ArticleView>(`/api/article/edit/${a.id}`, { title: 'Edited', content: '<p>New</p>', tags: ['edit-b', 'edit-c'] }, { token: member.token });
        expect(edited.body.data).toMatchObject({ title: 'Edited', content: '<p>New</p>', summary: 'New' });
        expect([await tagCount('edit-a'), await tagCount('edit-b'), await tagCount('edit-c')]).toEqual([0, 1, 1]);
        expect((await t.post(`/api/article/edit/${a.id}`, { title: 'By mod', content: 'x' }, { token: moderator.token })).status).toBe(200);
        const refused = await t.post(`/api/article/edit/${a.id}`, { title: 'By other', content: 'x' }, { token: other.token });
        expect([refused.status, refused.body.errorCode]).toEqual([403, 2]);
        expect((await t.get(`/api/article/edit/${a.id}`, { token: other.token })).status).toBe(403);
        // An unknown article is 404; a path that is no id is 404 too (after 401). The body is read
        // before the row (the declared order: input, then the target), so a bad body is 400 first.
        expect((await t.post('/api/article/edit/999999', { title: 'T', content: 'x' }, { token: member.token })).status).toBe(404);
        expect((await t.post('/api/article/edit/999999', { title: '' }, { token: member.token })).status).toBe(400);
        expect((await t.post('/api/article/edit/abc', {}, { token: member.token })).status).toBe(404);
        expect((await t.post('/api/article/edit/abc', {})).status).toBe(401);
      });

      it('deletes softly: counts go back, others see 404, the author reads it as deleted, a moderator’s delete tells the author and is audited', async () => {
        const author = await createUser(t);
        const own = await postArticle(t, author.token, { tags: ['del-tag'] });
        const byMod = await postArticle(t, author.token, { title: 'Spam' });
        expect(await articleCount(author.user.id)).toBe(2);
        expect((await t.post(`/api/article/delete/${own.id}`, {}, { token: author.token })).body).toEqual({ success: true, data: null });
        expect((await t.post(`/api/article/delete/${byMod.id}`, {}, { token: moderator.token })).status).toBe(200);
        expect([await status(own.id), await status(byMod.id), await articleCount(author.user.id), await tagCount('del-tag')]).toEqual([1, 1, 0, 0]);
        expect((await article(own.id)).status).toBe(404);
        // API.md content status: the author still reads what they wrote, marked deleted.
        expect((await article(own.id, author.token)).body.data!.status).toBe(1);
        expect((await article(own.id, moderator.token)).body.data!.status).toBe(1);
        expect((await t.post(`/api/article/edit/${own.id}`, { title: 'Back', content: 'x' }, { token: author.token })).status).toBe(404);
        expect((await listAuditFor(db, 'article', byMod.id)).map((a) => a.action)).toEqual(['article.delete']);
        expect(await listAuditFor(db, 'article', own.id)).toEqual([]);
        const messages = await t.get<Page<MessageView>>('/api/user/messages', { token: author.token });
        expect(messages.body.data!.results.map((m) => m.title)).toEqual(['Your article “Spam” was deleted by a moderator']);
      });

      it('recommends as a moderator only, once: audited, the author told in article words', async () => {
        const author = await createUser(t);
        const a = await postArticle(t, author.token, { title: 'Worth it' });
        expect((await t.post(`/api/article/recommend/${a.id}`, { recommend: true }, { token: author.token })).status).toBe(403);
        expect((await t.post<ArticleView>(`/api/article/recommend/${a.id}`, { recommend: true }, { token: moderator.token })).body.data).toMatchObject({ recommend: true });
        expect((await t.post(`/api/article/recommend/${a.id}`, { recommend: true }, { token: moderator.token })).status).toBe(200);
        expect((await t.post(`/api/article/recommend/${a.id}`, { recommend: 'maybe' }, { token: moderator.token })).status).toBe(400);
        expect((await listAuditFor(db, 'article', a.id)).map((x) => x.action)).toEqual(['article.recommend']);
        const messages = await t.get<Page<MessageView>>('/api/user/messages', { token: author.token });
        expect(messages.body.data!.results.map((m) => m.title)).toEqual(['Your article “Worth it” was recommended']);
        expect((await t.post('/api/article/recommend/999999', { recommend: true }, { token: moderator.token })).status).toBe(404);
      });
    });

    describe('review', () => {
      it('holds new articles when the site reviews them: pending for its author and moderators only, uncounted', async () => {
        await settings({ articleReview: true });
        try {
          const author = await createUser(t);
          const a = await postArticle(t, author.token, { tags: ['pending-tag'] });
          expect(a.status).toBe(2);
          expect([(await article(a.id)).status, (await article(a.id, other.token)).status]).toEqual([404, 404]);
          expect((await article(a.id, author.token)).body.data!.status).toBe(2);
          expect((await article(a.id, moderator.token)).body.data!.status).toBe(2);
          expect(ids(await feed('/api/article/articles'))).not.toContain(a.id);
          expect(ids(await feed('/api/article/user_articles', { userId: String(author.user.id) }))).toEqual([]);
          expect(ids(await feed('/api/article/user_articles', { userId: String(author.user.id) }, author.token))).toEqual([a.id]);
          expect(ids(await feed('/api/article/user_articles', { userId: String(author.user.id) }, moderator.token))).toEqual([a.id]);
          expect([await articleCount(author.user.id), await tagCount('pending-tag')]).toEqual([0, 0]);
          expect((await postArticle(t, moderator.token)).status).toBe(0);
          // Comments, likes and favorites need an article the actor may see.
          expect((await t.post('/api/like/like', { entityType: 'article', entityId: a.id }, { token: other.token })).status).toBe(404);
        } finally {
          await settings({ articleReview: false });
        }
      });

      it('sends an article with a forbidden word to review, on create and on a member’s edit; not a moderator’s', async () => {
        await setForbiddenWords(t, ['casino']);
        try {
          const author = await createUser(t);
          expect((await postArticle(t, author.token, { title: 'Best CASINO' })).status).toBe(2);
          expect((await postArticle(t, author.token, { content: '<p>x</p>', tags: ['casino'] })).status).toBe(2);
          expect((await postArticle(t, author.token, { summary: 'casino night' })).status).toBe(2);
          const clean = await postArticle(t, author.token, { tags: ['clean-tag'] });
          expect([clean.status, await articleCount(author.user.id), await tagCount('clean-tag')]).toEqual([0, 1, 1]);
          const edited = await t.post<ArticleView>(`/api/article/edit/${clean.id}`, { title: 'Now casino', content: 'x', tags: ['clean-tag'] }, { token: author.token });
          expect(edited.body.data!.status).toBe(2);
          expect([await articleCount(author.user.id), await tagCount('clean-tag')]).toEqual([0, 0]);
          expect((await postArticle(t, moderator.token, { title: 'casino rules' })).status).toBe(0);
        } finally {
          await setForbiddenWords(t, []);
        }
      });
    });

    describe('module switch', () => {
      it('off: reads say “not enabled”, writes “has been closed” (403, errorCode 2); comments, likes and favorites stop; on again, all is back', async () => {
        const a = await postArticle(t, member.token, { tags: ['switch-tag'] });
        const topicId = await createTopic(t, member.user);
        await t.post('/api/favorite/add', { entityType: 'article', entityId: a.id }, { token: other.token });
        const comment = (await t.post<{ id: number }>('/api/comment/create', { entityType: 'article', entityId: a.id, content: 'before' }, { token: other.token })).body.data!.id;
        await settings({ modules: { tweet: true, topic: true, article: false } });
        try {
          const tagId = a.tags[0]!.id;
          const reads: Array<Promise<ApiResponse>> = [
            t.get('/api/article/articles'),
            t.get('/api/article/tag/articles', { query: { tagId: String(tagId) } }),
            t.get('/api/article/user_articles', { query: { userId: String(member.user.id) } }),
            t.get(`/api/article/${a.id}`),
            t.get(`/api/article/edit/${a.id}`, { token: member.token }),
            t.get('/api/comment/comments', { query: { entityType: 'article', entityId: String(a.id) } }),
            t.get('/api/comment/replies', { query: { commentId: String(comment) } }),
            t.get('/rss/articles.xml'),
          ];
          for (const res of await Promise.all(reads)) expect([res.status, res.body.errorCode, res.body.message]).toEqual([403, 2, 'Article feature is not enabled']);
          const writes: Array<Promise<ApiResponse>> = [
            t.post('/api/article/create', { title: 'T', content: 'x' }, { token: member.token }),
            t.post(`/api/article/edit/${a.id}`, { title: 'T', content: 'x' }, { token: member.token }),
            t.post(`/api/article/delete/${a.id}`, {}, { token: member.token }),
            t.post(`/api/article/recommend/${a.id}`, { recommend: true }, { token: moderator.token }),
            t.post('/api/comment/create', { entityType: 'article', entityId: a.id, content: 'hi' }, { token: other.token }),
            t.post('/api/like/like', { entityType: 'article', entityId: a.id }, { token: other.token }),
            t.post('/api/favorite/delete', { entityType: 'article', entityId: a.id }, { token: other.token }),
            t.post('/api/like/like', { entityType: 'comment', entityId: comment }, { token: member.token }),
            t.post('/api/comment/create', { entityType: 'comment', entityId: comment, content: 'reply' }, { token: member.token }),
            t.post(`/api/comment/delete/${comment}`, {}, { token: other.token }),
          ];
          for (const res of await Promise.all(writes)) expect([res.status, res.body.errorCode, res.body.message]).toEqual([403, 2, 'Article feature has been closed']);
          const zh = await t.get('/api/article/articles', { headers: { 'accept-language': 'zh-CN' } });
          expect(zh.body.message).toBe('文章功能未开启');
          expect(await status(a.id)).toBe(0);
          // Topics carry on; the favorites list leaves the article out.
          expect((await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'still here' }, { token: other.token })).status).toBe(200);
          expect((await t.get<Page<FavoriteView>>('/api/user/favorites', { token: other.token })).body.data!.results.map((f) => f.entityType)).not.toContain('article');
          // The pages: the spec's message as the page's error, nothing on the sidebars, no articles in the sitemap.
          expect(await t.read(articleActions.feed, {}, { locale: 'zh-CN' })).toEqual({ ok: false, status: 403, message: '文章功能未开启' });
          expect(await t.read(articleActions.detail, { id: a.id }, { user: member.user })).toEqual({ ok: false, status: 403, message: 'Article feature is not enabled' });
          expect([await t.read(articleActions.latest, { limit: 5 }), await t.read(articleActions.tags, { limit: 10 })]).toEqual([
            { ok: true, data: [] },
            { ok: true, data: [] },
          ]);
          expect((await t.get('/sitemap.xml')).raw.body).not.toContain('sitemap-articles');
          expect((await t.get('/sitemap-articles-1.xml')).status).toBe(404);
        } finally {
          await settings({ modules: { tweet: true, topic: true, article: true } });
        }
        expect((await article(a.id)).status).toBe(200);
        expect((await t.post('/api/comment/create', { entityType: 'article', entityId: a.id, content: 'back' }, { token: other.token })).status).toBe(200);
        expect((await t.get<Page<FavoriteView>>('/api/user/favorites', { token: other.token })).body.data!.results[0]).toMatchObject({ entityType: 'article', topic: null, article: { id: a.id } });
      });
    });

    describe('feeds', () => {
      it('latest, per tag and per member, newest first; unknown tag or member 404; bad cursor 400; sidebar tags by article count', async () => {
        const author = await createUser(t);
        const first = await postArticle(t, author.token, { tags: ['feed-x', 'feed-y'] });
        const second = await postArticle(t, author.token, { tags: ['feed-x'] });
        expect(ids(await feed('/api/article/articles')).slice(0, 2)).toEqual([second.id, first.id]);
        const tagX = second.tags[0]!.id;
        expect(ids(await feed('/api/article/tag/articles', { tagId: String(tagX) }))).toEqual([second.id, first.id]);
        expect(ids(await feed('/api/article/user_articles', { userId: String(author.user.id) }))).toEqual([second.id, first.id]);
        expect((await t.get('/api/article/tag/articles', { query: { tagId: '999999' } })).status).toBe(404);
        expect((await t.get('/api/article/user_articles', { query: { userId: '999999' } })).status).toBe(404);
        expect((await t.get('/api/article/articles', { query: { cursor: 'garbage!' } })).status).toBe(400);
        // A sidebar asking for more than a page gets a page's worth.
        const read = await t.read(articleActions.tags, { limit: 50 });
        const tags = read.ok ? read.data : [];
        expect(tags.length).toBeLessThanOrEqual(ARTICLE_LIMITS.pageSize);
        const x = tags.findIndex((tag) => tag.name === 'feed-x');
        expect(x).toBeGreaterThanOrEqual(0);
        expect(tags[x]).toMatchObject({ articleCount: 2 });
        expect(tags.findIndex((tag) => tag.name === 'feed-y')).toBeGreaterThan(x);
      });

      it('pages by cursor without repeating or skipping while articles are posted between pages', async () => {
        const author = await createUser(t);
        const posted: number[] = [];
        for (let i = 0; i < ARTICLE_LIMITS.pageSize + 5; i++) posted.push((await postArticle(t, author.token)).id);
        const query = { userId: String(author.user.id) };
        const page1 = await feed('/api/article/user_articles', query);
        expect([page1.results.length, page1.hasMore]).toEqual([ARTICLE_LIMITS.pageSize, true]);
        await postArticle(t, author.token);
        const page2 = await feed('/api/article/user_articles', { ...query, cursor: page1.cursor });
        expect([...ids(page1), ...ids(page2)]).toEqual([...posted].reverse());
        expect([page2.hasMore, page2.cursor]).toEqual([false, '']);
      });

      it('loads a feed page in a constant number of queries whatever its size (1 or 20), for readers and members', async () => {
        const counts = async (size: number) => {
          const author = await createUser(t);
          const tag = `size-${size}-${dialect}`;
          let last: ArticleView | undefined;
          for (let i = 0; i < size; i++) last = await postArticle(t, author.token, { tags: [tag] });
          await t.ctx.settings.get(db);
          const tagId = String(last!.tags[0]!.id);
          const run = (path: string, query: Record<string, string>, token?: string) => withCountedDb(t.ctx, () => feed(path, query, token));
          const results = [
            await run('/api/article/tag/articles', { tagId }),
            await run('/api/article/tag/articles', { tagId }, other.token),
            await run('/api/article/user_articles', { userId: String(author.user.id) }, author.token),
          ];
          for (const r of results) expect(r.result.results.length).toBe(size);
          return results.map((r) => r.queries);
        };
        const one = await counts(1);
        expect(await counts(20)).toEqual(one);
        // Tag (1) + rows (1) + authors and tags (2); a member adds their flags, the author's own feed a second status.
        expect(one).toEqual([4, 5 + 1, 5 + 2]);
      });
    });

    describe('detail and views', () => {
      it('counts one view per visitor per window, bots never, and on pages served from the cache', async () => {
        const a = await postArticle(t, member.token);
        const view = (options: { token?: string; ua?: string; ip?: string }) =>
          t.get<ArticleView>(`/api/article/${a.id}`, { token: options.token, headers: { 'user-agent': options.ua ?? BROWSER }, remoteAddress: options.ip ?? '198.51.100.1' });
        expect((await view({})).body.data!.viewCount).toBe(1);
        expect((await view({})).body.data!.viewCount).toBe(1);
        expect((await view({ ua: GOOGLEBOT })).body.data!.viewCount).toBe(1);
        expect((await view({ token: other.token })).body.data!.viewCount).toBe(2);
        await countCachedView(t.ctx, `/article/${a.id}`, { ip: '198.51.100.9', userAgent: BROWSER });
        await countCachedView(t.ctx, `/article/${a.id}?from=feed`, { ip: '198.51.100.9', userAgent: BROWSER });
        await countCachedView(t.ctx, '/article/create', { ip: '198.51.100.10', userAgent: BROWSER });
        expect((await article(a.id)).body.data!.viewCount).toBe(3);
        tick(11 * 60_000);
        expect((await view({})).body.data!.viewCount).toBe(4);
      });

      it('serves the pages through their declared reads: detail (a browser’s read counts its view), edit fields, a profile’s articles, latest', async () => {
        const a = await postArticle(t, member.token, { title: 'Loader article' });
        const detail = await t.read(articleActions.detail, { id: a.id }, { visit: { ip: '198.51.100.30', userAgent: BROWSER } });
        expect(detail.ok && [detail.data.title, detail.data.viewCount]).toEqual(['Loader article', 1]);
        // A read without a browser's user agent (a tool, a test) counts nothing.
        const unseen = await t.read(articleActions.detail, { id: a.id });
        expect(unseen.ok && unseen.data.viewCount).toBe(1);
        expect(await t.read(articleActions.detail, { id: 999_999 }, { locale: 'zh-CN' })).toEqual({ ok: false, status: 404, message: '文章不存在' });
        const form = await t.read(articleActions.forEdit, { id: a.id }, { user: member.user });
        expect(form.ok && form.data.title).toBe('Loader article');
        expect(await t.read(articleActions.forEdit, { id: a.id }, { user: other.user })).toMatchObject({ ok: false, status: 403 });
        expect(await t.read(articleActions.forEdit, { id: a.id })).toMatchObject({ ok: false, status: 401 });
        const mine = await t.read(articleActions.ofUser, { userId: member.user.id }, { user: member.user });
        expect(mine.ok && mine.data.results[0]?.id).toBe(a.id);
        const read = await t.read(articleActions.latest, { limit: ARTICLE_LIMITS.sidebarMax });
        const latest = read.ok ? read.data : [];
        expect([latest.length, latest[0]?.id]).toEqual([ARTICLE_LIMITS.sidebarMax, a.id]);
        expect(latest[0]!.content).toBeUndefined();
      });
    });

    describe('comments, likes, favorites and messages', () => {
      it('come from the core: counted on the article, messages in article words, the unread badge and the favorites list include them', async () => {
        const author = await createUser(t);
        const a = await postArticle(t, author.token, { title: 'Som tam' });
        const comment = await t.post<{ id: number }>('/api/comment/create', { entityType: 'article', entityId: a.id, content: 'Spicy!' }, { token: other.token });
        expect(comment.status).toBe(200);
        expect((await t.post('/api/comment/create', { entityType: 'comment', entityId: comment.body.data!.id, content: 'Indeed' }, { token: author.token })).status).toBe(200);
        expect((await t.post('/api/like/like', { entityType: 'article', entityId: a.id }, { token: other.token })).body.data).toEqual({ liked: true, likeCount: 1 });
        expect((await t.post('/api/favorite/add', { entityType: 'article', entityId: a.id }, { token: other.token })).body.data).toEqual({ favorited: true, favoriteCount: 1 });
        expect((await article(a.id, other.token)).body.data).toMatchObject({ commentCount: 2, likeCount: 1, favoriteCount: 1, liked: true, favorited: true });
        const listed = await t.get<Page<ArticleView>>('/api/article/articles', { token: other.token });
        expect(listed.body.data!.results.find((x) => x.id === a.id)).toMatchObject({ liked: true, favorited: true });

        expect(await t.read(messageActions.unreadCount, {}, { user: author.user })).toEqual({ ok: true, data: 3 });
        const messages = await t.get<Page<MessageView>>('/api/user/messages', { token: author.token });
        const nickname = other.user.nickname;
        expect(messages.body.data!.results.map((m) => [m.type, m.title, m.url])).toEqual([
          ['favorite', `${nickname} added your article “Som tam” to favorites`, `/article/${a.id}`],
          ['like', `${nickname} liked your article “Som tam”`, `/article/${a.id}`],
          ['topic_comment', `${nickname} commented on your article “Som tam”`, `/article/${a.id}#comment-${comment.body.data!.id}`],
        ]);
        const reply = await t.get<Page<MessageView>>('/api/user/messages', { token: other.token });
        expect(reply.body.data!.results[0]).toMatchObject({ type: 'comment_reply', url: expect.stringContaining(`/article/${a.id}#comment-`) });

        const favorites = await t.get<Page<FavoriteView>>('/api/user/favorites', { token: other.token });
        expect(favorites.body.data!.results[0]).toMatchObject({ entityType: 'article', entityId: a.id, topic: null, article: { id: a.id, title: 'Som tam', favorited: true } });
        const comments = await t.get<Page<{ id: number }>>('/api/comment/comments', { query: { entityType: 'article', entityId: String(a.id) } });
        expect(comments.body.data!.results.map((c) => c.id)).toEqual([comment.body.data!.id]);
      });
    });

    describe('RSS and sitemap', () => {
      it('list published articles only, at the site address, everything escaped', async () => {
        const evil = await postArticle(t, member.token, { title: '<script>alert("x")</script> & co', summary: 'Tom & <b>yum</b>' });
        await settings({ articleReview: true });
        const pending = await postArticle(t, member.token);
        await settings({ articleReview: false });
        // A forged Host never reaches the links: they come from the site address.
        const rss = await t.get('/rss/articles.xml', { headers: { host: 'evil.example' } });
        expect([rss.status, rss.headers['content-type']]).toEqual([200, 'application/rss+xml; charset=utf-8']);
        const shown = ['&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co', 'Tom &amp; &lt;b&gt;yum&lt;/b&gt;', `<link>http://localhost:3000/article/${evil.id}</link>`];
        for (const text of shown) expect(rss.raw.body).toContain(text);
        for (const text of ['<script', `/article/${pending.id}<`, 'evil.example']) expect(rss.raw.body).not.toContain(text);
        const index = (await t.get('/sitemap.xml')).raw.body;
        expect(index).toContain('<loc>http://localhost:3000/sitemap-articles-1.xml</loc>');
        const sitemap = (await t.get('/sitemap-articles-1.xml')).raw.body;
        expect(sitemap).toContain(`<loc>http://localhost:3000/article/${evil.id}</loc>`);
        expect(sitemap).not.toContain(`/article/${pending.id}<`);
        expect((await t.get('/sitemap-nodes.xml')).raw.body).toContain('<loc>http://localhost:3000/articles</loc>');
        expect((await t.get('/robots.txt')).raw.body).toContain('Disallow: /article/edit/');
      });
    });
  });
}
