/**
 * Decoding and re-encoding an uploaded image (and drawing the app's icons from the stored logo,
 * `renderIcon`): the work the image workers do (image-worker.ts),
 * off the event loop and a bounded number at a time (images.ts). Raster images are decoded and
 * re-encoded by sharp (which drops EXIF, GPS, XMP and ICC metadata and any trailing payload),
 * turned upright per their EXIF orientation first; SVG is sanitized (see svg.ts for why not
 * rasterized). A file outside the limits (width, height, megapixels over every frame) or one that
 * does not decode is refused with a `Refusal`, plain data that crosses back to the request.
 */
import type { ImageLimits } from '../../config';
import { variantWidthsFor } from '../../../common/rich-text/image-sizes';
import type { ImageSize } from './image-header';
import { detectImageKind, type ImageKind } from './image-kind';
import { sanitizeSvg } from './svg';

/** sharp (libvips, a native addon) loads with the first image, not when the server starts. */
async function loadSharp() {
  return (await import('sharp')).default;
}

/** Avatars are stored square, this many pixels a side: sharp on every screen size the spec uses (up to 150 px at 1.5×). */
export const AVATAR_PIXELS = 256;

export type SizeLimits = Pick<ImageLimits, 'maxWidth' | 'maxHeight' | 'maxMegapixels'>;

export type RefusalReason = 'unsupportedType' | 'invalidImage' | 'tooWide' | 'tooTall' | 'tooManyPixels';

/** Why an image was refused, and the limit it broke (for the message). */
export interface Refusal {
  refused: RefusalReason;
  params?: Record<string, number>;
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && typeof (value as { refused?: unknown }).refused === 'string';
}

class ImageRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.refused);
  }
}

const refuse = (refused: RefusalReason, params?: Record<string, number>) => new ImageRefused(params ? { refused, params } : { refused });

/** The first limit a size breaks (width, height, then pixels over all frames), or null. */
export function sizeRefusal(size: ImageSize, limits: SizeLimits, frames = 1): Refusal | null {
  if (size.width > limits.maxWidth) return { refused: 'tooWide', params: { max: limits.maxWidth } };
  if (size.height > limits.maxHeight) return { refused: 'tooTall', params: { max: limits.maxHeight } };
  if (size.width * size.height * frames > limits.maxMegapixels * 1_000_000) return { refused: 'tooManyPixels', params: { megapixels: limits.maxMegapixels } };
  return null;
}

function checkSize(size: ImageSize, limits: SizeLimits, frames = 1): void {
  const refusal = sizeRefusal(size, limits, frames);
  if (refusal) throw new ImageRefused(refusal);
}

/** sharp's own pixel limit: the same megapixels, so the decoder stops where the header check would. */
function pixelLimit(limits: SizeLimits): number {
  return Math.floor(limits.maxMegapixels * 1_000_000);
}

function decodeFailure(error: unknown, limits: SizeLimits): ImageRefused {
  if (error instanceof ImageRefused) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return refuse('tooManyPixels', { megapixels: limits.maxMegapixels });
  return refuse('invalidImage');
}

/** A smaller WebP copy of an upload (common/rich-text/image-sizes.ts, ADR 0031). */
export interface ImageVariant {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface ProcessedImage {
  kind: ImageKind;
  data: Uint8Array;
  width: number;
  height: number;
  animated: boolean;
  /** The smaller copies made with an upload (job 'image', still rasters only), narrowest first. */
  variants?: ImageVariant[];
}

/**
 * WebP copies of a re-encoded still image at each `VARIANT_WIDTHS` width below its own (never
 * upscaled). Made from the re-encoded bytes, which are already upright and carry no metadata.
 */
async function makeVariants(encoded: Buffer, width: number, limits: SizeLimits): Promise<ImageVariant[]> {
  const sharp = await loadSharp();
  const variants: ImageVariant[] = [];
  for (const target of variantWidthsFor(width)) {
    const { data, info } = await sharp(encoded, { limitInputPixels: pixelLimit(limits), failOn: 'error' })
      .resize({ width: target, withoutEnlargement: true })
      // effort 2 (of 0–6, default 4): measured on a 1600×1200 photo, the three copies took
      // 230–310 ms instead of 770–860 ms for about 7% more bytes.
      .webp({ quality: 80, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    variants.push({ width: info.width, height: info.height, data });
  }
  return variants;
}

async function processRaster(kind: Exclude<ImageKind, 'svg'>, input: Buffer, limits: SizeLimits, withVariants = false): Promise<ProcessedImage> {
  const animatable = kind === 'gif' || kind === 'webp';
  const sharp = await loadSharp();
  try {
    const source = sharp(input, { animated: animatable, limitInputPixels: pixelLimit(limits), failOn: 'error' });
    const meta = await source.metadata();
    // sharp reads the format from the bytes too; a mismatch means a disguised or broken file.
    const expected = kind === 'jpeg' ? 'jpeg' : kind;
    if (meta.format !== expected) throw refuse('invalidImage');
    const pages = meta.pages ?? 1;
    const animated = animatable && pages > 1;
    checkSize({ width: meta.width, height: animated ? (meta.pageHeight ?? meta.height) : meta.height }, limits, animated ? pages : 1);
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
    // Animations keep their one file: a still copy would stop them, an animated one costs seconds.
    const variants = withVariants && !animated ? await makeVariants(data, info.width, limits) : [];
    return { kind, data, width: info.width, height, animated, variants };
  } catch (error) {
    throw decodeFailure(error, limits);
  }
}

/** The sanitized SVG and its size (librsvg parses the sanitized copy only: nothing external is left to resolve). */
async function processSvg(input: Buffer, limits: SizeLimits): Promise<ProcessedImage> {
  const clean = sanitizeSvg(input.toString('utf8'));
  if (!clean) throw refuse('invalidImage');
  const data = Buffer.from(clean, 'utf8');
  const sharp = await loadSharp();
  try {
    const meta = await sharp(data, { limitInputPixels: pixelLimit(limits), failOn: 'error' }).metadata();
    if (meta.format !== 'svg') throw refuse('invalidImage');
    checkSize({ width: meta.width, height: meta.height }, limits);
    return { kind: 'svg', data, width: meta.width, height: meta.height, animated: false };
  } catch (error) {
    throw decodeFailure(error, limits);
  }
}

/** Detects, verifies and re-encodes (or sanitizes) an uploaded image. */
export async function processImage(input: Buffer, limits: SizeLimits, withVariants = false): Promise<ProcessedImage> {
  const kind = detectImageKind(input);
  if (!kind) throw refuse('unsupportedType');
  return kind === 'svg' ? processSvg(input, limits) : processRaster(kind, input, limits, withVariants);
}

/**
 * An uploaded avatar: any accepted image (SVG sanitized first), upright, centre-cropped to a
 * square and re-encoded as a still WebP of AVATAR_PIXELS a side. Square because every avatar is
 * shown in a circle; still because an animated avatar beside every post is a distraction; small
 * because it is on every feed item.
 */
export async function renderAvatar(input: Buffer, limits: SizeLimits): Promise<ProcessedImage> {
  const kind = detectImageKind(input);
  if (!kind) throw refuse('unsupportedType');
  const source = kind === 'svg' ? Buffer.from((await processSvg(input, limits)).data) : input;
  const sharp = await loadSharp();
  try {
    const image = sharp(source, { limitInputPixels: pixelLimit(limits), failOn: 'error' });
    const meta = await image.metadata();
    checkSize({ width: meta.width, height: meta.height }, limits);
    const data = await image.autoOrient().resize(AVATAR_PIXELS, AVATAR_PIXELS, { fit: 'cover', position: 'centre' }).webp({ quality: 85 }).toBuffer();
    return { kind: 'webp', data, width: AVATAR_PIXELS, height: AVATAR_PIXELS, animated: false };
  } catch (error) {
    throw decodeFailure(error, limits);
  }
}

/**
 * A square app icon (the installable app's icons, modules/pwa): the source contained, whole and
 * centred, in the square less `inset` (a fraction of the side) on every side, over `background`
 * (a CSS colour) or transparent. Always a PNG: the format every browser takes for app icons.
 */
export interface IconSpec {
  size: number;
  inset: number;
  background: string | null;
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** An SVG's density (dots per inch) that rasterizes it at `box` pixels at least: a 24 px logo stays sharp at 512. */
function svgDensity(width: number, height: number, box: number): number {
  return Math.min(2400, Math.max(72, Math.ceil((72 * box) / Math.max(1, width, height))));
}

/** The source (SVG sanitized first, as every stored image was) drawn as an app icon (IconSpec). */
export async function renderIcon(input: Buffer, limits: SizeLimits, spec: IconSpec): Promise<ProcessedImage> {
  const kind = detectImageKind(input);
  if (!kind) throw refuse('unsupportedType');
  const source = kind === 'svg' ? Buffer.from((await processSvg(input, limits)).data) : input;
  const box = Math.max(1, Math.round(spec.size * (1 - 2 * spec.inset)));
  const sharp = await loadSharp();
  try {
    const meta = await sharp(source, { limitInputPixels: pixelLimit(limits), failOn: 'error' }).metadata();
    checkSize({ width: meta.width, height: meta.height }, limits);
    const density = kind === 'svg' ? svgDensity(meta.width, meta.height, box) : undefined;
    const mark = await sharp(source, { limitInputPixels: pixelLimit(limits), failOn: 'error', density })
      .autoOrient()
      .resize(box, box, { fit: 'contain', background: TRANSPARENT })
      .png()
      .toBuffer();
    const data = await sharp({ create: { width: spec.size, height: spec.size, channels: 4, background: spec.background ?? TRANSPARENT } })
      .composite([{ input: mark, gravity: 'centre' }])
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { kind: 'png', data, width: spec.size, height: spec.size, animated: false };
  } catch (error) {
    throw decodeFailure(error, limits);
  }
}

/** Which work: an upload checked and re-encoded, an avatar, or an app icon. */
export type ImageJob = { job: 'image' | 'avatar' } | { job: 'icon'; icon: IconSpec };

/** What a worker is asked to do. */
export type ImageTask = ImageJob & { input: Uint8Array; limits: SizeLimits };

/** Runs a task; a refusal comes back as the `Refusal` itself, anything else is thrown. */
export async function runImageTask(task: ImageTask): Promise<ProcessedImage> {
  // Structured cloning hands the bytes over as a plain Uint8Array.
  const input = Buffer.from(task.input.buffer, task.input.byteOffset, task.input.byteLength);
  switch (task.job) {
    case 'avatar':
      return renderAvatar(input, task.limits);
    case 'icon':
      return renderIcon(input, task.limits, task.icon);
    default:
      return processImage(input, task.limits, true);
  }
}

/** The refusal carried by an error thrown from this module, if it is one. */
export function refusalOf(error: unknown): Refusal | null {
  return error instanceof ImageRefused ? error.refusal : null;
}
