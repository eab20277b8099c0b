import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from './schema-compilers';

const loaded = (name: string) => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes(`/${name}/`));

/**
 * Node's require cache belongs to the process, and Vitest's workers run many files in one
 * process (`isolate: false`): whether ajv is loaded there depends on which files ran before. So
 * the server without schemas is built in a Node process of its own, which reports what it loaded.
 */
function probeServerWithoutSchemas(): { body: unknown; ajv: boolean; serializer: boolean } {
  const compilers = fileURLToPath(new URL('./schema-compilers.ts', import.meta.url));
  const probe = `
    import { createRequire } from 'node:module';
    import Fastify from 'fastify';
    import { lazySchemaCompilers } from ${JSON.stringify(compilers)};
    const loaded = (name) => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/' + name + '/'));
    const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers } });
    app.get('/plain', async () => ({ ok: true }));
    await app.ready();
    const body = (await app.inject('/plain')).json();
    await app.close();
    console.log(JSON.stringify({ body, ajv: loaded('ajv-compiler'), serializer: loaded('fast-json-stringify-compiler') }));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', probe], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as ReturnType<typeof probeServerWithoutSchemas>;
}

describe('Fastify schema compilers loaded on first use (cold start)', () => {
  it('a server whose routes declare no schema never loads ajv', () => {
    expect(probeServerWithoutSchemas()).toEqual({ body: { ok: true }, ajv: false, serializer: false });
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
