/**
 * A gzip body assembled from stored, already compressed pieces with a fresh string between
 * them (ADR 0033): how the page cache keeps pages compressed and still gives every response
 * its own CSP nonce, without compressing anything per response.
 *
 * Each constant piece of a page is compressed once, on its own, as raw deflate ended with a
 * sync flush (`Z_SYNC_FLUSH`): a run of non-final blocks that ends on a byte boundary and
 * refers to nothing before it. Such runs can be laid end to end and stay one valid deflate
 * stream. A short piece (at most `SHORT_PIECE` bytes: a topic page has about ninety, one
 * `<link rel="modulepreload" … nonce="` each) is kept as a stored block instead: compressed on
 * its own it would shrink by a few bytes for the cost of a zlib stream each (about 60 µs), which
 * made a page's store cost 7 ms instead of 1.3. Between two of them goes the response's nonce as a stored (uncompressed) block
 * (five bytes of header and the nonce as it is), and the stream ends with an empty final
 * block. Around it, the gzip header and a trailer holding the CRC-32 and the length of the
 * whole text: the CRC is combined per response from each piece's stored CRC (computed once)
 * and the nonce's own (24 bytes), as zlib's `crc32_combine` does, so no byte of the page is
 * read again on a hit.
 */
import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

/** One constant piece: its deflate run, and what the trailer needs of its text. */
export interface Segment {
  /** Raw deflate, ended with a sync flush (empty when the text is). */
  deflated: Buffer;
  /** CRC-32 of the text. */
  crc: number;
  /** Bytes of the text. */
  length: number;
  /** x^(8·length) modulo the CRC polynomial: what appending this piece does to a running CRC. */
  shift: number;
}

/** Level 6 (zlib's default): stored pages are compressed once per render; see ADR 0033 for the figures. */
export const SEGMENT_LEVEL = 6;
/** At most this many bytes: a stored block (no compression) rather than a zlib stream of its own. */
export const SHORT_PIECE = 128;

/** Magic, deflate, no flags, no time, no extra flags, OS unknown (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty final block with fixed codes: BFINAL=1, BTYPE=01, end-of-block (RFC 1951 3.2.6). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** The CRC-32 polynomial, bits reversed (as zlib writes it). */
const POLY = 0xedb88320;

/** a·b modulo the polynomial, both as reflected bit strings (zlib crc32.c `multmodp`). */
function multmodp(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  if (a === 0) return 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const X2N: number[] = (() => {
  const table = [1 << 30]; // x^1
  for (let k = 1; k < 32; k += 1) table.push(multmodp(table[k - 1]!, table[k - 1]!));
  return table;
})();

/** x^(8·bytes) modulo the polynomial (zlib's `x2nmodp(bytes, 3)`). */
export function shiftOf(bytes: number): number {
  let p = 0x80000000; // x^0
  let k = 3;
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k += 1) if (n % 2 === 1) p = multmodp(X2N[k & 31]!, p);
  return p;
}

/** The CRC of A·B from the CRC of A and B's segment (zlib's `crc32_combine`). */
function combine(crcBefore: number, segment: Segment): number {
  return (multmodp(segment.shift, crcBefore) ^ segment.crc) >>> 0;
}

/** A constant piece, compressed once (a short one stored as it is). */
export function segmentOf(text: Buffer, level = SEGMENT_LEVEL): Segment {
  const deflated = text.length === 0 ? Buffer.alloc(0) : text.length <= SHORT_PIECE ? storedBlock(text) : deflateRawSync(text, { level, finishFlush: constants.Z_SYNC_FLUSH });
  return { deflated, crc: crc32(text), length: text.length, shift: shiftOf(text.length) };
}

/** The text of a segment back (for a client that takes no gzip, or to re-mark a member's copy). */
export function textOf(segment: Segment): Buffer {
  if (segment.length === 0) return Buffer.alloc(0);
  // A stored block ends on a byte boundary with nothing after it: inflated like any other run.
  return inflateRawSync(segment.deflated, { finishFlush: constants.Z_SYNC_FLUSH });
}

/** Every nonce has the same length: its shift is computed once. */
const glueShifts = new Map<number, number>();
function glueShiftOf(bytes: number): number {
  let shift = glueShifts.get(bytes);
  if (shift === undefined) {
    shift = shiftOf(bytes);
    if (glueShifts.size < 16) glueShifts.set(bytes, shift);
  }
  return shift;
}

/** A stored block holding `bytes` as they are (at most 65,535: a nonce is 24). */
function storedBlock(bytes: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head[0] = 0x00; // BFINAL=0, BTYPE=00, the rest of the byte is padding
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

/**
 * One gzip member: the segments' texts with `glue` between each two (never before the first nor
 * after the last), the glue in a stored block, the trailer's CRC and length combined.
 */
export function gzipJoined(segments: readonly Segment[], glue: Buffer): Buffer {
  const glued: Segment = { deflated: storedBlock(glue), crc: crc32(glue), length: glue.length, shift: glueShiftOf(glue.length) };
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  segments.forEach((segment, i) => {
    for (const piece of i > 0 ? [glued, segment] : [segment]) {
      if (piece.length === 0) continue;
      pieces.push(piece.deflated);
      crc = combine(crc, piece);
      length += piece.length;
    }
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 0x1_0000_0000, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}
