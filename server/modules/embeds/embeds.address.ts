/**
 * Which addresses the link-preview fetcher refuses (ADR 0030): every address that is not a
 * public unicast one — loopback, private, link-local, CGNAT, "this network", multicast,
 * broadcast and reserved, the cloud metadata addresses, IPv6 unique-local and link-local, and
 * IPv6 forms that carry an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64, 6to4), judged by
 * the IPv4 address inside.
 */
import { BlockList, isIP } from 'node:net';

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, 169.254.169.254 (metadata) inside
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 inside
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local, fd00:ec2::254 (metadata) inside
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** Expands an IPv6 address to its eight 16-bit groups (undefined when it is not one). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  // A dotted IPv4 tail (::ffff:127.0.0.1) is two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    text = text.slice(0, -dotted[1]!.length) + `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return undefined;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups].map((g) => parseInt(g || '0', 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

function ipv4Of(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** The IPv4 address an IPv6 address carries, if it is one of the forms that carry one. */
export function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(5) && g[5] === 0xffff) return ipv4Of(g[6]!, g[7]!); // ::ffff:a.b.c.d, mapped
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return ipv4Of(g[6]!, g[7]!); // ::ffff:0:a.b.c.d, translated
  if (zeros(6) && (g[6] !== 0 || g[7]! > 1)) return ipv4Of(g[6]!, g[7]!); // ::a.b.c.d, compatible
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return ipv4Of(g[6]!, g[7]!); // NAT64
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!); // 6to4
  return undefined;
}

/** True when the fetcher may connect to `address` (an IP literal): a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !refused.check(address, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(address);
  if (inner !== undefined && !isPublicAddress(inner)) return false;
  const bare = address.split('%')[0]!;
  return !refused.check(bare, 'ipv6');
}
