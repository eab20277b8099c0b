/**
 * Getting an image file to a URL (spec §7): the editor takes an upload function that receives
 * the file and answers `{url, name}`. Two are provided: `serverUpload` (POST /api/upload, the
 * site's default) and `dataUrlUpload` (reads the file into an inline data URL without a server,
 * the spec's default for an editor used on its own).
 */
import { isAllowedImageSrc } from '../../common/rich-text/policy';
import { uploadActions } from '../../common/actions/uploads';
import { send } from '../lib/api';
import { tFor } from '../lib/i18n';
import { asLocale } from '../lib/locale';
import { initialImageSize, type ImageSize } from './image-size';
import { imageTypeOf, type FileLike } from './upload-rules';

export interface UploadResult {
  url: string;
  name: string;
  width?: number;
  height?: number;
}

export type UploadFn = (file: File) => Promise<UploadResult>;

/** A failure reading a local file (spec §8: 'Failed to read file', 'Failed to convert file to base64'). */
export class FileReadError extends Error {
  constructor(
    readonly kind: 'read' | 'base64',
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'FileReadError';
  }
}

/**
 * An image the editor refuses for a reason it can name (the message is translated already):
 * shown as it is, whatever way the image came in.
 */
export class ImageRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRefusedError';
  }
}

/** Text in the page's locale (SSR renders it on <html lang>), for code that runs outside React. */
function pageText(key: string, values?: Record<string, unknown>): string {
  return tFor(asLocale(typeof document === 'undefined' ? undefined : document.documentElement.lang))(key, values);
}

export const serverUpload: UploadFn = async (file) => {
  const body = new FormData();
  body.append('image', file, file.name || 'image');
  const data: UploadResult = await send(uploadActions.image, body);
  if (typeof data?.url !== 'string' || data.url === '') throw new Error(pageText('editor.alert.noUrl'));
  return data;
};

/**
 * Inline mode reads the file into a data URL. SVG is refused before reading: the policy keeps
 * raster data URIs only (an SVG document can script), so it could never be inserted.
 */
export const dataUrlUpload: UploadFn = (file) => {
  if (imageTypeOf(file) === 'image/svg+xml') return Promise.reject(new ImageRefusedError(pageText('editor.alert.svgInline')));
  return readAsDataUrl(file);
};

function readAsDataUrl(file: File): Promise<UploadResult> {
  return new Promise<UploadResult>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string' && reader.result.startsWith('data:')) resolve({ url: reader.result, name: file.name });
      else reject(new FileReadError('base64', ''));
    };
    reader.onerror = () => reject(new FileReadError('read', reader.error?.message ?? ''));
    reader.onabort = () => reject(new FileReadError('read', 'aborted'));
    try {
      reader.readAsDataURL(file);
    } catch (error) {
      reject(new FileReadError('read', error instanceof Error ? error.message : ''));
    }
  });
}

export interface InsertableImage {
  src: string;
  alt: string | null;
  width: number | null;
  height: number | null;
}

/**
 * What the editor inserts for an upload's answer. The source is checked against the policy
 * first, so a URL the policy would drop is never loaded (not even to measure it); then the size
 * comes from the answer or, when it has none, from loading the image (capped at 600 px wide).
 */
export async function insertableImage(result: UploadResult, file: FileLike, measure: (url: string) => Promise<ImageSize | null> = measureImage): Promise<InsertableImage> {
  if (!isAllowedImageSrc(result.url)) throw new ImageRefusedError(pageText('editor.alert.unsupportedType', { type: imageTypeOf(file) || file.name || '' }));
  let size = initialImageSize({ width: result.width, height: result.height });
  if (!size) {
    const natural = await measure(result.url);
    size = natural ? initialImageSize(natural) : null;
  }
  return { src: result.url, alt: result.name || null, width: size?.width ?? null, height: size?.height ?? null };
}

/** Natural size of an image URL once it loads; null when it cannot be decoded in time. */
export function measureImage(url: string, timeoutMs = 10_000): Promise<ImageSize | null> {
  return new Promise((resolve) => {
    const img = new Image();
    const timer = window.setTimeout(() => resolve(null), timeoutMs);
    img.onload = () => {
      window.clearTimeout(timer);
      resolve(img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    };
    img.onerror = () => {
      window.clearTimeout(timer);
      resolve(null);
    };
    img.src = url;
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}
