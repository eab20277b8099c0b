/**
 * The embeds feature's listeners (embeds.feature.ts) and the renders that read their cache, on
 * every engine. Each listener is proved by a card that appears on the item's page once the jobs
 * have run; removing one fails its test:
 *   - `topic.created`, `topic.edited`, `article.created`, `article.edited`, `comment.created`.
 * And around them: a page render before the job never fetches (the link is plain, the local
 * page has had no request); a YouTube link shows the facade without any fetch; a dead link stays
 * a plain link, its failure cached; a provider link is never fetched.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleActions } from '../../../common/actions/articles';
import { commentActions } from '../../../common/actions/comments';
import { topicActions } from '../../../common/actions/topics';
import { postArticle } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import type { CreatedUser } from '../../../tests/support/factories';
import { createListenerApp, droppedPages } from '../../../tests/support/listeners';
import type { TestApp } from '../../../tests/support/test-app';
import { postTopic } from '../../../tests/support/topic-factories';
import { requireDb } from '../../context';

let server: Server;
let origin = '';
const hits: string[] = [];
let version = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/versioned') {
      version += 1;
      return res.writeHead(200, { 'content-type': 'text/html' }).end(`<head><title>Version ${version}</title></head>`);
    }
    const match = /^\/page\/([a-z0-9-]+)$/.exec(req.url ?? '');
    if (!match) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<html><head><meta property="og:title" content="Card ${match[1]} &lt;i&gt;bold&lt;/i&gt;"><meta property="og:description" content="About ${match[1]}"><meta property="og:site_name" content="Local news"></head><body></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const bareLink = (url: string) => `<p>Worth a read:</p><p><a href="${url}">${url}</a></p>`;

for (const dialect of await testDatabases()) {
  describe(`embeds listeners [${dialect}]`, () => {
    let t: TestApp;
    let author: CreatedUser;

    const topicHtml = async (id: number) => {
      const read = await t.read(topicActions.detail, { id });
      if (!read.ok) throw new Error('topic not readable');
      return read.data.content ?? '';
    };

    beforeAll(async () => {
      // The fetcher may reach the local page only through the app's config (test-only).
      ({ t, member: author } = await createListenerApp(dialect, { env: { LINK_PREVIEW_TEST_ALLOW: '127.0.0.1' } }));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('topic.created: the page shows a plain link until the job has run, then the card (escaped); the render never fetched', async () => {
      hits.length = 0;
      const url = `${origin}/page/created`;
      const id = await postTopic(t, author.token, { content: bareLink(url) });
      const before = await topicHtml(id);
      expect(before).not.toContain('link-card');
      expect(before).toContain('127.0.0.1');
      expect(hits).toEqual([]);

      const dropped = await droppedPages(t, () => t.jobs.drain());
      expect(hits).toEqual(['/page/created']);
      expect(dropped).toContain(`topic:${id}`);
      const after = await topicHtml(id);
      expect(after).toContain('class="link-card"');
      expect(after).toContain('Card created &lt;i&gt;bold&lt;/i&gt;');
      expect(after).toContain('About created');
      expect(after).not.toContain('<i>bold');
    });

    it('topic.edited: a link added by an edit gets its card', async () => {
      const id = await postTopic(t, author.token, { title: 'Edited later' });
      await t.jobs.drain();
      const edit = await t.post(`/api/topic/edit/${id}`, { title: 'Edited later', content: bareLink(`${origin}/page/edited`) }, { token: author.token });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      await t.jobs.drain();
      expect(await topicHtml(id)).toContain('Card edited');
    });

    it('article.created and article.edited: the article page shows the card', async () => {
      const article = await postArticle(t, author.token, { content: bareLink(`${origin}/page/article`) });
      await t.jobs.drain();
      const read = await t.read(articleActions.detail, { id: article.id });
      expect(read.ok && read.data.content).toContain('Card article');

      const edited = await postArticle(t, author.token, { title: 'Article edited later' });
      await t.jobs.drain();
      const edit = await t.post(`/api/article/edit/${edited.id}`, { title: 'Article edited later', content: bareLink(`${origin}/page/article-edit`) }, { token: author.token });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      await t.jobs.drain();
      const again = await t.read(articleActions.detail, { id: edited.id });
      expect(again.ok && again.data.content).toContain('Card article-edit');
    });

    it('comment.created: a comment that is a bare link shows the card in the comment list', async () => {
      const topicId = await postTopic(t, author.token);
      const comment = await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: `${origin}/page/comment` }, { token: author.token });
      expect(comment.status, JSON.stringify(comment.body)).toBe(200);
      await t.jobs.drain();
      const list = await t.read(commentActions.list, { entityType: 'topic', entityId: topicId });
      expect(list.ok && list.data.results[0]?.content).toContain('Card comment');
    });

    it('a YouTube link shows the click-to-load facade at once, without any fetch', async () => {
      hits.length = 0;
      const url = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
      const id = await postTopic(t, author.token, { content: bareLink(url) });
      const html = await topicHtml(id);
      expect(html).toContain('class="embed-facade"');
      expect(html).toContain('data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"');
      expect(html).not.toContain('<iframe');
      // No job for it: provider embeds are built from the link alone.
      const jobs = await requireDb(t.ctx).selectFrom('jobs').select('payload').where('name', '=', 'embeds.preview').execute();
      expect(jobs.some((job) => job.payload.includes('youtube'))).toBe(false);
    });

    it('a render that finds a preview due again only enqueues its refresh (once); the job brings the new card', async () => {
      const url = `${origin}/versioned`;
      const id = await postTopic(t, author.token, { content: bareLink(url) });
      await t.jobs.drain();
      const first = await topicHtml(id);
      expect(first).toMatch(/Version \d+/);
      const shown = /Version (\d+)/.exec(first)![1];
      const db = requireDb(t.ctx);
      await db.updateTable('link_previews').set({ refresh_time: 0 }).where('url', '=', url).execute();

      hits.length = 0;
      const waiting = () => db.selectFrom('jobs').select('id').where('name', '=', 'embeds.preview').where('status', '=', 'waiting').execute();
      expect(await topicHtml(id)).toContain(`Version ${shown}`);
      expect(await topicHtml(id)).toContain(`Version ${shown}`);
      expect(hits).toEqual([]);
      expect(await waiting()).toHaveLength(1);

      await t.jobs.drain();
      expect(hits).toEqual(['/versioned']);
      expect(await topicHtml(id)).toContain(`Version ${Number(shown) + 1}`);
    });

    it('a dead link stays a plain link; its failure is cached', async () => {
      const url = `${origin}/missing`;
      const id = await postTopic(t, author.token, { content: bareLink(url) });
      await t.jobs.drain();
      expect(await topicHtml(id)).not.toContain('link-card');
      const row = await requireDb(t.ctx).selectFrom('link_previews').select(['status', 'refresh_time', 'fetched_at']).where('url', '=', url).executeTakeFirst();
      expect(row?.status).toBe('failed');
      expect(Number(row!.refresh_time) - Number(row!.fetched_at)).toBe(3600_000);
    });
  });
}

// The app's own fetcher (no allowance in its config) against the same local page: on SQLite only,
// since what it proves is the config, not the engine.
describe('embeds without the test allowance', () => {
  it('without the test allowance the same local page is refused: nothing reaches it', async () => {
    hits.length = 0;
    const guarded = await createListenerApp('sqlite');
    try {
      const id = await postTopic(guarded.t, guarded.member.token, { content: bareLink(`${origin}/page/guarded`) });
      await guarded.t.jobs.drain();
      const read = await guarded.t.read(topicActions.detail, { id });
      expect(read.ok && read.data.content).not.toContain('link-card');
      expect(hits).toEqual([]);
    } finally {
      await guarded.t.close();
    }
  });
});
