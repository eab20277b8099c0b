/** The request pipeline's shared behaviour: envelope, body parsing, limits, error hiding. */
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { ok } from './envelope';
import { errors } from '../infra/errors';
import { redactUrl } from './logging';
import { parseInput } from '../kernel/input';
import { z } from 'zod';

/** A pino destination that keeps every line, parsed. */
function logCollector() {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } };
}

const echoSchema = z.object({ name: z.string().min(1, 'validation.required'), age: z.coerce.number().int('validation.invalid') });

/** Routes that exist only in this test, to drive the pipeline's failure paths. */
const probeRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/__probe/echo', async (request) => ok(parseInput(echoSchema, request.body)));
  app.get('/api/__probe/boom', async () => {
    throw new Error('secret internals: password=hunter2 at /srv/db.ts:42');
  });
  app.get('/api/__probe/banned', async () => {
    throw errors.banned(Date.UTC(2030, 0, 2, 3, 4));
  });
};

describe('request pipeline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ site: probeRoutes });
  });
  afterAll(() => t.close());

  it('accepts JSON and form-encoded bodies alike', async () => {
    const json = await t.post('/api/__probe/echo', { name: 'Somchai', age: 31 });
    expect(json.body).toEqual({ success: true, data: { name: 'Somchai', age: 31 } });
    const form = await t.request('POST', '/api/__probe/echo', { form: { name: 'Somchai', age: '31' } });
    expect(form.body).toEqual({ success: true, data: { name: 'Somchai', age: 31 } });
  });

  it('answers validation failures with 400, errorCode 5 and translated field messages', async () => {
    const res = await t.post('/api/__probe/echo', { name: '', age: 'x' }, { headers: { 'accept-language': 'zh-CN' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errorCode: 5, fields: { name: '此项为必填项', age: '无效的值' } });
  });

  it('answers malformed JSON with 400 and no parser internals', async () => {
    const res = await t.request('POST', '/api/__probe/echo', { body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errorCode: 0, message: 'The request body is malformed' });
  });

  it('answers oversize bodies with 413 and errorCode 10', async () => {
    const res = await t.post('/api/__probe/echo', { name: 'x'.repeat(1_100_000), age: 1 });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, errorCode: 10 });
  });

  it('answers unsupported content types with 415', async () => {
    const res = await t.request('POST', '/api/__probe/echo', { body: 'name=x', headers: { 'content-type': 'text/csv' } });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, errorCode: 10 });
  });

  it('hides internals of unexpected errors behind a 500 envelope', async () => {
    const res = await t.get('/api/__probe/boom');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, errorCode: 0, message: 'Something went wrong on our side. Please try again later.' });
    expect(res.raw.body).not.toContain('hunter2');
    expect(res.raw.body).not.toContain('db.ts');
  });

  it('puts the ban end into the banned message, in the reader locale', async () => {
    const res = await t.get('/api/__probe/banned');
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe(3);
    expect(res.body.message).toMatch(/banned until .*2030/);
  });

  it('answers 404 envelopes for unknown API routes', async () => {
    const res = await t.get('/api/does/not/exist', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe(6);
  });

  it('answers URLs the router cannot decode with the 400 envelope, translated', async () => {
    for (const url of ['/api/%zz', '/api/user/%E0%A4%A', '/%zz']) {
      const res = await t.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual({ success: false, errorCode: 0, message: 'The request address is malformed' });
      expect(res.raw.body).not.toContain('FST_');
    }
    const zh = await t.get('/api/%zz', { headers: { 'accept-language': 'zh-CN' } });
    expect(zh.body.message).toBe('请求地址格式错误');
    const cookie = await t.get('/api/%zz', { headers: { cookie: 'a=1; locale=zh-CN', 'accept-language': 'en' } });
    expect(cookie.body.message).toBe('请求地址格式错误');
  });
});

describe('request logging', () => {
  let t: TestApp;
  const log = logCollector();
  beforeAll(async () => {
    t = await createTestApp({ site: probeRoutes, logStream: log.stream, env: { LOG_LEVEL: 'info' } });
  });
  afterAll(() => t.close());

  it('logs an unexpected error (500) with its request id and stack; the answer has neither stack nor message', async () => {
    const res = await t.get('/api/__probe/boom', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.status).toBe(500);
    expect(res.raw.body).not.toContain('secret internals');
    expect(res.raw.body).not.toMatch(/at .*\.ts:\d+/);
    const logged = log.lines.find((line) => line.level === 50 && line.reqId === 'abc-123');
    expect(logged, JSON.stringify(log.lines)).toBeDefined();
    const err = logged!.err as { message: string; stack: string };
    expect(err.message).toContain('secret internals');
    expect(err.stack).toMatch(/pipeline\.test\.ts/);
  });

  it('masks single-use tokens in logged URLs', async () => {
    await t.get('/api/__probe/nothing?token=live-secret-123&x=1', { headers: { 'x-request-id': 'tok-1' } });
    const lines = log.lines.filter((line) => line.reqId === 'tok-1');
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain('live-secret-123');
    expect(lines.find((line) => line.req)).toMatchObject({ req: { method: 'GET', url: '/api/__probe/nothing?token=***&x=1' } });
  });

  it('redactUrl masks token and code values wherever they sit in the query', () => {
    expect(redactUrl('/user/password/reset?token=abc_DEF-123')).toBe('/user/password/reset?token=***');
    expect(redactUrl('/user/email/verify?x=1&token=abc&y=2')).toBe('/user/email/verify?x=1&token=***&y=2');
    expect(redactUrl('/a?TOKEN=abc#frag')).toBe('/a?TOKEN=***#frag');
    expect(redactUrl('/a?code=1234&mytoken=keep')).toBe('/a?code=***&mytoken=keep');
    expect(redactUrl('/token=abc')).toBe('/token=abc');
  });
});
