/**
 * POST user/update_avatar over HTTP on every engine: an uploaded picture becomes a square still
 * WebP that user/current and the public profile show; `{avatar}` takes only an image this site
 * stores; oversize, wrong type, anonymous and banned callers are refused and change nothing.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { multipart } from '../../../tests/support/multipart';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { AVATAR_PIXELS } from '../uploads/image-pipeline';
import type { CurrentUser, PublicUser } from './users.presenter';

async function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 120 } } })
    .withExif({ IFD0: { Artist: 'secret name' } })
    .jpeg()
    .toBuffer();
}

function sendFile(t: TestApp, token: string | undefined, data: Buffer | string, options: { field?: string; filename?: string; contentType?: string } = {}) {
  const body = multipart([{ field: options.field ?? 'file', filename: options.filename ?? 'me.jpg', contentType: options.contentType ?? 'image/jpeg', data }]);
  return t.request<CurrentUser>('POST', '/api/user/update_avatar', { body: body.payload, token, headers: { 'content-type': body.contentType } });
}

for (const dialect of await testDatabases()) {
  describe(`user/update_avatar [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;
    beforeAll(async () => {
      t = await createTestApp({ dialect });
      member = await createUser(t);
    });
    afterAll(() => t.close());

    it('stores an uploaded photo as a square still WebP without metadata, shown everywhere the user is', async () => {
      const res = await sendFile(t, member.token, await photo(640, 360));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const avatar = res.body.data!.avatar;
      expect(avatar).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/);
      expect(res.body.data!.smallAvatar).toBe(avatar);
      expect(JSON.stringify(res.body)).not.toContain('$argon2');
      expect(Object.keys(res.body.data!).filter((key) => /hash|token/i.test(key))).toEqual([]);

      const file = await t.request('GET', avatar);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const meta = await sharp(file.raw.rawPayload).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([AVATAR_PIXELS, AVATAR_PIXELS, 'webp']);
      expect(meta.exif).toBeUndefined();

      expect((await t.get<CurrentUser>('/api/user/current', { token: member.token })).body.data!.avatar).toBe(avatar);
      expect((await t.get<PublicUser>(`/api/user/${member.user.id}`)).body.data!.avatar).toBe(avatar);
    });

    it('takes {avatar} only for an image this site stores, relative or at the site address', async () => {
      const upload = multipart([{ field: 'image', filename: 'p.png', contentType: 'image/png', data: await sharp({ create: { width: 80, height: 60, channels: 3, background: '#c33' } }).png().toBuffer() }]);
      const uploaded = await t.request<{ url: string }>('POST', '/api/upload', { body: upload.payload, token: member.token, headers: { 'content-type': upload.contentType } });
      expect(uploaded.status).toBe(200);
      const url = uploaded.body.data!.url;

      const relative = await t.post<CurrentUser>('/api/user/update_avatar', { avatar: url }, { token: member.token });
      expect(relative.status).toBe(200);
      expect(relative.body.data!.avatar).toBe(url);
      const absolute = await t.post<CurrentUser>('/api/user/update_avatar', { avatar: `http://localhost:3000${url}` }, { token: member.token });
      expect(absolute.status).toBe(200);
      expect(absolute.body.data!.avatar).toBe(url);

      for (const avatar of ['https://tracker.example/pixel.gif', `https://evil.example${url}`, '/uploads/../config.json', `/uploads/00/00/${'0'.repeat(64)}.png`, 'javascript:alert(1)']) {
        const refused = await t.post('/api/user/update_avatar', { avatar }, { token: member.token });
        expect(refused.status, avatar).toBe(400);
        expect(refused.body.errorCode).toBe(5);
        expect(refused.body.fields).toEqual({ avatar: 'The avatar must be an image uploaded to this site' });
      }
      const empty = await t.post('/api/user/update_avatar', { avatar: ' ' }, { token: member.token, headers: { 'accept-language': 'zh-CN' } });
      expect(empty.body.fields).toEqual({ avatar: '请选择头像图片' });
      expect((await t.get<CurrentUser>('/api/user/current', { token: member.token })).body.data!.avatar).toBe(url);
    });

    it('refuses oversize and non-image files and changes nothing', async () => {
      const before = (await t.get<CurrentUser>('/api/user/current', { token: member.token })).body.data!.avatar;
      const big = await sendFile(t, member.token, Buffer.alloc(6 * 1024 * 1024, 1));
      expect(big.status).toBe(413);
      expect(big.body.errorCode).toBe(10);
      const script = await sendFile(t, member.token, '<script>alert(1)</script>', { filename: 'x.png', contentType: 'image/png' });
      expect(script.status).toBe(415);
      const wrongField = await sendFile(t, member.token, await photo(10, 10), { field: 'image' });
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.fields).toHaveProperty('file');
      expect((await t.get<CurrentUser>('/api/user/current', { token: member.token })).body.data!.avatar).toBe(before);
    });

    it('needs a signed-in member who is not banned', async () => {
      const anonymous = await sendFile(t, undefined, await photo(10, 10));
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.errorCode).toBe(1);
      const banned = await createUser(t, { banned: true });
      const refused = await sendFile(t, banned.token, await photo(10, 10));
      expect(refused.status).toBe(403);
      expect(refused.body.errorCode).toBe(3);
      expect((await t.get<PublicUser>(`/api/user/${banned.user.id}`)).body.data!.avatar).toBe('');
    });
  });
}
