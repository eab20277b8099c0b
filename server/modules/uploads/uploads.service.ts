/**
 * Image uploads: the type comes from the file's own bytes (magic numbers), never from the
 * client's Content-Type or file name; raster images are decoded and re-encoded by sharp (which
 * drops EXIF, GPS, XMP and ICC metadata and any trailing payload), turned upright per their EXIF
 * orientation first; SVG is sanitized (see svg.ts for why not rasterized). The result is stored
 * under its SHA-256, so the same image always gets the same URL.
 */
import { createHash } from 'node:crypto';
import { IMAGE_MAX_MB } from '../../../common/rich-text/policy';
import type { AppConfig } from '../../config';
import { AppError, errors } from '../../http/errors';
import { siteBaseUrl } from '../../http/site-address';
import type { ServedStorage, Storage } from '../../infra/storage';
import { sanitizeSvg } from './svg';

/** sharp (libvips, a native addon) loads with the first image, not when the server starts. */
async function loadSharp() {
  return (await import('sharp')).default;
}

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

export const IMAGE_FORMATS: Record<ImageKind, { ext: string; contentType: string }> = {
  png: { ext: 'png', contentType: 'image/png' },
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  gif: { ext: 'gif', contentType: 'image/gif' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  svg: { ext: 'svg', contentType: 'image/svg+xml' },
};

/** Decoding limit (width × height × frames): a 5 MB file can still claim a huge canvas (decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;

function startsWith(buf: Buffer, bytes: readonly number[], offset = 0): boolean {
  if (buf.length < offset + bytes.length) return false;
  return bytes.every((b, i) => buf[offset + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** True when the text (after an optional BOM, XML declaration, comments and doctype) opens an `<svg` root element. */
export function looksLikeSvg(buf: Buffer): boolean {
  if (buf.includes(0)) return false; // binary, or UTF-16: not an SVG we accept
  let text = buf.subarray(0, 64 * 1024).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  for (let guard = 0; guard < 100; guard++) {
    text = text.trimStart();
    if (text.startsWith('<?')) {
      const end = text.indexOf('?>');
      if (end === -1) return false;
      text = text.slice(end + 2);
    } else if (text.startsWith('<!--')) {
      const end = text.indexOf('-->');
      if (end === -1) return false;
      text = text.slice(end + 3);
    } else if (/^<!DOCTYPE/i.test(text)) {
      const subset = text.indexOf('[');
      const close = text.indexOf('>');
      const end = subset !== -1 && subset < close ? text.indexOf(']>', subset) + 1 : close;
      if (end <= 0) return false;
      text = text.slice(end + 1);
    } else {
      return /^<svg[\s>/]/.test(text);
    }
  }
  return false;
}

/** The image type from the file's magic bytes, or null when it is none of the accepted ones. */
export function detectImageKind(buf: Buffer): ImageKind | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'webp';
  if (looksLikeSvg(buf)) return 'svg';
  return null;
}

export interface ProcessedImage {
  kind: ImageKind;
  data: Buffer;
  width: number;
  height: number;
  animated: boolean;
}

function decodeFailure(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return errors.payloadTooLarge('upload.tooManyPixels', { megapixels: MAX_INPUT_PIXELS / 1_000_000 });
  return errors.unsupportedMediaType('upload.invalidImage');
}

async function processRaster(kind: Exclude<ImageKind, 'svg'>, input: Buffer): Promise<ProcessedImage> {
  const animatable = kind === 'gif' || kind === 'webp';
  const sharp = await loadSharp();
  try {
    const source = sharp(input, { animated: animatable, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await source.metadata();
    // sharp reads the format from the bytes too; a mismatch means a disguised or broken file.
    const expected = kind === 'jpeg' ? 'jpeg' : kind;
    if (meta.format !== expected) throw errors.unsupportedMediaType('upload.invalidImage');
    const pages = meta.pages ?? 1;
    const animated = animatable && pages > 1;
    // Upright per EXIF orientation (frames of animations carry none worth honouring).
    let pipeline = animated ? source : source.autoOrient();
    switch (kind) {
      case 'png':
        pipeline = pipeline.png({ compressionLevel: 6, adaptiveFiltering: false });
        break;
      case 'jpeg':
        pipeline = pipeline.jpeg({ quality: 85, mozjpeg: false });
        break;
      case 'gif':
        pipeline = pipeline.gif();
        break;
      case 'webp':
        pipeline = pipeline.webp({ quality: 85 });
        break;
    }
    // No withMetadata()/keepMetadata(): sharp writes no EXIF, GPS, XMP, IPTC or ICC profile.
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const height = animated ? (info.pageHeight ?? meta.pageHeight ?? info.height) : info.height;
    return { kind, data, width: info.width, height, animated };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw decodeFailure(error);
  }
}

async function processSvg(input: Buffer): Promise<ProcessedImage> {
  const clean = sanitizeSvg(input.toString('utf8'));
  if (!clean) throw errors.unsupportedMediaType('upload.invalidImage');
  const data = Buffer.from(clean, 'utf8');
  const sharp = await loadSharp();
  try {
    // librsvg parses the sanitized copy only (nothing external is left to resolve) for its size.
    const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
    if (meta.format !== 'svg') throw errors.unsupportedMediaType('upload.invalidImage');
    return { kind: 'svg', data, width: meta.width ?? 0, height: meta.height ?? 0, animated: false };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw decodeFailure(error);
  }
}

/** Detects, verifies and re-encodes (or sanitizes) an uploaded image; 415 for anything else. */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const kind = detectImageKind(input);
  if (!kind) throw errors.unsupportedMediaType('upload.unsupportedType');
  return kind === 'svg' ? processSvg(input) : processRaster(kind, input);
}

/** `ab/cd/<sha256>.<ext>`: content-addressed, spread over 65,536 directories. */
export function storageKey(image: Pick<ProcessedImage, 'kind' | 'data'>): string {
  const hash = createHash('sha256').update(image.data).digest('hex');
  return `${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}.${IMAGE_FORMATS[image.kind].ext}`;
}

/** The name answered to the editor (used as alt text): the client's file name, cleaned; else the stored name. */
export function displayName(clientName: string | undefined, kind: ImageKind, key: string): string {
  const base = (clientName ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.normalize('NFC').replace(/[\u0000-\u001f\u007f<>"]/g, '').trim().slice(0, 120);
  return clean || `${key.split('/').pop() ?? `image.${IMAGE_FORMATS[kind].ext}`}`;
}

export interface UploadResult {
  url: string;
  name: string;
  width: number;
  height: number;
}

export async function storeImage(storage: Storage, input: Buffer, clientName: string | undefined): Promise<UploadResult> {
  const image = await processImage(input);
  const key = storageKey(image);
  await storage.put(key, image.data, IMAGE_FORMATS[image.kind].contentType);
  return { url: storage.url(key), name: displayName(clientName, image.kind, key), width: image.width, height: image.height };
}

const STORED_KEY = /^([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{64})\.(png|jpg|gif|webp|svg)$/;
const KIND_BY_EXT: Record<string, ImageKind> = { png: 'png', jpg: 'jpeg', gif: 'gif', webp: 'webp', svg: 'svg' };

/** A key `storageKey` could have made (`ab/cd/<sha256 starting abcd>.<ext>`) and its kind, or null. */
export function parseStoredKey(key: string): { key: string; hash: string; kind: ImageKind } | null {
  const match = STORED_KEY.exec(key);
  const kind = match?.[4] ? KIND_BY_EXT[match[4]] : undefined;
  if (!match || !kind || match[1] !== match[3]!.slice(0, 2) || match[2] !== match[3]!.slice(2, 4)) return null;
  return { key, hash: match[3]!, kind };
}

/** The stored key of `/uploads/<key>` or `<site address>/uploads/<key>`, or null. */
export function uploadKeyOf(address: string, config: Pick<AppConfig, 'publicUrl' | 'port'>): string | null {
  const prefixes = ['/uploads/', `${siteBaseUrl(config)}/uploads/`];
  const prefix = prefixes.find((p) => address.startsWith(p));
  if (!prefix) return null;
  return parseStoredKey(address.slice(prefix.length))?.key ?? null;
}

/**
 * The site-relative URL of an image this site stores (an avatar, an article cover), or null for
 * any other address. Never an outside image where every reader would load it: a stranger's server
 * would see each reader's IP (a tracking pixel), or change the picture later.
 */
export async function storedImageUrl(address: string, storage: ServedStorage, config: Pick<AppConfig, 'publicUrl' | 'port'>): Promise<string | null> {
  const key = uploadKeyOf(address, config);
  return key && (await storage.exists(key)) ? storage.url(key) : null;
}

/** Avatars are stored square, this many pixels a side: sharp on every screen size the spec uses (up to 150 px at 1.5×). */
export const AVATAR_PIXELS = 256;

/**
 * An uploaded avatar: any accepted image (SVG sanitized first), upright, centre-cropped to a
 * square and re-encoded as a still WebP of AVATAR_PIXELS a side. Square because every avatar is
 * shown in a circle; still because an animated avatar beside every post is a distraction; small
 * because it is on every feed item.
 */
export async function storeAvatar(storage: Storage, input: Buffer): Promise<string> {
  const kind = detectImageKind(input);
  if (!kind) throw errors.unsupportedMediaType('upload.unsupportedType');
  const source = kind === 'svg' ? (await processSvg(input)).data : input;
  let data: Buffer;
  const sharp = await loadSharp();
  try {
    data = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(AVATAR_PIXELS, AVATAR_PIXELS, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    throw decodeFailure(error);
  }
  const key = storageKey({ kind: 'webp', data });
  await storage.put(key, data, IMAGE_FORMATS.webp.contentType);
  return storage.url(key);
}

/** The upload limit as the spec's message wants it ('max 5 MB supported'). */
export function tooLarge(): AppError {
  return errors.payloadTooLarge('upload.tooLarge', { mb: IMAGE_MAX_MB });
}
