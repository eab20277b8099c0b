import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { multipart } from '../../../tests/support/multipart';
import { findExecutable } from '../../../tests/support/xss-check';
import { detectImageKind, looksLikeSvg } from './uploads.service';
import { sanitizeSvg } from './svg';
import { claimingSize } from '../../../tests/support/png';

interface Uploaded {
  url: string;
  name: string;
  width: number;
  height: number;
}

function upload(t: TestApp, token: string | undefined, data: Buffer | string, filename = 'image.png', contentType = 'image/png', options: { field?: string; headers?: Record<string, string> } = {}) {
  const body = multipart([{ field: options.field ?? 'image', filename, contentType, data }]);
  return t.request<Uploaded>('POST', '/api/upload', { body: body.payload, token, headers: { 'content-type': body.contentType, ...options.headers } });
}

function solid(width: number, height: number, background = { r: 200, g: 30, b: 60, alpha: 1 }) {
  return sharp({ create: { width, height, channels: 4, background } });
}

/** An animated GIF of `frames` differently coloured frames. */
async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * frames * 4);
  for (let f = 0; f < frames; f++) {
    for (let i = 0; i < width * height; i++) {
      const o = (f * width * height + i) * 4;
      raw[o] = (f * 80) % 256;
      raw[o + 1] = 255 - ((f * 80) % 256);
      raw[o + 2] = 100;
      raw[o + 3] = 255;
    }
  }
  return sharp(raw, { raw: { width, height: height * frames, channels: 4, pageHeight: height } })
    .gif({ delay: Array(frames).fill(100), loop: 0 })
    .toBuffer();
}

/** A PNG whose header claims `width`×`height` (a decompression bomb's shape; CRC recomputed). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  return claimingSize(await solid(1, 1).png().toBuffer(), width, height);
}


const HOSTILE_SVG = `<?xml version="1.0"?>
<!DOCTYPE svg [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="80" viewBox="0 0 120 80" onload="alert(1)">
  <script>alert(1)</script>
  <script xlink:href="https://evil.example/x.js"/>
  <style>@import url(https://evil.example/x.css); rect { fill: url(https://evil.example/track) }</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs>
  <rect id="r" width="120" height="80" fill="url(#g)" onclick="alert(1)" style="stroke:url(https://evil.example/s);fill-opacity:0.5"/>
  <circle cx="10" cy="10" r="5" fill="url(https://evil.example/p)"/>
  <use href="#r"/><use xlink:href="other.svg#r"/><use href="data:image/svg+xml;base64,PHN2Zz4=#x"/>
  <image href="https://evil.example/pixel.png" width="1" height="1"/>
  <foreignObject width="100" height="50"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"></iframe></foreignObject>
  <a href="javascript:alert(1)"><text x="5" y="40">&xxe; click</text></a>
  <animate attributeName="href" to="javascript:alert(1)"/>
  <set attributeName="onmouseover" to="alert(1)"/>
  <text x="5" y="70" font-family="'Noto Sans'">hello</text>
</svg>`;

describe('image type detection (magic bytes)', () => {
  it('knows the accepted formats by their first bytes', async () => {
    expect(detectImageKind(await solid(2, 2).png().toBuffer())).toBe('png');
    expect(detectImageKind(await solid(2, 2).jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageKind(await solid(2, 2).gif().toBuffer())).toBe('gif');
    expect(detectImageKind(await solid(2, 2).webp().toBuffer())).toBe('webp');
    expect(detectImageKind(Buffer.from('\ufeff<?xml version="1.0"?><!-- c --><!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(detectImageKind(Buffer.from('<!DOCTYPE html><html><svg></svg></html>'))).toBeNull();
    expect(detectImageKind(Buffer.from('<script>alert(1)</script>'))).toBeNull();
    expect(detectImageKind(Buffer.from('BM6\u0000\u0000'))).toBeNull();
    expect(detectImageKind(Buffer.alloc(0))).toBeNull();
    expect(looksLikeSvg(Buffer.from('<svgx>'))).toBe(false);
  });

  it('sanitizes a hostile SVG to an inert one that keeps its drawing', () => {
    const clean = sanitizeSvg(HOSTILE_SVG) ?? '';
    expect(clean.startsWith('<svg')).toBe(true);
    for (const bad of ['<script', 'onload', 'onclick', 'onmouseover', 'evil.example', 'javascript', 'foreignObject', '<image', '<iframe', '<style', '<animate', '<set', 'other.svg', 'data:', 'ENTITY', '/etc/passwd']) {
      expect(clean, bad).not.toContain(bad);
    }
    expect(clean).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(clean).toContain('viewBox="0 0 120 80"');
    expect(clean).toContain('fill="url(#g)"');
    expect(clean).toContain('<linearGradient id="g">');
    expect(clean).toContain('style="fill-opacity:0.5"');
    expect(clean).toContain('<use href="#r">');
    expect(clean).toContain('hello</text>');
  });

  it('declares xmlns:xlink on the root whenever the output uses xlink:, wherever the source declared it', async () => {
    const declaredOnChild =
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><defs xmlns:xlink="http://www.w3.org/1999/xlink"><rect id="a" width="4" height="4"/></defs><use xlink:href="#a"/></svg>';
    const clean = sanitizeSvg(declaredOnChild) ?? '';
    expect(clean).toMatch(/^<svg [^>]*xmlns:xlink="http:\/\/www\.w3\.org\/1999\/xlink"/);
    expect(clean.match(/xmlns:xlink=/g)).toHaveLength(1);
    expect(clean).toContain('<use xlink:href="#a">');
    // Well-formed XML again: librsvg renders it (an undeclared prefix is a parse error).
    expect((await sharp(Buffer.from(clean)).metadata()).width).toBe(8);
    // Declared on the root and nested <svg> too: still exactly one declaration.
    const both = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><svg xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="#a"/></svg></svg>',
    );
    expect(both?.match(/xmlns:xlink=/g)).toHaveLength(1);
    // Not used (the only xlink: reference was external, so dropped): no declaration.
    expect(sanitizeSvg('<svg xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="other.svg#a"/></svg>')).not.toContain('xlink');
  });
});

for (const dialect of await testDatabases()) {
  describe(`uploads [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let other: CreatedUser;

    beforeAll(async () => {
      t = await createTestApp({ dialect });
      member = await createUser(t);
      other = await createUser(t);
    });
    afterAll(() => t.close());

    it.each([
      ['png', 'image/png', () => solid(40, 30).png().toBuffer()],
      ['jpeg', 'image/jpeg', () => solid(40, 30).jpeg().toBuffer()],
      ['gif', 'image/gif', () => solid(40, 30).gif().toBuffer()],
      ['webp', 'image/webp', () => solid(40, 30).webp().toBuffer()],
    ] as const)('accepts a real %s with its width and height, served back with long cache headers', async (format, mime, make) => {
      const ext = format === 'jpeg' ? 'jpg' : format;
      const res = await upload(t, member.token, await make(), `photo.${ext}`, mime);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = res.body.data!;
      expect(data).toMatchObject({ width: 40, height: 30, name: `photo.${ext}` });
      expect(data.url).toMatch(new RegExp(`^/uploads/[0-9a-f]{2}/[0-9a-f]{2}/[0-9a-f]{64}\\.${ext}$`));
      expect(existsSync(path.join(t.dataDir, data.url))).toBe(true);

      const file = await t.app.inject({ method: 'GET', url: data.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      // Rasters are sandboxed too (DESIGN: uploads are served with a restrictive CSP).
      expect(file.headers['content-security-policy']).toBe("sandbox; default-src 'none'; style-src 'unsafe-inline'");
      const served = await sharp(file.rawPayload).metadata();
      expect(served.format).toBe(format);
      expect([served.width, served.height]).toEqual([40, 30]);

      const again = await t.app.inject({ method: 'GET', url: data.url, headers: { 'if-none-match': String(file.headers.etag) } });
      expect(again.statusCode).toBe(304);
    });

    it('keeps an animated GIF animated, answering the frame size', async () => {
      const res = await upload(t, member.token, await animatedGif(24, 16, 3), 'anim.gif', 'image/gif');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ width: 24, height: 16 });
      const file = await t.app.inject({ method: 'GET', url: res.body.data!.url });
      const meta = await sharp(file.rawPayload, { animated: true }).metadata();
      expect(meta.pages).toBe(3);
      expect(meta.pageHeight).toBe(16);
    });

    it('gives the same content the same URL, whoever uploads it', async () => {
      const png = await solid(10, 10, { r: 1, g: 2, b: 3, alpha: 1 }).png().toBuffer();
      const a = await upload(t, member.token, png, 'a.png');
      const b = await upload(t, other.token, png, 'b.png');
      expect(a.status).toBe(200);
      expect(b.body.data?.url).toBe(a.body.data?.url);
      const c = await upload(t, member.token, await solid(10, 10, { r: 9, g: 2, b: 3, alpha: 1 }).png().toBuffer(), 'c.png');
      expect(c.body.data?.url).not.toBe(a.body.data?.url);
    });

    it('strips EXIF and GPS and turns the image upright', async () => {
      const jpeg = await solid(40, 20)
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExifMerge({
          IFD0: { Make: 'SpyCam', Model: 'X1', Copyright: 'secret' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 45/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '100/1 30/1 0/1', GPSMapDatum: 'WGS-84' },
        })
        .toBuffer();
      const before = await sharp(jpeg).metadata();
      expect(before.exif?.includes(Buffer.from('SpyCam'))).toBe(true);
      expect(before.exif?.includes(Buffer.from('WGS-84'))).toBe(true);
      expect(before.orientation).toBe(6);

      const res = await upload(t, member.token, jpeg, 'gps.jpg', 'image/jpeg');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // Orientation 6 = rotate 90°: the upright image is 20 wide, 40 high.
      expect(res.body.data).toMatchObject({ width: 20, height: 40 });
      const file = await t.app.inject({ method: 'GET', url: res.body.data!.url });
      const after = await sharp(file.rawPayload).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('SpyCam'))).toBe(false);
      expect(file.rawPayload.includes(Buffer.from('secret'))).toBe(false);
      expect(file.rawPayload.includes(Buffer.from('WGS-84'))).toBe(false);
    });

    it('drops anything appended after the image data', async () => {
      const png = Buffer.concat([await solid(8, 8).png().toBuffer(), Buffer.from('<script>alert(1)</script>')]);
      const res = await upload(t, member.token, png, 'polyglot.png');
      expect(res.status).toBe(200);
      const file = await t.app.inject({ method: 'GET', url: res.body.data!.url });
      expect(file.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    });

    it('makes a hostile SVG inert and serves it sandboxed', async () => {
      const res = await upload(t, member.token, HOSTILE_SVG, 'evil.svg', 'image/svg+xml');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ width: 120, height: 80 });
      expect(res.body.data?.url).toMatch(/\.svg$/);
      const file = await t.app.inject({ method: 'GET', url: res.body.data!.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/svg+xml');
      expect(file.headers['content-security-policy']).toBe("sandbox; default-src 'none'; style-src 'unsafe-inline'");
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      for (const bad of ['<script', 'onload', 'onclick', 'evil.example', 'javascript', 'foreignObject', '<image', '<animate', '<set']) expect(file.body).not.toContain(bad);
      expect(file.body).toContain('<rect');
    });

    it.each([
      ['HTML renamed .png', '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'],
      ['a script renamed .png', '#!/bin/sh\nrm -rf /\n'],
      ['JavaScript renamed .png', 'alert(document.cookie)'],
      ['a BMP', Buffer.from('424d3a000000000000003600000028000000010000000100000001001800000000000400000000000000000000000000000000000000ff00ff00', 'hex')],
    ])('refuses %s with an image/png header: 415', async (_label, data) => {
      const res = await upload(t, member.token, data, 'innocent.png', 'image/png');
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ success: false, errorCode: 10 });
      expect(res.body.message).toContain('Unsupported image type');
    });

    it('refuses a file with PNG magic but no valid image: 415', async () => {
      const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png at all')]);
      const res = await upload(t, member.token, fake, 'broken.png');
      expect(res.status).toBe(415);
      expect(res.body.errorCode).toBe(10);
    });

    it('refuses a decompression bomb (header claims 60000×60000): 413', async () => {
      const res = await upload(t, member.token, await pngClaiming(60_000, 60_000), 'bomb.png');
      expect(res.status).toBe(413);
      expect(res.body.errorCode).toBe(10);
    });

    it('refuses 6 MB with 413 and the spec message, in both languages', async () => {
      const big = Buffer.concat([await solid(8, 8).png().toBuffer(), Buffer.alloc(6 * 1024 * 1024, 7)]);
      const en = await upload(t, member.token, big, 'big.png');
      expect(en.status).toBe(413);
      expect(en.body).toMatchObject({ success: false, errorCode: 10 });
      expect(en.body.message).toContain('max 5 MB supported');
      const zh = await upload(t, member.token, big, 'big.png', 'image/png', { headers: { 'accept-language': 'zh-CN' } });
      expect(zh.status).toBe(413);
      expect(zh.body.message).toContain('最大支持 5 MB');
    });

    it('needs the image field', async () => {
      const wrongField = await upload(t, member.token, await solid(4, 4).png().toBuffer(), 'x.png', 'image/png', { field: 'file' });
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.fields).toHaveProperty('image');
      const json = await t.post('/api/upload', { image: 'x' }, { token: member.token });
      expect(json.status).toBe(400);
      expect(json.body.errorCode).toBe(5);
    });

    it('refuses anonymous uploads (401) and banned users (403)', async () => {
      const png = await solid(4, 4).png().toBuffer();
      const anonymous = await upload(t, undefined, png);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.errorCode).toBe(1);
      const banned = await createUser(t, { banned: true });
      const res = await upload(t, banned.token, png);
      expect(res.status).toBe(403);
      expect(res.body.errorCode).toBe(3);
      const forever = await createUser(t, { banned: -1 });
      expect((await upload(t, forever.token, png)).status).toBe(403);
    });

    it('rate-limits uploads per user (429 with Retry-After)', async () => {
      const busy = await createUser(t);
      const png = await solid(2, 2).png().toBuffer();
      let limited = null;
      for (let i = 0; i < 61 && !limited; i++) {
        const res = await upload(t, busy.token, png);
        if (res.status === 429) limited = res;
        else expect(res.status).toBe(200);
      }
      expect(limited?.body.errorCode).toBe(7);
      expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
      // Another user is not affected.
      expect((await upload(t, other.token, png)).status).toBe(200);
    });

    it('serves only well-formed upload keys', async () => {
      for (const url of ['/uploads/../config.json', '/uploads/ab/cd/x.png', `/uploads/00/00/${'a'.repeat(64)}.png`, `/uploads/aa/aa/${'a'.repeat(64)}.exe`, '/uploads/']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
    });

    it('answers only inert HTML when an uploaded image is used in content', async () => {
      const res = await upload(t, member.token, await solid(4, 4).png().toBuffer(), '"><img src=x onerror=alert(1)>.png');
      expect(res.status).toBe(200);
      expect(res.body.data?.name).not.toMatch(/[<>"]/);
      expect(findExecutable(`<img src="${res.body.data?.url}" alt="${res.body.data?.name}" />`)).toEqual([]);
    });
  });
}
