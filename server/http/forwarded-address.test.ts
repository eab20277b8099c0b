/**
 * The client's address behind reverse proxies (TRUST_PROXY, server/infra/proxy-trust.ts): the
 * right-most X-Forwarded-For address that is not a trusted proxy. A client writing its own
 * X-Forwarded-For must not change the address its per-IP limits count: shown through a real
 * proxy hop (a small Node proxy appending the peer as nginx's `$proxy_add_x_forwarded_for` does)
 * in front of the listening app, and for each form of the setting through `inject`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { parseTrustProxy, PRIVATE_PROXIES, proxyTrust } from '../infra/proxy-trust';
import { uniqueEmail } from '../../tests/support/factories';
import { createTestApp, writeTestSettings, type TestApp } from '../../tests/support/test-app';
import { defaultSettings } from '../modules/settings/settings.schema';

/** Answers what the app resolved, for the matrix below. */
const probeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/__probe/ip', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  app.get('/__probe/location', async (request) => app.ctx.ipLocator.locate(request));
};

// 127/8 is all loopback on Linux: the proxy and the clients get addresses of their own in it.
const PROXY_ADDRESS = '127.0.0.2';

interface Proxy {
  port: number;
  close(): Promise<void>;
}

/** A reverse proxy on PROXY_ADDRESS that appends its peer to X-Forwarded-For, as nginx does. */
async function startProxy(target: AddressInfo): Promise<Proxy> {
  const server = http.createServer((request, response) => {
    const forwarded = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      { host: target.address, port: target.port, method: request.method, path: request.url, localAddress: PROXY_ADDRESS, headers: { ...request.headers, 'x-forwarded-for': forwarded } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, PROXY_ADDRESS, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A sign-up sent from `clientAddress` through the proxy, carrying the client's own X-Forwarded-For. */
function signUpThrough(proxy: Proxy, clientAddress: string, forgedFor: string): Promise<number> {
  const body = JSON.stringify({ nickname: 'Hopper', email: uniqueEmail('hop'), password: 'secret1', rePassword: 'secret1' });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: PROXY_ADDRESS,
        port: proxy.port,
        method: 'POST',
        path: '/api/login/signup',
        localAddress: clientAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': forgedFor },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('TRUST_PROXY', () => {
  it('parses false, true, a hop count and a list; refuses anything else at start', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toEqual({ addresses: PRIVATE_PROXIES });
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,loopback')).toEqual({ addresses: ['10.0.0.0/8', '127.0.0.1', '::1', '127.0.0.0/8', '::1/128'] });
    // A name like an inherited member is not one of the named ranges.
    for (const inherited of ['constructor', 'tostring', '__proto__']) expect(() => parseTrustProxy(inherited), inherited).toThrow(/TRUST_PROXY: ".*" is not an IP address/);
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0/8', 'fe80::/129', '1.2.3.4/8/1', '11']) {
      expect(() => loadConfig({ DATA_DIR: '/nonexistent', TRUST_PROXY: bad }), bad).toThrow(/Invalid environment.*TRUST_PROXY/s);
    }
  });

  it('trusts by hop index or by address (IPv4-mapped peers included)', () => {
    const oneHop = proxyTrust({ hops: 1 });
    expect(oneHop && [oneHop('203.0.113.1', 0), oneHop('10.0.0.1', 1)]).toEqual([true, false]);
    const listed = proxyTrust({ addresses: ['10.0.0.0/8', '2001:db8::/32'] });
    expect(listed && ['10.1.2.3', '::ffff:10.1.2.3', '11.0.0.1', '2001:db8::5', '2001:db9::5', 'nonsense'].map((a) => listed(a, 0))).toEqual([true, true, false, true, false, false]);
    expect(proxyTrust(false)).toBe(false);
  });
});

describe('the client address, per TRUST_PROXY form (inject)', () => {
  /** One app per setting, made on first use. */
  const apps = new Map<string, TestApp>();
  afterAll(async () => {
    for (const t of apps.values()) await t.close();
  });

  async function resolved(trust: string, remoteAddress: string, forwardedFor?: string): Promise<{ ip: string; protocol: string }> {
    let t = apps.get(trust);
    if (!t) {
      t = await createTestApp({ env: { TRUST_PROXY: trust }, site: probeRoutes });
      apps.set(trust, t);
    }
    const headers: Record<string, string> = { 'x-forwarded-proto': 'https', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) };
    return (await t.get('/__probe/ip', { remoteAddress, headers })).raw.json<{ ip: string; protocol: string }>();
  }

  it('false: the socket peer, whatever the headers say', async () => {
    expect(await resolved('false', '127.0.0.1', '6.6.6.6')).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });

  it('true: the right-most address that is not a private proxy; a public peer is the client', async () => {
    expect(await resolved('true', '127.0.0.1', '6.6.6.6, 203.0.113.9')).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    expect(await resolved('true', '10.0.0.7', '6.6.6.6, 203.0.113.9, 192.168.1.2')).toMatchObject({ ip: '203.0.113.9' });
    // A client on the internet connecting directly cannot speak for anyone.
    expect(await resolved('true', '198.51.100.7', '6.6.6.6')).toEqual({ ip: '198.51.100.7', protocol: 'http' });
    expect(await resolved('true', '127.0.0.1')).toMatchObject({ ip: '127.0.0.1' });
  });

  it('a hop count: the address that many hops from the right', async () => {
    expect(await resolved('2', '10.0.0.1', '6.6.6.6, 203.0.113.9, 10.0.0.2')).toMatchObject({ ip: '203.0.113.9' });
    expect(await resolved('1', '10.0.0.1', '6.6.6.6, 203.0.113.9')).toMatchObject({ ip: '203.0.113.9' });
  });

  it("a proxy's country header counts only when the proxy itself connected", async () => {
    const probe = async (trust: string, remoteAddress: string) => {
      await resolved(trust, remoteAddress);
      const t = apps.get(trust)!;
      return (await t.get('/__probe/location', { remoteAddress, headers: { 'cf-ipcountry': 'TH', 'x-forwarded-for': '8.8.8.8' } })).raw.json<{ country: string }>();
    };
    expect(await probe('10.0.0.0/8', '10.0.0.1')).toMatchObject({ country: 'TH' });
    // 8.8.4.4 reached the app past the proxy: it is the client, and the table places it.
    expect(await probe('10.0.0.0/8', '8.8.4.4')).toMatchObject({ country: 'US' });
    expect(await probe('true', '8.8.4.4')).toMatchObject({ country: 'US' });
    expect(await probe('false', '10.0.0.1')).toMatchObject({ country: '' });
  });

  it('a list: only the listed proxies are skipped', async () => {
    expect(await resolved('10.0.0.0/8', '10.0.0.1', '6.6.6.6, 203.0.113.9, 10.0.0.3')).toMatchObject({ ip: '203.0.113.9' });
    expect(await resolved('10.0.0.0/8', '::ffff:10.0.0.1', '6.6.6.6, 203.0.113.9')).toMatchObject({ ip: '203.0.113.9' });
    expect(await resolved('10.0.0.0/8', '192.168.0.1', '6.6.6.6')).toEqual({ ip: '192.168.0.1', protocol: 'http' });
  });
});

for (const trust of [PROXY_ADDRESS, '1']) {
  describe(`a forged X-Forwarded-For through a real proxy hop (TRUST_PROXY=${trust})`, () => {
    let t: TestApp;
    let proxy: Proxy;

    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: trust } });
      await writeTestSettings(t, { rateLimits: { ...defaultSettings.rateLimits, signupPerIp: { max: 2, windowMs: 60 * 60_000 } } }, t.ctx.clock.now());
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      proxy = await startProxy(t.app.server.address() as AddressInfo);
    });
    afterEach(() => t.ctx.settings.invalidate());
    afterAll(async () => {
      await proxy?.close();
      await t?.close();
    });

    it('counts the client the proxy saw, not the address it claims', async () => {
      const client = '127.0.0.3';
      expect(await signUpThrough(proxy, client, '1.1.1.1')).toBe(200);
      expect(await signUpThrough(proxy, client, '2.2.2.2')).toBe(200);
      // A third forged left-most address: the same client, the same budget.
      expect(await signUpThrough(proxy, client, '3.3.3.3')).toBe(429);
      expect(await signUpThrough(proxy, client, '3.3.3.3, 4.4.4.4')).toBe(429);
      // Another client behind the same proxy has its own budget.
      expect(await signUpThrough(proxy, '127.0.0.4', '3.3.3.3')).toBe(200);
    });
  });
}
