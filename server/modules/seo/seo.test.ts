/**
 * The SEO documents as declared actions: each is routed from its declaration (Fastify's syntax
 * for a parameter inside a segment, `/rss/node/:id.xml` and `/sitemap-topics-:page.xml`, works
 * as it did when written by hand), answers its own media type with its caching, refuses with the
 * envelope, and the crawl rules answer before install. What the documents list is tested with
 * their kinds (topics.test.ts, articles.test.ts). Routing is the same on every engine: SQLite only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seoActions } from '../../../common/actions/seo';
import { servedRoutes } from '../../../tests/support/routes';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

describe('seo documents', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
  });
  afterAll(() => t.close());

  it('routes every document from its declaration', () => {
    const served = servedRoutes(t.app);
    for (const contract of Object.values(seoActions)) expect(served).toContain(`GET ${contract.path}`);
  });

  it('reads the id inside `/rss/node/:id.xml`: a node’s feed, the node’s 404 for anything else', async () => {
    const feed = await t.get('/rss/node/1.xml');
    expect([feed.status, feed.headers['content-type'], feed.headers['cache-control']]).toEqual([200, 'application/rss+xml; charset=utf-8', 'public, max-age=300']);
    expect(feed.raw.body).toContain('<atom:link href="http://localhost:3000/rss/node/1.xml"');
    expect((await t.app.inject({ method: 'HEAD', url: '/rss/node/1.xml' })).statusCode).toBe(200);
    for (const path of ['/rss/node/abc.xml', '/rss/node/01.xml', '/rss/node/0.xml', '/rss/node/99999.xml']) {
      const refused = await t.get(path);
      expect([path, refused.status, refused.body.errorCode, refused.body.message]).toEqual([path, 404, 6, 'Node not found']);
    }
  });

  it('reads the number inside `/sitemap-topics-:page.xml`; crawl rules and sitemaps carry their types', async () => {
    const sitemap = await t.get('/sitemap-topics-1.xml');
    expect([sitemap.status, sitemap.headers['content-type']]).toEqual([200, 'application/xml; charset=utf-8']);
    for (const path of ['/sitemap-topics-x.xml', '/sitemap-topics-0.xml', '/sitemap-articles-01.xml']) expect((await t.get(path)).status).toBe(404);
    const robots = await t.get('/robots.txt');
    expect([robots.status, robots.headers['content-type'], robots.headers['cache-control']]).toEqual([200, 'text/plain; charset=utf-8', 'public, max-age=3600']);
  });

  it('answers the crawl rules before install; the sitemaps need the forum', async () => {
    const fresh = await createTestApp({ dialect: 'sqlite', installed: false });
    try {
      expect((await fresh.get('/robots.txt')).status).toBe(200);
      expect((await fresh.get('/sitemap.xml')).status).toBe(428);
    } finally {
      await fresh.close();
    }
  });
});
