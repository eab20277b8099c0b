/**
 * The process's memory in figures (issue 32): `GET admin/system/memory` answers admins only
 * (the full matrix is in moderation/admin-authorization.test.ts), with the process's heap and
 * resident set and every in-process cache's entries and bytes against its byte budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTopic } from '../../../tests/support/topic-factories';
import type { MemoryView } from '../../../common/views/caches';

describe('GET /api/admin/system/memory', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let moderator: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin' });
    moderator = await createUser(t, { role: 'moderator' });
  });
  afterAll(() => t.close());

  it('answers admins only, never cached, with the heap and every in-process cache against its budget', async () => {
    expect((await t.get('/api/admin/system/memory')).status).toBe(401);
    expect((await t.get('/api/admin/system/memory', { token: moderator.token })).status).toBe(403);
    const topicId = await createTopic(t, admin.user, { title: 'Counted once' });
    const read = await t.get<{ viewCount: number }>(`/api/topic/${topicId}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' } });
    expect(read.body.data!.viewCount).toBe(1);

    const res = await t.get<MemoryView>('/api/admin/system/memory', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const view = res.body.data!;
    const { rss, heapUsed, heapTotal, heapLimit, external, arrayBuffers } = view.process;
    expect(heapUsed).toBeGreaterThan(0);
    expect(heapUsed).toBeLessThanOrEqual(heapTotal);
    expect(heapTotal).toBeLessThan(heapLimit);
    expect(rss).toBeGreaterThan(heapUsed);
    expect(external).toBeGreaterThanOrEqual(arrayBuffers);
    expect(view.caches.map((cache) => cache.name)).toEqual(['pages', 'feeds', 'viewDedup', 'replyMailThrottle', 'rateLimits', 'preparedStatements']);
    for (const cache of view.caches) {
      expect(cache.bytes, cache.name).toBeLessThanOrEqual(cache.maxBytes);
      expect(cache.maxBytes, cache.name).toBeGreaterThan(0);
    }
    const held = Object.fromEntries(view.caches.map((cache) => [cache.name, cache]));
    // The view just counted is remembered, and this SQLite forum's statements are kept.
    expect(held.viewDedup!.entries).toBe(1);
    expect(held.viewDedup!.bytes).toBeGreaterThan(0);
    expect(held.preparedStatements!.entries).toBeGreaterThan(10);
  });
});
