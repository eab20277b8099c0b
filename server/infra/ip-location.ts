/**
 * Where a request comes from, as an ISO 3166-1 alpha-2 country code and a region name when
 * known. Behind a CDN or reverse proxy with TRUST_PROXY on, its country headers come first
 * (Cloudflare `CF-IPCountry`, `X-Country-Code`, CloudFront, Vercel; they may carry a region too),
 * but only on a request whose socket peer is one of the trusted proxies: a client that reaches the
 * app directly (past the proxy, or where TRUST_PROXY lists addresses) could otherwise claim any
 * country. Without TRUST_PROXY they are always ignored. Otherwise the
 * client address is looked up in the in-process country table (server/infra/geoip-country.ts),
 * which knows countries, not regions.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { geoIpCountries } from './geoip-country';
import { proxyTrust, type TrustProxy } from './proxy-trust';

export interface IpLocation {
  /** ISO 3166-1 alpha-2, upper case, or '' when unknown. */
  country: string;
  /** Region or state name as the proxy gave it, or ''. */
  region: string;
}

/** What a locator reads of a request: Fastify's request fits. */
export interface LocatedRequest {
  /** The client address (after the trusted-proxy walk). */
  ip: string;
  headers: IncomingHttpHeaders;
  /** The socket, whose peer is the proxy (or the client) that connected. */
  socket?: { remoteAddress?: string | undefined };
}

export interface IpLocator {
  locate(request: LocatedRequest): IpLocation;
}

export const EMPTY_LOCATION: IpLocation = Object.freeze({ country: '', region: '' });

const COUNTRY_HEADERS = ['cf-ipcountry', 'x-country-code', 'cloudfront-viewer-country', 'x-vercel-ip-country'] as const;
const REGION_HEADERS = ['x-region-code', 'x-region', 'cf-region', 'cloudfront-viewer-country-region-name', 'x-vercel-ip-country-region'] as const;

/** Codes proxies use for "unknown" or "Tor", not countries. */
const NOT_COUNTRIES = new Set(['XX', 'T1', 'ZZ', 'A1', 'A2', 'O1']);

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

export function normalizeCountry(value: string): string {
  const code = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) ? code : '';
}

/** Region text is shown to readers: keep letters, digits, spaces and a little punctuation. */
export function normalizeRegion(value: string): string {
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // Not percent-encoded: keep as is.
  }
  return decoded.replace(/[^\p{L}\p{N} .'-]/gu, '').trim().slice(0, 64);
}

/**
 * Reads trusted proxy headers; without a country, the region is dropped too. `isTrustedPeer`
 * decides whether the socket's peer is one of our proxies (hop 0 of the proxy walk); headers
 * from anyone else are ignored.
 */
export class ProxyHeaderLocator implements IpLocator {
  constructor(private readonly isTrustedPeer: (peer: string) => boolean = () => true) {}

  locate(request: LocatedRequest): IpLocation {
    if (!this.isTrustedPeer(request.socket?.remoteAddress ?? '')) return EMPTY_LOCATION;
    let country = '';
    for (const name of COUNTRY_HEADERS) {
      country = normalizeCountry(header(request.headers, name));
      if (country) break;
    }
    if (!country) return EMPTY_LOCATION;
    let region = '';
    for (const name of REGION_HEADERS) {
      region = normalizeRegion(header(request.headers, name));
      if (region) break;
    }
    return { country, region };
  }
}

/** Looks the request's address up in the country table (no region). */
export class AddressLocator implements IpLocator {
  constructor(private readonly countryOf: (ip: string) => string = (ip) => geoIpCountries.country(ip)) {}

  locate(request: { ip: string }): IpLocation {
    const country = normalizeCountry(this.countryOf(request.ip));
    return country ? { country, region: '' } : EMPTY_LOCATION;
  }
}

/** Trusted proxy headers first, then the address. */
export class ChainLocator implements IpLocator {
  constructor(private readonly locators: IpLocator[]) {}

  locate(request: LocatedRequest): IpLocation {
    for (const locator of this.locators) {
      const location = locator.locate(request);
      if (location.country) return location;
    }
    return EMPTY_LOCATION;
  }
}

export function createIpLocator(config: { trustProxy: TrustProxy }): IpLocator {
  const trusts = proxyTrust(config.trustProxy);
  if (trusts === false) return new AddressLocator();
  return new ChainLocator([new ProxyHeaderLocator((peer) => trusts(peer, 0)), new AddressLocator()]);
}
