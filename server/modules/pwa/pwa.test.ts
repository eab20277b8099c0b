/**
 * The installable app's documents over HTTP on every engine: the manifest made from the site
 * settings, icons that are PNGs of the sizes browsers ask for (drawn from the logo, else from the
 * title's initial on the brand colour), a new logo making new icons at new addresses, and the
 * caching headers (ETag, 304, the service worker's scope and no-cache).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pwaActions } from '../../../common/actions/pwa';
import { BACKGROUND_COLOR, BRAND_COLOR } from '../../../common/pwa';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { multipart } from '../../../tests/support/multipart';
import { servedRoutes } from '../../../tests/support/routes';
import { createTestApp, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { iconCacheOf, initialOf } from './pwa.icons';
import { shortNameOf, type WebAppManifest } from './pwa.manifest';

const hex = (pixel: Buffer) => `#${[...pixel.subarray(0, 3)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/** A PNG's format, size and the colour (and alpha) of one pixel. */
async function inspect(png: Buffer, x: number, y: number) {
  const image = sharp(png);
  const meta = await image.metadata();
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return { format: meta.format, width: meta.width, height: meta.height, color: hex(data.subarray(at, at + 3)), alpha: data[at + 3] };
}

for (const dialect of await testDatabases()) {
  describe(`installable app [${dialect}]`, () => {
    let t: TestApp;
    let admin: CreatedUser;

    const png = async (path: string) => {
      const res = await t.app.inject({ method: 'GET', url: path });
      return { res, body: res.rawPayload };
    };
    const manifestOf = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      return { res, manifest: JSON.parse(res.body) as WebAppManifest };
    };
    /** A 300 × 200 PNG logo of one colour, uploaded and saved as the site logo; its address. */
    const setLogo = async (rgb: { r: number; g: number; b: number }) => {
      const data = await sharp({ create: { width: 300, height: 200, channels: 3, background: rgb } }).png().toBuffer();
      const body = multipart([{ field: 'image', filename: 'logo.png', contentType: 'image/png', data }]);
      const uploaded = await t.request<{ url: string }>('POST', '/api/upload', { body: body.payload, token: admin.token, headers: { 'content-type': body.contentType } });
      expect(uploaded.status).toBe(200);
      expect((await t.post('/api/admin/settings', { siteLogo: uploaded.body.data!.url }, { token: admin.token })).status).toBe(200);
      return uploaded.body.data!.url;
    };

    beforeAll(async () => {
      t = await createTestApp({ dialect });
      admin = await createUser(t, { role: 'admin' });
    });
    afterAll(() => t.close());

    it('routes every document from its declaration', () => {
      const served = servedRoutes(t.app);
      for (const contract of Object.values(pwaActions)) expect(served).toContain(`GET ${contract.path}`);
    });

    it('makes the manifest from the site settings, in its media type, revalidated by ETag', async () => {
      const { res, manifest } = await manifestOf();
      expect([res.statusCode, res.headers['content-type'], res.headers['cache-control']]).toEqual([200, 'application/manifest+json; charset=utf-8', 'public, max-age=0, must-revalidate']);
      expect(manifest).toMatchObject({ id: '/', name: 'Sabai', short_name: 'Sabai', lang: 'en-US', start_url: '/', scope: '/', display: 'standalone', theme_color: BRAND_COLOR, background_color: BACKGROUND_COLOR });
      expect(manifest).not.toHaveProperty('description');
      expect(manifest.icons.map(({ sizes, type, purpose }) => `${sizes} ${type} ${purpose}`)).toEqual(['192x192 image/png any', '512x512 image/png any', '512x512 image/png maskable']);
      for (const icon of manifest.icons) expect(icon.src).toMatch(/^\/icons\/(icon-192|icon-512|maskable-512)\.png\?v=[0-9a-f]{12}$/);

      const again = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { 'if-none-match': String(res.headers.etag) } });
      expect([again.statusCode, again.body, again.headers.etag]).toEqual([304, '', res.headers.etag]);

      await writeTestSettings(t, { siteTitle: 'Chiang Mai Riders Club', siteDescription: 'Rides around the old city', language: 'zh-CN' }, t.ctx.clock.now());
      try {
        const changed = await manifestOf();
        expect(changed.manifest).toMatchObject({ name: 'Chiang Mai Riders Club', short_name: 'Chiang Mai R', description: 'Rides around the old city', lang: 'zh-CN' });
        expect(changed.res.headers.etag).not.toBe(res.headers.etag);
        // A new title is a new initial: the drawn icons get a new address.
        expect(changed.manifest.icons[0]!.src).not.toBe(manifest.icons[0]!.src);
      } finally {
        await writeTestSettings(t, { siteTitle: 'Sabai', siteDescription: '', language: 'en-US' }, t.ctx.clock.now());
      }
    });

    it('draws PNG icons of the sizes browsers ask for from the initial on the brand colour when there is no logo', async () => {
      const sizes = { '/icons/icon-192.png': 192, '/icons/icon-512.png': 512, '/icons/maskable-512.png': 512, '/icons/apple-touch-icon.png': 180, '/apple-touch-icon.png': 180 };
      for (const [path, size] of Object.entries(sizes)) {
        const { res, body } = await png(path);
        expect([path, res.statusCode, res.headers['content-type'], res.headers['cache-control']]).toEqual([path, 200, 'image/png', 'public, max-age=3600']);
        expect(await inspect(body, 1, size / 2)).toMatchObject({ format: 'png', width: size, height: size });
      }
      // `any` icons have rounded corners (transparent), the maskable one fills its square.
      expect((await inspect((await png('/icons/icon-512.png')).body, 2, 2)).alpha).toBe(0);
      expect(await inspect((await png('/icons/maskable-512.png')).body, 2, 2)).toMatchObject({ color: BRAND_COLOR, alpha: 255 });
      const refused = await t.get('/icons/icon-64.png');
      expect([refused.status, refused.body.message]).toEqual([404, 'No such icon']);
    });

    it('a new logo draws new icons at new addresses; the old ETag no longer matches', async () => {
      const before = await manifestOf();
      const oldIcon = await png('/icons/maskable-512.png');
      try {
        await setLogo({ r: 200, g: 30, b: 60 });
        const after = await manifestOf();
        expect(after.manifest.icons.map((icon) => icon.src)).not.toEqual(before.manifest.icons.map((icon) => icon.src));
        const maskable = await png('/icons/maskable-512.png');
        expect(maskable.res.headers.etag).not.toBe(oldIcon.res.headers.etag);
        expect(maskable.body.equals(oldIcon.body)).toBe(false);
        // The logo inside the safe zone, the page background around it.
        expect(await inspect(maskable.body, 256, 256)).toMatchObject({ width: 512, color: '#c81e3c' });
        expect(await inspect(maskable.body, 2, 2)).toMatchObject({ color: BACKGROUND_COLOR, alpha: 255 });
        // A 3 : 2 logo sits whole in the `any` icon, transparent above and below.
        const any = await png('/icons/icon-192.png');
        expect(await inspect(any.body, 96, 96)).toMatchObject({ width: 192, color: '#c81e3c', alpha: 255 });
        expect((await inspect(any.body, 96, 4)).alpha).toBe(0);
        const conditional = await t.app.inject({ method: 'GET', url: '/icons/maskable-512.png', headers: { 'if-none-match': String(oldIcon.res.headers.etag) } });
        expect(conditional.statusCode).toBe(200);
        const same = await t.app.inject({ method: 'GET', url: '/icons/maskable-512.png', headers: { 'if-none-match': String(maskable.res.headers.etag) } });
        expect([same.statusCode, same.rawPayload.length]).toEqual([304, 0]);

        const blue = await setLogo({ r: 20, g: 40, b: 220 });
        expect(await inspect((await png('/icons/maskable-512.png')).body, 256, 256)).toMatchObject({ color: '#1428dc' });

        // The logo's file gone from the disk (removed by hand): the initial stands in, no 500.
        rmSync(path.join(t.dataDir, 'uploads', blue.replace('/uploads/', '')));
        iconCacheOf(t.ctx).clear();
        const fallback = await png('/icons/maskable-512.png');
        expect(fallback.res.statusCode).toBe(200);
        expect(await inspect(fallback.body, 2, 2)).toMatchObject({ color: BRAND_COLOR, alpha: 255 });
      } finally {
        expect((await t.post('/api/admin/settings', { siteLogo: '' }, { token: admin.token })).status).toBe(200);
      }
    });

    it('serves the service worker at the root for scope `/`, never from a cache without asking', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/sw.js?lang=zh-CN' });
      expect([res.statusCode, res.headers['content-type'], res.headers['cache-control'], res.headers['service-worker-allowed']]).toEqual([200, 'text/javascript; charset=utf-8', 'no-cache', '/']);
      expect(res.body).toMatch(/^const SHELL_VERSION = '[0-9a-f]{16}';\n/);
      expect(res.body).toContain("self.addEventListener('push'");
      const again = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'if-none-match': String(res.headers.etag) } });
      expect([again.statusCode, again.headers['service-worker-allowed'], again.headers['cache-control']]).toEqual([304, '/', 'no-cache']);
      expect((await t.get('/sw.js?lang=fr')).status).toBe(400);
    });
  });
}

describe('names and initials', () => {
  it('cuts the short name at 12 whole characters and takes the first character as the initial', () => {
    expect(shortNameOf('Sabai')).toBe('Sabai');
    expect(shortNameOf('清迈骑行俱乐部的朋友们在这里聚会')).toBe('清迈骑行俱乐部的朋友们在');
    expect(shortNameOf('Chiang Mai Riders')).toBe('Chiang Mai R');
    expect(shortNameOf('Riders of the 🏍️ club')).toBe('Riders of th');
    expect([initialOf(' sabai'), initialOf('清迈'), initialOf('🏍️ club'), initialOf('')]).toEqual(['S', '清', '🏍', 'S']);
  });
});
