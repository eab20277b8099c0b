/**
 * Who may tell us the client's address. Behind a reverse proxy the socket's peer is the proxy,
 * and the client is named in `X-Forwarded-For`, which every hop appends to (nginx
 * `$proxy_add_x_forwarded_for`). Only the entries written by our own proxies can be believed:
 * the left-most is whatever the client sent. So the client is the right-most address that is
 * not a trusted proxy (as Rails' RemoteIp takes it), walking from the socket leftwards while
 * each hop is trusted. Fastify's `request.ip` does that walk (@fastify/proxy-addr) with the
 * function made here; every per-IP limit, log line and stored post address reads `request.ip`.
 *
 * `TRUST_PROXY` says which hops are ours:
 *   - `false` (default): none; `X-Forwarded-*` is ignored.
 *   - `true`: proxies on loopback, link-local and private addresses (127.0.0.0/8, ::1,
 *     169.254.0.0/16, fe80::/10, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, fc00::/7), the usual
 *     nginx on the same machine or a load balancer on the private network.
 *   - a list `10.0.0.0/8,127.0.0.1,::1`: those addresses and CIDR ranges (also the names
 *     `loopback`, `linklocal`, `uniquelocal`).
 *   - a count `1`: the last N hops, whatever their address. Only when nothing can reach the app
 *     but through the proxy: a client connecting directly could otherwise name any address.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for address families, as ranges. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `TRUST_PROXY=true`: proxies on this machine or the private network. */
export const PRIVATE_PROXIES = [...NAMED_RANGES.loopback!, ...NAMED_RANGES.linklocal!, ...NAMED_RANGES.uniquelocal!];

/** A hop count beyond this is a typo, not a network. */
const MAX_HOPS = 10;

/** `a.b.c.d`, an IPv6 address, or either with a `/prefix`; throws on anything else. */
function checkRange(range: string): string {
  const [address = '', prefix, extra] = range.split('/');
  const family = isIPv4(address) ? 4 : isIPv6(address) ? 6 : 0;
  const bits = prefix === undefined ? null : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (family === 0 || extra !== undefined || Number.isNaN(bits) || (bits !== null && bits > (family === 4 ? 32 : 128))) {
    throw new Error(`TRUST_PROXY: "${range}" is not an IP address, a CIDR range or one of ${Object.keys(NAMED_RANGES).join(', ')}`);
  }
  return range;
}

/** Parses `TRUST_PROXY` (see the file comment); throws a message naming the bad part. */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return { addresses: PRIVATE_PROXIES };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY: ${hops} hops is more than ${MAX_HOPS}; list the proxies' addresses instead`);
    return { hops };
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  return { addresses: entries.flatMap((entry) => (Object.hasOwn(NAMED_RANGES, entry) ? NAMED_RANGES[entry]! : [checkRange(entry)])) };
}

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, how a dual-stack socket names IPv4 peers) as its IPv4. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1]! : address;
}

function blockListOf(ranges: string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/**
 * Fastify's `trustProxy`: a function of (address, hop) where hop 0 is the socket's peer and 1,
 * 2 … the `X-Forwarded-For` entries from the right; the client is the first address it refuses.
 * A function rather than Fastify's own number or list forms: Fastify 5 ignores a bare number
 * (it cannot check the peer), and one function keeps the three forms in one place.
 */
export function proxyTrust(trust: TrustProxy): false | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  const list = blockListOf(trust.addresses);
  return (address) => {
    const plain = unmapped(address);
    const type = isIPv4(plain) ? 'ipv4' : isIPv6(plain) ? 'ipv6' : null;
    return type !== null && list.check(plain, type);
  };
}
