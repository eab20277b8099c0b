/**
 * Sign-in providers over HTTP, on every engine, against a real OpenID Connect provider started
 * here (npm `oidc-provider`, tests/support/oidc-provider.ts): the back office's settings (the
 * client secret never answered), the round trip (PKCE, state, nonce), a first sign-in creating an
 * account, a second signing in to it, a verified e-mail kept only when free, an unverified one
 * never, linking from a signed-in session, never linking by e-mail, unlinking but never the last
 * way in, refused state and nonce, a cancelled sign-in. LINE and Google are pointed at the same
 * local provider through their issuer setting; GitHub at a GitHub-shaped one (its OAuth routes and
 * REST API over the provider's tokens); WeChat at a local server speaking its QR-login protocol.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../../../common/constants';
import type { ProviderId } from '../../../common/validation/identities';
import type { AdminProvidersView, AdminProviderView, ConnectionsView, EnabledProvidersView } from '../../../common/views/identities';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, randomIp, uniq, type CreatedUser } from '../../../tests/support/factories';
import { startOidcProvider, type LocalProvider } from '../../../tests/support/oidc-provider';
import { recording } from '../../../tests/support/secrets';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import { siteSecret } from '../settings/settings.api';
import { openTrip, sealTrip, STATE_COOKIE, STATE_KEY_NAME } from './identities.state';

const CLIENT_ID = 'sabai-site';
const CLIENT_SECRET = `client-secret-${'x'.repeat(24)}`;
const GITHUB_SECRET = `github-secret-${'y'.repeat(24)}`;
const WECHAT_SECRET = `wechat-secret-${'z'.repeat(24)}`;

/** A local server speaking WeChat's website QR login (qrconnect, sns/oauth2/access_token, sns/userinfo). */
async function startWechat(): Promise<{ base: string; close(): Promise<void>; codes: Map<string, string> }> {
  const codes = new Map<string, string>();
  const tokens = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/connect/qrconnect') {
      // The person scans the QR code with the login in `login_hint` (the test's stand-in for the phone).
      const code = `code-${uniq()}`;
      codes.set(code, url.searchParams.get('login_hint') ?? 'wx-person');
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href }).end();
    } else if (url.pathname === '/sns/oauth2/access_token') {
      const person = codes.get(url.searchParams.get('code') ?? '');
      if (url.searchParams.get('appid') !== 'wx-app' || url.searchParams.get('secret') !== WECHAT_SECRET || !person) return json({ errcode: 40029, errmsg: 'invalid code' });
      codes.delete(url.searchParams.get('code')!);
      const token = `at-${uniq()}`;
      tokens.set(token, person);
      json({ access_token: token, expires_in: 7200, refresh_token: 'r', openid: `openid-${person}`, scope: 'snsapi_login', unionid: `union-${person}` });
    } else if (url.pathname === '/sns/userinfo') {
      const person = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!person) return json({ errcode: 40001, errmsg: 'invalid credential' });
      json({ openid: `openid-${person}`, nickname: `微信${person}`, headimgurl: 'https://thirdwx.qlogo.cn/mmopen/x/132', unionid: `union-${person}` });
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, codes, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

for (const dialect of await testDatabases()) {
  describe(`sign-in providers [${dialect}]`, () => {
    let t: TestApp;
    let admin: CreatedUser;
    let local: LocalProvider;
    let github: LocalProvider;
    let wechat: Awaited<ReturnType<typeof startWechat>>;
    let http: ReturnType<typeof recording>;
    const callbacks = {} as Record<ProviderId, string>;
    const logLines: string[] = [];

    beforeAll(async () => {
      t = await createTestApp({ dialect, env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void logLines.push(line) } });
      http = recording(t);
      admin = await createUser(t, { role: 'admin' });
      const list = await http.get<AdminProvidersView>('/api/admin/sign-in-providers', { token: admin.token });
      expect(list.status).toBe(200);
      for (const row of list.body.data!.providers) callbacks[row.provider] = row.callbackUrl;
      local = await startOidcProvider({
        clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [callbacks.oidc, callbacks.line, callbacks.google], token_endpoint_auth_method: 'client_secret_post' }],
      });
      github = await startOidcProvider({
        githubApi: true,
        clients: [{ client_id: 'gh-app', client_secret: GITHUB_SECRET, redirect_uris: [callbacks.github], token_endpoint_auth_method: 'client_secret_post', grant_types: ['authorization_code'], response_types: ['code'] }],
      });
      wechat = await startWechat();
      const save = (body: Record<string, unknown>) => http.post<AdminProviderView>('/api/admin/sign-in-providers', body, { token: admin.token });
      for (const body of [
        { provider: 'oidc', enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer: local.issuer, name: 'Local ID' },
        { provider: 'line', enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer: local.issuer },
        { provider: 'google', enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuer: local.issuer },
        { provider: 'github', enabled: true, clientId: 'gh-app', clientSecret: GITHUB_SECRET, issuer: github.issuer, apiUrl: github.issuer },
        { provider: 'wechat', enabled: true, clientId: 'wx-app', clientSecret: WECHAT_SECRET, issuer: wechat.base, apiUrl: wechat.base },
      ]) {
        const saved = await save(body);
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        expect(saved.body.data).toMatchObject({ provider: body.provider, enabled: true, secretSet: true });
      }
    });

    afterAll(async () => {
      await local?.close();
      await github?.close();
      await wechat?.close();
      await t?.close();
    });

    /** A browser's round trip: the start, the provider's login, the callback; what the site answered at the end. */
    async function trip(provider: ProviderId, login: string, options: { token?: string; redirect?: string; tamper?: (cookie: string, url: URL) => Promise<{ cookie?: string; url?: URL }> } = {}) {
      const ip = randomIp();
      const session: Record<string, string> = options.token ? { [TOKEN_COOKIE]: options.token } : {};
      const start = await t.get(`/api/login/provider/${provider}/start${options.redirect ? `?redirect=${encodeURIComponent(options.redirect)}` : ''}`, { cookies: session, remoteAddress: ip });
      expect(start.status, start.raw.body).toBe(302);
      const tripCookie = start.cookies.find((c) => c.name === STATE_COOKIE);
      expect(tripCookie?.httpOnly).toBe(true);
      const authorize = new URL(start.headers.location as string);
      let returned: URL;
      if (provider === 'wechat') {
        authorize.searchParams.set('login_hint', login);
        returned = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
      } else {
        returned = await (provider === 'github' ? github : local).signIn(authorize.href, login, { until: callbacks[provider] });
      }
      let cookie = tripCookie!.value;
      if (options.tamper) {
        const changed = await options.tamper(cookie, returned);
        cookie = changed.cookie ?? cookie;
        returned = changed.url ?? returned;
      }
      const back = await t.get(`${returned.pathname}${returned.search}`, { cookies: { ...session, [STATE_COOKIE]: cookie }, remoteAddress: ip });
      expect(back.status, back.raw.body).toBe(302);
      const token = back.cookies.find((c) => c.name === TOKEN_COOKIE)?.value;
      const cleared = back.cookies.find((c) => c.name === STATE_COOKIE);
      expect(cleared?.value ?? '').toBe('');
      return { start, authorize, location: back.headers.location as string, token };
    }

    const db = () => requireDb(t.ctx);
    const identityOf = (provider: string, subject: string) => db().selectFrom('user_identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
    const userById = (id: number) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('the back office: secrets are never answered, fields are checked, only admins may', async () => {
      const list = await http.get<AdminProvidersView>('/api/admin/sign-in-providers', { token: admin.token });
      expect(list.body.data!.providers.map((p) => p.provider)).toEqual(['line', 'google', 'github', 'wechat', 'oidc']);
      expect(list.body.data!.providers.every((p) => p.secretSet)).toBe(true);
      expect(list.body.data!.providers.find((p) => p.provider === 'oidc')!.callbackUrl).toMatch(/\/api\/login\/provider\/oidc\/callback$/);
      const member = await createUser(t);
      expect((await http.get('/api/admin/sign-in-providers', { token: member.token })).status).toBe(403);
      expect((await http.get('/api/admin/sign-in-providers')).status).toBe(401);
      expect((await http.post('/api/admin/sign-in-providers', { provider: 'oidc', enabled: false, clientId: 'x' }, { token: member.token })).status).toBe(403);
      const noIssuer = await http.post('/api/admin/sign-in-providers', { provider: 'oidc', enabled: true, clientId: 'x', issuer: '' }, { token: admin.token });
      expect(noIssuer.status).toBe(400);
      expect(noIssuer.body.fields).toHaveProperty('issuer');
      const badUrl = await http.post('/api/admin/sign-in-providers', { provider: 'line', enabled: true, clientId: 'x', issuer: 'ftp://x' }, { token: admin.token }, );
      expect(badUrl.status).toBe(400);
      expect(badUrl.body.fields).toHaveProperty('issuer');
      const zh = await t.post('/api/admin/sign-in-providers', { provider: 'google', enabled: true, clientId: '' }, { token: admin.token, cookies: { locale: 'zh-CN' } });
      expect(zh.body.fields?.clientId).toBe('开启的登录方式需要填写客户端 ID。');
      // The settings are unchanged by the refusals.
      const enabled = await http.get<EnabledProvidersView>('/api/login/providers');
      expect(enabled.body.data!.providers).toEqual([
        { id: 'line', name: 'LINE' },
        { id: 'google', name: 'Google' },
        { id: 'github', name: 'GitHub' },
        { id: 'wechat', name: 'WeChat' },
        { id: 'oidc', name: 'Local ID' },
      ]);
    });

    it('starts with PKCE S256, state and nonce, and the trip sealed in a signed HttpOnly cookie', async () => {
      const start = await t.get('/api/login/provider/oidc/start?redirect=/t/1', { remoteAddress: randomIp() });
      expect(start.status).toBe(302);
      const url = new URL(start.headers.location as string);
      expect(url.origin).toBe(local.issuer);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(url.searchParams.get('state')).toBeTruthy();
      expect(url.searchParams.get('nonce')).toBeTruthy();
      expect(url.searchParams.get('redirect_uri')).toBe(callbacks.oidc);
      const cookie = start.cookies.find((c) => c.name === STATE_COOKIE)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/login/provider' });
      const key = await siteSecret(db(), STATE_KEY_NAME, Date.now());
      const sealed = openTrip(key, cookie.value, Date.now())!;
      expect(sealed).toMatchObject({ provider: 'oidc', state: url.searchParams.get('state'), nonce: url.searchParams.get('nonce'), redirect: '/t/1', linkUserId: 0 });
      // The verifier never leaves for the provider.
      expect(start.headers.location).not.toContain(sealed.verifier);
      expect(openTrip(key, cookie.value.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), Date.now())).toBeNull();
    });

    it('a first sign-in creates an account (name, picture, verified e-mail); the next signs in to it', async () => {
      const login = `alice${uniq()}`;
      const first = await trip('oidc', login, { redirect: '/t/1' });
      expect(first.location).toBe('/t/1');
      expect(first.token).toBeTruthy();
      const identity = (await identityOf('oidc', login))!;
      const user = await userById(identity.user_id);
      expect(user).toMatchObject({ email: `${login}@example.com`, email_verified: 1, password_hash: null, avatar: `https://images.example.com/${login}.png` });
      expect(user.nickname.toLowerCase()).toBe(login.toLowerCase());
      const me = await t.get<{ id: number }>('/api/user/current', { cookies: { [TOKEN_COOKIE]: first.token! } });
      expect(me.body.data).toMatchObject({ id: user.id });
      const again = await trip('oidc', login);
      expect(again.location).toBe('/');
      const count = await db().selectFrom('user_identities').select((eb) => eb.fn.countAll().as('n')).where('subject', '=', login).executeTakeFirst();
      expect(Number(count!.n)).toBe(1);
      const meAgain = await t.get<{ id: number }>('/api/user/current', { cookies: { [TOKEN_COOKIE]: again.token! } });
      expect(meAgain.body.data).toMatchObject({ id: user.id });
    });

    it('an unverified provider e-mail is never kept; a verified one already taken makes a separate account, never a link', async () => {
      const unverified = `unverified${uniq()}`;
      await trip('line', unverified);
      const made = await userById((await identityOf('line', unverified))!.user_id);
      expect(made).toMatchObject({ email: null, email_verified: 0 });
      const owner = await createUser(t, { email: `taken${uniq()}@example.com` });
      const login = owner.email!.replace('@example.com', '');
      const res = await trip('google', login);
      expect(res.token).toBeTruthy();
      const identity = (await identityOf('google', login))!;
      expect(identity.user_id).not.toBe(owner.user.id);
      expect(await userById(identity.user_id)).toMatchObject({ email: null, email_verified: 0 });
    });

    it('links to the signed-in member; a provider account linked elsewhere is refused; connections list it', async () => {
      const member = await createUser(t);
      const login = `bob${uniq()}`;
      const linked = await trip('google', login, { token: member.token });
      expect(linked.location).toBe('/user/profile/connections?linked=google');
      expect(linked.token).toBeUndefined();
      expect((await identityOf('google', login))!.user_id).toBe(member.user.id);
      const view = await http.get<ConnectionsView>('/api/user/identities', { token: member.token });
      expect(view.body.data).toMatchObject({ hasPassword: true, waysIn: 2, linked: [{ provider: 'google', name: 'Google', displayName: expect.stringMatching(/^Bob/) }] });
      expect(view.body.data!.available.map((p) => p.id)).toEqual(['line', 'github', 'wechat', 'oidc']);
      // Signing in with it now reaches the member.
      const signIn = await trip('google', login);
      expect((await t.get<{ id: number }>('/api/user/current', { cookies: { [TOKEN_COOKIE]: signIn.token! } })).body.data).toMatchObject({ id: member.user.id });
      // Another member cannot take it over.
      const other = await createUser(t);
      const taken = await trip('google', login, { token: other.token });
      expect(taken.location).toBe('/user/profile/connections?error=taken');
      expect((await identityOf('google', login))!.user_id).toBe(member.user.id);
    });

    it('unlinks, but never the last way in', async () => {
      const login = `carol${uniq()}`;
      const made = await trip('oidc', login);
      const token = made.token!;
      const last = await http.post('/api/user/identities/unlink', { provider: 'oidc' }, { token });
      expect(last.status).toBe(409);
      expect(last.body.message).toBe('This is your only way to sign in: set a password or connect another account first.');
      const zh = await t.post('/api/user/identities/unlink', { provider: 'oidc' }, { token, cookies: { locale: 'zh-CN' } });
      expect(zh.body.message).toBe('这是你唯一的登录方式：请先设置密码或绑定其他账号。');
      expect((await http.get<ConnectionsView>('/api/user/identities', { token })).body.data).toMatchObject({ hasPassword: false, waysIn: 1 });
      await trip('line', `${login}-line`, { token });
      expect((await http.post('/api/user/identities/unlink', { provider: 'oidc' }, { token })).status).toBe(200);
      expect(await identityOf('oidc', login)).toBeUndefined();
      expect((await http.post('/api/user/identities/unlink', { provider: 'line' }, { token })).status).toBe(409);
      expect((await http.post('/api/user/identities/unlink', { provider: 'github' }, { token })).status).toBe(404);
      expect((await http.post('/api/user/identities/unlink', { provider: 'nope' }, { token })).status).toBe(400);
      expect((await http.post('/api/user/identities/unlink', { provider: 'line' })).status).toBe(401);
    });

    it('refuses a wrong state, a missing or forged trip, a replaced nonce, and tells a cancelled sign-in', async () => {
      const key = await siteSecret(db(), STATE_KEY_NAME, Date.now());
      const login = `mallory${uniq()}`;
      const wrongState = await trip('oidc', login, { tamper: async (_cookie, url) => { url.searchParams.set('state', 'not-the-state'); return { url }; } });
      expect(wrongState.location).toBe('/user/signin?error=state');
      expect(wrongState.token).toBeUndefined();
      const forged = await trip('oidc', login, { tamper: async (cookie) => ({ cookie: `${cookie.split('.')[0]}.forged` }) });
      expect(forged.location).toBe('/user/signin?error=state');
      const noTrip = await trip('oidc', login, { tamper: async () => ({ cookie: '' }) });
      expect(noTrip.location).toBe('/user/signin?error=state');
      // The same state, a different nonce (signed with the site's key): the ID token's nonce is refused.
      const nonce = await trip('oidc', login, {
        tamper: async (cookie) => {
          const sealed = openTrip(key, cookie, Date.now())!;
          return { cookie: sealTrip(key, { ...sealed, nonce: 'another-nonce' }) };
        },
      });
      expect(nonce.location).toBe('/user/signin?error=state');
      expect(nonce.token).toBeUndefined();
      expect(await identityOf('oidc', login)).toBeUndefined();
      // A trip of another provider.
      const crossed = await trip('oidc', login, { tamper: async (cookie) => ({ cookie: sealTrip(key, { ...openTrip(key, cookie, Date.now())!, provider: 'line' }) }) });
      expect(crossed.location).toBe('/user/signin?error=state');
      // Cancelled at the provider.
      const start = await t.get('/api/login/provider/oidc/start', { remoteAddress: randomIp() });
      const state = new URL(start.headers.location as string).searchParams.get('state')!;
      const cancelled = await t.get(`/api/login/provider/oidc/callback?error=access_denied&state=${state}`, { cookies: { [STATE_COOKIE]: start.cookies.find((c) => c.name === STATE_COOKIE)!.value } });
      expect(cancelled.headers.location).toBe('/user/signin?error=cancelled');
      // An unknown provider; a provider switched off (its secret kept while off).
      expect((await t.get('/api/login/provider/nope/start')).status).toBe(404);
      const save = (enabled: boolean) => http.post<AdminProviderView>('/api/admin/sign-in-providers', { provider: 'wechat', enabled, clientId: 'wx-app', issuer: wechat.base, apiUrl: wechat.base }, { token: admin.token });
      expect((await save(false)).body.data).toMatchObject({ enabled: false, secretSet: true });
      const off = await t.get('/api/login/provider/wechat/start', { remoteAddress: randomIp() });
      expect(off.headers.location).toBe('/user/signin?error=disabled');
      expect((await http.get<EnabledProvidersView>('/api/login/providers')).body.data!.providers.map((p) => p.id)).not.toContain('wechat');
      expect((await save(true)).status).toBe(200);
      // A provider out of reach (its discovery fails): back to the sign-in page, told so.
      const unreachable = (issuer: string) => http.post('/api/admin/sign-in-providers', { provider: 'google', enabled: true, clientId: CLIENT_ID, issuer }, { token: admin.token });
      expect((await unreachable('http://127.0.0.1:9')).status).toBe(200);
      const down = await t.get('/api/login/provider/google/start', { remoteAddress: randomIp() });
      expect(down.headers.location).toBe('/user/signin?error=provider');
      expect((await unreachable(local.issuer)).status).toBe(200);
    });

    it('GitHub: OAuth 2 with PKCE and state, the profile and the primary verified e-mail from its API', async () => {
      const login = `octo${uniq()}`;
      const res = await trip('github', login);
      expect(res.authorize.pathname).toBe('/login/oauth/authorize');
      expect(res.authorize.searchParams.get('scope')).toBe('read:user user:email');
      expect(res.authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(res.token).toBeTruthy();
      const row = await db().selectFrom('user_identities').selectAll().where('provider', '=', 'github').where('display_name', '=', `Octo${login.slice(4)}`).executeTakeFirst();
      expect(row).toBeDefined();
      expect(row!.subject).toMatch(/^\d+$/);
      expect(await userById(row!.user_id)).toMatchObject({ email: `${login}@example.com`, email_verified: 1 });
    });

    it('WeChat: QR login by appid and secret, known by unionid, no e-mail', async () => {
      const person = `wx${uniq()}`;
      const res = await trip('wechat', person);
      expect(res.authorize.pathname).toBe('/connect/qrconnect');
      expect(res.authorize.searchParams.get('appid')).toBe('wx-app');
      expect(res.authorize.searchParams.get('scope')).toBe('snsapi_login');
      expect(res.authorize.hash).toBe('#wechat_redirect');
      expect(res.token).toBeTruthy();
      const identity = (await identityOf('wechat', `union-${person}`))!;
      expect(await userById(identity.user_id)).toMatchObject({ email: null, nickname: `微信${person}`, avatar: 'https://thirdwx.qlogo.cn/mmopen/x/132' });
    });

    it('never answers nor logs a client secret', () => {
      const all = http.bodies.join('\n');
      const logs = logLines.join('\n');
      // The log was captured: the refused round trips are in it (provider and reason).
      expect(logs).toContain('sign-in provider callback refused');
      expect(logs).toContain('sign-in provider start failed');
      for (const secret of [CLIENT_SECRET, GITHUB_SECRET, WECHAT_SECRET]) {
        expect(all.includes(secret), secret).toBe(false);
        expect(logs.includes(secret), secret).toBe(false);
      }
    });
  });
}
