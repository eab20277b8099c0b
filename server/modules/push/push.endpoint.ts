/**
 * Which push endpoints the server will POST to. The endpoint is a URL the browser hands us, so
 * anyone signed in could name any URL: without these rules a subscription would make the server
 * send requests to its own network (SSRF) — an admin panel on 127.0.0.1, a cloud metadata service
 * on 169.254.169.254, a database on 10.x. So, outside tests and development:
 *   - only https (real push services — FCM, Mozilla autopush, Apple — all are);
 *   - no credentials in the URL, no names that only mean this machine or its network;
 *   - no IP literal in a private, loopback, link-local, shared, multicast or reserved range;
 *   - and, when sending, every address a name resolves to is checked the same way (`guardedLookup`),
 *     so a public name pointed at a private address later (DNS rebinding) is refused too.
 * Tests and development may use a local push service on http://127.0.0.1 or localhost (the
 * delivery test's own endpoint), and nothing else private.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { AppConfig } from '../../config';

/** Test and development servers may push to a local service (loopback only). */
export function allowsLocalEndpoints(config: Pick<AppConfig, 'env'>): boolean {
  return config.env === 'test' || config.env === 'development';
}

function rangesOf(list: BlockList, family: 'ipv4' | 'ipv6', ranges: Array<[string, number]>): void {
  for (const [address, prefix] of ranges) list.addSubnet(address, prefix, family);
}

/** Addresses no push service lives at. */
const PRIVATE = new BlockList();
rangesOf(PRIVATE, 'ipv4', [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
]);
rangesOf(PRIVATE, 'ipv6', [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
]);

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/i;

function bare(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function isLoopbackAddress(address: string): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return LOOPBACK.check(address, family);
}

/**
 * Whether an address is one the server must not send to. An IPv4-mapped IPv6 address is judged by
 * its IPv4 part (a `::ffff:0:0/96` rule would also catch every plain IPv4 address: BlockList
 * matches IPv4 against mapped rules).
 */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return true;
  if (version === 6) {
    const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
    if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  }
  return PRIVATE.check(address, version === 6 ? 'ipv6' : 'ipv4');
}

/** Whether this address may be sent to under this configuration. */
function addressAllowed(address: string, allowLocal: boolean): boolean {
  if (allowLocal && isLoopbackAddress(address)) return true;
  return !isPrivateAddress(address);
}

/**
 * Why this endpoint is refused (a message key of the `push.validation` section), or null when
 * the server may send to it.
 */
export function endpointProblem(endpoint: string, config: Pick<AppConfig, 'env'>): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'push.validation.endpoint';
  }
  if (url.username || url.password) return 'push.validation.endpoint';
  const host = bare(url.hostname);
  const local = allowsLocalEndpoints(config) && (host === 'localhost' || (isIP(host) !== 0 && isLoopbackAddress(host)));
  if (local) return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'push.validation.endpointHttps';
  if (url.protocol !== 'https:') return 'push.validation.endpointHttps';
  if (isIP(host) !== 0) return isPrivateAddress(host) ? 'push.validation.endpointPrivate' : null;
  if (!host.includes('.') || LOCAL_NAMES.test(host)) return 'push.validation.endpointPrivate';
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the push request's socket: resolves as usual, then refuses when any address is
 * private (loopback allowed when `allowLocal`). The check happens at connect time, on the
 * addresses the socket will use, so a name that changed since the subscription cannot slip by.
 */
export function guardedLookup(allowLocal: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((entry) => !addressAllowed(entry.address, allowLocal));
      if (refused) {
        const denied: NodeJS.ErrnoException = new Error(`push: ${hostname} resolves to a private address; not sent`);
        denied.code = 'EPUSHPRIVATE';
        return callback(denied, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`push: ${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** Whether a literal address in the endpoint may be connected to (names go through `guardedLookup`). */
export function literalHostAllowed(endpoint: string, allowLocal: boolean): boolean {
  const host = bare(new URL(endpoint).hostname);
  return isIP(host) === 0 || addressAllowed(host, allowLocal);
}
