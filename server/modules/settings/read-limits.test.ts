/**
 * Rate limits on reads that had none: the feeds and lists per IP (one generous budget for all of
 * them) and tag autocomplete per member, or per IP when signed out. 429 with Retry-After and
 * errorCode 7, as every limit answers; RATE_LIMITS=off lifts them. The database plays no part in
 * a limit, so one engine is enough.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTopic, createUser, randomIp, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, writeTestSettings, type ApiResponse, type TestApp } from '../../../tests/support/test-app';
import { defaultSettings } from './settings.schema';
import { settingsFromRows } from './settings.service';

function expectLimited(res: ApiResponse, label: string): void {
  expect(res.status, label).toBe(429);
  expect(res.body.errorCode, label).toBe(7);
  expect(Number(res.headers['retry-after']), label).toBeGreaterThan(0);
}

describe('read rate limits', () => {
  let t: TestApp;
  let member: CreatedUser;
  let feeds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    member = await createUser(t);
    const topicId = await createTopic(t, member.user, { tags: ['limits'] });
    const comment = await t.post<{ id: number }>('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'hi' }, { token: member.token });
    const tags = await t.get<{ results: Array<{ id: number }> }>('/api/tag/tags');
    feeds = [
      '/api/topic/topics',
      `/api/topic/tag/topics?tagId=${tags.body.data!.results[0]!.id}`,
      `/api/topic/user_topics?userId=${member.user.id}`,
      `/api/comment/comments?entityType=topic&entityId=${topicId}`,
      `/api/comment/replies?commentId=${comment.body.data!.id}`,
      `/api/comment/user_comments?userId=${member.user.id}`,
      '/api/tag/tags',
    ];
    await writeTestSettings(
      t,
      { rateLimits: { ...defaultSettings.rateLimits, feedPerIp: { max: feeds.length, windowMs: 60_000 }, tagAutocomplete: { max: 3, windowMs: 5 * 60_000 } } },
      t.ctx.clock.now(),
    );
  });
  afterAll(() => t?.close());

  it('the feeds and lists share one budget per IP; another IP has its own', async () => {
    const ip = randomIp();
    for (const url of feeds) expect((await t.get(url, { remoteAddress: ip })).status, url).toBe(200);
    for (const url of feeds) expectLimited(await t.get(url, { remoteAddress: ip }), url);
    // Signed in or not, it is the address that reads.
    expectLimited(await t.get('/api/topic/topics', { remoteAddress: ip, token: member.token }), 'signed in');
    expect((await t.get('/api/topic/topics', { remoteAddress: randomIp() })).status).toBe(200);
  });

  it('tag autocomplete counts per member whatever the IP, per IP when signed out', async () => {
    for (let i = 0; i < 3; i++) expect((await t.post('/api/tag/autocomplete', { input: 'li' }, { token: member.token, remoteAddress: randomIp() })).status).toBe(200);
    expectLimited(await t.post('/api/tag/autocomplete', { input: 'lim' }, { token: member.token, remoteAddress: randomIp() }), 'member');
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await t.post('/api/tag/autocomplete', { input: 'li' }, { remoteAddress: ip })).status).toBe(200);
    const zh = await t.post('/api/tag/autocomplete', { input: 'li' }, { remoteAddress: ip, headers: { 'accept-language': 'zh-CN' } });
    expectLimited(zh, 'anonymous');
    expect(zh.body.message).toContain('请求过于频繁');
    expect((await t.post('/api/tag/autocomplete', { input: 'li' }, { remoteAddress: randomIp() })).status).toBe(200);
  });

  it('a stored rateLimits from before these rules reads with their defaults', () => {
    const old = { signinPerIp: { max: 1, windowMs: 60_000 }, signinPerAccount: { max: 2, windowMs: 60_000 }, signupPerIp: { max: 3, windowMs: 60_000 }, mailPerIp: { max: 4, windowMs: 60_000 } };
    const read = settingsFromRows([{ key: 'rateLimits', value: JSON.stringify(old) }]).rateLimits;
    expect(read).toEqual({ ...defaultSettings.rateLimits, ...old });
    expect(read.feedPerIp).toEqual({ max: 600, windowMs: 60_000 });
  });
});

describe('read rate limits with RATE_LIMITS=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: 'off' } });
    await writeTestSettings(t, { rateLimits: { ...defaultSettings.rateLimits, feedPerIp: { max: 1, windowMs: 60_000 }, tagAutocomplete: { max: 1, windowMs: 60_000 } } }, t.ctx.clock.now());
  });
  afterAll(() => t?.close());

  it('limits nothing (benchmarks and the e2e suite read freely)', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await t.get('/api/topic/topics')).status).toBe(200);
      expect((await t.post('/api/tag/autocomplete', { input: 'x' })).status).toBe(200);
    }
  });
});
