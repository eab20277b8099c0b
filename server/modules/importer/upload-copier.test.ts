/**
 * The old uploads (issue 33): addresses of bbs-go's uploads found in content, read from a real
 * HTTP server standing in for the old site (or a directory), stored, rewritten; the rest left.
 */
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadCopier, uploadOriginOf } from './upload-copier';

const PORT = 4231;
const BASE = `http://127.0.0.1:${PORT}/res/uploads/`;
const IMAGE = Buffer.from('not really a png, the store decides');

let server: Server;
let requests: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url === '/res/uploads/images/2024/01/02/a.png' || request.url === '/bucket/images/b.png') response.writeHead(200, { 'content-type': 'image/png' }).end(IMAGE);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A store that records what it was given and answers an address of its own. */
function recordingStore() {
  const stored: Array<{ bytes: Buffer; name: string }> = [];
  return { stored, store: async (bytes: Buffer, name: string) => (stored.push({ bytes, name }), `/uploads/new/${stored.length}.png`) };
}

describe('copying bbs-go uploads', () => {
  it('reads from a base URL each address on the old site, relative or absolute, and rewrites it; leaves other images', async () => {
    requests = [];
    const { stored, store } = recordingStore();
    const copier = new UploadCopier(uploadOriginOf(BASE), store, false);
    const text = `![a](/res/uploads/images/2024/01/02/a.png) <img src="https://old.example.com/res/uploads/images/2024/01/02/a.png"> ![b](https://cdn.example.org/b.png) ![gone](/res/uploads/images/gone.png)`;
    const out = await copier.rewrite(text);
    expect(out).toBe(`![a](/uploads/new/1.png) <img src="/uploads/new/2.png"> ![b](https://cdn.example.org/b.png) ![gone](/res/uploads/images/gone.png)`);
    expect(stored.map((s) => s.bytes.equals(IMAGE))).toEqual([true, true]);
    expect(stored[0]!.name).toBe('a.png');
    expect(copier.failures).toEqual([{ url: '/res/uploads/images/gone.png', reason: 'HTTP 404' }]);
    expect({ found: copier.found, stored: copier.stored }).toEqual({ found: 3, stored: 2 });
    // Each address is read once, however often it appears.
    expect(await copier.rewrite('![again](/res/uploads/images/2024/01/02/a.png)')).toBe('![again](/uploads/new/1.png)');
    expect(requests.filter((url) => url.endsWith('a.png'))).toHaveLength(2);
  });

  it('reads from a bucket base URL its own addresses, besides /res/uploads/ ones', async () => {
    const { stored, store } = recordingStore();
    const bucket = `http://127.0.0.1:${PORT}/bucket/`;
    const copier = new UploadCopier(uploadOriginOf(bucket), store, false);
    expect(await copier.rewrite(`<img src="${bucket}images/b.png"><img src="${bucket}images/none.png">`)).toBe(`<img src="/uploads/new/1.png"><img src="${bucket}images/none.png">`);
    expect(stored).toHaveLength(1);
    expect(copier.failures.map((f) => f.reason)).toEqual(['HTTP 404']);
  });

  it('reads from the upload directory, refuses a path that climbs out, and stores nothing on a dry run', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bbsgo-copier-'));
    try {
      mkdirSync(path.join(dir, 'images'), { recursive: true });
      writeFileSync(path.join(dir, 'images/x.jpg'), IMAGE);
      const { stored, store } = recordingStore();
      const dry = new UploadCopier(uploadOriginOf(dir), store, true);
      expect(await dry.rewrite('![x](/res/uploads/images/x.jpg)')).toBe('![x](/res/uploads/images/x.jpg)');
      expect(dry.stored).toBe(1);
      expect(stored).toHaveLength(0);
      const real = new UploadCopier(uploadOriginOf(dir), store, false);
      expect(await real.copy('/res/uploads/images/x.jpg')).toBe('/uploads/new/1.png');
      expect(await real.copy('/res/uploads/../../etc/passwd')).toBeNull();
      expect(real.failures).toEqual([{ url: '/res/uploads/../../etc/passwd', reason: 'unsafe path' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without --uploads, reports each old upload as not looked for', async () => {
    const { store } = recordingStore();
    const copier = new UploadCopier(uploadOriginOf(undefined), store, false);
    expect(await copier.rewrite('![a](/res/uploads/a.png)')).toBe('![a](/res/uploads/a.png)');
    expect(copier.failures[0]!.reason).toMatch(/no --uploads given/);
  });
});
