import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

for (const dialect of await testDatabases()) {
  describe(`site config and API conventions [${dialect}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ dialect });
    });
    afterAll(() => t.close());

    it('answers config/configs in the envelope', async () => {
      const res = await t.get<{ installed: boolean; language: string; modules: object }>('/api/config/configs');
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data).toMatchObject({ installed: true, language: 'en-US', modules: { tweet: true, topic: true, article: true } });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers unknown API routes with a 404 envelope in the request locale', async () => {
      const en = await t.get('/api/nope');
      expect(en.status).toBe(404);
      expect(en.body).toMatchObject({ success: false, errorCode: 6 });
      const zh = await t.get('/api/nope', { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
      expect(zh.body.message).toContain('接口不存在');
      const cookie = await t.get('/api/nope', { cookies: { locale: 'zh-CN' }, headers: { 'accept-language': 'en' } });
      expect(cookie.body.message).toContain('接口不存在');
    });
  });
}
