/**
 * A map bounded in bytes (issue 32: every in-process cache bounded in bytes, not just entries,
 * and its size visible). Each entry is charged what `sizeOf` says it keeps; when the total passes
 * `maxBytes` the oldest entries go first (insertion order; `touch` makes an entry the newest, for
 * least-recently-used eviction). What a JavaScript value keeps cannot be read from the heap
 * cheaply, so `sizeOf` is an estimate made to err high: see `stringBytes` and `ENTRY_OVERHEAD`.
 */

/**
 * What one Map entry costs besides its key and value, estimated high: the hash table's slot
 * (key, value, chain: three words), a boxed number or a small object for the value, and the
 * key string's header.
 */
export const ENTRY_OVERHEAD = 64;

/** A string's bytes on the heap, counted as two-byte (UTF-16) characters: never under what it keeps. */
export function stringBytes(value: string): number {
  return 2 * value.length;
}

/** What a bounded map holds, for the memory figures (`GET admin/system/memory`). */
export interface BoundedStats {
  entries: number;
  bytes: number;
  maxBytes: number;
}

export class BoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private total = 0;

  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (key: K, value: V) => number,
  ) {}

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Stores `value` as the newest entry, then evicts the oldest until the bytes fit (never this one). */
  set(key: K, value: V): void {
    this.delete(key);
    const bytes = this.sizeOf(key, value);
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    this.evict(key);
  }

  /** Makes an entry the newest (a hit, for least-recently-used order); false when absent. */
  touch(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return true;
  }

  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    this.total -= entry.bytes;
    return true;
  }

  /** Deletes every entry `expired` answers true for (a sweep of expired windows). */
  deleteWhere(expired: (value: V, key: K) => boolean): void {
    for (const [key, entry] of this.entries) if (expired(entry.value, key)) this.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** Oldest first. */
  *[Symbol.iterator](): IterableIterator<[K, V]> {
    for (const [key, entry] of this.entries) yield [key, entry.value];
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  stats(): BoundedStats {
    return { entries: this.entries.size, bytes: this.total, maxBytes: this.maxBytes };
  }

  private evict(keep: K): void {
    for (const key of this.entries.keys()) {
      if (this.total <= this.maxBytes) return;
      if (key !== keep) this.delete(key);
    }
  }
}
