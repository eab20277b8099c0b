/**
 * The archive's engine-neutral form of a row (ADR 0040), and its checksum.
 *
 * A row is one NDJSON line: a JSON array of its values in the manifest's column order (columns
 * sorted by name). Values are typed the same way whatever engine they came from: numbers as
 * JSON numbers (a boolean as 1 or 0, an integer past 2^53 as `{"int":"…"}`), text as strings,
 * bytes as `{"b64":"…"}`, a date as `{"date":"<ISO 8601>"}`, and null. That line is also the
 * canonical form the checksums are computed over, so a table read back from another engine
 * hashes alike exactly when it holds the same values.
 *
 * A table's checksum is the sum, modulo 2^256, of the SHA-256 of each row's line: independent of
 * the order rows come in (engines sort text keys by different collations) yet changed by any row
 * added, lost, altered or doubled.
 */
import { createHash } from 'node:crypto';

export type EncodedValue = number | string | null | { int: string } | { b64: string } | { date: string };

export function encodeValue(value: unknown): EncodedValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : { int: value.toString() };
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return { b64: Buffer.from(value).toString('base64') };
  if (value instanceof Date) return { date: value.toISOString() };
  throw new Error(`backup: a value of an unexpected type (${typeof value})`);
}

/** Back from the archive to a value every driver binds. */
export function decodeValue(value: EncodedValue): unknown {
  if (value === null || typeof value !== 'object') return value;
  if ('b64' in value) return Buffer.from(value.b64, 'base64');
  if ('int' in value) return BigInt(value.int);
  return new Date(value.date);
}

/** A row's canonical line (no newline), its values taken in `columns`' order. */
export function rowLine(row: Record<string, unknown>, columns: readonly string[]): string {
  return JSON.stringify(columns.map((column) => encodeValue(row[column])));
}

const MODULUS = 1n << 256n;

/** Counts rows and sums their hashes (see above). */
export class TableChecksum {
  rows = 0;
  private sum = 0n;

  add(line: string): void {
    this.rows += 1;
    this.sum = (this.sum + BigInt(`0x${createHash('sha256').update(line).digest('hex')}`)) % MODULUS;
  }

  get hex(): string {
    return this.sum.toString(16).padStart(64, '0');
  }
}
