/**
 * A least-recently-used map bounded by bytes, not entries (issue 32, ADR 0036): the in-process
 * caches hold values whose size varies by orders of magnitude (a view key of 30 bytes, a feed
 * page of 40 KB), so a count of entries says nothing of what they cost. Each entry is charged
 * its key and what `sizeOf` says its value costs (an estimate of the V8 objects, documented
 * where each cache is made); over the budget the least recently used go first. `figures()` is
 * what the back office's memory figures show.
 *
 * A Map keeps insertion order, so re-inserting on use keeps the oldest first: eviction takes
 * `keys().next()`, O(1).
 */

/** What one cache holds, for operators (GET /api/admin/system/memory). */
export interface CacheFigures {
  name: string;
  entries: number;
  /** Estimated bytes held (keys and values). */
  bytes: number;
  maxBytes: number;
  /** Entries pushed out by the budget since the start. */
  evictions: number;
}

/** Something that can say what it holds. */
export interface MeasuredCache {
  figures(): CacheFigures;
}

/**
 * What every entry costs besides its key and value: the Map's slot (key, value, chain), the
 * entry record, the key string's header. Measured by heap snapshots of a map of small entries
 * (≈ 70–90 bytes each in Node 20); rounded up.
 */
export const ENTRY_OVERHEAD_BYTES = 96;

/** A string's cost in the V8 heap: one byte per Latin-1 character, two otherwise, plus its header. */
export function stringBytes(text: string): number {
  // eslint-disable-next-line no-control-regex -- Latin-1 strings are one byte a character in V8
  return 16 + (/^[\x00-\xff]*$/.test(text) ? text.length : text.length * 2);
}

interface Slot<V> {
  value: V;
  bytes: number;
}

export class ByteLru<V> implements MeasuredCache {
  private readonly slots = new Map<string, Slot<V>>();
  private total = 0;
  private evicted = 0;

  constructor(
    readonly name: string,
    public maxBytes: number,
    /** The value's cost in bytes (the key and the entry are charged besides). */
    private readonly sizeOf: (value: V) => number,
  ) {}

  get size(): number {
    return this.slots.size;
  }

  get bytes(): number {
    return this.total;
  }

  /** The value, now the most recently used. */
  get(key: string): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.value;
  }

  /** The value, its recency unchanged. */
  peek(key: string): V | undefined {
    return this.slots.get(key)?.value;
  }

  has(key: string): boolean {
    return this.slots.has(key);
  }

  /** Stores `value` as the most recently used, then makes room by dropping the least recently used. */
  set(key: string, value: V): void {
    this.remove(key);
    const bytes = this.cost(key, value);
    this.slots.set(key, { value, bytes });
    this.total += bytes;
    this.trim(key);
  }

  /**
   * Charges `key` anew (a value that grew after it was stored: a feed page whose load finished).
   * Over the budget the least recently used go first, this one last (it is moved past them).
   */
  remeasure(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    const bytes = this.cost(key, slot.value);
    this.total += bytes - slot.bytes;
    slot.bytes = bytes;
    this.trim(key);
  }

  delete(key: string): boolean {
    return this.remove(key);
  }

  /** Every entry, or those whose key `matches`. */
  clear(matches?: (key: string) => boolean): void {
    if (!matches) {
      this.slots.clear();
      this.total = 0;
      return;
    }
    for (const key of [...this.slots.keys()]) if (matches(key)) this.remove(key);
  }

  /** Entries, least recently used first (iterating does not change recency). */
  *entries(): IterableIterator<[string, V]> {
    for (const [key, slot] of this.slots) yield [key, slot.value];
  }

  figures(): CacheFigures {
    return { name: this.name, entries: this.slots.size, bytes: this.total, maxBytes: this.maxBytes, evictions: this.evicted };
  }

  private cost(key: string, value: V): number {
    return ENTRY_OVERHEAD_BYTES + stringBytes(key) + this.sizeOf(value);
  }

  private remove(key: string): boolean {
    const slot = this.slots.get(key);
    if (!slot) return false;
    this.slots.delete(key);
    this.total -= slot.bytes;
    return true;
  }

  /** Drops the least recently used until the total fits, keeping `keep` unless it alone is over. */
  private trim(keep: string): void {
    while (this.total > this.maxBytes && this.slots.size > 0) {
      const oldest = this.slots.keys().next().value!;
      if (oldest === keep && this.slots.size > 1) {
        // The newest is the oldest only when it is alone; otherwise move past it.
        const slot = this.slots.get(keep)!;
        this.slots.delete(keep);
        this.slots.set(keep, slot);
        continue;
      }
      this.remove(oldest);
      this.evicted += 1;
    }
  }
}
