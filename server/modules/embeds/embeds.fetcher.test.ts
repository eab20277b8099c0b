/**
 * The link-preview fetcher's SSRF guards (ADR 0030), against HTTP servers this test starts on
 * loopback addresses, each counting the requests that reach it: loopback, private and metadata
 * targets are refused before any connection; a public-looking name whose DNS answer is 127.0.0.1
 * too; the checked answer is the address connected to (one resolution per hop: rebinding gets
 * nothing); every redirect is checked again (and at most 3 followed); huge and slow answers are
 * cut; anything but HTML is refused. The happy path needs the fetcher's test-only allowance.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedIpv4, isPublicAddress } from './embeds.address';
import { PreviewFetcher, type ResolvedAddress, type Resolver } from './embeds.fetcher';

interface Local {
  server: Server;
  port: number;
  hits: string[];
}

const PAGE = '<!doctype html><html><head><title>Plain title</title><meta property="og:title" content="Boat noodles &amp; more"><meta property="og:image" content="https://cdn.example/a.jpg"></head><body>x</body></html>';

async function listen(host: string, handle: (req: IncomingMessage, res: ServerResponse, local: Local) => void): Promise<Local> {
  const local = { hits: [] as string[] } as Local;
  local.server = createServer((req, res) => {
    local.hits.push(req.url ?? '');
    handle(req, res, local);
  });
  await new Promise<void>((resolve) => local.server.listen(0, host, resolve));
  local.port = (local.server.address() as AddressInfo).port;
  return local;
}

/** A resolver answering from a table, counting its lookups. */
function fakeDns(table: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const answers = table[hostname];
    if (!answers) throw new Error('ENOTFOUND');
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

describe('embeds fetcher', () => {
  let site: Local;
  let inner: Local;

  beforeAll(async () => {
    // The "inner" service on another loopback address: what a redirect must never reach.
    inner = await listen('127.0.0.2', (_req, res) => res.end('secret'));
    site = await listen('127.0.0.1', (req, res) => {
      const url = req.url ?? '/';
      if (url === '/page') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      if (url === '/json') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}');
      if (url === '/to-inner') return res.writeHead(302, { location: `http://inner.test:${inner.port}/` }).end();
      if (url === '/to-metadata') return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (url.startsWith('/loop/')) return res.writeHead(302, { location: `/loop/${Number(url.slice(6)) + 1}` }).end();
      if (url === '/huge') {
        res.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 64 && res.write(chunk)) sent++;
          if (sent < 64) res.once('drain', pump);
          else res.end();
        };
        return pump();
      }
      if (url === '/slow') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><head>');
        return; // never ends
      }
      res.writeHead(404).end();
    });
  });

  afterAll(async () => {
    site.server.closeAllConnections();
    inner.server.closeAllConnections();
    await Promise.all([new Promise((r) => site.server.close(r)), new Promise((r) => inner.server.close(r))]);
  });

  it('classifies addresses: loopback, private, link-local, CGNAT, metadata, multicast and IPv4 inside IPv6 are refused', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '0.1.2.3', '224.0.0.1', '255.255.255.255', '::1', '::', 'fc00::1', 'fd00:ec2::254', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '64:ff9b::a00:1', '2002:c0a8:101::1', 'not-an-ip']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
  });

  it('refuses loopback and private targets without a request reaching them', async () => {
    const fetcher = new PreviewFetcher({ resolve: fakeDns({}) });
    expect(await fetcher.fetch(`http://127.0.0.1:${site.port}/page`)).toEqual({ ok: false, reason: 'address' });
    expect(await fetcher.fetch(`http://[::ffff:127.0.0.1]:${site.port}/page`)).toEqual({ ok: false, reason: 'address' });
    expect(await fetcher.fetch(`http://127.0.0.2:${inner.port}/`)).toEqual({ ok: false, reason: 'address' });
    expect(await fetcher.fetch('http://169.254.169.254/latest/meta-data/')).toEqual({ ok: false, reason: 'address' });
    expect(await fetcher.fetch('http://[fd00:ec2::254]/')).toEqual({ ok: false, reason: 'address' });
    expect(await fetcher.fetch('http://10.0.0.1/')).toEqual({ ok: false, reason: 'address' });
    expect(site.hits).toEqual([]);
    expect(inner.hits).toEqual([]);
  });

  it('refuses a public-looking name whose DNS answer is 127.0.0.1 (or has any private answer)', async () => {
    const dns = fakeDns({ 'news.example.com': ['127.0.0.1'], 'mixed.example.com': ['93.184.216.34', '192.168.0.10'] });
    const fetcher = new PreviewFetcher({ resolve: dns });
    expect(await fetcher.fetch(`http://news.example.com:${site.port}/page`)).toEqual({ ok: false, reason: 'address' });
    expect(await fetcher.fetch('https://mixed.example.com/')).toEqual({ ok: false, reason: 'address' });
    expect(site.hits).toEqual([]);
  });

  it('refuses other schemes, ports other than 80 and 443, and credentials in the address', async () => {
    const fetcher = new PreviewFetcher({ resolve: fakeDns({ 'public.example': ['93.184.216.34'] }) });
    expect(await fetcher.fetch('file:///etc/passwd')).toEqual({ ok: false, reason: 'scheme' });
    expect(await fetcher.fetch('ftp://public.example/')).toEqual({ ok: false, reason: 'scheme' });
    expect(await fetcher.fetch('gopher://public.example:70/')).toEqual({ ok: false, reason: 'scheme' });
    expect(await fetcher.fetch('http://public.example:8080/')).toEqual({ ok: false, reason: 'port' });
    expect(await fetcher.fetch('http://user:pw@public.example/')).toEqual({ ok: false, reason: 'url' });
  });

  it('reads the page through the test-only allowance, connecting to the address it checked (one lookup: rebinding reaches nothing)', async () => {
    let answer = '127.0.0.1';
    const calls: string[] = [];
    // The answer changes after the first lookup, as a rebinding name's would.
    const resolve: Resolver = async (hostname) => {
      calls.push(hostname);
      const now = answer;
      answer = '127.0.0.2';
      return [{ address: now, family: 4 }];
    };
    const fetcher = new PreviewFetcher({ resolve, testAllowAddresses: ['127.0.0.1'] });
    const result = await fetcher.fetch(`http://rebind.example:${site.port}/page`);
    expect(result).toMatchObject({ ok: true, truncated: false });
    expect(result.ok && result.html).toContain('Boat noodles');
    expect(calls).toEqual(['rebind.example']);
    expect(site.hits).toEqual(['/page']);
    expect(inner.hits).toEqual([]);
  });

  it('checks every redirect again: one into a private address is refused before it is followed', async () => {
    site.hits.length = 0;
    const fetcher = new PreviewFetcher({ resolve: fakeDns({ 'inner.test': ['127.0.0.2'] }), testAllowAddresses: ['127.0.0.1'] });
    expect(await fetcher.fetch(`http://127.0.0.1:${site.port}/to-inner`)).toEqual({ ok: false, reason: 'address' });
    expect(await fetcher.fetch(`http://127.0.0.1:${site.port}/to-metadata`)).toEqual({ ok: false, reason: 'address' });
    expect(site.hits).toEqual(['/to-inner', '/to-metadata']);
    expect(inner.hits).toEqual([]);
  });

  it('follows at most 3 redirects', async () => {
    site.hits.length = 0;
    const fetcher = new PreviewFetcher({ resolve: fakeDns({}), testAllowAddresses: ['127.0.0.1'] });
    expect(await fetcher.fetch(`http://127.0.0.1:${site.port}/loop/0`)).toEqual({ ok: false, reason: 'redirects' });
    expect(site.hits).toEqual(['/loop/0', '/loop/1', '/loop/2', '/loop/3']);
  });

  it('cuts a huge answer at the size limit and a slow one at the deadline; refuses what is not HTML', async () => {
    const fetcher = new PreviewFetcher({ resolve: fakeDns({}), testAllowAddresses: ['127.0.0.1'], maxBytes: 100 * 1024, timeoutMs: 300 });
    const huge = await fetcher.fetch(`http://127.0.0.1:${site.port}/huge`);
    expect(huge).toMatchObject({ ok: true, truncated: true });
    expect(huge.ok && huge.html.length).toBe(100 * 1024);

    const started = Date.now();
    expect(await fetcher.fetch(`http://127.0.0.1:${site.port}/slow`)).toEqual({ ok: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);

    // A resolver that never answers is cut by the same deadline.
    const hanging = new PreviewFetcher({ resolve: () => new Promise(() => undefined), timeoutMs: 200 });
    expect(await hanging.fetch('https://slow-dns.example/')).toEqual({ ok: false, reason: 'timeout' });

    expect(await fetcher.fetch(`http://127.0.0.1:${site.port}/json`)).toEqual({ ok: false, reason: 'type' });
    expect(await fetcher.fetch(`http://127.0.0.1:${site.port}/missing`)).toEqual({ ok: false, reason: 'status' });
  });
});
