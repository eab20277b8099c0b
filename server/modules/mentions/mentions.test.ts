/**
 * @-mentions and quotes over HTTP on every engine (issue 27): who is told, once, and when; what
 * the stored HTML becomes (rich text and Markdown, the cap, a forged mark); the member lookup's
 * shape and limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentView } from '../../../common/views/comment';
import type { MentionSuggestion } from '../../../common/views/mentions';
import type { MessageView } from '../../../common/views/message';
import { requireDb } from '../../context';
import type { DB } from '../../db/schema';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, uniq, type CreatedUser } from '../../../tests/support/factories';
import { createListenerApp, messagesOf } from '../../../tests/support/listeners';
import { writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { setForbiddenWords } from '../../../tests/support/words';
import { postTopic } from '../../../tests/support/topic-factories';
import type { Kysely } from 'kysely';

const mentionLink = (user: CreatedUser, extra = '') => `<a href="/user/${user.user.id}"${extra}>@${user.user.nickname}</a>`;

for (const dialect of await testDatabases()) {
  describe(`mentions [${dialect}]`, () => {
    let t: TestApp;
    let db: Kysely<DB>;
    let author: CreatedUser;
    let moderator: CreatedUser;

    /** A fresh member with a username (5–12 characters, starting with a letter). */
    const member = (prefix = 'm') => createUser(t, { username: `${prefix}${uniq().replace(/[^A-Za-z0-9]/g, '').slice(-8)}`.slice(0, 12) });
    const mentionsOf = async (reader: CreatedUser): Promise<MessageView[]> => (await messagesOf(t, reader)).filter((m) => m.type === 'mention' || m.type === 'quote');
    const topicHtml = async (id: number) => (await db.selectFrom('topics').select('content_html').where('id', '=', id).executeTakeFirstOrThrow()).content_html;
    const comment = async (who: CreatedUser, body: Record<string, unknown>) => {
      const res = await t.post<CommentView>('/api/comment/create', body, { token: who.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data!.id;
    };

    beforeAll(async () => {
      ({ t, member: author, moderator } = await createListenerApp(dialect));
      db = requireDb(t.ctx);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('rich text: the member linked as @nick is told once, in the reader’s language; the link is marked as a mention', async () => {
      const bob = await member();
      const id = await postTopic(t, author.token, { title: 'Durian season', content: `<p>Ask ${mentionLink(bob, ' class="mention" data-user-id="' + bob.user.id + '"')} about it</p>` });
      const messages = await mentionsOf(bob);
      expect(messages.map((m) => [m.type, m.title, m.url, m.entityType, m.entityId, m.from?.id])).toEqual([
        ['mention', `${author.user.nickname} mentioned you in “Durian season”`, `/topic/${id}`, 'topic', id, author.user.id],
      ]);
      expect(await topicHtml(id)).toContain(`<a href="/user/${bob.user.id}" class="mention" data-user-id="${bob.user.id}" rel="noopener noreferrer nofollow" target="_blank">@${bob.user.nickname}</a>`);
      const zh = await t.get<{ results: MessageView[] }>('/api/user/messages', { token: bob.token, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body.data!.results[0]!.title).toBe(`${author.user.nickname} 在“Durian season”中提到了你`);
    });

    it('Markdown: @username is resolved when rendered; an unknown name stays text; mentioning oneself tells nobody', async () => {
      const carol = await member('c');
      const self = await member('s');
      const id = await postTopic(t, self.token, { title: 'Markdown names', contentType: 'markdown', content: `Hello @${carol.user.username} and @${self.user.username} and @nobody_here, \`@${carol.user.username}\`` });
      const html = await topicHtml(id);
      expect(html).toContain(`<a href="/user/${carol.user.id}" class="mention" data-user-id="${carol.user.id}" rel="noopener noreferrer nofollow" target="_blank">@${carol.user.username}</a>`);
      expect(html).toContain(`data-user-id="${self.user.id}"`);
      expect(html).toContain('@nobody_here');
      expect(html).toContain(`<code>@${carol.user.username}</code>`);
      expect((await mentionsOf(carol)).map((m) => m.entityId)).toEqual([id]);
      expect(await mentionsOf(self)).toEqual([]);
    });

    it('a forged mention mark tells nobody and does not survive on another link', async () => {
      const victim = await member('v');
      const id = await postTopic(t, author.token, {
        title: 'Forged',
        content: `<p><a href="https://evil.example/" class="mention" data-user-id="${victim.user.id}">@${victim.user.nickname}</a> <a href="/topic/1" class="mention" data-user-id="${victim.user.id}">@x</a> <span class="mention" data-user-id="${victim.user.id}">@y</span></p>`,
      });
      const html = await topicHtml(id);
      expect(html).not.toContain('class="mention"');
      expect(html).not.toContain('data-user-id');
      expect(await mentionsOf(victim)).toEqual([]);
    });

    it('caps the members told at 10 a post: the 11th is a plain profile link and told nothing', async () => {
      const members: CreatedUser[] = [];
      for (let i = 0; i < 11; i++) members.push(await member('k'));
      const id = await postTopic(t, author.token, { title: 'Roll call', content: `<p>${members.map((m) => mentionLink(m)).join(' ')}</p>` });
      const told = await Promise.all(members.map(async (m) => (await mentionsOf(m)).length));
      expect(told).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
      const html = await topicHtml(id);
      expect(html.match(/class="mention"/g)).toHaveLength(10);
      const last = members[10]!;
      expect(html).toContain(`<a href="/user/${last.user.id}" rel="noopener noreferrer nofollow" target="_blank">@${last.user.nickname}</a>`);
    });

    it('an edit tells only the members newly mentioned', async () => {
      const first = await member('e');
      const second = await member('f');
      const id = await postTopic(t, author.token, { title: 'Edit me', content: `<p>${mentionLink(first)}</p>` });
      const edit = await t.post(`/api/topic/edit/${id}`, { title: 'Edit me', content: `<p>${mentionLink(first)} ${mentionLink(second)}</p>` }, { token: author.token });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect((await mentionsOf(first)).length).toBe(1);
      expect((await mentionsOf(second)).map((m) => m.entityId)).toEqual([id]);
      expect(await topicHtml(id)).toContain(`data-user-id="${second.user.id}"`);
    });

    it('a post held for review tells nobody until approved; a rejected (hidden) one not until it is restored', async () => {
      await writeTestSettings(t, { topicReview: true, articleReview: true }, t.ctx.clock.now());
      try {
        const waiting = await member('w');
        const rejected = await member('r');
        const held = await postTopic(t, author.token, { title: 'Held', content: `<p>${mentionLink(waiting)}</p>` });
        const refused = await postTopic(t, author.token, { title: 'Refused', content: `<p>${mentionLink(rejected)}</p>` });
        expect(await mentionsOf(waiting)).toEqual([]);
        expect((await t.post('/api/admin/review/approve', { kind: 'topic', ids: [held] }, { token: moderator.token })).status).toBe(200);
        expect((await mentionsOf(waiting)).map((m) => m.entityId)).toEqual([held]);
        expect((await t.post('/api/admin/review/reject', { kind: 'topic', ids: [refused], reason: 'No' }, { token: moderator.token })).status).toBe(200);
        expect(await mentionsOf(rejected)).toEqual([]);
        // Hidden (rejected: deleted) until a moderator restores it: published now, so told now, once.
        const restored = await t.post('/api/admin/content/restore', { kind: 'topic', id: refused }, { token: moderator.token });
        expect(restored.status, JSON.stringify(restored.body)).toBe(200);
        expect((await mentionsOf(rejected)).map((m) => m.entityId)).toEqual([refused]);
        expect((await t.post(`/api/topic/edit/${refused}`, { title: 'Refused', content: `<p>${mentionLink(rejected)} again</p>` }, { token: moderator.token })).status).toBe(200);
        expect((await mentionsOf(rejected)).length).toBe(1);
      } finally {
        await writeTestSettings(t, { topicReview: false, articleReview: false }, t.ctx.clock.now());
      }
    });

    it('a comment held for a forbidden word tells nobody until approved', async () => {
      const named = await member('h');
      const topic = await postTopic(t, author.token, { title: 'Held comment' });
      await setForbiddenWords(t, ['casino']);
      try {
        const res = await t.post<CommentView>('/api/comment/create', { entityType: 'topic', entityId: topic, content: `<p>casino ${mentionLink(named)}</p>`, contentType: 'html' }, { token: author.token });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(await mentionsOf(named)).toEqual([]);
        const approve = await t.post('/api/admin/review/approve', { kind: 'comment', ids: [res.body.data!.id] }, { token: moderator.token });
        expect(approve.status, JSON.stringify(approve.body)).toBe(200);
        expect((await mentionsOf(named)).map((m) => [m.entityType, m.entityId])).toEqual([['comment', res.body.data!.id]]);
      } finally {
        await setForbiddenWords(t, []);
      }
    });

    it('articles and comments tell their mentioned members too', async () => {
      const named = await member('a');
      const article = await postArticle(t, author.token, { title: 'An article', content: `<p>${mentionLink(named)}</p>` });
      const topic = await postTopic(t, author.token, { title: 'Comment here' });
      const created = await t.post<CommentView>('/api/comment/create', { entityType: 'topic', entityId: topic, content: `Thanks @${named.user.username}`, contentType: 'markdown' }, { token: author.token });
      // The author sees the mention as stored at once: a link to the member's profile.
      expect(created.body.data!.content).toContain(`href="/user/${named.user.id}"`);
      const id = created.body.data!.id;
      expect((await mentionsOf(named)).map((m) => [m.entityType, m.entityId, m.url]).sort()).toEqual(
        [
          ['article', article.id, `/article/${article.id}`],
          ['comment', id, `/topic/${topic}#comment-${id}`],
        ].sort(),
      );
    });

    it('quote and reply: the quoted comment’s author is told once; never oneself, nor the member told already', async () => {
      const quoted = await member('q');
      const quoter = await member('p');
      const topic = await postTopic(t, author.token, { title: 'Quotes' });
      const original = await comment(quoted, { entityType: 'topic', entityId: topic, content: 'Mangoes are best in April' });
      const quote = `<blockquote><p>Mangoes are best in April</p><p><a href="/topic/${topic}#comment-${original}">${quoted.user.nickname}</a></p></blockquote>`;
      const reply = await comment(quoter, { entityType: 'topic', entityId: topic, content: `${quote}<p>Agreed</p><p>${quote}</p>`, contentType: 'html' });
      expect((await mentionsOf(quoted)).map((m) => [m.type, m.title, m.quoteContent, m.url])).toEqual([
        ['quote', `${quoter.user.nickname} quoted you in “Quotes”`, 'Mangoes are best in April', `/topic/${topic}#comment-${reply}`],
      ]);
      // Quoting one's own comment, or the topic whose author is told of the comment anyway: no quote message.
      await comment(quoted, { entityType: 'topic', entityId: topic, content: `${quote}<p>Myself</p>`, contentType: 'html' });
      await comment(quoter, { entityType: 'topic', entityId: topic, content: `<blockquote><p>Body</p><p><a href="/topic/${topic}">${author.user.nickname}</a></p></blockquote>`, contentType: 'html' });
      expect((await mentionsOf(quoted)).length).toBe(1);
      expect(await mentionsOf(author)).toEqual([]);
    });

    it('the lookup: writers only, a prefix of a username or nickname, active members, a few public fields', async () => {
      const tag = uniq().replace(/[^a-z0-9]/gi, '').slice(-5).toLowerCase();
      const exact = await createUser(t, { username: `z${tag}`, nickname: `Zed ${tag}` });
      const byNick = await createUser(t, { nickname: `z${tag} Nick` });
      const gone = await createUser(t, { username: `z${tag}x`, nickname: `Gone ${tag}` });
      await db.updateTable('users').set({ status: 1 }).where('id', '=', gone.user.id).execute();
      const lookup = (q: string, token: string | undefined = author.token) => t.get<MentionSuggestion[]>('/api/user/mention_suggestions', { token, query: { q } });

      const res = await lookup(`@Z${tag}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data!.map((s) => s.id)).toEqual([exact.user.id, byNick.user.id]);
      expect(Object.keys(res.body.data![0]!).sort()).toEqual(['id', 'nickname', 'smallAvatar', 'username']);
      expect(JSON.stringify(res.body)).not.toContain('@example');

      expect((await lookup(tag)).body.data).toEqual([]);
      const empty = await lookup('');
      expect(empty.status).toBe(400);
      expect(empty.body.fields?.q ?? JSON.stringify(empty.body)).toBe('Type a name after @');
      expect((await lookup('x'.repeat(40))).status).toBe(400);
      expect((await t.get('/api/user/mention_suggestions', { query: { q: 'zed' } })).status).toBe(401);

      for (let i = 0; i < 8; i++) await createUser(t, { nickname: `y${tag} ${i}` });
      expect((await lookup(`y${tag}`)).body.data).toHaveLength(8);
    });

    it('the lookup is limited per member', async () => {
      const typist = await member('t');
      let last = 0;
      for (let i = 0; i < 61; i++) last = (await t.get('/api/user/mention_suggestions', { token: typist.token, query: { q: 'abc' } })).status;
      expect(last).toBe(429);
    });
  });
}
