/**
 * The back office's settings and dashboard over HTTP on every engine (issue 17): who may read
 * and change the settings (admins; moderators and members are refused), validation naming the
 * field with nothing written, what a change does at once (config, the article module, the
 * logo, upload limits, the SMTP password kept back), the test mail, the about page and the
 * dashboard's figures. Then two app processes on one MariaDB and Redis: a change through one is
 * read by the other right after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettingsActions } from '../../../common/actions/site-settings';
import type { AdminSettingsView, DashboardView } from '../../../common/views/settings';
import { uploadCover } from '../../../tests/support/article-factories';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { readEmlMails } from '../../../tests/support/mail';
import { multipart } from '../../../tests/support/multipart';
import { startSourceServer, type ServerProcess } from '../../../tests/support/server-process';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { writePersistedConfig } from '../../config';
import { requireDb } from '../../context';

const REDIS_URL = 'redis://127.0.0.1:6379';

for (const dialect of await testDatabases()) {
  describe(`admin settings and dashboard [${dialect}]`, () => {
    let t: TestApp;
    let admin: CreatedUser;
    let moderator: CreatedUser;
    let member: CreatedUser;

    const read = (token?: string, headers?: Record<string, string>) => t.get<AdminSettingsView>('/api/admin/settings', { token, headers });
    const save = (body: Record<string, unknown>, token = admin.token, headers?: Record<string, string>) => t.post<AdminSettingsView>('/api/admin/settings', body, { token, headers });
    const stored = async (key: string) => (await requireDb(t.ctx).selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null;

    beforeAll(async () => {
      t = await createTestApp({ dialect });
      admin = await createUser(t, { role: 'admin' });
      moderator = await createUser(t, { role: 'moderator' });
      member = await createUser(t);
      await writeTestSettings(t, { postLimits: NO_LIMIT }, t.ctx.clock.now());
    });
    afterAll(() => t.close());

    it('reads every editable setting for admins only; the about text reads as the default of the site language when unset', async () => {
      expect((await read()).status).toBe(401);
      expect((await read(member.token)).status).toBe(403);
      expect((await read(moderator.token)).body).toMatchObject({ success: false, errorCode: 2 });
      const res = await read(admin.token);
      expect(res.status).toBe(200);
      const { settings, server } = res.body.data!;
      expect(settings).toMatchObject({ siteTitle: 'Sabai', modules: { tweet: true, topic: true, article: true }, timeZone: 'Asia/Bangkok', uploadLimits: { maxMb: 5 } });
      expect(settings.aboutContent).toContain('Southeast Asia, mainly Thailand');
      expect(Object.keys(settings)).toEqual(expect.arrayContaining(['siteNavs', 'rateLimits', 'scoreRules', 'smtp', 'topicReview', 'articleReview']));
      expect(server.imageMax).toEqual({ width: 20_000, height: 20_000, megapixels: 50 });
      // config/configs carries the same default.
      expect((await t.get<{ aboutContent: string }>('/api/config/configs')).body.data!.aboutContent).toBe(settings.aboutContent);
    });

    it('refuses bad values naming each field, in the reader’s language, and writes nothing', async () => {
      const res = await save({
        siteTitle: '',
        siteNavs: [{ title: 'Bad', url: 'javascript:alert(1)' }],
        timeZone: 'Mars/Olympus',
        rateLimits: { ...(await read(admin.token)).body.data!.settings.rateLimits, feedPerIp: { max: -1, windowMs: 60_000 } },
        siteUrl: 'https://elsewhere.example',
      });
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe(5);
      expect(Object.keys(res.body.fields ?? {}).sort()).toEqual(['rateLimits.feedPerIp.max', 'siteNavs.0.url', 'siteTitle', 'siteUrl', 'timeZone']);
      expect(res.body.fields!['siteNavs.0.url']).toContain('/, http:// or https://');
      const zh = await save({ siteTitle: 'x'.repeat(65) }, admin.token, { 'accept-language': 'zh-CN' });
      expect(zh.body.fields!.siteTitle).toBe('请输入不超过 64 个字符的站点标题。');
      expect(await stored('siteTitle')).toBeNull();
      expect(await stored('siteNavs')).toBeNull();
      // Moderators are refused before any field error.
      expect((await save({ siteTitle: '' }, moderator.token)).status).toBe(403);
    });

    it('refuses a key named like an inherited member (constructor, toString…), as JSON and as a form, naming it; writes nothing', async () => {
      const rows = async () => (await requireDb(t.ctx).selectFrom('settings').select(['key', 'value']).orderBy('key').execute()).map((row) => `${row.key}=${row.value}`);
      const before = await rows();
      for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
        // JSON.parse keeps `__proto__` as an own key (Fastify's parser refuses that one before any schema).
        const json = await save(JSON.parse(`{"siteTitle": "Renamed", "${key}": 1}`) as Record<string, unknown>);
        if (key === '__proto__') expect(json.status).toBe(400);
        else {
          expect(json.status, `${key} ${JSON.stringify(json.body)}`).toBe(400);
          expect(json.body.errorCode).toBe(5);
          expect(json.body.fields).toEqual({ [key]: 'This setting cannot be changed here.' });
        }
        const form = await t.post<AdminSettingsView>('/api/admin/settings', undefined, { token: admin.token, form: { siteTitle: 'Renamed', [key]: '1' }, headers: { 'accept-language': 'zh-CN' } });
        expect(form.status, `${key} ${JSON.stringify(form.body)}`).toBe(400);
        expect(form.body.errorCode).toBe(5);
        expect(Object.entries(form.body.fields ?? {})).toEqual([[key, '此设置不能在这里修改。']]);
      }
      expect(await rows()).toEqual(before);
      expect((await read(admin.token)).body.data!.settings.siteTitle).toBe('Sabai');
    });

    it('a change takes effect at once: title, nav links, the article module switched off and on', async () => {
      const navs = [
        { title: 'Guide', url: '/topics' },
        { title: 'Visa help', url: 'https://example.com/visa' },
      ];
      const res = await save({ siteTitle: 'Sabai Thailand', siteNavs: navs, modules: { tweet: true, topic: true, article: false } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data!.settings).toMatchObject({ siteTitle: 'Sabai Thailand', siteNavs: navs });
      expect((await t.get('/api/config/configs')).body.data).toMatchObject({ siteTitle: 'Sabai Thailand', siteNavs: navs, modules: { article: false } });
      const refused = await t.post('/api/article/create', { title: 'Off', content: '<p>x</p>' }, { token: member.token });
      expect(refused.status).toBe(403);
      expect((await save({ modules: { tweet: true, topic: true, article: true } })).status).toBe(200);
      expect((await t.get('/api/article/articles')).status).toBe(200);
    });

    it('the logo must be an image this site stored; the SMTP password never leaves and is kept when sent back masked', async () => {
      expect((await save({ siteLogo: '/uploads/2026/01/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png' })).body.fields).toHaveProperty('siteLogo');
      const logo = await uploadCover(t, admin.token);
      expect((await save({ siteLogo: logo })).status).toBe(200);
      expect((await t.get<{ siteLogo: string }>('/api/config/configs')).body.data!.siteLogo).toBe(logo);

      expect((await save({ smtp: { url: 'smtp://mailer:s3cret@mail.example:587', from: 'Sabai <no-reply@example.com>' } })).status).toBe(200);
      const masked = (await read(admin.token)).body.data!.settings.smtp;
      expect(masked.url).toBe('smtp://mailer:********@mail.example:587');
      expect(JSON.stringify((await read(admin.token)).body)).not.toContain('s3cret');
      expect((await save({ smtp: { ...masked, from: 'Forum <forum@example.com>' } })).status).toBe(200);
      expect(JSON.parse((await stored('smtp'))!)).toEqual({ url: 'smtp://mailer:s3cret@mail.example:587', from: 'Forum <forum@example.com>' });
      expect((await save({ smtp: { url: 'ftp://mail.example', from: '' } })).body.fields).toHaveProperty(['smtp.url']);
      await save({ smtp: { url: '', from: '' } });
    });

    it('sends a test mail through the mailer (no SMTP server: an .eml file), to the admin or to the address given', async () => {
      const before = readEmlMails(t.dataDir).length;
      const res = await t.post<{ to: string }>('/api/admin/settings/test_mail', {}, { token: admin.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const mails = readEmlMails(t.dataDir).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual([res.body.data!.to]);
      expect(mails[0]!.subject).toBe('Test mail from Sabai Thailand');
      expect((await t.post('/api/admin/settings/test_mail', { to: 'not an address' }, { token: admin.token })).body.fields).toHaveProperty('to');
    });

    it('upload limits apply at once, within the server’s', async () => {
      const current = (await read(admin.token)).body.data!.settings.uploadLimits;
      expect((await save({ uploadLimits: { ...current, maxWidth: 100 } })).status).toBe(200);
      const png = await sharp({ create: { width: 200, height: 50, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
      const body = multipart([{ field: 'image', filename: 'wide.png', contentType: 'image/png', data: png }]);
      const res = await t.request('POST', '/api/upload', { body: body.payload, token: member.token, headers: { 'content-type': body.contentType } });
      expect(res.status).toBe(413);
      expect(res.body.message).toContain('100');
      expect((await save({ uploadLimits: { ...current, maxMb: 6 } })).body.fields).toHaveProperty(['uploadLimits.maxMb']);
      await save({ uploadLimits: current });
    });

    it('the about page renders the admin’s Markdown sanitized', async () => {
      expect((await save({ aboutContent: '**Sabai** is for [everyone](https://example.com).\n\n<script>alert(1)</script><img src=x onerror=alert(1)>', contact: 'Write to *us*.' })).status).toBe(200);
      const read = await t.read(siteSettingsActions.about, {});
      if (!read.ok) throw new Error(read.message);
      const about = read.data;
      expect(about.html).toContain('<strong>Sabai</strong>');
      expect(about.html).toMatch(/<a [^>]*href="[^"]*example\.com/);
      expect(about.html).not.toMatch(/<script|<[^>]*onerror/);
      expect(about.contactHtml).toContain('<em>us</em>');
    });

    it('the dashboard counts for moderators and admins, with today in the last of 30 days', async () => {
      await createTopic(t, member.user);
      await createUser(t);
      expect((await t.get('/api/admin/dashboard', { token: member.token })).status).toBe(403);
      const res = await t.get<DashboardView>('/api/admin/dashboard', { token: moderator.token });
      expect(res.status).toBe(200);
      const view = res.body.data!;
      const members = Number((await requireDb(t.ctx).selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(view.counts).toMatchObject({ members, topics: 1, articles: 0, pendingReview: 0 });
      expect(view.counts.signupsToday).toBe(members);
      expect(view.counts.postsToday).toBe(1);
      expect(view.days).toHaveLength(30);
      expect(view.days.at(-1)).toMatchObject({ signups: members, posts: 1 });
      expect(view.recent.map((entry) => entry.action)).toContain('settings.update');
    });
  });
}

describe.runIf((await testDatabases()).includes('mysql'))('settings across two processes on one MariaDB and Redis', () => {
  let first: TestApp;
  let second: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    first = await createTestApp({ dialect: 'mysql', env: { REDIS_URL } });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-data-2-'));
    writePersistedConfig(dataDir, { installed: true, installedAt: Date.now(), database: first.database.config });
    second = await startSourceServer({ dataDir, env: { REDIS_URL } });
  }, 90_000);
  afterAll(async () => {
    await second?.kill();
    rmSync(dataDir, { recursive: true, force: true });
    await first?.close();
  });

  it('a setting changed through one process is read by the other at once', async () => {
    const admin = await createUser(first, { role: 'admin' });
    const config = async () => ((await (await fetch(`${second.url}/api/config/configs`)).json()) as { data: { siteTitle: string; modules: { article: boolean } } }).data;
    expect((await config()).siteTitle).toBe('Sabai'); // read, so the second process holds it in its cache
    expect((await fetch(`${second.url}/api/article/articles`)).status).toBe(200);
    const res = await first.post('/api/admin/settings', { siteTitle: 'Across processes', modules: { tweet: true, topic: true, article: false } }, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await config()).toMatchObject({ siteTitle: 'Across processes', modules: { article: false } });
    expect((await fetch(`${second.url}/api/article/articles`)).status).toBe(403);
  });
});
