/**
 * Every address field refuses a control, whitespace or invisible character inside it (issue 30,
 * common/validation/address.ts): a browser drops a tab or a newline, so `/\t/evil.example/x`,
 * which a prefix check reads as a path of this site, is `//evil.example/x` to it. Each field
 * answers 400 naming it, with the address message, and nothing is written; the same addresses
 * without the character are taken (or refused for their own reason, never for this one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../tests/support/databases';
import { createUser, type CreatedUser } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { requireDb } from '../context';

/** Characters the request's text guard lets through (it refuses NUL and the other controls) but no address may hold. */
const INVISIBLE = { tab: '\t', newline: '\n', 'carriage return': '\r', space: ' ', 'no-break space': '\u00a0', 'line separator': '\u2028', 'zero-width space': '\u200b', 'right-to-left override': '\u202e', 'byte order mark': '\ufeff', 'ideographic space': '\u3000' };
const EN = 'An address cannot contain spaces, tabs, line breaks or other invisible characters (write a space as %20)';

interface AddressField {
  /** The field the answer must name. */
  field: string;
  route: string;
  who: 'admin' | 'member';
  /** The body with `address` in the field. */
  body: (address: string) => unknown;
  /** An address of the field's own kind; the character goes into its middle. */
  address: string;
}

const pushKeys = { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') };
const vipSettings = { enabled: false, address: '', prices: { '1y': '30', '2y': '50', forever: '150' }, orderExpiryMinutes: 60 };

const FIELDS: AddressField[] = [
  { field: 'siteNavs.0.url', route: '/api/admin/settings', who: 'admin', body: (url) => ({ siteNavs: [{ title: 'Guide', url }] }), address: '//evil.example/x' },
  { field: 'siteLogo', route: '/api/admin/settings', who: 'admin', body: (siteLogo) => ({ siteLogo }), address: '/uploads/ab/cd/logo.png' },
  { field: 'smtp.url', route: '/api/admin/settings', who: 'admin', body: (url) => ({ smtp: { url, from: '' } }), address: 'smtp://mail.example:587' },
  { field: 'url', route: '/api/admin/link/create', who: 'admin', body: (url) => ({ title: 'Friends', url }), address: 'https://friends.example/' },
  { field: 'logo', route: '/api/admin/link/create', who: 'admin', body: (logo) => ({ title: 'Friends', url: 'https://friends.example/', logo }), address: '/uploads/ab/cd/logo.png' },
  { field: 'logo', route: '/api/admin/node/create', who: 'admin', body: (logo) => ({ name: 'Visas', logo }), address: '/uploads/ab/cd/logo.png' },
  { field: 'explorerUrl', route: '/api/admin/vip/settings', who: 'admin', body: (explorerUrl) => ({ ...vipSettings, explorerUrl }), address: 'https://tronscan.org/#/transaction/{hash}' },
  { field: 'homePage', route: '/api/user/update', who: 'member', body: (homePage) => ({ homePage }), address: 'https://home.example/me' },
  { field: 'avatar', route: '/api/user/update_avatar', who: 'member', body: (avatar) => ({ avatar }), address: '/uploads/ab/cd/me.png' },
  { field: 'background', route: '/api/user/update_background', who: 'member', body: (background) => ({ background }), address: '/uploads/ab/cd/bg.png' },
  { field: 'cover', route: '/api/article/create', who: 'member', body: (cover) => ({ title: 'A cover', content: '<p>Text</p>', cover }), address: '/uploads/ab/cd/cover.png' },
  { field: 'imageList', route: '/api/topic/create', who: 'member', body: (url) => ({ type: 'tweet', content: 'A picture', imageList: [url] }), address: '//evil.example/x.png' },
  { field: 'endpoint', route: '/api/user/push/subscribe', who: 'member', body: (endpoint) => ({ endpoint, keys: pushKeys }), address: 'https://push.example/send/abc' },
];

/** `//evil.example/x` → `/\t/evil.example/x`: the character right after the first one. */
const withInside = (address: string, character: string) => `${address.slice(0, 1)}${character}${address.slice(1)}`;

for (const dialect of await testDatabases()) {
  describe(`address fields refuse invisible characters [${dialect}]`, () => {
    let t: TestApp;
    let admin: CreatedUser;
    let member: CreatedUser;
    const count = async (table: 'links' | 'nodes' | 'articles' | 'topics' | 'push_subscriptions') =>
      Number((await requireDb(t.ctx).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const settingRows = async () => (await requireDb(t.ctx).selectFrom('settings').select(['key', 'value']).orderBy('key').execute()).map((row) => `${row.key}=${row.value}`);

    beforeAll(async () => {
      t = await createTestApp({ dialect });
      admin = await createUser(t, { role: 'admin' });
      member = await createUser(t);
    });
    afterAll(() => t.close());

    it('the finding: a nav link `/\\t/evil.example/x` is 400 on siteNavs.0.url, in the reader’s language, and nothing is stored', async () => {
      const before = await settingRows();
      const res = await t.post('/api/admin/settings', { siteNavs: [{ title: 'Guide', url: '/\t/evil.example/x' }] }, { token: admin.token });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 5, fields: { 'siteNavs.0.url': EN } });
      const zh = await t.post('/api/admin/settings', { siteNavs: [{ title: 'Guide', url: '/\n/evil.example/x' }] }, { token: admin.token, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body.fields).toEqual({ 'siteNavs.0.url': '网址中不能含有空格、制表符、换行或其他不可见字符（空格请写作 %20）' });
      expect(await settingRows()).toEqual(before);
    });

    it('every address field names itself for each character, JSON and form alike, and writes nothing', async () => {
      const before = { links: await count('links'), nodes: await count('nodes'), articles: await count('articles'), topics: await count('topics'), push: await count('push_subscriptions'), settings: await settingRows() };
      for (const { field, route, who, body, address } of FIELDS) {
        const token = (who === 'admin' ? admin : member).token;
        for (const [name, character] of Object.entries(INVISIBLE)) {
          const res = await t.post(route, body(withInside(address, character)), { token });
          expect(res.status, `${route} ${field} ${name}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(res.body.fields?.[field], `${route} ${field} ${name}: ${JSON.stringify(res.body)}`).toBe(EN);
        }
      }
      // A form-encoded body meets the same rule (the back office's forms post these).
      const form = await t.post('/api/admin/link/create', undefined, { token: admin.token, form: { title: 'Friends', url: 'https://friends.example/\t/x' } });
      expect(form.body.fields, JSON.stringify(form.body)).toEqual({ url: EN });
      expect({ links: await count('links'), nodes: await count('nodes'), articles: await count('articles'), topics: await count('topics'), push: await count('push_subscriptions'), settings: await settingRows() }).toEqual(before);
    });

    it('the same addresses without the character are not refused for it', async () => {
      for (const { field, route, who, body, address } of FIELDS) {
        const res = await t.post(route, body(address), { token: (who === 'admin' ? admin : member).token });
        expect(res.body.fields?.[field], `${route} ${field}: ${JSON.stringify(res.body)}`).not.toBe(EN);
      }
      // Surrounding spaces are trimmed where the field trims, not refused.
      expect((await t.post('/api/user/update', { homePage: '  https://home.example/me  ' }, { token: member.token })).status).toBe(200);
    });

    it('a sign-in redirect with such a character falls back to the home page', async () => {
      for (const character of Object.values(INVISIBLE)) {
        const res = await t.post<{ redirect: string }>('/api/login/signin', { username: member.email!, password: member.password!, redirect: `/${character}/evil.example/x` });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data!.redirect).toBe('/');
      }
      const kept = await t.post<{ redirect: string }>('/api/login/signin', { username: member.email!, password: member.password!, redirect: '/topics?page=2' });
      expect(kept.body.data!.redirect).toBe('/topics?page=2');
    });
  });
}
