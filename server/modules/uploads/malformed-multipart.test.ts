/**
 * Malformed multipart bodies on the two upload routes (issue 19: both answered 500): a body that
 * is not multipart at all, one whose boundary is missing, and one cut off before its end. Each is
 * the client's fault: 400 in the envelope, errorCode 5 naming the file field, nothing stored.
 * The database plays no part in parsing a body: SQLite only.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { multipart } from '../../../tests/support/multipart';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const ROUTES = [
  { url: '/api/upload', field: 'image' },
  { url: '/api/user/update_avatar', field: 'file' },
] as const;

async function truncatedBody(field: string): Promise<{ payload: Buffer; contentType: string }> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } }).png().toBuffer();
  const whole = multipart([{ field, filename: 'cut.png', contentType: 'image/png', data: png }]);
  return { payload: whole.payload.subarray(0, Math.floor(whole.payload.length / 2)), contentType: whole.contentType };
}

function storedFiles(t: TestApp): number {
  try {
    return readdirSync(path.join(t.dataDir, 'uploads'), { recursive: true }).length;
  } catch {
    return 0;
  }
}

describe('malformed multipart bodies', () => {
  let t: TestApp;
  let member: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    member = await createUser(t);
  });
  afterAll(() => t.close());

  for (const { url, field } of ROUTES) {
    it(`${url}: "x" as multipart/form-data, with or without a boundary: 400, errorCode 5 on ${field}`, async () => {
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=----sabai']) {
        const res = await t.request('POST', url, { body: 'x', token: member.token, headers: { 'content-type': contentType } });
        expect(res.status, `${contentType}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body).toMatchObject({ success: false, errorCode: 5, message: 'The upload could not be read: the form data is malformed or incomplete' });
        expect(res.body.fields).toHaveProperty(field);
      }
    });

    it(`${url}: a body cut off before its end: 400, errorCode 5, in the reader's language, nothing stored`, async () => {
      const before = storedFiles(t);
      const body = await truncatedBody(field);
      const res = await t.request('POST', url, { body: body.payload, token: member.token, headers: { 'content-type': body.contentType } });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, errorCode: 5 });
      expect(res.body.fields).toHaveProperty(field);
      const zh = await t.request('POST', url, { body: body.payload, token: member.token, headers: { 'content-type': body.contentType, 'accept-language': 'zh-CN' } });
      expect(zh.body.message).toBe('无法读取上传内容：表单数据格式错误或不完整');
      expect(storedFiles(t)).toBe(before);
    });
  }
});
