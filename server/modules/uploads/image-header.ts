/**
 * An image's size as its header declares it, read from the first bytes in plain JavaScript:
 * before any decoder sees the file, and without queueing for one. A 6 KB PNG can declare
 * 50,000,000 × 1 pixels and cost seconds of decoding (issue 19); its header says so in bytes
 * 16–23. What the header cannot settle (frames, a size the decoder disagrees with) the decoder
 * checks again with the same limits.
 */
import type { ImageKind } from './image-kind';

export interface ImageSize {
  width: number;
  height: number;
}

function fits(buf: Buffer, end: number): boolean {
  return buf.length >= end;
}

/** IHDR, always the first chunk: width and height, big-endian, at bytes 16 and 20. */
function pngSize(buf: Buffer): ImageSize | null {
  if (!fits(buf, 24) || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** The logical screen (every frame is drawn on it), little-endian, at bytes 6 and 8. */
function gifSize(buf: Buffer): ImageSize | null {
  if (!fits(buf, 10)) return null;
  return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
}

/** The first chunk after `RIFF….WEBP`: lossy (VP8), lossless (VP8L) or extended (VP8X, the canvas). */
function webpSize(buf: Buffer): ImageSize | null {
  if (!fits(buf, 30)) return null;
  switch (buf.toString('latin1', 12, 16)) {
    case 'VP8 ':
      return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
    case 'VP8L': {
      // 14 bits of width − 1, then 14 bits of height − 1, after the 0x2f signature byte.
      const [b1 = 0, b2 = 0, b3 = 0, b4 = 0] = buf.subarray(21, 25);
      return { width: 1 + (b1 | ((b2 & 0x3f) << 8)), height: 1 + ((b2 >> 6) | (b3 << 2) | ((b4 & 0x0f) << 10)) };
    }
    case 'VP8X':
      return { width: 1 + buf.readUIntLE(24, 3), height: 1 + buf.readUIntLE(27, 3) };
    default:
      return null;
  }
}

/** Start-of-frame markers (C0–CF but C4 Huffman tables, C8 reserved, CC arithmetic coding). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Walks the markers to the first start-of-frame: height then width, big-endian. */
function jpegSize(buf: Buffer): ImageSize | null {
  let at = 2;
  while (fits(buf, at + 4)) {
    if (buf[at] !== 0xff) return null;
    const marker = buf[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null; // image data before any frame header
    if (isStartOfFrame(marker)) return fits(buf, at + 9) ? { width: buf.readUInt16BE(at + 7), height: buf.readUInt16BE(at + 5) } : null;
    at += 2 + buf.readUInt16BE(at + 2);
  }
  return null;
}

/** The declared size of a raster image, or null when its header is too short or unusual to say. */
export function declaredSize(kind: Exclude<ImageKind, 'svg'>, buf: Buffer): ImageSize | null {
  switch (kind) {
    case 'png':
      return pngSize(buf);
    case 'gif':
      return gifSize(buf);
    case 'webp':
      return webpSize(buf);
    case 'jpeg':
      return jpegSize(buf);
  }
}
