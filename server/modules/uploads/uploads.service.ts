/**
 * Image uploads: the type comes from the file's own bytes (image-kind.ts), the image is checked
 * and re-encoded (or sanitized) by the app's image processor (images.ts: header limits first,
 * then a worker pool; image-pipeline.ts says what is done to it), and the result is stored under
 * its SHA-256, so the same image always gets the same URL.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { VARIANT_WIDTHS, variantUrl, type UploadImageFacts } from '../../../common/rich-text/image-sizes';
import type { DB } from '../../db/schema';
import { IMAGE_MAX_MB } from '../../../common/rich-text/policy';
import type { AppConfig } from '../../config';
import { errors, type AppError } from '../../infra/errors';
import { siteBaseUrl } from '../../http/site-address';
import type { ServedStorage, Storage } from '../../infra/storage';
import { IMAGE_FORMATS, type ImageKind } from './image-kind';
import type { ProcessedImage, SizeLimits } from './image-pipeline';
import type { Settings } from '../settings/settings.api';
import type { ImageProcessor } from './images';
import { findUploadImages, recordUploadImage } from './uploads.repository';

export { detectImageKind, IMAGE_FORMATS, looksLikeSvg, type ImageKind } from './image-kind';
export { AVATAR_PIXELS } from './image-pipeline';

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

/** The key of an upload's copy `width` wide: `ab/cd/<sha256>-<width>w.webp` (common/rich-text/image-sizes.ts `variantUrl`). */
export function variantKey(key: string, width: number): string {
  return variantUrl(key, width);
}

/**
 * Stores an upload and its smaller copies (the copies first: once the row says they exist, they
 * do), then records its size and copies (ADR 0031). `db`: absent where no row is wanted (tests of
 * the pipeline alone).
 */
export async function storeImage(images: ImageProcessor, storage: Storage, input: Buffer, clientName: string | undefined, limits?: SizeLimits, db?: Kysely<DB>, now = Date.now()): Promise<UploadResult> {
  const image = await images.image(input, limits);
  const key = storageKey(image);
  for (const variant of image.variants) await storage.put(variantKey(key, variant.width), variant.data, IMAGE_FORMATS.webp.contentType);
  await storage.put(key, image.data, IMAGE_FORMATS[image.kind].contentType);
  const hash = parseStoredKey(key)!.hash;
  if (db) await recordUploadImage(db, { hash, width: image.width, height: image.height, variants: image.variants.map((v) => v.width).join(',') }, now);
  return { url: storage.url(key), name: displayName(clientName, image.kind, key), width: image.width, height: image.height };
}

/** Every `/uploads/<key>` address in a text (HTML, Markdown, a JSON list): the candidates `uploadImageFacts` looks up. */
const UPLOAD_ADDRESS = /\/uploads\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.(?:png|jpg|gif|webp|svg)\b/g;

export function uploadAddressesIn(text: string): string[] {
  return [...new Set(text.match(UPLOAD_ADDRESS) ?? [])];
}

/**
 * What the site knows of its uploads at these addresses (`/uploads/<key>` exactly, as the
 * editor inserts them), in one query: a map from address to size and copies. Addresses that are
 * not uploads, and uploads from before ADR 0031 (no row), are absent: they are shown as stored.
 */
export async function uploadImageFacts(db: Kysely<DB>, addresses: readonly string[]): Promise<Map<string, UploadImageFacts>> {
  const byHash = new Map<string, string[]>();
  for (const address of new Set(addresses)) {
    const stored = address.startsWith('/uploads/') ? parseStoredKey(address.slice('/uploads/'.length)) : null;
    if (!stored || stored.variantWidth !== null) continue;
    byHash.set(stored.hash, [...(byHash.get(stored.hash) ?? []), address]);
  }
  const facts = new Map<string, UploadImageFacts>();
  for (const row of await findUploadImages(db, [...byHash.keys()])) {
    const variants = row.variants === '' ? [] : row.variants.split(',').map(Number).filter((w) => Number.isInteger(w) && w > 0 && w < row.width);
    for (const address of byHash.get(row.hash) ?? []) facts.set(address, { width: row.width, height: row.height, variants });
  }
  return facts;
}

const STORED_KEY = /^([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{64})(?:-(\d{2,4})w)?\.(png|jpg|gif|webp|svg)$/;
const KIND_BY_EXT: Record<string, ImageKind> = { png: 'png', jpg: 'jpeg', gif: 'gif', webp: 'webp', svg: 'svg' };

/**
 * A key `storageKey` could have made (`ab/cd/<sha256 starting abcd>.<ext>`), or one of its copies
 * (`…-<width>w.webp`), and its kind, or null. `variantWidth`: the copy's width, null for an original.
 */
export function parseStoredKey(key: string): { key: string; hash: string; kind: ImageKind; variantWidth: number | null } | null {
  const match = STORED_KEY.exec(key);
  const kind = match?.[5] ? KIND_BY_EXT[match[5]] : undefined;
  if (!match || !kind || match[1] !== match[3]!.slice(0, 2) || match[2] !== match[3]!.slice(2, 4)) return null;
  const variantWidth = match[4] === undefined ? null : Number(match[4]);
  if (variantWidth !== null && (kind !== 'webp' || !(VARIANT_WIDTHS as readonly number[]).includes(variantWidth))) return null;
  return { key, hash: match[3]!, kind, variantWidth };
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

/** An uploaded avatar (a square still WebP, image-pipeline.ts `renderAvatar`), stored; its URL. */
export async function storeAvatar(images: ImageProcessor, storage: Storage, input: Buffer, limits?: SizeLimits): Promise<string> {
  const { data } = await images.avatar(input, limits);
  const key = storageKey({ kind: 'webp', data });
  await storage.put(key, data, IMAGE_FORMATS.webp.contentType);
  return storage.url(key);
}

/** The upload limit as the spec's message wants it ('max 5 MB supported'); `mb`: the site's lower limit. */
export function tooLarge(mb: number = IMAGE_MAX_MB): AppError {
  return errors.payloadTooLarge('upload.tooLarge', { mb });
}

/** The site's upload limits (setting `uploadLimits`) as the pipeline takes them. */
export function siteUploadLimits(settings: Pick<Settings, 'uploadLimits'>): { maxBytes: number; mb: number; size: SizeLimits } {
  const { maxMb, maxWidth, maxHeight, maxMegapixels } = settings.uploadLimits;
  return { maxBytes: maxMb * 1024 * 1024, mb: maxMb, size: { maxWidth, maxHeight, maxMegapixels } };
}

/**
 * The bytes of an image this site stores (`/uploads/<key>`, the site logo), or null when the
 * address names none. Read whole: stored images are within the upload limits.
 */
export async function readStoredImage(address: string, storage: ServedStorage, config: Pick<AppConfig, 'publicUrl' | 'port'>): Promise<Buffer | null> {
  const key = uploadKeyOf(address, config);
  const file = key ? await storage.open(key) : null;
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
