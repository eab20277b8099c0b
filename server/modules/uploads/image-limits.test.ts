/**
 * Image size limits and the decoding pool (issue 19: a 6 KB PNG declaring 50,000,000 × 1 pixels
 * was accepted after seconds of decoding, while other uploads waited). The header reader on every
 * format; the limits refused before decoding, fast, naming the limit in the reader's language, on
 * both upload routes; what only the decoder sees (SVG sizes, frames); and a full pool answering
 * 503 with Retry-After. Parsing and decoding do not touch the database: SQLite only.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { multipart } from '../../../tests/support/multipart';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { declaredSize } from './image-header';
import { claimingSize } from '../../../tests/support/png';

function solid(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } });
}

/** Random pixels: nothing compresses them, so re-encoding takes a while. */
function noise(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}


/** A real PNG of `pixels`×1 whose header then claims `width`×`height` (CRC recomputed): the bomb's shape, about 6 KB. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  return claimingSize(await noise(2_000, 1).png({ compressionLevel: 9 }).toBuffer(), width, height);
}

/** Each frame its own colour (the encoder merges identical frames). */
async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * frames * 4, 255);
  for (let f = 0; f < frames; f++) raw.fill(f * 60, f * width * height * 4, f * width * height * 4 + width * height * 4 - 1);
  return sharp(raw, { raw: { width, height: height * frames, channels: 4, pageHeight: height } })
    .gif({ delay: Array(frames).fill(100) })
    .toBuffer();
}

function post(t: TestApp, url: '/api/upload' | '/api/user/update_avatar', token: string, data: Buffer | string, headers: Record<string, string> = {}) {
  const field = url === '/api/upload' ? 'image' : 'file';
  const body = multipart([{ field, filename: 'picture', contentType: 'application/octet-stream', data }]);
  return t.request<{ width: number; height: number }>('POST', url, { body: body.payload, token, headers: { 'content-type': body.contentType, ...headers } });
}

describe('declared image sizes (read from the header, before decoding)', () => {
  it.each([
    ['png', () => solid(321, 123).png().toBuffer()],
    ['jpeg', () => solid(321, 123).jpeg().toBuffer()],
    ['progressive jpeg with EXIF', () => solid(321, 123).withExif({ IFD0: { Artist: 'x'.repeat(2_000) } }).jpeg({ progressive: true }).toBuffer()],
    ['gif', () => solid(321, 123).gif().toBuffer()],
    ['lossy webp (VP8)', () => solid(321, 123).webp().toBuffer()],
    ['lossless webp (VP8L)', () => solid(321, 123).webp({ lossless: true }).toBuffer()],
    ['webp with alpha (VP8X)', () => solid(321, 123, 4).webp().toBuffer()],
  ] as const)('reads %s', async (label, make) => {
    const buf = await make();
    const kind = label.includes('jpeg') ? 'jpeg' : label.includes('webp') ? 'webp' : label === 'gif' ? 'gif' : 'png';
    expect(declaredSize(kind, buf)).toEqual({ width: 321, height: 123 });
  });

  it('reads the three WebP chunk kinds the encoder makes', async () => {
    const chunks = await Promise.all([solid(8, 8).webp().toBuffer(), solid(8, 8).webp({ lossless: true }).toBuffer(), solid(8, 8, 4).webp().toBuffer()]);
    expect(chunks.map((buf) => buf.toString('latin1', 12, 16))).toEqual(['VP8 ', 'VP8L', 'VP8X']);
  });

  it('says nothing of a header too short to read', () => {
    expect(declaredSize('png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(declaredSize('jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
    expect(declaredSize('webp', Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBeNull();
  });
});

describe('image limits (defaults: 20,000 px wide, 20,000 px tall, 50 megapixels)', () => {
  let t: TestApp;
  let member: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    member = await createUser(t);
  });
  afterAll(() => t.close());

  for (const url of ['/api/upload', '/api/user/update_avatar'] as const) {
    it(`${url}: refuses the 6 KB PNG declaring 50,000,000 × 1 pixels from its header, before any decoding, naming the limit`, async () => {
      const bomb = await pngClaiming(50_000_000, 1);
      expect(bomb.length).toBeLessThan(8_000);
      const started = performance.now();
      const res = await post(t, url, member.token, bomb);
      // Decoding it takes seconds (8 s measured); a refusal from the header takes milliseconds. The bound
      // is loose on purpose: a loaded CI machine must not fail it, a decode still would.
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ success: false, errorCode: 10, message: 'The image is too wide: at most 20000 pixels' });
      const zh = await post(t, url, member.token, bomb, { 'accept-language': 'zh-CN' });
      expect(zh.body.message).toBe('图片太宽：最多 20000 像素');
      expect(t.ctx.images.load).toEqual({ running: 0, queued: 0 });
    });

    it(`${url}: still takes a normal photo`, async () => {
      const res = await post(t, url, member.token, await solid(640, 480).jpeg().toBuffer());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  }
});

describe('image limits as set (IMAGE_MAX_WIDTH 1000, IMAGE_MAX_HEIGHT 800, IMAGE_MAX_MEGAPIXELS 0.5)', () => {
  let t: TestApp;
  let member: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { IMAGE_MAX_WIDTH: '1000', IMAGE_MAX_HEIGHT: '800', IMAGE_MAX_MEGAPIXELS: '0.5' } });
    member = await createUser(t);
  });
  afterAll(() => t.close());

  it.each([
    ['png', () => solid(1_001, 10).png().toBuffer()],
    ['jpeg', () => solid(1_001, 10).jpeg().toBuffer()],
    ['gif', () => solid(1_001, 10).gif().toBuffer()],
    ['webp', () => solid(1_001, 10).webp().toBuffer()],
  ] as const)('refuses a %s one pixel too wide, from its header', async (_format, make) => {
    const res = await post(t, '/api/upload', member.token, await make());
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The image is too wide: at most 1000 pixels');
  });

  it('refuses one too tall, and one over the megapixels', async () => {
    const tall = await post(t, '/api/upload', member.token, await solid(10, 801).png().toBuffer());
    expect(tall.status).toBe(413);
    expect(tall.body.message).toBe('The image is too tall: at most 800 pixels');
    const big = await post(t, '/api/user/update_avatar', member.token, await solid(900, 700).png().toBuffer());
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The image is too large to process (at most 0.5 megapixels)');
    const zh = await post(t, '/api/upload', member.token, await solid(10, 801).png().toBuffer(), { 'accept-language': 'zh-CN' });
    expect(zh.body.message).toBe('图片太高：最多 800 像素');
  });

  it('checks what only the decoder knows: an SVG declaring its size, and the frames of an animation', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="10"><rect width="1200" height="10"/></svg>';
    const wide = await post(t, '/api/upload', member.token, svg);
    expect(wide.status).toBe(413);
    expect(wide.body.message).toBe('The image is too wide: at most 1000 pixels');
    // 400 × 400 a frame is 0.16 megapixels; four frames are 0.64.
    const frames = await post(t, '/api/upload', member.token, await animatedGif(400, 400, 4));
    expect(frames.status).toBe(413);
    expect(frames.body.message).toBe('The image is too large to process (at most 0.5 megapixels)');
    const fits = await post(t, '/api/upload', member.token, await animatedGif(400, 400, 2));
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
  });
});

describe('the decoding pool (IMAGE_WORKERS 1, IMAGE_QUEUE_MAX 1)', () => {
  let t: TestApp;
  let member: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp({ env: { IMAGE_WORKERS: '1', IMAGE_QUEUE_MAX: '1' } });
    member = await createUser(t);
  });
  afterAll(() => t.close());

  it('decodes one image at a time, queues one, and answers the rest 503 with Retry-After at once', async () => {
    const heavy = await noise(1_200, 1_200).png({ compressionLevel: 0 }).toBuffer();
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(t, '/api/upload', member.token, heavy)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 503, 503]);
    const busy = answers.find((res) => res.status === 503)!;
    expect(busy.headers['retry-after']).toBe('2');
    expect(busy.body).toMatchObject({ success: false, errorCode: 0, message: 'Many images are being processed right now. Please try again in 2 seconds.' });
    expect(t.ctx.images.load).toEqual({ running: 0, queued: 0 });
    // Free again.
    expect((await post(t, '/api/upload', member.token, await solid(20, 20).png().toBuffer())).status).toBe(200);
  });
});
