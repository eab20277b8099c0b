/**
 * Absolute links in mails use the address the forum was installed through, never the Host
 * header of the request that triggers the mail (reset-link poisoning).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linkUrl, waitForEml } from '../../../tests/support/mail';
import { createTestApp, DEFENCES_OFF, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { siteBaseUrl } from '../../http/site-address';
import { runSetup } from './setup';

const PASSWORD = 'install-secret-1';
let apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.reverse()) await t.close();
  apps = [];
});

describe('site address for mail links', () => {
  it('is pinned at install and survives a restart; a forged Host header does not change it', async () => {
    const t = await createTestApp({ installed: false });
    apps.push(t);
    const install = await t.post(
      '/api/install/install',
      {
        db: { type: 'sqlite', file: path.join(t.dataDir, 'sabai.db') },
        siteTitle: 'Sabai',
        siteDescription: '',
        adminUsername: 'admin1',
        adminPassword: PASSWORD,
        adminPasswordConfirm: PASSWORD,
        adminEmail: 'admin@example.com',
        language: 'en-US',
      },
      { headers: { host: 'forum.example:8080' } },
    );
    expect(install.body).toMatchObject({ success: true });

    // The reset request's proof-of-work challenge (issue 28) is another suite's (challenge.test.ts).
    await writeTestSettings(t, DEFENCES_OFF, Date.now());
    const forged = await t.post('/api/login/send_reset_password_email', { email: 'admin@example.com' }, { headers: { host: 'evil.example' } });
    expect(forged.body.success).toBe(true);
    await t.jobs.drain();
    const mail = await waitForEml(t.dataDir, 'admin@example.com', {});
    expect(linkUrl(mail, '/user/password/reset')).toMatch(/^http:\/\/forum\.example:8080\/user\/password\/reset\?token=/);

    await t.stop();
    const restarted = await createTestApp({ reuse: { dataDir: t.dataDir, database: t.database } });
    await restarted.post('/api/login/send_reset_password_email', { email: 'admin@example.com' }, { headers: { host: 'evil.example' } });
    await restarted.jobs.drain();
    const second = await waitForEml(restarted.dataDir, 'admin@example.com', { after: 1 });
    expect(linkUrl(second, '/user/password/reset')).toMatch(/^http:\/\/forum\.example:8080\//);
    await restarted.stop();
  });
});

/** Runs `npm run setup` in-process into a fresh DATA_DIR; answers its exit code and output. */
async function setup(args: string[], env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-setup-'));
  dirs.push(dataDir);
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSetup(
    ['--site-title', 'Headless', '--admin-username', 'admin1', '--admin-email', 'admin@example.com', '--db-file', 'forum.db', ...args],
    { DATA_DIR: dataDir, SABAI_ADMIN_PASSWORD: PASSWORD, ...env },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  );
  return { code, out: out.join('\n'), err: err.join('\n'), dataDir };
}

/** Starts the app on a headless install and has a forged Host ask for a reset mail. */
async function resetLinkAfterSetup(dataDir: string): Promise<string | null> {
  const t = await createTestApp({ reuse: { dataDir, database: { config: { type: 'sqlite', file: path.join(dataDir, 'forum.db') }, drop: async () => {} } } });
  apps.push(t);
  await writeTestSettings(t, DEFENCES_OFF, Date.now());
  const res = await t.post('/api/login/send_reset_password_email', { email: 'admin@example.com' }, { headers: { host: 'evil.example' } });
  expect(res.body.success).toBe(true);
  await t.jobs.drain();
  return linkUrl(await waitForEml(dataDir, 'admin@example.com', {}), '/user/password/reset');
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('site address of a headless install', () => {
  it('records --public-url (or PUBLIC_URL); mail links use it whatever the Host header says', async () => {
    const flag = await setup(['--public-url', 'https://forum.example/']);
    expect(flag.code, flag.err).toBe(0);
    expect(flag.err).not.toContain('Warning');
    expect(await resetLinkAfterSetup(flag.dataDir)).toMatch(/^https:\/\/forum\.example\/user\/password\/reset\?token=/);

    const env = await setup([], { PUBLIC_URL: 'http://env.example:8080' });
    expect(env.code, env.err).toBe(0);
    expect(await resetLinkAfterSetup(env.dataDir)).toMatch(/^http:\/\/env\.example:8080\/user\/password\/reset\?token=/);
  });

  it('records http://localhost:PORT with a warning when no address is given (never the Host header)', async () => {
    const run = await setup([], { PORT: '4567' });
    expect(run.code, run.err).toBe(0);
    expect(run.err).toContain('Warning: no --public-url or PUBLIC_URL given; links in mails will point to http://localhost:4567');
    // The app below runs on the default port: the link proves the address was recorded.
    expect(await resetLinkAfterSetup(run.dataDir)).toMatch(/^http:\/\/localhost:4567\/user\/password\/reset\?token=/);
  });

  it('refuses a --public-url that is not an http(s) address, installing nothing', async () => {
    const run = await setup(['--public-url', 'javascript:alert(1)'], { SABAI_LANGUAGE: 'zh-CN' });
    expect(run.code).toBe(1);
    expect(run.err).toContain('--public-url / PUBLIC_URL 必须是 http:// 或 https:// 地址');
    expect(existsSync(path.join(run.dataDir, 'config.json'))).toBe(false);
  });
});

describe('siteBaseUrl', () => {
  it('is the configured address without a trailing slash, else this machine; never a request origin', () => {
    expect(siteBaseUrl({ publicUrl: 'https://forum.example/', port: 3000 })).toBe('https://forum.example');
    expect(siteBaseUrl({ publicUrl: null, port: 8123 })).toBe('http://localhost:8123');
  });
});
