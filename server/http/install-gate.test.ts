/**
 * The install gate (request-context.ts) against every spelling a router accepts: percent-encoded
 * segments, trailing slashes, other letter case, HEAD, form posts and React Router data requests.
 * A stub page handler stands in for the site, so a request that gets past the gate says so.
 */
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { ActionRegistry } from '../kernel/action-registry';
import { installActionList } from '../modules/install/install.actions';
import { registerActionRoutes } from './actions-http';
import { installErrorHandling } from './error-handler';
import { decodePath, normalizePagePath } from './request-context';

/** Answers `{page}` for every page request that reaches the site, like ssr.ts's catch-all. */
const stubSite: FastifyPluginAsync = async (app) => {
  app.route({ method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', handler: async (request) => ({ page: request.url }) });
};

const PROBE = { type: 'mysql', host: '127.0.0.1', port: 1, database: 'x', username: 'u' };

describe('install gate before install', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ installed: false, site: stubSite });
  });
  afterAll(() => t.close());

  it('redirects page documents (GET and HEAD) to /install', async () => {
    for (const url of ['/', '/topics', '/user/signin?redirect=/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe('/install');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/topics' });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe('/install');
  });

  it('serves the installer however it is spelled, and files', async () => {
    for (const url of ['/install', '/install/', '/Install', '/install.data', '/assets/app-1234.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toEqual({ page: url });
    }
  });

  it('answers 428 to data requests and form posts for other pages (their loaders need a database)', async () => {
    for (const [method, url] of [
      ['GET', '/topics.data'],
      ['GET', '/_root.data'],
      ['HEAD', '/Topics.data'],
      ['POST', '/user/signin'],
      ['POST', '/topic/create.data'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'accept-language': 'zh-CN' } });
      expect(res.statusCode, `${method} ${url}`).toBe(428);
      if (method !== 'HEAD') expect(res.json()).toEqual({ success: false, errorCode: 8, message: '论坛尚未安装' });
    }
  });

  it('lets config/configs and install/* through with a trailing slash or encoded letters; 428 elsewhere', async () => {
    for (const url of ['/api/config/configs', '/api/config/configs/', '/api/install/status/', '/api/%69nstall/status', '/api/config/%63onfigs']) {
      const res = await t.get(url);
      expect(res.status, url).toBe(200);
      expect(res.body.success).toBe(true);
    }
    for (const url of ['/api/%75ser/current', '/api/user/current/', '/api']) {
      expect((await t.get(url)).status, url).toBe(428);
    }
  });
});

describe('install gate after install', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ site: stubSite });
  });
  afterAll(() => t.close());

  it('answers 403 to install/* however the path is spelled (no network probe after install)', async () => {
    for (const [method, url] of [
      ['GET', '/api/install/status'],
      ['GET', '/api/%69nstall/status'],
      ['GET', '/api/install/status/'],
      ['GET', '/api/%69%6e%73%74%61%6c%6c/%73tatus'],
      ['POST', '/api/%69nstall/test_db_connection'],
      ['POST', '/api/install/test_db_connection/'],
      ['POST', '/api/%69nstall/install'],
    ] as const) {
      const res = await t.request(method, url, { body: method === 'POST' ? PROBE : undefined });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toMatchObject({ success: false, errorCode: 2, message: 'The forum is already installed' });
      expect(res.raw.body).not.toMatch(/ECONNREFUSED|connection failed/i);
    }
  });

  it('redirects every spelling of the /install document to / (GET and HEAD)', async () => {
    for (const [method, url] of [
      ['GET', '/install'],
      ['GET', '/install/'],
      ['GET', '/Install'],
      ['GET', '/INSTALL//'],
      ['GET', '/%69nstall'],
      ['GET', '/install?step=2'],
      ['HEAD', '/install'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(302);
      expect(res.headers.location).toBe('/');
    }
  });

  it('passes other pages and data requests to the site (the install loader redirects its own)', async () => {
    for (const url of ['/', '/topics', '/install.data', '/topics.data']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('has each install action refuse on its own, without the gate', async () => {
    // A bare app with the installer's declared routes and no request-context hooks: defence in depth.
    const bare = Fastify();
    bare.decorate('ctx', t.ctx);
    installErrorHandling(bare);
    const registry = new ActionRegistry();
    registry.register('install', installActionList);
    registerActionRoutes(bare, registry);
    try {
      for (const [method, url] of [
        ['GET', '/api/install/status'],
        ['POST', '/api/install/test_db_connection'],
        ['POST', '/api/install/install'],
      ] as const) {
        const res = await bare.inject({ method, url, payload: method === 'POST' ? PROBE : undefined });
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ success: false, errorCode: 2 });
      }
    } finally {
      await bare.close();
    }
  });
});

describe('gate path helpers', () => {
  it('decodes like the router (reserved characters stay encoded) and never throws', () => {
    expect(decodePath('/api/%69nstall/status')).toBe('/api/install/status');
    expect(decodePath('/api/install%2Fstatus')).toBe('/api/install%2Fstatus');
    expect(decodePath('/api/%zz')).toBe('/api/%zz');
  });

  it('normalizes page paths as React Router matches them', () => {
    expect(normalizePagePath('/Install/')).toBe('/install');
    expect(normalizePagePath('/INSTALL//')).toBe('/install');
    expect(normalizePagePath('/')).toBe('/');
    expect(normalizePagePath('')).toBe('/');
  });
});
