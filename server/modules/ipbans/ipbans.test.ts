/**
 * IP and network bans over HTTP on every engine (issue 28): admins add, list and remove bans
 * (audited; moderators and members refused); a banned address — the client address behind a
 * trusted proxy (X-Forwarded-For), never the proxy's own — cannot sign up, sign in or write,
 * while reading stays open; CIDR ranges of both families; a ban ends at its expiry; every
 * process's list follows a change made in another (the event bus).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpBanView } from '../../../common/views/defences';
import type { Page } from '../../../common/views/page';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, DEFAULT_PASSWORD, uniqueEmail, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import { listAuditFor } from '../audit/audit.service';

const PROXY = '10.9.9.9';
const DAY_MS = 24 * 60 * 60 * 1000;

for (const dialect of await testDatabases()) {
  describe(`IP bans [${dialect}]`, () => {
    let t: TestApp;
    let now = Date.now();
    let admin: CreatedUser;
    let moderator: CreatedUser;
    let member: CreatedUser;

    beforeAll(async () => {
      t = await createTestApp({ dialect, env: { TRUST_PROXY: PROXY }, clock: { now: () => now } });
      admin = await createUser(t, { role: 'admin' });
      moderator = await createUser(t, { role: 'moderator' });
      member = await createUser(t);
      await writeTestSettings(t, { postLimits: NO_LIMIT, commentLimits: NO_LIMIT }, now);
    });
    afterAll(() => t?.close());

    /** A request through the trusted proxy for `client`. */
    const via = (client: string) => ({ remoteAddress: PROXY, headers: { 'x-forwarded-for': client } });
    const ban = (body: Record<string, unknown>, token = admin.token) => t.post<IpBanView>('/api/admin/ip_bans/create', body, { token, remoteAddress: '192.0.2.1' });
    const unban = (id: number) => t.post('/api/admin/ip_bans/remove', { id }, { token: admin.token, remoteAddress: '192.0.2.1' });
    const signUp = (client: string, locale = 'en-US') =>
      t.post('/api/login/signup', { nickname: `N${Math.random().toString(36).slice(2, 8)}`, email: uniqueEmail('ipban'), password: DEFAULT_PASSWORD, rePassword: DEFAULT_PASSWORD }, { ...via(client), headers: { ...via(client).headers, 'accept-language': locale } });
    const signIn = (client: string) => t.post('/api/login/signin', { username: member.user.email!, password: DEFAULT_PASSWORD }, via(client));
    const postTopic = (client: string) => t.post('/api/topic/create', { title: 'From somewhere', content: '<p>Hello</p>' }, { token: member.token, ...via(client) });

    it('only admins manage bans: moderators and members 403, nobody 401', async () => {
      expect((await ban({ cidr: '198.51.100.0/24' }, moderator.token)).status).toBe(403);
      expect((await ban({ cidr: '198.51.100.0/24' }, member.token)).status).toBe(403);
      expect((await t.post('/api/admin/ip_bans/create', { cidr: '198.51.100.0/24' })).status).toBe(401);
      expect((await t.get('/api/admin/ip_bans', { token: moderator.token })).status).toBe(403);
    });

    it('refuses what is not an address or range, and a range holding the admin’s own address, naming the field', async () => {
      for (const cidr of ['nonsense', '10.0.0.0/33', '2001:db8::/129', '1.2.3.4/8/1']) {
        const res = await ban({ cidr });
        expect(res.status, cidr).toBe(400);
        expect(res.body.fields).toHaveProperty('cidr');
      }
      const own = await ban({ cidr: '192.0.2.0/24' });
      expect(own.status).toBe(400);
      expect(own.body.fields?.cidr).toMatch(/your own address/);
      expect((await ban({ cidr: '198.51.100.9', days: -1 })).body.fields).toHaveProperty('days');
    });

    it('a banned forwarded client address cannot sign up, sign in or write (translated 403); reads stay open; the proxy’s own address is not what counts', async () => {
      const added = await ban({ cidr: '203.0.113.7', reason: 'condo spam' });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.data).toMatchObject({ cidr: '203.0.113.7/32', reason: 'condo spam', expireTime: 0, expired: false, createdBy: { id: admin.user.id } });
      const refusedSignUp = await signUp('203.0.113.7');
      expect(refusedSignUp.status).toBe(403);
      expect(refusedSignUp.body.message).toMatch(/network address is blocked/);
      expect((await signUp('203.0.113.7', 'zh-CN')).body.message).toMatch(/网络地址已被本站封禁/);
      expect((await signIn('203.0.113.7')).status).toBe(403);
      expect((await postTopic('203.0.113.7')).status).toBe(403);
      expect((await t.get('/api/topic/topics', via('203.0.113.7'))).status).toBe(200);
      // Another client behind the same proxy is not banned: the proxy's address is not the client's.
      expect((await signUp('203.0.113.8')).status).toBe(200);
      expect((await postTopic('203.0.113.8')).status).toBe(200);
      // A client cannot hide behind a forged X-Forwarded-For when it is not coming through the proxy.
      expect((await t.post('/api/login/signin', { username: member.user.email!, password: DEFAULT_PASSWORD }, { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '192.0.2.50' } })).status).toBe(403);
    });

    it('a ban on the proxy’s own address does not ban the clients behind it', async () => {
      const proxyBan = await ban({ cidr: PROXY });
      expect(proxyBan.status).toBe(200);
      expect((await postTopic('203.0.113.20')).status).toBe(200);
      expect((await unban(proxyBan.body.data!.id)).status).toBe(200);
    });

    it('CIDR ranges: IPv4 and IPv6 (and an IPv4-mapped address)', async () => {
      expect((await ban({ cidr: '198.51.100.77/24' })).body.data!.cidr).toBe('198.51.100.0/24');
      expect((await postTopic('198.51.100.200')).status).toBe(403);
      expect((await postTopic('::ffff:198.51.100.3')).status).toBe(403);
      expect((await postTopic('198.51.101.1')).status).toBe(200);
      expect((await ban({ cidr: '2001:db8:abcd::/48' })).body.data!.cidr).toBe('2001:db8:abcd::/48');
      expect((await postTopic('2001:db8:abcd:12::5')).status).toBe(403);
      expect((await postTopic('2001:db8:abce::5')).status).toBe(200);
    });

    it('a ban ends at its expiry; removing one lifts it at once; both audited', async () => {
      const added = await ban({ cidr: '192.0.2.128/25', days: 2, reason: 'flood' });
      expect(added.body.data!.expireTime).toBe(now + 2 * DAY_MS);
      expect((await postTopic('192.0.2.200')).status).toBe(403);
      now += 2 * DAY_MS + 1;
      expect((await postTopic('192.0.2.200')).status).toBe(200);
      const list = await t.get<Page<IpBanView>>('/api/admin/ip_bans', { token: admin.token });
      expect(list.body.data!.results.find((row) => row.id === added.body.data!.id)).toMatchObject({ expired: true });

      const forever = await ban({ cidr: '192.0.2.64/26' });
      expect((await postTopic('192.0.2.70')).status).toBe(403);
      expect((await unban(forever.body.data!.id)).status).toBe(200);
      expect((await postTopic('192.0.2.70')).status).toBe(200);
      expect((await unban(forever.body.data!.id)).status).toBe(404);
      const audit = await listAuditFor(requireDb(t.ctx), 'ipBan', forever.body.data!.id);
      expect(audit.map((row) => row.action).sort()).toEqual(['ipBan.add', 'ipBan.remove']);
      expect(audit[0]).toMatchObject({ actorId: admin.user.id });
    });

    it('the list is newest first, a page at a time in one query', async () => {
      const list = await t.get<Page<IpBanView>>('/api/admin/ip_bans', { token: admin.token });
      expect(list.status).toBe(200);
      const ids = list.body.data!.results.map((row) => row.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('another process hears a change on the bus: its list is dropped', async () => {
      // A second app on the same database shares the memory bus only within a process: simulate the message.
      const ipBans = t.ctx.ipBans;
      expect(ipBans.connected).toBe(true);
      expect(await ipBans.banOf(requireDb(t.ctx), '100.64.0.1', now)).toBeNull();
      await requireDb(t.ctx).insertInto('ip_bans').values({ cidr: '100.64.0.0/10', reason: '', expire_time: 0, created_by: null, create_time: now, update_time: now }).execute();
      // Without a message the cached list still answers the old state…
      expect(await ipBans.banOf(requireDb(t.ctx), '100.64.0.1', now)).toBeNull();
      // …and another process's announcement drops it.
      await t.ctx.bus.publish('ipbans:changed', { origin: 'another-process' });
      expect(await ipBans.banOf(requireDb(t.ctx), '100.64.0.1', now)).not.toBeNull();
    });
  });
}
