/**
 * The link-preview fetcher (ADR 0030): fetches the head of a page a member linked to, guarded
 * against server-side request forgery.
 *
 * - http and https only, on ports 80 and 443;
 * - the host name is resolved once, every answer is checked (embeds.address.ts), and the
 *   connection is made to that exact checked address (the socket's `lookup` answers it: no second
 *   resolution, so a DNS answer that changes between the check and the connection — rebinding —
 *   reaches nothing); TLS still checks the certificate against the host name;
 * - redirects are followed by hand, at most 3, each one checked the same way;
 * - the answer must be 200 text/html; at most `maxBytes` are read (the head is what is wanted);
 * - one deadline for the whole fetch, redirects included.
 *
 * `testAllowAddresses` lets through exact addresses on any port: for tests against local servers
 * (the app's config, LINK_PREVIEW_TEST_ALLOW; never anything a request can set).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './embeds.address';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (tests inject their own answers). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface FetcherOptions {
  resolve?: Resolver;
  /** Exact addresses reachable despite the rules, on any port: tests only. */
  testAllowAddresses?: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  userAgent?: string;
}

export type FetchRefusal = 'url' | 'scheme' | 'port' | 'dns' | 'address' | 'redirects' | 'status' | 'type' | 'timeout' | 'network';

export type FetchResult = { ok: true; url: string; html: string; truncated: boolean } | { ok: false; reason: FetchRefusal };

export const FETCH_LIMITS = { maxBytes: 512 * 1024, timeoutMs: 5_000, maxRedirects: 3 } as const;

const defaultResolve: Resolver = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

class Refused extends Error {
  constructor(readonly reason: FetchRefusal) {
    super(reason);
  }
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

export class PreviewFetcher {
  private readonly resolve: Resolver;
  private readonly allowed: ReadonlySet<string>;
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;
  private readonly userAgent: string;

  constructor(options: FetcherOptions = {}) {
    this.resolve = options.resolve ?? defaultResolve;
    this.allowed = new Set(options.testAllowAddresses ?? []);
    this.maxBytes = options.maxBytes ?? FETCH_LIMITS.maxBytes;
    this.timeoutMs = options.timeoutMs ?? FETCH_LIMITS.timeoutMs;
    this.maxRedirects = options.maxRedirects ?? FETCH_LIMITS.maxRedirects;
    this.userAgent = options.userAgent ?? 'SabaiLinkPreview/1.0';
  }

  async fetch(target: string): Promise<FetchResult> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      let url: URL;
      try {
        url = new URL(target);
      } catch {
        return { ok: false, reason: 'url' };
      }
      for (let hop = 0; ; hop++) {
        const address = await this.check(url, controller.signal);
        const response = await this.request(url, address, controller.signal);
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.destroy();
          if (hop >= this.maxRedirects) return { ok: false, reason: 'redirects' };
          try {
            url = new URL(response.headers.location, url);
          } catch {
            return { ok: false, reason: 'url' };
          }
          continue;
        }
        if (status !== 200) {
          response.destroy();
          return { ok: false, reason: 'status' };
        }
        const type = String(response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (type !== 'text/html' && type !== 'application/xhtml+xml') {
          response.destroy();
          return { ok: false, reason: 'type' };
        }
        const { html, truncated } = await this.readHead(response, controller.signal);
        return { ok: true, url: url.href, html, truncated };
      }
    } catch (error) {
      if (error instanceof Refused) return { ok: false, reason: error.reason };
      return { ok: false, reason: controller.signal.aborted ? 'timeout' : 'network' };
    } finally {
      clearTimeout(timer);
    }
  }

  /** The scheme, the port and the host's addresses: answers the one address to connect to. */
  private async check(url: URL, signal: AbortSignal): Promise<ResolvedAddress> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refused('scheme');
    if (url.username || url.password) throw new Refused('url');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let answers: ResolvedAddress[];
    const literal = isIP(host);
    if (literal) answers = [{ address: host, family: literal === 6 ? 6 : 4 }];
    else {
      // The resolution counts against the deadline too (a resolver that hangs is cut with the rest).
      const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Refused('timeout')), { once: true }));
      try {
        answers = await Promise.race([this.resolve(host), aborted]);
      } catch (error) {
        throw error instanceof Refused ? error : new Refused('dns');
      }
    }
    if (signal.aborted) throw new Refused('timeout');
    if (answers.length === 0) throw new Refused('dns');
    const testAllowed = answers.every((a) => this.allowed.has(a.address));
    // Every answer must be public: a name with one private answer is refused outright.
    if (!testAllowed && !answers.every((a) => isPublicAddress(a.address))) throw new Refused('address');
    const port = portOf(url);
    if (!testAllowed && port !== 80 && port !== 443) throw new Refused('port');
    return answers[0]!;
  }

  private request(url: URL, address: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
    // The connection goes to the checked address whatever the name resolves to now.
    const lookup: LookupFunction = (_hostname, options, callback) => {
      if (options.all) (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [address]);
      else callback(null, address.address, address.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: 'GET',
          lookup,
          signal,
          agent: false,
          headers: { 'user-agent': this.userAgent, accept: 'text/html,application/xhtml+xml;q=0.9', 'accept-encoding': 'identity' },
        },
        resolve,
      );
      request.on('error', reject);
      request.end();
    });
  }

  /** Reads up to `maxBytes`, stopping at `</head>`: the rest of the page is never read. */
  private readHead(response: IncomingMessage, signal: AbortSignal): Promise<{ html: string; truncated: boolean }> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (truncated: boolean) => {
        response.removeAllListeners('data');
        response.destroy();
        resolve({ html: Buffer.concat(chunks).subarray(0, this.maxBytes).toString('utf8'), truncated });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= this.maxBytes) finish(true);
        else if (/<\/head\s*>/i.test(chunk.toString('latin1'))) finish(false);
      });
      response.on('end', () => finish(false));
      response.on('error', (error) => (signal.aborted ? reject(new Refused('timeout')) : reject(error)));
      signal.addEventListener('abort', () => reject(new Refused('timeout')), { once: true });
    });
  }
}
