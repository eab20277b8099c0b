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
import { constants, crc32, deflateRawSync, gunzipSync, gzipSync, inflateRawSync } from 'node:zlib';

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

/**
 * Level 1: a stored page is compressed on every page-cache miss, inside the miss's own cost
 * (issue 32). Since the modulepreload links lost their nonce (app/lib/server-scripts.tsx) a page
 * is a dozen long pieces: level 1 stores a topic page in 13.0 KB in 0.42 ms, level 6 in 11.8 KB
 * in 0.62 ms (an article: 16.7 KB in 0.52 ms against 15.0 KB in 0.85 ms), both well under the
 * 18–22 KB that level 6 stored with the links' seventy nonces. ADR 0033 has the earlier figures.
 */
export const SEGMENT_LEVEL = 1;
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
export function textOf(segment: Pick<Segment, 'deflated' | 'length'>): Buffer {
  if (segment.length === 0) return Buffer.alloc(0);
  // A stored block ends on a byte boundary with nothing after it: inflated like any other run.
  return inflateRawSync(segment.deflated, { finishFlush: constants.Z_SYNC_FLUSH });
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
 * A page's whole gzip member laid out once, with zeros where the nonce goes: a response is one
 * copy of it, the nonce written at each place, and the trailer's CRC patched. Every place holds
 * the same nonce, and a CRC is affine in its text, so the CRC is the zero-filled text's CRC
 * plus one product: `glueWeight` (Σ x^(8·bytes after each place)) times the nonce's own linear
 * part. A member's copy swaps the head (the first piece) for its marked one.
 */
export interface GzipTemplate {
  /** The gzip member: header, head, the rest with zero-filled nonces in stored blocks, final block, trailer (its CRC to patch). */
  bytes: Buffer;
  /** Where each nonce's bytes go in `bytes`. */
  glueAt: number[];
  glueLength: number;
  /** Where the head's deflate bytes end in `bytes` (they begin after the 10-byte header). */
  headEnd: number;
  /** The head's text: its CRC and bytes. */
  headCrc: number;
  headLength: number;
  /** The rest of the text (zero-filled nonces included): its CRC and bytes. */
  restCrc: number;
  restLength: number;
  restShift: number;
  glueWeight: number;
  /** Where each nonce begins in the text after the head (for a nonce of another length: tests). */
  restGlueAt: number[];
}

/** The pieces between the nonces (the first one is the head), laid out for a glue of `glueLength` bytes. */
export function templateOf(segments: readonly Segment[], glueLength: number): GzipTemplate {
  const [head = segmentOf(Buffer.alloc(0)), ...rest] = segments;
  const zeros = Buffer.alloc(glueLength);
  const zeroGlue: Segment = { deflated: storedBlock(zeros), crc: crc32(zeros), length: glueLength, shift: shiftOf(glueLength) };
  const parts: Buffer[] = [GZIP_HEADER];
  let offset = GZIP_HEADER.length;
  const push = (bytes: Buffer) => {
    parts.push(bytes);
    offset += bytes.length;
  };
  if (head.length > 0) push(head.deflated);
  const headEnd = offset;
  const glueAt: number[] = [];
  const restGlueAt: number[] = [];
  const afterGlue: number[] = [];
  let restCrc = 0;
  let restLength = 0;
  // The rest of the text: a nonce, then the piece after it, for every piece after the head.
  for (const piece of rest) {
    glueAt.push(offset + 5); // past the stored block's own five bytes
    restGlueAt.push(restLength);
    push(zeroGlue.deflated);
    restCrc = combine(restCrc, zeroGlue);
    restLength += glueLength;
    afterGlue.push(restLength);
    if (piece.length > 0) {
      push(piece.deflated);
      restCrc = combine(restCrc, piece);
      restLength += piece.length;
    }
  }
  const trailer = Buffer.alloc(8);
  push(FINAL_BLOCK);
  push(trailer);
  const glueWeight = afterGlue.reduce((sum, after) => sum ^ shiftOf(restLength - after), 0);
  return { bytes: unpooled(Buffer.concat(parts)), glueAt, glueLength, headEnd, headCrc: head.crc, headLength: head.length, restCrc, restLength, restShift: shiftOf(restLength), glueWeight, restGlueAt };
}

/**
 * A copy in memory of its own. A small Buffer (under 4 KB) is a slice of an 8 KB slab Node shares
 * between allocations; kept for minutes, it keeps the whole slab alive, and a cache of such slices
 * holds many times its bytes (the page cache's RSS grew by 300 MB over 2,000 pages when each
 * piece was its own small Buffer).
 */
export function unpooled(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** The zero-filled nonce's linear part, per length: a nonce's is its CRC plus this. */
const zeroCrcs = new Map<number, number>();
function zeroCrcOf(bytes: number): number {
  let crc = zeroCrcs.get(bytes);
  if (crc === undefined) {
    crc = crc32(Buffer.alloc(bytes));
    if (zeroCrcs.size < 16) zeroCrcs.set(bytes, crc);
  }
  return crc;
}

/** A head compressed on its own (a member's `<html` marked), or the template's own. */
export interface Head {
  deflated: Buffer;
  crc: number;
  length: number;
}

/** The template's own head. */
export function headOf(template: GzipTemplate): Head {
  return { deflated: template.bytes.subarray(GZIP_HEADER.length, template.headEnd), crc: template.headCrc, length: template.headLength };
}

/**
 * The gzip member for one response: the template copied, `glue` (the nonce) at each place, the
 * CRC and length patched; with `head`, a member's head instead of the template's. A glue of
 * another length than the template's (never a nonce: tests) is compressed afresh.
 */
export function gzipFilled(template: GzipTemplate, glue: Buffer, head: Head = headOf(template)): Buffer {
  if (glue.length !== template.glueLength) return gzipSync(filledText(template, glue, head), { level: SEGMENT_LEVEL });
  const ownHead = head.deflated.length === template.headEnd - GZIP_HEADER.length && head.crc === template.headCrc && head.length === template.headLength;
  const shift = ownHead ? 0 : head.deflated.length - (template.headEnd - GZIP_HEADER.length);
  const out = ownHead ? Buffer.from(template.bytes) : Buffer.concat([GZIP_HEADER, head.deflated, template.bytes.subarray(template.headEnd)]);
  for (const at of template.glueAt) glue.copy(out, at + shift);
  const restCrc = (template.restCrc ^ multmodp(template.glueWeight, (crc32(glue) ^ zeroCrcOf(glue.length)) >>> 0)) >>> 0;
  const crc = (multmodp(template.restShift, head.crc) ^ restCrc) >>> 0;
  out.writeUInt32LE(crc, out.length - 8);
  out.writeUInt32LE((head.length + template.restLength) % 0x1_0000_0000, out.length - 4);
  return out;
}

/** The text of a template's page with `glue` at the nonce's places (the slow path: tests' nonces of other lengths). */
function filledText(template: GzipTemplate, glue: Buffer, head: Head): Buffer {
  const zeroFilled = gunzipSync(gzipFilled(template, Buffer.alloc(template.glueLength), head));
  const rest = zeroFilled.subarray(head.length);
  const parts: Buffer[] = [zeroFilled.subarray(0, head.length)];
  let at = 0;
  for (const glueAt of template.restGlueAt) {
    parts.push(rest.subarray(at, glueAt), glue);
    at = glueAt + template.glueLength;
  }
  parts.push(rest.subarray(at));
  return Buffer.concat(parts);
}
