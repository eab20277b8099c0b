/**
 * The browser build's files (ADR 0034): the build step writes brotli and gzip copies
 * (scripts/precompress.mjs) and the server sends the one the request accepts, as stored, with
 * `Vary: Accept-Encoding`, its own length, and the hashed files' immutable caching. No database is
 * involved (static files are served before any feature), so this runs once, not per engine.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.mjs';
import { serveClientFiles } from './ssr';

const JS = `export function greet(name){return "hello, "+name}\n`.repeat(200);
const CSS = `.card{display:flex;padding:1rem;border-radius:.5rem}\n`.repeat(100);
// Already compressed formats (fonts, images) are served as they are.
const FONT = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sabai-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'entry-AbC123.js'), JS);
  writeFileSync(path.join(dir, 'assets', 'app-XyZ789.css'), CSS);
  writeFileSync(path.join(dir, 'assets', 'font-Q1w2E3.woff2'), FONT);
  writeFileSync(path.join(dir, 'assets', 'tiny-T1n7.js'), 'export{};\n');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(os.tmpdir(), 'sabai-static-outside.txt'), 'outside');
  await precompress(dir);
  app = Fastify();
  await serveClientFiles(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('precompression at build', () => {
  it('writes brotli and gzip copies of text files that decompress to the file, and none of small or compressed ones', () => {
    const file = path.join(dir, 'assets', 'entry-AbC123.js');
    expect(zlib.brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(JS);
    expect(zlib.gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(JS);
    expect(existsSync(path.join(dir, 'assets', 'tiny-T1n7.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'font-Q1w2E3.woff2.br'))).toBe(false);
  });
});

describe('serving the build files', () => {
  for (const [url, text, type] of [
    ['/assets/entry-AbC123.js', JS, 'javascript'],
    ['/assets/app-XyZ789.css', CSS, 'text/css'],
  ] as const) {
    it(`${url}: brotli when accepted, else gzip when accepted, else plain; always Vary and immutable`, async () => {
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain(type);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length).toBeLessThan(text.length / 5);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(text);

      const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(text);

      for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
        const plain = await app.inject({ url, headers });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toMatch(/accept-encoding/i);
        expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(text));
        expect(plain.body).toBe(text);
      }
    });
  }

  it('sends a file without copies (a font) as it is, to every client', async () => {
    const res = await app.inject({ url: '/assets/font-Q1w2E3.woff2', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(FONT)).toBe(true);
  });

  it('serves a file at the top (favicon) for an hour, not as immutable', async () => {
    const reply = await app.inject({ url: '/favicon.svg' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404 for an asset that does not exist, and for a path out of the build', async () => {
    expect((await app.inject({ url: '/assets/gone-0000.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/../../sabai-static-outside.txt' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/%2e%2e/%2e%2e/sabai-static-outside.txt' })).statusCode).toBe(404);
  });

  it('gives the copies no addresses of their own', async () => {
    expect((await app.inject({ url: '/assets/entry-AbC123.js.br' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/assets/entry-AbC123.js.gz' })).statusCode).toBe(404);
  });
});
