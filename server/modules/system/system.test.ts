/**
 * The process's memory figures (issue 32, ADR 0036), on every engine: admins only; the process's
 * memory and every in-process cache with its entries, bytes and budget, each within its budget;
 * a page the page cache keeps shows in its figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { MemoryView } from '../../../common/views/system';
import { setFeedCacheTtl, FEED_CACHE_TTL_MS } from '../../kernel/feed-cache';

for (const dialect of await testDatabases()) {
  describe(`memory figures [${dialect}]`, () => {
    let t: TestApp;
    let admin: CreatedUser;
    let moderator: CreatedUser;

    beforeAll(async () => {
      t = await createTestApp({ dialect });
      admin = await createUser(t, { role: 'admin' });
      moderator = await createUser(t, { role: 'moderator' });
    });
    afterAll(() => t.close());

    it('answers admins only', async () => {
      expect((await t.get('/api/admin/system/memory')).status).toBe(401);
      expect((await t.get('/api/admin/system/memory', { token: moderator.token })).status).toBe(403);
      expect((await t.get('/api/admin/system/memory', { token: admin.token })).status).toBe(200);
    });

    it('shows the process and every in-process cache, each within its budget', async () => {
      setFeedCacheTtl(t.ctx, FEED_CACHE_TTL_MS);
      try {
        // A feed read through the cache: its bytes show once loaded (a page of one topic is over 1 KB as JSON).
        const topic = { type: 0, nodeId: 1, title: 'Memory figures', content: `<p>${'words '.repeat(100)}</p>`, contentType: 'html' };
        expect((await t.post('/api/topic/create', topic, { token: admin.token })).status).toBe(200);
        expect((await t.get('/api/topic/topics')).status).toBe(200);
        const res = await t.get<MemoryView>('/api/admin/system/memory', { token: admin.token });
        expect(res.status).toBe(200);
        const { process: memory, caches } = res.body.data!;
        expect(memory.rssBytes).toBeGreaterThan(memory.heapUsedBytes);
        expect(memory.heapTotalBytes).toBeGreaterThanOrEqual(memory.heapUsedBytes);
        const names = caches.map((cache) => cache.name);
        expect(names).toEqual(expect.arrayContaining(['pages', 'feeds', 'views', 'reply-mails', 'rate-limits']));
        if (dialect === 'sqlite') expect(names).toContain('sqlite-statements');
        for (const cache of caches) {
          expect(cache.maxBytes, cache.name).toBeGreaterThan(0);
          expect(cache.bytes, cache.name).toBeLessThanOrEqual(cache.maxBytes);
        }
        const feeds = caches.find((cache) => cache.name === 'feeds')!;
        expect(feeds.entries).toBeGreaterThan(0);
        expect(feeds.bytes).toBeGreaterThan(4 * 1024);
      } finally {
        setFeedCacheTtl(t.ctx, 0);
      }
    });
  });
}
