import { createRequire } from 'node:module';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from './schema-compilers';

const loaded = (name: string) => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes(`/${name}/`));

describe('Fastify schema compilers loaded on first use (cold start)', () => {
  it('a server whose routes declare no schema never loads ajv', async () => {
    const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers } });
    app.get('/plain', async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject('/plain')).json()).toEqual({ ok: true });
    expect(loaded('ajv-compiler')).toBe(false);
    expect(loaded('fast-json-stringify-compiler')).toBe(false);
    await app.close();
  });

  it('a route that does declare one is still validated and serialized by Fastify', async () => {
    const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers } });
    app.post('/echo', {
      schema: {
        body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
        response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
      },
      handler: async (request) => ({ ...(request.body as object), secret: 'not in the schema' }),
    });
    expect((await app.inject({ method: 'POST', url: '/echo', payload: { n: 'x' } })).statusCode).toBe(400);
    const ok = await app.inject({ method: 'POST', url: '/echo', payload: { n: 3 } });
    expect(ok.json()).toEqual({ n: 3 });
    expect(loaded('ajv-compiler')).toBe(true);
    await app.close();
  });
});
