/**
 * Addresses and CIDR ranges as 128-bit integers (IPv4 as its IPv4-mapped IPv6 form,
 * `::ffff:a.b.c.d`, so one list holds both families and `::ffff:10.0.0.1` from a dual-stack
 * socket matches a ban on `10.0.0.1`), and a sorted list of ranges searched by halves: a check
 * is one binary search, whatever the number of bans.
 */
import { isIPv4, isIPv6 } from 'node:net';

const V4_MAPPED = 0xffffn << 32n;
const ALL_ONES = (1n << 128n) - 1n;

function v4ToBig(address: string): bigint {
  let value = 0n;
  for (const part of address.split('.')) value = (value << 8n) | BigInt(Number(part));
  return value;
}

/** The 16 bytes of an IPv6 address as one integer (`::` expanded, a dotted IPv4 tail read). */
function v6ToBig(address: string): bigint {
  let text = address.split('%')[0]!.toLowerCase();
  let tail: bigint | null = null;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    tail = v4ToBig(text.slice(lastColon + 1));
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const groups = rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  let value = 0n;
  for (const group of groups) value = (value << 16n) | BigInt(parseInt(group || '0', 16));
  return tail === null ? value : (value & ~0xffffffffn) | tail;
}

/** An address as a 128-bit integer, or null when it is not one. */
export function addressToBig(address: string): bigint | null {
  if (isIPv4(address)) return V4_MAPPED | v4ToBig(address);
  if (isIPv6(address)) return v6ToBig(address);
  return null;
}

export interface Range {
  start: bigint;
  end: bigint;
}

/**
 * `10.0.0.0/8`, `2001:db8::/32`, or one address (a /32 or /128). Answers the range and the
 * canonical text kept in the table (the network address and its prefix), or null when it is not
 * an address or range (a prefix past the family's width, host bits are cleared, not refused).
 */
export function parseCidr(text: string): { range: Range; canonical: string } | null {
  const [address = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const v4 = isIPv4(address);
  if (!v4 && !isIPv6(address)) return null;
  const width = v4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? width : Number(prefixText);
  if (prefix > width) return null;
  const value = addressToBig(address)!;
  // An IPv4 range lives in the mapped block: its prefix counts 96 more bits.
  const bits = v4 ? 96 + prefix : prefix;
  const hostMask = bits === 128 ? 0n : ALL_ONES >> BigInt(bits);
  const start = value & ~hostMask & ALL_ONES;
  const end = start | hostMask;
  return { range: { start, end }, canonical: `${bigToText(start, v4)}/${prefix}` };
}

function bigToText(value: bigint, v4: boolean): string {
  if (v4) return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(((value >> shift) & 0xffffn).toString(16));
  // The longest run of zero groups (two or more) becomes `::`.
  let best = { at: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === '0') j++;
    if (j - i > best.length && j - i > 1) best = { at: i, length: j - i };
    i = j;
  }
  if (best.at === -1) return groups.join(':');
  return `${groups.slice(0, best.at).join(':')}::${groups.slice(best.at + best.length).join(':')}`;
}

export interface RangeEntry<T> extends Range {
  value: T;
}

/**
 * Ranges sorted by start, each knowing the greatest end up to it (`reach`), so overlapping
 * ranges need no merging: a lookup finds the last range starting at or before the address and
 * walks back only while an earlier range could still reach it.
 */
export class RangeSet<T> {
  private readonly entries: Array<RangeEntry<T> & { reach: bigint }>;

  constructor(entries: ReadonlyArray<RangeEntry<T>>) {
    const sorted = [...entries].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    let reach = -1n;
    this.entries = sorted.map((entry) => {
      reach = entry.end > reach ? entry.end : reach;
      return { ...entry, reach };
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /** Every range holding the address for which `accept` says yes; the first such, or null. */
  find(address: bigint, accept: (value: T) => boolean): T | null {
    let low = 0;
    let high = this.entries.length - 1;
    let at = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (this.entries[mid]!.start <= address) {
        at = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    for (let i = at; i >= 0; i--) {
      const entry = this.entries[i]!;
      if (entry.reach < address) break;
      if (entry.end >= address && accept(entry.value)) return entry.value;
    }
    return null;
  }
}
