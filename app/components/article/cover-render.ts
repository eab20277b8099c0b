/**
 * The browser side of the cover: decode the chosen file, and draw the cropped part onto a
 * canvas of the cover's size, encoded as WebP (JPEG where the browser cannot write WebP). The
 * result is an ordinary image file the existing upload takes, with its checks.
 */
import { ARTICLE_LIMITS } from '../../../common/constants';
import type { Rect, Size } from './crop-math';

export const COVER_SIZE: Size = { width: ARTICLE_LIMITS.coverWidth, height: ARTICLE_LIMITS.coverHeight };

/** Encoder quality: visually clean at 1200 px while keeping a cover well under 300 KB. */
const QUALITY = 0.86;

export interface LoadedImage {
  element: HTMLImageElement;
  size: Size;
  /** An object URL of the file (the preview's source); revoke it when done. */
  url: string;
}

/** Decodes an image file; rejects when the browser cannot (or it has no size, as some SVGs). */
export async function loadImageFile(file: Blob): Promise<LoadedImage> {
  const url = URL.createObjectURL(file);
  const element = new Image();
  element.decoding = 'async';
  element.src = url;
  try {
    await element.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  const size = { width: element.naturalWidth, height: element.naturalHeight };
  if (size.width === 0 || size.height === 0) {
    URL.revokeObjectURL(url);
    throw new Error('image has no size');
  }
  return { element, size, url };
}

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

/** Draws `rect` of the image at the cover's size and encodes it; a File named after its type. */
export async function renderCover(image: CanvasImageSource, rect: Rect): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = COVER_SIZE.width;
  canvas.height = COVER_SIZE.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  // Transparent pictures (PNG, SVG) get a white ground: JPEG has no transparency.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, canvas.width, canvas.height);
  // A browser without a WebP encoder answers PNG for it: ask for JPEG then.
  let blob = await toBlob(canvas, 'image/webp');
  if (!blob || blob.type !== 'image/webp') blob = await toBlob(canvas, 'image/jpeg');
  if (!blob) throw new Error('canvas could not be encoded');
  const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
  return new File([blob], `cover.${extension}`, { type: blob.type });
}
