/**
 * Text no field accepts (U+0000, other C0 controls but tab/LF/CR, lone surrogates, Unicode
 * non-characters) is refused with 400, errorCode 5 and the field named, on every engine:
 * PostgreSQL refuses U+0000 in text and answered 500 before the check. One guard covers bodies,
 * query strings and path parameters of every route, so the routes below are samples, not a list.
 */
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../tests/support/databases';
import { createTopic, createUser, randomIp, type CreatedUser } from '../../tests/support/factories';
import { createTestApp, type ApiResponse, type TestApp } from '../../tests/support/test-app';
import { z } from 'zod';
import { AppError } from '../infra/errors';
import { parseInput } from '../kernel/input';

const dialects = await testDatabases();

/** A catch-all like the site's page route (server/http/ssr.ts): echoes the path it was given. */
const probePages: FastifyPluginAsync = async (app) => {
  app.get('/*', async (request) => ({ path: (request.params as Record<string, string>)['*'] }));
};

/** One sample of each kind of refused text, as it arrives in a JSON string. */
const HOSTILE: Array<[label: string, text: string]> = [
  ['NUL', 'a\u0000b'],
  ['C0 control', 'a\u0001b'],
  ['escape', '\u001b[31mred'],
  ['lone high surrogate', 'a\ud800b'],
  ['lone low surrogate', '\udc00'],
  ['U+FFFE', 'a\ufffe'],
  ['U+FFFF', '\uffff'],
  ['U+FDD0', '\ufdd0'],
  ['U+1FFFF', 'x\u{1ffff}'],
  ['U+10FFFE', '\u{10fffe}'],
];

/** Text every field must still take: tab, newlines, CJK, Thai, emoji (a surrogate pair), U+FFFD. */
const FRIENDLY = 'tab\tnew\nline\r\n中文 ภาษาไทย 😀 \ufffd';

const UNSAFE_EN = 'Contains a character that is not allowed (a control character or a Unicode non-character)';
const UNSAFE_ZH = '包含不允许的字符（控制字符或 Unicode 非字符）';

function expectRefused(res: ApiResponse, field: string, label: string): void {
  expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.errorCode, label).toBe(5);
  expect(res.body.fields?.[field], label).toBe(UNSAFE_EN);
  expect(res.body.message, label).toBe(UNSAFE_EN);
}

describe('parseInput', () => {
  it('refuses unsafe text itself: page loaders and actions call use cases past every HTTP hook', () => {
    const schema = z.object({ title: z.string(), tags: z.array(z.string()) });
    let caught: unknown;
    try {
      parseInput(schema, { title: 'fine', tags: ['ok', '\u0000'] });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ status: 400, errorCode: 5, fields: { 'tags.1': 'validation.unsafeText' } });
  });
});

for (const dialect of dialects) {
  describe(`unsafe text is refused at validation [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let topicId: number;

    beforeAll(async () => {
      t = await createTestApp({ dialect, env: { RATE_LIMITS: 'off' }, site: probePages });
      member = await createUser(t);
      topicId = await createTopic(t, member.user);
    });
    afterAll(() => t?.close());

    it('anonymous sign-in: the username and the password', async () => {
      for (const [label, text] of HOSTILE) {
        expectRefused(await t.post('/api/login/signin', { username: text, password: 'whatever1' }, { remoteAddress: randomIp() }), 'username', label);
        expectRefused(await t.post('/api/login/signin', { username: 'someone', password: text }, { remoteAddress: randomIp() }), 'password', label);
      }
    });

    it('sign-up, JSON and form-encoded, in both languages', async () => {
      for (const [label, text] of HOSTILE) {
        const body = { nickname: text, email: 'x@example.com', password: 'secret1', rePassword: 'secret1' };
        expectRefused(await t.post('/api/login/signup', body, { remoteAddress: randomIp() }), 'nickname', label);
      }
      const form = await t.request('POST', '/api/login/signup', { form: { nickname: 'ok', email: 'a\u0000@example.com', password: 'secret1', rePassword: 'secret1' }, remoteAddress: randomIp() });
      expectRefused(form, 'email', 'form-encoded NUL');
      const zh = await t.post('/api/login/signup', { nickname: '\u0000' }, { remoteAddress: randomIp(), headers: { 'accept-language': 'zh-CN' } });
      expect(zh.status).toBe(400);
      expect(zh.body.fields).toEqual({ nickname: UNSAFE_ZH });
    });

    it('tag autocomplete', async () => {
      for (const [label, text] of HOSTILE) expectRefused(await t.post('/api/tag/autocomplete', { input: text }), 'input', label);
      expect((await t.post('/api/tag/autocomplete', { input: FRIENDLY })).status).toBe(200);
    });

    it('topic create: title, content, tags (a nested field is named by its path)', async () => {
      for (const [label, text] of HOSTILE) {
        expectRefused(await t.post('/api/topic/create', { title: text, content: '<p>fine</p>' }, { token: member.token }), 'title', label);
        expectRefused(await t.post('/api/topic/create', { title: 'fine', content: `<p>${text}</p>` }, { token: member.token }), 'content', label);
      }
      expectRefused(await t.post('/api/topic/create', { title: 'fine', content: '<p>fine</p>', tags: ['ok', 'b\u0000d'] }, { token: member.token }), 'tags.1', 'tag');
      const friendly = await t.post('/api/topic/create', { title: FRIENDLY.replace(/\s+/g, ' '), content: `<p>${FRIENDLY}</p>` }, { token: member.token });
      expect(friendly.status, JSON.stringify(friendly.body)).toBe(200);
    });

    it('comment create', async () => {
      for (const [label, text] of HOSTILE) {
        expectRefused(await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: text }, { token: member.token }), 'content', label);
      }
      const friendly = await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: FRIENDLY }, { token: member.token });
      expect(friendly.status, JSON.stringify(friendly.body)).toBe(200);
    });

    it('query strings and path parameters, API and pages', async () => {
      expectRefused(await t.get('/api/topic/topics?cursor=%00'), 'cursor', 'query NUL');
      expectRefused(await t.get('/api/comment/comments?entityType=topic&entityId=1&cursor=%EF%BF%BF'), 'cursor', 'query U+FFFF');
      expectRefused(await t.get('/api/tag/tags?cursor=a%01'), 'cursor', 'query C0');
      expectRefused(await t.get('/api/topic/%00'), 'id', 'path NUL');
      expectRefused(await t.get('/api/user/1%00'), 'id', 'user path NUL');
      // A page's path or query with a NUL reaches no loader: the guard runs before the page handler.
      expect((await t.get('/topic/1')).body).toEqual({ path: 'topic/1' });
      expectRefused(await t.get('/topic/1%00'), 'path', 'page path NUL');
      expectRefused(await t.get('/topics?tab=%00'), 'tab', 'page query NUL');
    });

    it('a nested, deep or odd-shaped body never answers 5xx', async () => {
      const deep = '['.repeat(100_000) + '"\\u0000"' + ']'.repeat(100_000);
      const res = await t.request('POST', '/api/tag/autocomplete', { body: `{"input":"x","deep":${deep}}`, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe(5);
      const key = await t.post('/api/tag/autocomplete', { input: 'x', ['k\u0000']: 'v' });
      expect(key.status).toBe(400);
      expect(key.body.errorCode).toBe(5);
    });
  });
}
