/**
 * Sizes made once at upload (ADR 0031): the WebP copies exist at the right sizes and are never
 * upscaled (the image work is the same on every engine: SQLite only), and the site's own images
 * in stored posts and tweets carry width/height/srcset/loading while foreign ones and uploads
 * from before carry nothing added (rows are read: every engine).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { multipart } from '../../../tests/support/multipart';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { TopicView } from '../../../common/views/topic';
import { requireDb } from '../../context';

interface Uploaded {
  url: string;
  width: number;
  height: number;
}

async function upload(t: TestApp, token: string, data: Buffer, filename = 'image.png', contentType = 'image/png'): Promise<Uploaded> {
  const body = multipart([{ field: 'image', filename, contentType, data }]);
  const res = await t.request<Uploaded>('POST', '/api/upload', { body: body.payload, token, headers: { 'content-type': body.contentType } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!;
}

/** A picture with detail (a gradient), so its copies are real images, not one flat colour. */
function picture(width: number, height: number, seed = 0) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      raw[o] = (x + seed) % 256;
      raw[o + 1] = (y * 2 + seed) % 256;
      raw[o + 2] = (x ^ y) % 256;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

const variant = (url: string, width: number) => url.replace(/\.[a-z]+$/, `-${width}w.webp`);

async function fetchImage(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) return { status: res.statusCode, type: res.headers['content-type'], width: 0, height: 0 };
  const meta = await sharp(res.rawPayload).metadata();
  return { status: res.statusCode, type: res.headers['content-type'], width: meta.width, height: meta.height, format: meta.format };
}

for (const dialect of await testDatabases()) {
  describe(`upload sizes [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    let big: Uploaded;
    let old: Uploaded;
    beforeAll(async () => {
      t = await createTestApp({ dialect });
      member = await createUser(t);
      big = await upload(t, member.token, await picture(800, 400, 7).png().toBuffer(), 'big.png');
      old = await upload(t, member.token, await picture(700, 350, 9).png().toBuffer(), 'old.png');
      // An upload from before ADR 0031: no row, no copies.
      await requireDb(t.ctx).deleteFrom('upload_images').where('width', '=', 700).execute();
    });
    afterAll(() => t.close());

    // The image work is the same on every engine: defined on SQLite only.
    if (dialect === 'sqlite') {
      it('stores WebP copies 320, 640 and 1280 px wide beside the original, in proportion', async () => {
        const up = await upload(t, member.token, await picture(1600, 1200).jpeg().toBuffer(), 'big.jpg', 'image/jpeg');
        expect(up).toMatchObject({ width: 1600, height: 1200 });
        expect(await fetchImage(t, up.url)).toMatchObject({ status: 200, width: 1600, height: 1200, format: 'jpeg' });
        for (const [w, h] of [
          [320, 240],
          [640, 480],
          [1280, 960],
        ] as const) {
          expect(await fetchImage(t, variant(up.url, w)), `${w}w`).toMatchObject({ status: 200, type: 'image/webp', width: w, height: h, format: 'webp' });
        }
        const row = await requireDb(t.ctx).selectFrom('upload_images').selectAll().where('width', '=', 1600).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ width: 1600, height: 1200, variants: '320,640,1280' });
      });

      it('never upscales: a 500 px image gets only the 320 copy, a 300 px one none, an animation and an SVG none', async () => {
        const mid = await upload(t, member.token, await picture(500, 250).png().toBuffer(), 'mid.png');
        expect(await fetchImage(t, variant(mid.url, 320))).toMatchObject({ status: 200, width: 320, height: 160 });
        expect((await fetchImage(t, variant(mid.url, 640))).status).toBe(404);
        const small = await upload(t, member.token, await picture(300, 200).png().toBuffer(), 'small.png');
        expect((await fetchImage(t, variant(small.url, 320))).status).toBe(404);

        const frames = 2;
        const raw = Buffer.alloc(400 * 100 * frames * 4, 200);
        raw.fill(30, 400 * 100 * 4); // the second frame differs, or the encoder folds the two into one
        const gif = await sharp(raw, { raw: { width: 400, height: 100 * frames, channels: 4, pageHeight: 100 } }).gif({ delay: [100, 100], loop: 0 }).toBuffer();
        const animated = await upload(t, member.token, gif, 'anim.gif', 'image/gif');
        expect((await fetchImage(t, variant(animated.url, 320))).status).toBe(404);

        const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300"><rect width="900" height="300" fill="#0a0"/></svg>');
        const vector = await upload(t, member.token, svg, 'v.svg', 'image/svg+xml');
        expect((await fetchImage(t, variant(vector.url, 320))).status).toBe(404);

        const rows = await requireDb(t.ctx).selectFrom('upload_images').select(['width', 'variants']).orderBy('width').execute();
        expect(rows).toEqual(
          expect.arrayContaining([
            { width: 300, variants: '' },
            { width: 400, variants: '' },
            { width: 500, variants: '320' },
            { width: 900, variants: '' },
          ]),
        );
      });

      it('serves only copy widths it makes, as WebP', async () => {
        const up = await upload(t, member.token, await picture(700, 100, 3).png().toBuffer(), 'w.png');
        for (const bad of [up.url.replace(/\.png$/, '-500w.webp'), up.url.replace(/\.png$/, '-320w.png'), up.url.replace(/\.png$/, '-0320w.webp')]) {
          expect((await t.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(404);
        }
      });
    }

    it('a post: own images get width/height, srcset, sizes, lazy loading; foreign and older ones only what the policy keeps', async () => {
      const content = [
        `<p><img src="${big.url}" alt="sunset" srcset="https://evil.example/x.jpg 1w" loading="eager" sizes="1px"></p>`,
        `<p><img src="${big.url}" alt="small" width="400"></p>`,
        `<p><img src="${old.url}" alt="old"></p>`,
        `<p><img src="https://images.example/a.png" alt="foreign" srcset="https://evil.example/y.jpg 2x"></p>`,
      ].join('');
      const created = await t.post<TopicView>('/api/topic/create', { type: 0, nodeId: 1, title: 'Pictures', content, contentType: 'html' }, { token: member.token });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const read = await t.get<TopicView>(`/api/topic/${created.body.data!.id}`, { headers: { 'user-agent': 'test-no-count' } });
      const html = read.body.data!.content ?? '';
      const srcset = `${variant(big.url, 320)} 320w, ${variant(big.url, 640)} 640w, ${big.url} 800w`;
      expect(html).toContain(`<img src="${big.url}" alt="sunset" width="800" height="400" loading="lazy" decoding="async" srcset="${srcset}" sizes="(max-width: 800px) 100vw, 800px" />`);
      expect(html).toContain(`<img src="${big.url}" alt="small" width="400" height="200" loading="lazy" decoding="async" srcset="${srcset}" sizes="(max-width: 400px) 100vw, 400px" />`);
      expect(html).toContain(`<img src="${old.url}" alt="old" />`);
      expect(html).toContain('<img src="https://images.example/a.png" alt="foreign" />');
      expect(html).not.toContain('evil.example');
      expect(html).not.toContain('eager');
    });

    it("a tweet's pictures carry their size and copies; an older upload only its address", async () => {
      const created = await t.post<TopicView>('/api/topic/create', { type: 1, content: 'two pictures', imageList: [{ url: big.url, width: 1, srcset: 'https://evil.example/z.jpg 9w' }, { url: old.url }] }, { token: member.token });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const read = await t.get<TopicView>(`/api/topic/${created.body.data!.id}`, { headers: { 'user-agent': 'test-no-count' } });
      expect(read.body.data!.imageList).toEqual([{ url: big.url, width: 800, height: 400, srcset: `${variant(big.url, 320)} 320w, ${variant(big.url, 640)} 640w, ${big.url} 800w` }, { url: old.url }]);
    });
  });
}
