/**
 * The review queue and restore over HTTP on every engine (issues 16, 17): why a post was held
 * (the `content.held` handler), approve and reject one or several (counts, feeds, search and the
 * author's message follow, the audit row is written), transitions that are refused with a clear
 * error and nothing written, and restoring a deleted post. Comments held by a forbidden word:
 * invisible and uncounted until approved (then counted, announced and scored exactly once),
 * rejected with the reason told and nothing counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentTableView, ReviewDecisionView, ReviewQueueView } from '../../../common/views/review';
import type { DashboardView } from '../../../common/views/settings';
import type { TopicView } from '../../../common/views/topic';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, postTopic, type CreatedUser } from '../../../tests/support/factories';
import { setForbiddenWords } from '../../../tests/support/words';
import { createTestApp, NO_LIMIT, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { listAuditFor } from '../audit/audit.service';
import type { Settings } from '../settings/settings.schema';
import { writeSettings } from '../settings/settings.service';

for (const dialect of await testDatabases()) {
  describe(`review queue [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let moderator: CreatedUser;
    let author: CreatedUser;

    async function settings(values: Partial<Settings>): Promise<void> {
      await writeSettings(db, values, t.ctx.clock.now());
      t.ctx.settings.invalidate();
    }

    beforeAll(async () => {
      t = await createTestApp({ dialect });
      db = requireDb(t.ctx);
      moderator = await createUser(t, { role: 'moderator' });
      author = await createUser(t);
      await settings({ commentLimits: NO_LIMIT, postLimits: NO_LIMIT, topicReview: true, articleReview: true });
      await setForbiddenWords(t, ['casino']);
    });
    afterAll(() => t.close());

    const queue = (kind = 'topic', token = moderator.token) => t.get<ReviewQueueView>('/api/admin/review/list', { token, query: { kind } });
    const approve = (body: Record<string, unknown>, token = moderator.token) => t.post<ReviewDecisionView>('/api/admin/review/approve', body, { token });
    const reject = (body: Record<string, unknown>, token = moderator.token) => t.post<ReviewDecisionView>('/api/admin/review/reject', body, { token });
    const restore = (body: Record<string, unknown>, token = moderator.token) => t.post<ReviewDecisionView>('/api/admin/content/restore', body, { token });
    const statusOf = async (table: 'topics' | 'articles', id: number) => (await db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    const counts = async (id: number) => db.selectFrom('users').select(['topic_count', 'article_count', 'score']).where('id', '=', id).executeTakeFirstOrThrow();
    const messagesOf = (id: number) => db.selectFrom('messages').select(['type', 'content', 'entity_type', 'entity_id']).where('user_id', '=', id).orderBy('id').execute();
    const latestIds = async () => (await t.get<{ results: TopicView[] }>('/api/topic/topics', { query: { nodeId: '0' } })).body.data!.results.map((topic) => topic.id);
    const searchIds = async (keyword: string) => (await t.get<{ results: Array<{ id: number }> }>('/api/search/topic', { query: { keyword } })).body.data!.results.map((hit) => hit.id);

    it('lists held posts with the reason, the stored HTML, the author, and every kind’s count', async () => {
      const writer = await createUser(t);
      const bySetting = await postTopic(t, writer.token, { title: 'Held by the setting', content: '<p>Hello <strong>there</strong><script>alert(1)</script></p>' });
      const byWord = await postTopic(t, writer.token, { title: 'Cheap casino chips', content: '<p>Visit</p>' });
      const article = await postArticle(t, writer.token, { title: 'An article waits' });
      const res = await queue();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = res.body.data!;
      expect(data.counts.topic).toBeGreaterThanOrEqual(2);
      expect(data.counts.article).toBeGreaterThanOrEqual(1);
      expect(data.total).toBe(data.counts.topic);
      const word = data.results.find((item) => item.id === byWord)!;
      expect(word).toMatchObject({ kind: 'topic', title: 'Cheap casino chips', reason: 'forbiddenWord', words: ['casino'], author: { id: writer.user.id, nickname: writer.user.nickname } });
      const setting = data.results.find((item) => item.id === bySetting)!;
      expect(setting.reason).toBe('reviewSetting');
      expect(setting.contentHtml).toContain('<strong>there</strong>');
      expect(setting.contentHtml).not.toContain('<script');
      expect(data.results.findIndex((item) => item.id === byWord)).toBeLessThan(data.results.findIndex((item) => item.id === bySetting));
      const articles = await queue('article');
      expect(articles.body.data!.results.find((item) => item.id === article.id)).toMatchObject({ kind: 'article', reason: 'reviewSetting', url: `/article/${article.id}` });
      expect((await queue('tweet')).status).toBe(400);
    });

    it('approves one: published, counted, in the feed and the search, the author told, audited', async () => {
      const id = await postTopic(t, author.token, { title: 'Approve me soon', content: '<p>Durian season</p>' });
      const before = await counts(author.user.id);
      expect(await latestIds()).not.toContain(id);
      const res = await approve({ kind: 'topic', ids: [id] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ kind: 'topic', ids: [id] });
      expect(await statusOf('topics', id)).toBe(0);
      const after = await counts(author.user.id);
      expect(after.topic_count).toBe(before.topic_count + 1);
      expect(after.score).toBeGreaterThan(before.score);
      expect(await latestIds()).toContain(id);
      expect(await searchIds('durian')).toContain(id);
      expect((await messagesOf(author.user.id)).filter((m) => m.entity_id === id)).toEqual([{ type: 'approved', content: '', entity_type: 'topic', entity_id: id }]);
      expect((await listAuditFor(db, 'topic', id))[0]).toMatchObject({ actorId: moderator.user.id, action: 'topic.approve', detail: { authorId: author.user.id, previousStatus: 2 } });
      expect((await queue()).body.data!.results.map((item) => item.id)).not.toContain(id);
      // The author's message reads in their language.
      const inbox = await t.get<{ results: Array<{ type: string; title: string }> }>('/api/user/messages', { token: author.token, headers: { 'accept-language': 'zh-CN' } });
      expect(inbox.body.data!.results.find((m) => m.type === 'approved')!.title).toBe('你的话题「Approve me soon」已通过审核并发布');
    });

    it('rejects several at once with a reason: deleted, never counted, each author told why, audited', async () => {
      const other = await createUser(t);
      const a = await postTopic(t, author.token, { title: 'Reject A' });
      const b = await postTopic(t, other.token, { title: 'Reject B' });
      const before = await counts(author.user.id);
      const res = await reject({ kind: 'topic', ids: [b, a], reason: 'Off topic for this forum' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data!.ids).toEqual([a, b].sort((x, y) => x - y));
      expect([await statusOf('topics', a), await statusOf('topics', b)]).toEqual([1, 1]);
      expect((await counts(author.user.id)).topic_count).toBe(before.topic_count);
      for (const [who, id] of [[author, a], [other, b]] as const) {
        expect((await messagesOf(who.user.id)).filter((m) => m.entity_id === id)).toEqual([{ type: 'rejected', content: 'Off topic for this forum', entity_type: 'topic', entity_id: id }]);
        expect((await listAuditFor(db, 'topic', id))[0]).toMatchObject({ action: 'topic.reject', detail: { reason: 'Off topic for this forum' } });
      }
      expect(await latestIds()).not.toContain(a);
      const inbox = await t.get<{ results: Array<{ type: string; title: string; content: string }> }>('/api/user/messages', { token: other.token });
      expect(inbox.body.data!.results[0]).toMatchObject({ type: 'rejected', title: 'Your topic “Reject B” was not approved', content: 'Off topic for this forum' });
    });

    it('approves articles in bulk: the author’s article count follows', async () => {
      const one = await postArticle(t, author.token, { title: 'Bulk one' });
      const two = await postArticle(t, author.token, { title: 'Bulk two' });
      const before = await counts(author.user.id);
      expect((await approve({ kind: 'article', ids: [one.id, two.id] })).status).toBe(200);
      expect((await counts(author.user.id)).article_count).toBe(before.article_count + 2);
      const feed = await t.get<{ results: Array<{ id: number }> }>('/api/article/articles');
      expect(feed.body.data!.results.map((item) => item.id)).toEqual(expect.arrayContaining([one.id, two.id]));
    });

    it('refuses a move from the wrong state with a clear error and writes nothing (a bulk decision is all or none)', async () => {
      const published = await postTopic(t, moderator.token, { title: 'Already out' });
      const pending = await postTopic(t, author.token, { title: 'Still waiting' });
      const res = await approve({ kind: 'topic', ids: [pending, published] });
      expect(res.status).toBe(409);
      expect(res.body.errorCode).toBe(9);
      expect(res.body.message).toBe(`Topic #${published} is already published: it is not waiting for review`);
      expect(await statusOf('topics', pending)).toBe(2);
      expect((await messagesOf(author.user.id)).filter((m) => m.entity_id === pending)).toEqual([]);
      await reject({ kind: 'topic', ids: [pending], reason: 'No' });
      const again = await approve({ kind: 'topic', ids: [pending] }, moderator.token);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(`Topic #${pending} is deleted: it is not waiting for review`);
      const zh = await t.post('/api/admin/review/reject', { kind: 'topic', ids: [published], reason: 'x' }, { token: moderator.token, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body.message).toBe(`话题 #${published} 已发布，不在审核中`);
      expect((await approve({ kind: 'topic', ids: [99_999_999] })).status).toBe(404);
    });

    it('names the bad field: ids, reason, kind', async () => {
      const id = await postTopic(t, author.token, { title: 'Field checks' });
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ kind: 'topic', ids: [], reason: 'x' }, 'ids'],
        [{ kind: 'topic', ids: Array.from({ length: 51 }, (_, i) => i + 1), reason: 'x' }, 'ids'],
        [{ kind: 'topic', ids: [id], reason: '  ' }, 'reason'],
        [{ kind: 'topic', ids: [id], reason: 'x'.repeat(201) }, 'reason'],
        [{ kind: 'tweet', ids: [id], reason: 'x' }, 'kind'],
      ];
      for (const [body, field] of cases) {
        const res = await reject(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.body.fields ?? {})).toEqual([field]);
      }
      expect((await reject({ kind: 'topic', ids: [id], reason: '' })).body.fields!.reason).toBe('Give the reason the author will read');
      expect(await statusOf('topics', id)).toBe(2);
      const form = await t.request('POST', '/api/admin/review/approve', { form: { kind: 'topic', ids: String(id) }, token: moderator.token });
      expect(form.status, JSON.stringify(form.body)).toBe(200);
    });

    it('restores a deleted post: published and counted again, the author told, audited; a post not deleted is refused', async () => {
      const id = await postTopic(t, moderator.token, { title: 'Pre-approved' });
      // A member's post, published by a moderator, then deleted by one.
      const mine = await postTopic(t, author.token, { title: 'Restore me' });
      await approve({ kind: 'topic', ids: [mine] });
      const published = await counts(author.user.id);
      expect((await t.post(`/api/topic/delete/${mine}`, {}, { token: moderator.token })).status).toBe(200);
      expect((await counts(author.user.id)).topic_count).toBe(published.topic_count - 1);
      const res = await restore({ kind: 'topic', id: mine });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await statusOf('topics', mine)).toBe(0);
      expect((await counts(author.user.id)).topic_count).toBe(published.topic_count);
      expect(await latestIds()).toContain(mine);
      expect((await messagesOf(author.user.id)).filter((m) => m.entity_id === mine).map((m) => m.type)).toEqual(['approved', 'deleted', 'restored']);
      expect((await listAuditFor(db, 'topic', mine)).map((entry) => entry.action)).toEqual(['topic.restore', 'topic.delete', 'topic.approve']);
      const refused = await restore({ kind: 'topic', id });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(`Topic #${id} is not deleted: there is nothing to restore`);
    });

    it('the content table: by kind and status, searched by title, with a total', async () => {
      const id = await postTopic(t, moderator.token, { title: 'Mango sticky rice 100%' });
      const list = (query: Record<string, string>) => t.get<ContentTableView>('/api/admin/content/list', { token: moderator.token, query });
      const found = await list({ kind: 'topic', status: 'published', q: 'STICKY rice 100%' });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(found.body.data!.results.map((row) => row.id)).toEqual([id]);
      expect(found.body.data!.total).toBe(1);
      expect((await list({ kind: 'topic', status: 'published', q: 'rice 1000' })).body.data!.total).toBe(0);
      expect((await list({ kind: 'topic', status: 'published', q: '_' })).body.data!.total).toBe(0);
      const deleted = await list({ kind: 'topic', status: 'deleted' });
      expect(deleted.body.data!.results.every((row) => row.status === 'deleted')).toBe(true);
      expect(deleted.body.data!.total).toBeGreaterThanOrEqual(2);
      const comment = await t.post<{ id: number }>('/api/comment/create', { entityType: 'topic', entityId: id, content: 'A comment about mango' }, { token: author.token });
      const comments = await list({ kind: 'comment', status: 'published', q: 'about MANGO' });
      expect(comments.body.data!.results).toEqual([
        expect.objectContaining({ kind: 'comment', id: comment.body.data!.id, title: 'Mango sticky rice 100%', excerpt: 'A comment about mango', url: `/topic/${id}#comment-${comment.body.data!.id}` }),
      ]);
      expect((await list({ q: 'x'.repeat(65) })).status).toBe(400);
      expect((await list({ status: 'gone' })).status).toBe(400);
      expect((await t.get('/api/admin/content/list', { token: author.token })).status).toBe(403);
      expect((await t.get('/api/admin/review/list')).status).toBe(401);
    });

    describe('held comments', () => {
      let member: CreatedUser;
      const commentOn = (token: string, entityType: string, entityId: number, content: string) =>
        t.post<{ id: number }>('/api/comment/create', { entityType, entityId, content }, { token });
      const comment = (id: number) => db.selectFrom('comments').select(['status', 'reply_count']).where('id', '=', id).executeTakeFirstOrThrow();
      const topicCounts = (id: number) => db.selectFrom('topics').select(['comment_count', 'last_comment_user_id']).where('id', '=', id).executeTakeFirstOrThrow();
      const commentCount = async (id: number) => (await db.selectFrom('users').select('comment_count').where('id', '=', id).executeTakeFirstOrThrow()).comment_count;
      const scoreLogs = (commentId: number) => db.selectFrom('score_logs').select(['type', 'user_id']).where('comment_id', '=', commentId).execute();
      const messagesAbout = async (userId: number, commentId: number) => (await messagesOf(userId)).filter((m) => m.entity_type === 'comment' && m.entity_id === commentId);
      const listed = async (topicId: number) =>
        (await t.get<{ results: Array<{ id: number; replies?: Array<{ id: number }> }> }>('/api/comment/comments', { query: { entityType: 'topic', entityId: String(topicId) } })).body.data!.results.flatMap((c) => [
          c.id,
          ...(c.replies ?? []).map((r) => r.id),
        ]);

      beforeAll(async () => {
        member = await createUser(t);
      });

      it('a reply with a forbidden word waits unseen and uncounted; approved, it counts, tells and scores exactly once', async () => {
        const topicId = await postTopic(t, moderator.token, { title: 'Weekend plans' });
        const top = (await commentOn(member.token, 'topic', topicId, 'Going to the beach')).body.data!.id;
        const before = { topic: await topicCounts(topicId), top: await comment(top), comments: await commentCount(author.user.id), user: await counts(author.user.id) };
        const created = await commentOn(author.token, 'comment', top, 'Or the Casino night <script>alert(1)</script>');
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        const id = created.body.data!.id;
        expect((await comment(id)).status).toBe(2);
        expect(await listed(topicId)).not.toContain(id);
        expect(await topicCounts(topicId)).toEqual(before.topic);
        expect((await comment(top)).reply_count).toBe(before.top.reply_count);
        expect(await commentCount(author.user.id)).toBe(before.comments);
        expect(await scoreLogs(id)).toEqual([]);
        expect([...(await messagesAbout(member.user.id, id)), ...(await messagesAbout(moderator.user.id, id))]).toEqual([]);

        const waiting = await queue('comment');
        expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
        expect(waiting.body.data!.counts.comment).toBe(waiting.body.data!.total);
        const item = waiting.body.data!.results.find((entry) => entry.id === id)!;
        expect(item).toMatchObject({ kind: 'comment', on: 'topic', title: 'Weekend plans', reason: 'forbiddenWord', words: ['casino'], author: { id: author.user.id }, url: `/topic/${topicId}#comment-${id}` });
        expect(item.contentHtml).toContain('Or the Casino night');
        expect(item.contentHtml).not.toContain('<script');
        expect((await queue('topic')).body.data!.counts.comment).toBe(waiting.body.data!.counts.comment);
        // The dashboard's "waiting for review" counts held comments too.
        const { topic, article, comment: held } = waiting.body.data!.counts;
        expect((await t.get<DashboardView>('/api/admin/dashboard', { token: moderator.token })).body.data!.counts.pendingReview).toBe(topic + article + held);

        const res = await approve({ kind: 'comment', ids: [id] });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toEqual({ kind: 'comment', ids: [id] });
        expect((await comment(id)).status).toBe(0);
        expect(await listed(topicId)).toContain(id);
        expect(await topicCounts(topicId)).toEqual({ comment_count: before.topic.comment_count + 1, last_comment_user_id: author.user.id });
        expect((await comment(top)).reply_count).toBe(before.top.reply_count + 1);
        expect(await commentCount(author.user.id)).toBe(before.comments + 1);
        expect(await scoreLogs(id)).toEqual([{ type: 'comment', user_id: author.user.id }]);
        expect((await counts(author.user.id)).score).toBeGreaterThan(before.user.score);
        expect(await messagesAbout(author.user.id, id)).toEqual([{ type: 'approved', content: '', entity_type: 'comment', entity_id: id }]);
        expect((await messagesAbout(member.user.id, id)).map((m) => m.type)).toEqual(['comment_reply']);
        expect((await messagesAbout(moderator.user.id, id)).map((m) => m.type)).toEqual(['topic_comment']);
        expect((await listAuditFor(db, 'comment', id))[0]).toMatchObject({ actorId: moderator.user.id, action: 'comment.approve', detail: { authorId: author.user.id, previousStatus: 2 } });
        const inbox = await t.get<{ results: Array<{ type: string; title: string }> }>('/api/user/messages', { token: author.token });
        expect(inbox.body.data!.results.find((m) => m.type === 'approved')!.title).toBe('Your comment on “Weekend plans” was approved and is now published');
        expect((await queue('comment')).body.data!.results.map((entry) => entry.id)).not.toContain(id);

        // Deciding again is refused and changes nothing.
        const again = await approve({ kind: 'comment', ids: [id] });
        expect(again.status).toBe(409);
        expect(again.body.message).toBe(`Comment #${id} is already published: it is not waiting for review`);
        expect(await commentCount(author.user.id)).toBe(before.comments + 1);
        expect(await scoreLogs(id)).toHaveLength(1);
      });

      it('rejects several held comments with a reason: deleted, nothing counted, each author told why', async () => {
        const topicId = await postTopic(t, moderator.token, { title: 'Rainy season' });
        const a = (await commentOn(author.token, 'topic', topicId, 'casino one')).body.data!.id;
        const b = (await commentOn(member.token, 'topic', topicId, 'casino two')).body.data!.id;
        const before = { topic: await topicCounts(topicId), author: await commentCount(author.user.id), member: await commentCount(member.user.id) };
        const res = await reject({ kind: 'comment', ids: [b, a], reason: 'No gambling ads' });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data!.ids).toEqual([a, b].sort((x, y) => x - y));
        expect([(await comment(a)).status, (await comment(b)).status]).toEqual([1, 1]);
        expect(await topicCounts(topicId)).toEqual(before.topic);
        expect([await commentCount(author.user.id), await commentCount(member.user.id)]).toEqual([before.author, before.member]);
        for (const [who, id] of [[author, a], [member, b]] as const) {
          expect(await messagesAbout(who.user.id, id)).toEqual([{ type: 'rejected', content: 'No gambling ads', entity_type: 'comment', entity_id: id }]);
          expect(await scoreLogs(id)).toEqual([]);
          expect((await listAuditFor(db, 'comment', id))[0]).toMatchObject({ action: 'comment.reject', detail: { reason: 'No gambling ads' } });
        }
        expect(await messagesAbout(moderator.user.id, a)).toEqual([]);
        const inbox = await t.get<{ results: Array<{ type: string; title: string; content: string }> }>('/api/user/messages', { token: member.token, headers: { 'accept-language': 'zh-CN' } });
        expect(inbox.body.data!.results[0]).toMatchObject({ type: 'rejected', title: '你在「Rainy season」下的评论未通过审核', content: 'No gambling ads' });
        const zh = await t.post('/api/admin/review/approve', { kind: 'comment', ids: [a] }, { token: moderator.token, headers: { 'accept-language': 'zh-CN' } });
        expect(zh.status).toBe(409);
        expect(zh.body.message).toBe(`评论 #${a} 已删除，不在审核中`);
      });

      it('approves in bulk (all or none), refuses a comment whose parent is gone, and a missing one', async () => {
        const topicId = await postTopic(t, moderator.token, { title: 'Street food' });
        const one = (await commentOn(author.token, 'topic', topicId, 'casino A')).body.data!.id;
        const two = (await commentOn(author.token, 'topic', topicId, 'casino B')).body.data!.id;
        const published = (await commentOn(member.token, 'topic', topicId, 'Pad thai')).body.data!.id;
        const orphan = (await commentOn(author.token, 'comment', published, 'casino reply')).body.data!.id;
        const before = { topic: await topicCounts(topicId), author: await commentCount(author.user.id) };
        // One in the wrong state refuses the whole decision.
        const mixed = await approve({ kind: 'comment', ids: [one, two, published] });
        expect(mixed.status).toBe(409);
        expect(mixed.body.message).toBe(`Comment #${published} is already published: it is not waiting for review`);
        expect([(await comment(one)).status, (await comment(two)).status]).toEqual([2, 2]);
        expect(await topicCounts(topicId)).toEqual(before.topic);
        expect((await approve({ kind: 'comment', ids: [one, two] })).status).toBe(200);
        expect((await topicCounts(topicId)).comment_count).toBe(before.topic.comment_count + 2);
        expect(await commentCount(author.user.id)).toBe(before.author + 2);
        expect((await messagesAbout(moderator.user.id, one)).map((m) => m.type)).toEqual(['topic_comment']);
        // The comment it replies to was deleted meanwhile: it can only be rejected.
        expect((await t.post(`/api/comment/delete/${published}`, {}, { token: member.token })).status).toBe(200);
        const gone = await approve({ kind: 'comment', ids: [orphan] });
        expect(gone.status).toBe(409);
        expect(gone.body.message).toBe(`Comment #${orphan} belongs to a post or a comment that is no longer published: reject it instead`);
        expect((await comment(orphan)).status).toBe(2);
        expect((await reject({ kind: 'comment', ids: [orphan], reason: 'Thread removed' })).status).toBe(200);
        expect((await approve({ kind: 'comment', ids: [99_999_999] })).status).toBe(404);
        // Restoring is for posts.
        expect((await restore({ kind: 'comment', id: orphan })).status).toBe(400);
        expect((await approve({ kind: 'comment', ids: [one] }, author.token)).status).toBe(403);
      });
    });
  });
}
