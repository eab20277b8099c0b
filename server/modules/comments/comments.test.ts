import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { QueryCounter, withCountedDb } from '../../../tests/support/query-counter';
import { createComment, createTopic, createUser, randomIp, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, writeTestSettings, type ApiResponse, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import type { Settings } from '../settings/settings.schema';
import type { CommentView } from './comments.presenter';
import { commentPage } from './comments.service';

interface Page<T> {
  results: T[];
  cursor: string;
  hasMore: boolean;
}

const START = 1_800_000_000_000;
/** What a reply to a comment on another member's topic runs (issue 32), after its first reply opened the notification rows. */
const REPLY_QUERIES = 19;

for (const dialect of await testDatabases()) {
  describe(`comments [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;
    let member: CreatedUser, other: CreatedUser, third: CreatedUser, moderator: CreatedUser;

    const tick = (ms = 1000) => (clock += ms);
    const settings = (values: Partial<Settings>) => writeTestSettings(t, values, clock);
    async function post(token: string, body: Record<string, unknown>, ip = randomIp()): Promise<ApiResponse<CommentView>> {
      return t.post<CommentView>('/api/comment/create', body, { token, remoteAddress: ip });
    }
    async function list(topicId: number, options: { cursor?: string; token?: string } = {}): Promise<Page<CommentView>> {
      const query: Record<string, string> = { entityType: 'topic', entityId: String(topicId) };
      if (options.cursor) query.cursor = options.cursor;
      const res = await t.get<Page<CommentView>>('/api/comment/comments', { query, token: options.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data!;
    }
    async function topicRow(id: number) {
      return db.selectFrom('topics').select(['comment_count', 'last_comment_time', 'last_comment_user_id']).where('id', '=', id).executeTakeFirstOrThrow();
    }
    async function commentCount(userId: number): Promise<number> {
      return (await db.selectFrom('users').select('comment_count').where('id', '=', userId).executeTakeFirstOrThrow()).comment_count;
    }

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
      member = await createUser(t);
      other = await createUser(t);
      third = await createUser(t);
      moderator = await createUser(t, { role: 'moderator' });
      await settings({ commentLimits: { perUser: { max: 0, windowMs: 60_000 }, perIp: { max: 0, windowMs: 60_000 } } });
    });
    afterAll(() => t.close());
    beforeEach(() => {
      tick(60_000);
    });

    it('comments on a topic: sanitized, counted on the topic and the author, in the API shape', async () => {
      const topicId = await createTopic(t, member.user);
      const before = await commentCount(other.user.id);
      const res = await post(other.token, {
        entityType: 'topic',
        entityId: topicId,
        content: '<p>Nice <img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a><script>alert(2)</script></p>',
        contentType: 'html',
        imageList: ['https://img.example.com/a.png', { url: '/uploads/b.png' }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const comment = res.body.data!;
      expect(comment).toMatchObject({
        entityType: 'topic',
        entityId: topicId,
        parentId: null,
        contentType: 'html',
        imageList: [{ url: 'https://img.example.com/a.png' }, { url: '/uploads/b.png' }],
        user: { id: other.user.id },
        quote: null,
        likeCount: 0,
        replyCount: 0,
        status: 0,
        createTime: clock,
        liked: false,
      });
      expect(comment.content).toContain('Nice');
      expect(comment.content).not.toMatch(/onerror|javascript:|<script/i);
      expect(JSON.stringify(comment)).not.toMatch(/127\.0\.0\.1|10\.\d+\.\d+\.\d+|"ip"|userAgent/);
      expect(await topicRow(topicId)).toEqual({ comment_count: 1, last_comment_time: clock, last_comment_user_id: other.user.id });
      expect(await commentCount(other.user.id)).toBe(before + 1);
      const page = await list(topicId);
      expect(page.results.map((c) => c.id)).toEqual([comment.id]);
      expect(page.results[0]!.replies).toEqual([]);
      // Markdown and text are rendered and sanitized as well.
      const md = await post(other.token, { entityType: 'topic', entityId: topicId, content: '**bold** [x](javascript:alert(1))', contentType: 'markdown' });
      expect(md.body.data!.content).toContain('<strong>bold</strong>');
      expect(md.body.data!.content).not.toMatch(/href="javascript/i);
      const text = await post(other.token, { entityType: 'topic', entityId: topicId, content: '<b>not bold</b>' });
      expect(text.body.data!.contentType).toBe('text');
      expect(text.body.data!.content).toContain('&lt;b&gt;not bold&lt;/b&gt;');
      expect((await topicRow(topicId)).comment_count).toBe(3);
    });

    it('refuses an empty comment with a field error (spec §5: a comment needs content)', async () => {
      const topicId = await createTopic(t, member.user);
      for (const body of [
        { entityType: 'topic', entityId: topicId },
        { entityType: 'topic', entityId: topicId, content: '   ' },
        { entityType: 'topic', entityId: topicId, content: '<p> </p><p><br></p>', contentType: 'html' },
        { entityType: 'topic', entityId: topicId, content: '<script>alert(1)</script>', contentType: 'html' },
      ]) {
        const res = await post(other.token, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ success: false, errorCode: 5, message: 'A comment needs content', fields: { content: 'A comment needs content' } });
      }
      const zh = await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: '' }, { token: other.token, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body.fields).toEqual({ content: '请填写评论内容' });
      // Images alone are content.
      const images = await post(other.token, { entityType: 'topic', entityId: topicId, imageList: ['https://img.example.com/only.png'] });
      expect(images.status).toBe(200);
      expect((await topicRow(topicId)).comment_count).toBe(1);
    });

    it('refuses more than 9 images, unsafe image addresses, unknown types and over-long content', async () => {
      const topicId = await createTopic(t, member.user);
      const ten = Array.from({ length: 10 }, (_, i) => `https://img.example.com/${i}.png`);
      const tooMany = await post(other.token, { entityType: 'topic', entityId: topicId, content: 'x', imageList: ten });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.fields).toHaveProperty('imageList');
      const nine = await post(other.token, { entityType: 'topic', entityId: topicId, content: 'x', imageList: ten.slice(0, 9) });
      expect(nine.status).toBe(200);
      expect((await topicRow(topicId)).comment_count).toBe(1);
      // The comment box puts pictures inline: they count too, alone or with imageList, in HTML and Markdown.
      const inline = (n: number) => ten.slice(0, n).map((src) => `<img src="${src}">`).join('');
      for (const body of [
        { content: `<p>${inline(10)}</p>`, contentType: 'html' },
        { content: ten.map((src) => `![](${src})`).join('\n'), contentType: 'markdown' },
        { content: `<p>${inline(5)}</p>`, contentType: 'html', imageList: ten.slice(0, 5) },
      ]) {
        const res = await post(other.token, { entityType: 'topic', entityId: topicId, ...body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ errorCode: 5, fields: { imageList: 'At most 9 images' } });
      }
      expect((await topicRow(topicId)).comment_count).toBe(1);
      const nineInline = await post(other.token, { entityType: 'topic', entityId: topicId, content: `<p>${inline(9)}</p>`, contentType: 'html' });
      expect(nineInline.status, JSON.stringify(nineInline.body)).toBe(200);
      expect(nineInline.body.data!.content.match(/<img\b/g)).toHaveLength(9);
      const unsafe = await post(other.token, { entityType: 'topic', entityId: topicId, content: 'x', imageList: ['javascript:alert(1)'] });
      expect(unsafe.status).toBe(400);
      const type = await post(other.token, { entityType: 'user', entityId: topicId, content: 'x' });
      expect(type.body.fields).toHaveProperty('entityType');
      const long = await post(other.token, { entityType: 'topic', entityId: topicId, content: 'x'.repeat(20_001) });
      expect(long.status).toBe(400);
      expect(long.body.fields).toHaveProperty('content');
      expect((await topicRow(topicId)).comment_count).toBe(2);
    });

    it('answers 404 for unknown, deleted and hidden items and for articles (not there yet)', async () => {
      const deleted = await createTopic(t, member.user);
      expect((await t.post(`/api/topic/delete/${deleted}`, {}, { token: member.token })).status).toBe(200);
      const pending = await createTopic(t, member.user);
      await db.updateTable('topics').set({ status: 2 }).where('id', '=', pending).execute();
      for (const [entityType, entityId] of [
        ['topic', 999_999],
        ['topic', deleted],
        ['topic', pending],
        ['article', 1],
        ['comment', 999_999],
      ] as const) {
        const res = await post(other.token, { entityType, entityId, content: 'hello' });
        expect(res.status, `${entityType} ${entityId}`).toBe(404);
        expect(res.body.errorCode).toBe(6);
      }
      // The author may comment on their own pending topic; nobody else may read its comments.
      expect((await post(member.token, { entityType: 'topic', entityId: pending, content: 'note to self' })).status).toBe(200);
      const hidden = await t.get('/api/comment/comments', { query: { entityType: 'topic', entityId: String(pending) }, token: other.token });
      expect(hidden.status).toBe(404);
      expect((await t.get('/api/comment/comments', { query: { entityType: 'article', entityId: '1' } })).status).toBe(404);
      expect((await t.get('/api/comment/comments', { query: { entityType: 'topic', entityId: 'abc' } })).status).toBe(400);
    });

    it('replies one level deep: a reply to a reply sits under the same top-level comment and quotes it', async () => {
      const topicId = await createTopic(t, member.user);
      const top = (await post(other.token, { entityType: 'topic', entityId: topicId, content: 'top level' })).body.data!;
      const reply = await post(third.token, { entityType: 'comment', entityId: top.id, content: 'first reply' });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.data).toMatchObject({ entityType: 'topic', entityId: topicId, parentId: top.id, quote: null });
      const nested = await post(member.token, { entityType: 'comment', entityId: reply.body.data!.id, content: 'reply to the reply' });
      expect(nested.body.data).toMatchObject({ parentId: top.id, quote: { id: reply.body.data!.id, content: 'first reply', deleted: false, user: { id: third.user.id } } });
      const viaQuote = await post(other.token, { entityType: 'topic', entityId: topicId, content: 'quoting', quoteId: nested.body.data!.id });
      expect(viaQuote.body.data).toMatchObject({ parentId: top.id, quote: { id: nested.body.data!.id } });
      const quoteOther = await post(other.token, { entityType: 'topic', entityId: await createTopic(t, member.user), content: 'x', quoteId: top.id });
      expect(quoteOther.status).toBe(400);
      expect(quoteOther.body.fields).toHaveProperty('quoteId');

      const page = await list(topicId);
      expect(page.results).toHaveLength(1);
      expect(page.results[0]).toMatchObject({ id: top.id, replyCount: 3 });
      expect(page.results[0]!.replies!.map((r) => r.id)).toEqual([reply.body.data!.id, nested.body.data!.id, viaQuote.body.data!.id]);
      expect((await topicRow(topicId)).comment_count).toBe(4);
    });

    it('lists 20 top-level comments a page, oldest first, each with ≤ 3 replies and the reply count', async () => {
      const topicId = await createTopic(t, member.user);
      const tops: number[] = [];
      for (let i = 0; i < 25; i++) {
        tick();
        tops.push(await createComment(t, i % 2 ? other.user : third.user, { entityId: topicId, content: `top ${i}` }));
      }
      for (let i = 0; i < 5; i++) await createComment(t, member.user, { entityType: 'comment', entityId: tops[0]!, content: `reply ${i}` });
      await createComment(t, member.user, { entityType: 'comment', entityId: tops[1]!, content: 'one reply' });
      const first = await list(topicId);
      expect(first.results.map((c) => c.id)).toEqual(tops.slice(0, 20));
      expect(first.hasMore).toBe(true);
      expect(first.results[0]!.replyCount).toBe(5);
      expect(first.results[0]!.replies!.map((r) => r.content)).toEqual(['<p>reply 0</p>', '<p>reply 1</p>', '<p>reply 2</p>']);
      expect(first.results[1]!.replies).toHaveLength(1);
      expect(first.results[2]!.replies).toEqual([]);
      const second = await list(topicId, { cursor: first.cursor });
      expect(second.results.map((c) => c.id)).toEqual(tops.slice(20));
      expect(second.hasMore).toBe(false);
      expect(second.cursor).toBe('');
      const bad = await t.get('/api/comment/comments', { query: { entityType: 'topic', entityId: String(topicId), cursor: '!!' } });
      expect(bad.status).toBe(400);

      const replies = await t.get<Page<CommentView>>('/api/comment/replies', { query: { commentId: String(tops[0]) } });
      expect(replies.body.data!.results.map((r) => r.content)).toEqual(['<p>reply 0</p>', '<p>reply 1</p>', '<p>reply 2</p>', '<p>reply 3</p>', '<p>reply 4</p>']);
      expect(replies.body.data!.hasMore).toBe(false);
      expect((await t.get('/api/comment/replies', { query: { commentId: '999999' } })).status).toBe(404);
    });

    it('loads a page in a constant number of queries, whatever it holds', async () => {
      const small = await createTopic(t, member.user);
      await createComment(t, other.user, { entityId: small });
      const large = await createTopic(t, member.user);
      for (let i = 0; i < 20; i++) {
        const top = await createComment(t, i % 2 ? other.user : third.user, { entityId: large });
        const reply = await createComment(t, member.user, { entityType: 'comment', entityId: top });
        await createComment(t, other.user, { entityType: 'comment', entityId: reply });
      }
      const context = { viewer: member.user, locale: 'en-US' as const, now: clock };
      const count = async (topicId: number) => {
        const counter = new QueryCounter();
        const page = await commentPage(db.withPlugin(counter), t.ctx.kinds, { entityType: 'topic', entityId: topicId }, context);
        return { queries: counter.count, page };
      };
      const a = await count(small);
      const b = await count(large);
      expect(b.page.results).toHaveLength(20);
      expect(b.page.results.every((c) => c.replies!.length === 2 && c.replies![1]!.quote !== null)).toBe(true);
      expect(b.queries).toBeLessThanOrEqual(6);
      expect(a.queries).toBeLessThanOrEqual(b.queries);
      expect(b.queries - a.queries).toBeLessThanOrEqual(2); // only "no replies → no reply/quote query" differs
    });

    it('a reply reads each row once and its recipients’ choices and devices once for both messages (issue 32)', async () => {
      const topicId = await createTopic(t, member.user);
      const parent = await createComment(t, other.user, { entityId: topicId });
      // Warm: the first reply opens the topic's author's notification row; the measured one grows it.
      expect((await post(third.token, { entityType: 'comment', entityId: parent, content: '<p>first</p>' })).status).toBe(200);
      tick();
      const { result, queries } = await withCountedDb(t.ctx, () => post(third.token, { entityType: 'comment', entityId: parent, content: '<p>second</p>' }));
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      // The token; the parent; the topic's head with its rules; the author's trust row; three
      // counters; the comment; one read of both recipients' choices; two messages with their
      // notification rows; one read of both recipients' devices; the score and its log row.
      expect(queries).toBeLessThanOrEqual(REPLY_QUERIES);
    });

    it('deleting restores every counter; deleting a top-level comment takes its replies', async () => {
      const topicId = await createTopic(t, member.user);
      const otherBefore = await commentCount(other.user.id);
      const thirdBefore = await commentCount(third.user.id);
      const top = await createComment(t, other.user, { entityId: topicId });
      const r1 = await createComment(t, third.user, { entityType: 'comment', entityId: top });
      await createComment(t, other.user, { entityType: 'comment', entityId: r1 });
      await createComment(t, third.user, { entityId: topicId });
      expect((await topicRow(topicId)).comment_count).toBe(4);

      // A reply: the topic, the parent and the author each lose one.
      expect((await t.post(`/api/comment/delete/${r1}`, {}, { token: third.token })).status).toBe(200);
      expect((await topicRow(topicId)).comment_count).toBe(3);
      expect((await db.selectFrom('comments').select('reply_count').where('id', '=', top).executeTakeFirstOrThrow()).reply_count).toBe(1);
      expect(await commentCount(third.user.id)).toBe(thirdBefore + 1);
      expect((await t.post(`/api/comment/delete/${r1}`, {}, { token: third.token })).status).toBe(404);
      expect((await list(topicId)).results[0]!.replies).toHaveLength(1);

      // A top-level comment: it and its remaining reply.
      expect((await t.post(`/api/comment/delete/${top}`, {}, { token: other.token })).status).toBe(200);
      expect((await topicRow(topicId)).comment_count).toBe(1);
      expect(await commentCount(other.user.id)).toBe(otherBefore);
      expect(await commentCount(third.user.id)).toBe(thirdBefore + 1);
      expect((await list(topicId)).results.map((c) => c.user!.id)).toEqual([third.user.id]);
      expect((await t.post('/api/comment/create', { entityType: 'comment', entityId: top, content: 'late' }, { token: third.token })).status).toBe(404);
      expect((await t.post('/api/comment/delete/abc', {}, { token: third.token })).status).toBe(404);
    });

    it('deleting the newest comment moves the topic’s last activity back to the newest remaining one', async () => {
      const topicId = await createTopic(t, member.user);
      const created = clock;
      const last = (user: CreatedUser, time: number) => ({ last_comment_time: time, last_comment_user_id: user.user.id });
      const write = async (user: CreatedUser, fields: { entityType?: 'topic' | 'comment'; entityId: number }) => {
        const time = tick();
        return { id: await createComment(t, user.user, fields), time };
      };
      const c1 = await write(other, { entityId: topicId });
      const c2 = await write(third, { entityId: topicId });
      const r1 = await write(member, { entityType: 'comment', entityId: c1.id });
      const c3 = await write(other, { entityId: topicId });
      const c4 = await write(third, { entityId: topicId });
      expect(await topicRow(topicId)).toEqual({ comment_count: 5, ...last(third, c4.time) });
      const remove = async (id: number, user: CreatedUser) => expect((await t.post(`/api/comment/delete/${id}`, {}, { token: user.token })).status).toBe(200);

      // Not the newest: only the count moves.
      await remove(c3.id, other);
      expect(await topicRow(topicId)).toEqual({ comment_count: 4, ...last(third, c4.time) });
      // The newest: back to the newest remaining, a reply.
      await remove(c4.id, third);
      expect(await topicRow(topicId)).toEqual({ comment_count: 3, ...last(member, r1.time) });
      // The newest, a reply (deleted by a moderator): back to a top-level comment.
      await remove(r1.id, moderator);
      expect(await topicRow(topicId)).toEqual({ comment_count: 2, ...last(third, c2.time) });
      // A top-level comment whose reply is the newest.
      const r2 = await write(member, { entityType: 'comment', entityId: c2.id });
      expect(await topicRow(topicId)).toEqual({ comment_count: 3, ...last(member, r2.time) });
      await remove(c2.id, third);
      expect(await topicRow(topicId)).toEqual({ comment_count: 1, ...last(other, c1.time) });
      // The last one: the topic's own creation, by nobody.
      await remove(c1.id, other);
      expect(await topicRow(topicId)).toEqual({ comment_count: 0, last_comment_time: created, last_comment_user_id: null });
    });

    it('commenting unlocks the topic’s hidden content for the commenter', async () => {
      const topicId = await createTopic(t, member.user, { content: '<p>open</p>', hideContent: '<p>the secret</p>' });
      const hidden = async (token: string) => (await t.get<{ show: boolean; content: string }>('/api/topic/hide_content', { query: { topicId: String(topicId) }, token })).body.data!;
      expect(await hidden(other.token)).toMatchObject({ show: false, content: '' });
      const id = (await post(other.token, { entityType: 'topic', entityId: topicId, content: 'thanks' })).body.data!.id;
      expect(await hidden(other.token)).toMatchObject({ show: true, content: '<p>the secret</p>' });
      expect(await hidden(third.token)).toMatchObject({ show: false });
      // A reply counts too; a deleted comment no longer does.
      await post(third.token, { entityType: 'comment', entityId: id, content: 'me too' });
      expect(await hidden(third.token)).toMatchObject({ show: true });
      await t.post(`/api/comment/delete/${id}`, {}, { token: other.token });
      expect(await hidden(other.token)).toMatchObject({ show: false });
    });

    it('needs a verified e-mail only when the setting asks', async () => {
      const unverified = await createUser(t, { verified: false });
      const topicId = await createTopic(t, member.user);
      expect((await post(unverified.token, { entityType: 'topic', entityId: topicId, content: 'ok' })).status).toBe(200);
      await settings({ commentNeedsVerifiedEmail: true });
      const refused = await post(unverified.token, { entityType: 'topic', entityId: topicId, content: 'no' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ errorCode: 4, message: 'Please verify your e-mail before commenting' });
      expect((await post(other.token, { entityType: 'topic', entityId: topicId, content: 'verified' })).status).toBe(200);
      await settings({ commentNeedsVerifiedEmail: false });
    });

    it('limits comments per user and per IP; moderators are exempt; refused comments cost nothing', async () => {
      const topicId = await createTopic(t, member.user);
      await settings({ commentLimits: { perUser: { max: 3, windowMs: 60_000 }, perIp: { max: 5, windowMs: 60_000 } } });
      const writer = await createUser(t);
      expect((await post(writer.token, { entityType: 'topic', entityId: topicId, content: '' })).status).toBe(400);
      for (let i = 0; i < 3; i++) expect((await post(writer.token, { entityType: 'topic', entityId: topicId, content: `c${i}` })).status).toBe(200);
      const limited = await post(writer.token, { entityType: 'topic', entityId: topicId, content: 'one too many' });
      expect(limited.status).toBe(429);
      expect(limited.body.errorCode).toBe(7);
      expect(limited.headers['retry-after']).toBeDefined();
      const ip = randomIp();
      const a = await createUser(t);
      const b = await createUser(t);
      for (let i = 0; i < 3; i++) expect((await post(a.token, { entityType: 'topic', entityId: topicId, content: `a${i}` }, ip)).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await post(b.token, { entityType: 'topic', entityId: topicId, content: `b${i}` }, ip)).status).toBe(200);
      expect((await post(b.token, { entityType: 'topic', entityId: topicId, content: 'b2' }, ip)).status).toBe(429);
      for (let i = 0; i < 6; i++) expect((await post(moderator.token, { entityType: 'topic', entityId: topicId, content: `m${i}` }, ip)).status).toBe(200);
      tick(61_000);
      expect((await post(writer.token, { entityType: 'topic', entityId: topicId, content: 'later' })).status).toBe(200);
      await settings({ commentLimits: { perUser: { max: 0, windowMs: 60_000 }, perIp: { max: 0, windowMs: 60_000 } } });
    });

    it('the posting allowance: a comment refused after the allowance was spent (its topic vanished) gives it back', async () => {
      await settings({ commentLimits: { perUser: { max: 2, windowMs: 60_000 }, perIp: { max: 10, windowMs: 60_000 } } });
      try {
        const writer = await createUser(t);
        const gone = await createTopic(t, member.user);
        expect((await t.post(`/api/topic/delete/${gone}`, {}, { token: member.token })).status).toBe(200);
        // Valid bodies: only the write itself can find the topic gone, after the allowance was spent.
        for (let i = 0; i < 3; i++) expect((await t.post('/api/comment/create', { entityType: 'topic', entityId: gone, content: `late ${i}` }, { token: writer.token })).status).toBe(404);
        const open = await createTopic(t, member.user);
        for (let i = 0; i < 2; i++) expect((await t.post('/api/comment/create', { entityType: 'topic', entityId: open, content: `on time ${i}` }, { token: writer.token })).status).toBe(200);
        expect((await t.post('/api/comment/create', { entityType: 'topic', entityId: open, content: 'one too many' }, { token: writer.token })).status).toBe(429);
      } finally {
        await settings({ commentLimits: { perUser: { max: 0, windowMs: 60_000 }, perIp: { max: 0, windowMs: 60_000 } } });
      }
    });

    it('shows the reader’s likes on comments', async () => {
      const topicId = await createTopic(t, member.user);
      const id = await createComment(t, other.user, { entityId: topicId });
      expect((await t.post('/api/like/like', { entityType: 'comment', entityId: id }, { token: third.token })).body.data).toEqual({ liked: true, likeCount: 1 });
      expect((await list(topicId, { token: third.token })).results[0]).toMatchObject({ liked: true, likeCount: 1 });
      expect((await list(topicId, { token: member.token })).results[0]).toMatchObject({ liked: false, likeCount: 1 });
      expect((await list(topicId)).results[0]).toMatchObject({ liked: false });
    });
  });
}

describe('comment IP location (trusted proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('stores the country and region and shows them in the reader’s language', async () => {
    const author = await createUser(t);
    const topicId = await createTopic(t, author.user);
    const res = await t.post<CommentView>('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'hi' }, { token: author.token, headers: { 'cf-ipcountry': 'TH', 'x-region': 'Bangkok' } });
    expect(res.body.data!.ipLocation).toEqual({ country: 'TH', region: 'Bangkok', label: 'Thailand · Bangkok' });
    const zh = await t.get<Page<CommentView>>('/api/comment/comments', { query: { entityType: 'topic', entityId: String(topicId) }, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.body.data!.results[0]!.ipLocation!.label).toBe('泰国 · Bangkok');
  });
});
