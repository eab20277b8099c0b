/**
 * Country of an IP address from an in-process table: the public-domain (CC0) "geo-whois-asn-
 * country" ranges of @ip-location-db (registry WHOIS + ASN data, updated with the package), so
 * a forum shows where posts come from without a CDN header or a licensed GeoIP service.
 *
 * Memory: IPv4 ranges as two Uint32Arrays; IPv6 ranges by their upper 64 bits (allocations are
 * /64 or wider, so the prefix decides the country) as two BigUint64Arrays; the country as two
 * ASCII bytes in a Uint16Array. About 8 MB; parsing takes ~0.25 s, once per process, on the
 * first lookup or when `preload()` is called after the server starts listening.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';

const PACKAGE = '@ip-location-db/geo-whois-asn-country';

interface RangeTable<T extends Uint32Array | BigUint64Array> {
  start: T;
  end: T;
  country: Uint16Array;
  size: number;
}

interface Tables {
  v4: RangeTable<Uint32Array>;
  v6: RangeTable<BigUint64Array>;
}

function packageFile(name: string): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve(`${PACKAGE}/package.json`)), name);
}

/**
 * Parses `start,end,CC` lines (decimal numbers) into a range table. Lines are sorted by start in
 * the package; `toKey` maps a decimal number to the table's key type.
 */
function parseRanges<T extends Uint32Array | BigUint64Array>(text: string, make: (n: number) => T, toKey: (digits: string) => T[number]): RangeTable<T> {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  const capacity = lines + 1;
  const table = { start: make(capacity), end: make(capacity), country: new Uint16Array(capacity), size: 0 };
  let pos = 0;
  while (pos < text.length) {
    const firstComma = text.indexOf(',', pos);
    if (firstComma === -1) break;
    const secondComma = text.indexOf(',', firstComma + 1);
    const newline = text.indexOf('\n', secondComma);
    const lineEnd = newline === -1 ? text.length : newline;
    const code = text.slice(secondComma + 1, secondComma + 3);
    if (/^[A-Z]{2}$/.test(code)) {
      table.start[table.size] = toKey(text.slice(pos, firstComma));
      table.end[table.size] = toKey(text.slice(firstComma + 1, secondComma));
      table.country[table.size] = (code.charCodeAt(0) << 8) | code.charCodeAt(1);
      table.size += 1;
    }
    pos = lineEnd + 1;
  }
  return table;
}

/** The country of the last range starting at or before `key`, if `key` is inside it. */
function findCountry<T extends Uint32Array | BigUint64Array>(table: RangeTable<T>, key: T[number]): string {
  let low = 0;
  let high = table.size - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (table.start[mid]! <= key) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  if (found === -1 || table.end[found]! < key) return '';
  const code = table.country[found]!;
  return String.fromCharCode(code >> 8, code & 0xff);
}

/** `a.b.c.d` → its 32-bit number, or null. */
export function ipv4Number(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

/** The upper 64 bits of an IPv6 address (`::` shorthand allowed), or null. */
export function ipv6Prefix(ip: string): bigint | null {
  if (isIP(ip) !== 6 || ip.includes('.')) return null;
  const [head = '', tail] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  if (groups.length !== 8) return null;
  let prefix = 0n;
  for (const group of groups.slice(0, 4)) prefix = (prefix << 16n) | BigInt(parseInt(group || '0', 16));
  return prefix;
}

/**
 * Special-purpose ranges (RFC 6890 and successors): no country, whatever the table says — it
 * files 192.168.0.0/16 under AU, for one.
 */
const NOT_PUBLIC = (() => {
  const list = new BlockList();
  const v4 = ['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24', '192.0.2.0/24', '192.88.99.0/24', '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4'];
  const v6 = ['::/127', '64:ff9b::/96', '100::/64', '2001::/23', '2001:db8::/32', 'fc00::/7', 'fe80::/10', 'ff00::/8'];
  for (const range of v4) list.addSubnet(range.split('/')[0]!, Number(range.split('/')[1]), 'ipv4');
  for (const range of v6) list.addSubnet(range.split('/')[0]!, Number(range.split('/')[1]), 'ipv6');
  return list;
})();

export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as Node reports dual-stack peers) → `1.2.3.4`. */
function unmapIpv4(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

export class GeoIpCountryTable {
  private tables: Tables | null = null;
  private failed = false;

  /** Loads the table now (after the server listens), so no request pays for it. */
  preload(): void {
    this.load();
  }

  /** ISO 3166-1 alpha-2 country of `ip`, or '' (private, reserved, unknown, or no table). */
  country(ip: string): string {
    const tables = this.load();
    if (!tables) return '';
    const address = unmapIpv4(ip.trim());
    if (!isPublicAddress(address)) return '';
    const v4 = ipv4Number(address);
    if (v4 !== null) return findCountry(tables.v4, v4);
    const v6 = ipv6Prefix(address);
    return v6 === null ? '' : findCountry(tables.v6, v6);
  }

  private load(): Tables | null {
    if (this.tables || this.failed) return this.tables;
    try {
      const v4 = parseRanges(readFileSync(packageFile('geo-whois-asn-country-ipv4-num.csv'), 'latin1'), (n) => new Uint32Array(n), Number);
      const v6 = parseRanges(readFileSync(packageFile('geo-whois-asn-country-ipv6-num.csv'), 'latin1'), (n) => new BigUint64Array(n), (digits) => BigInt(digits) >> 64n);
      this.tables = { v4, v6 };
    } catch {
      // Without the data package the forum still works; locations then come only from proxies.
      this.failed = true;
    }
    return this.tables;
  }
}

/** One table per process: every app instance (and test app) shares it. */
export const geoIpCountries = new GeoIpCountryTable();
