/**
 * The OpenAPI document (`GET /api/openapi.json`, issue 26): a valid OpenAPI 3.1 document by a
 * real validator, every declared route in it, every route the app serves under /api in it, the title and address from the site (never the request's Host), built once
 * per app, and the reference page's read of it.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocsActions } from '../../../common/actions/api-docs';
import { LOCALES } from '../../../common/constants';
import { resources } from '../../../common/locales';
import { servedRoutes } from '../../../tests/support/routes';
import { createTestApp, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { openApiPath, type OpenApiDocument } from './openapi';


const PUBLIC_URL = 'https://forum.example.org';

/** `GET /api/topic/edit/{id}` → `GET /api/topic/edit/:id`, as Fastify prints its routes. */
function documentRoutes(document: OpenApiDocument): string[] {
  // `/uploads/{path}` is the wildcard `/uploads/*`; any other `{name}` is `:name`.
  const served = (path: string) => path.replace(/\/\{path\}$/, '/*').replace(/\{([^}]+)\}/g, ':$1');
  return Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${served(path)}`));
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: `${PUBLIC_URL}/` } });
    await writeTestSettings(t, { siteTitle: 'Sabai Developers' }, t.ctx.clock.now());
    const response = await t.get('/api/openapi.json', { headers: { host: 'attacker.example' } });
    expect(response.status).toBe(200);
    // The document itself, not in the envelope: OpenAPI tools read the file as it is.
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    document = response.raw.json<OpenApiDocument>();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document, every $ref resolving (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('the validator is not a rubber stamp: a broken document fails it', async () => {
    const broken = structuredClone(document) as unknown as { paths: Record<string, Record<string, { responses: unknown }>> };
    broken.paths['/api/comment/create']!.post!.responses = 'none';
    expect((await new Validator().validate(broken)).valid).toBe(false);
    const dangling = structuredClone(document);
    dangling.components.schemas.CommentView = { $ref: '#/components/schemas/NoSuchView' };
    expect((await new Validator().validate(dangling)).valid).toBe(false);
  });

  it('takes its title from the settings, its version from package.json, its server from the configured address', async () => {
    const { version } = (await import('../../../package.json', { with: { type: 'json' } })).default;
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Sabai Developers');
    expect(document.info.version).toBe(version);
    expect(document.servers).toEqual([{ url: PUBLIC_URL, description: 'This site' }]);
    expect(JSON.stringify(document)).not.toContain('attacker.example');
  });

  it('holds one operation per routed action, named by it and tagged with its feature', () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    const routed = t.ctx.actions.routed();
    expect(operations.map((operation) => operation?.operationId).sort()).toEqual(routed.map(({ action }) => action.contract.name).sort());
    for (const { feature, action } of routed) {
      const { method, path, name, summary } = action.contract;
      const operation = document.paths[openApiPath(path!)]?.[method!.toLowerCase() as 'get' | 'post'];
      expect(operation, name).toMatchObject({ operationId: name, summary, tags: [feature], 'x-sabai-writes': action.write });
    }
  });

  it('gives every feature with a route its name in every language (the reference page’s headings)', () => {
    const features = [...new Set(t.ctx.actions.routed().map(({ feature }) => feature))];
    for (const locale of LOCALES) {
      const named = (resources[locale] as { apiDocs: { features: Record<string, string> } }).apiDocs.features;
      expect(features.filter((feature) => !named[feature]), locale).toEqual([]);
    }
  });

  it('lists every route the app serves under /api: every one is declared', () => {
    const described = new Set(documentRoutes(document));
    const served = servedRoutes(t.app).filter((route) => route.split(' ')[1]!.startsWith('/api/'));
    const missing = served.filter((route) => !described.has(route));
    // Every route the app serves under /api is a declared action's: none is written by hand.
    expect(served.length).toBeGreaterThan(130);
    expect(missing).toEqual([]);
    // Everything described is served, and under its declared method.
    for (const route of described) {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      expect(t.app.hasRoute({ method, url }), route).toBe(true);
    }
  });

  it('describes the comment create action from its declaration', () => {
    const create = document.paths['/api/comment/create']?.post;
    expect(create?.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { entityType: { enum: ['topic', 'article', 'comment'] }, entityId: { type: 'integer', minimum: 1 }, content: { type: 'string', default: '' } },
      required: ['entityType', 'entityId'],
    });
    expect(create?.responses['200']?.content?.['application/json']?.schema).toMatchObject({ properties: { data: { $ref: '#/components/schemas/CommentView' } } });
    expect(create?.security).toEqual([{ userToken: [] }, { sessionCookie: [] }]);
    expect(create?.['x-sabai-who']).toEqual({ gate: 'writer', can: null, itemRule: null, verifiedEmail: 'whenTheSiteAsks', bannedMay: null });
    expect(create?.['x-sabai-rate-limit']).toMatchObject({ rules: [{ name: 'comment:user', key: 'user' }, { name: 'comment:ip', key: 'ip' }], stage: 'afterInput', staffExempt: true });
    expect(Object.keys(create?.responses ?? {}).sort()).toEqual(['200', '400', '401', '403', '429', 'default']);
    expect(create?.responses['403']?.['x-sabai-error-codes']).toEqual([3, 4]);

    const remove = document.paths['/api/comment/delete/{id}']?.post;
    expect(remove?.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: expect.objectContaining({ type: 'integer' }) }]);
    expect(remove?.requestBody).toBeUndefined();
    expect(remove?.['x-sabai-who'].itemRule).toBe('content:delete');
    // Its only field is in the path: a bad one is a 404, never a 400.
    expect(Object.keys(remove?.responses ?? {}).sort()).toEqual(['200', '401', '403', '404', 'default']);
    expect(remove?.responses['403']?.['x-sabai-error-codes']).toEqual([2, 3]);

    const list = document.paths['/api/comment/comments']?.get;
    expect(list?.parameters?.map(({ name, in: where, required }) => [name, where, required])).toEqual([
      ['entityType', 'query', true],
      ['entityId', 'query', true],
      ['cursor', 'query', false],
    ]);
    expect(list?.security).toEqual([{}, { userToken: [] }, { sessionCookie: [] }]);
  });

  it('names the shared views once, recursion included, and describes the errorCode table once', () => {
    const { schemas } = document.components;
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(['PublicUser', 'CommentView', 'ApiError', 'ErrorCode']));
    expect(JSON.stringify(schemas.CommentView)).toContain('"items":{"$ref":"#/components/schemas/CommentView"}');
    expect(JSON.stringify(document)).not.toMatch(/"\$(?:defs|schema|id)"/);
    expect(schemas.ErrorCode).toMatchObject({ type: 'integer', oneOf: expect.arrayContaining([{ const: 7, title: 'RateLimited', description: expect.stringContaining('429') }]) });
    expect(document.components.securitySchemes).toMatchObject({ userToken: { in: 'header', name: 'X-User-Token' }, sessionCookie: { in: 'cookie', name: 'sabai_token' } });
  });

  it('is a read for anyone, unlimited by declaration, and built once per app', async () => {
    const self = document.paths['/api/openapi.json']?.get;
    expect(self).toMatchObject({ operationId: 'apiDocs.document', tags: ['apiDocs'], 'x-sabai-writes': false, 'x-sabai-who': { gate: 'anyone' } });
    expect(self?.['x-sabai-rate-limit']).toEqual({ none: expect.stringContaining('built once per app') });
    expect(self?.responses['200']?.content).toEqual({ 'application/json': { schema: { type: 'object' } } });
    const first = await t.read(apiDocsActions.reference, {});
    const second = await t.read(apiDocsActions.reference, {});
    expect(first.ok && second.ok && first.data.features === second.data.features).toBe(true);
  });

  it('follows a new site title at the next call (the operations stay built)', async () => {
    await writeTestSettings(t, { siteTitle: 'Sabai Renamed' }, t.ctx.clock.now());
    const renamed = (await t.get('/api/openapi.json')).raw.json<OpenApiDocument>();
    expect(renamed.info.title).toBe('Sabai Renamed');
    expect(renamed.paths).toEqual(document.paths);
    await writeTestSettings(t, { siteTitle: 'Sabai Developers' }, t.ctx.clock.now());
  });

  it('answers 428 before install, in the envelope, like every other route', async () => {
    const fresh = await createTestApp({ installed: false });
    try {
      const response = await fresh.get('/api/openapi.json');
      expect(response.status).toBe(428);
      expect(response.body).toMatchObject({ success: false, errorCode: 8 });
    } finally {
      await fresh.close();
    }
  });

  it('reads as the reference page shows it (the page-only read)', async () => {
    const result = await t.read(apiDocsActions.reference, {}, { locale: 'zh-CN' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { data } = result;
    expect(data).toMatchObject({ title: 'Sabai Developers', server: PUBLIC_URL, documentPath: '/api/openapi.json' });
    const comments = data.features.find((feature) => feature.name === 'comments');
    const create = comments?.operations.find((operation) => operation.name === 'comment.create');
    expect(create?.body?.shape.fields.map((field) => field.name)).toEqual(['entityType', 'entityId', 'content', 'contentType', 'imageList', 'quoteId']);
    expect(create?.answer.shape).toMatchObject({ type: 'CommentView', ref: 'CommentView' });
    expect(data.schemas.map((schema) => schema.name)).toContain('PublicUser');
    expect(data.errorCodes).toContainEqual({ code: 3, name: 'Banned', statuses: [403] });
  });
});
