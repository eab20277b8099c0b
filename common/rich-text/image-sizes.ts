/**
 * The sizes an uploaded image is made in once, at upload (ADR 0031), and how a page asks for
 * them. A still raster upload is also stored as WebP copies `VARIANT_WIDTHS` wide (only those
 * narrower than the original: never upscaled), beside the original, under `<key>-<width>w.webp`.
 * The server records each upload's width, height and copies, and adds `width`, `height`,
 * `srcset` and `sizes` to the site's own images when it renders a post; the browser then reserves
 * the space before the image arrives (no layout shift) and picks the smallest copy that fills it.
 * Pure: the server (rendering) and the app (a tweet's picture grid, the lightbox) share it.
 */

/** Widths (px) of the copies made of every still raster upload. */
export const VARIANT_WIDTHS = [320, 640, 1280] as const;

/** What the site knows of one of its uploads: its size and the widths of its copies (ascending). */
export interface UploadImageFacts {
  width: number;
  height: number;
  /** Widths of the WebP copies (each < width); empty for SVG, animations and uploads from before ADR 0031. */
  variants: readonly number[];
}

/** The widths worth making for an image `width` wide: those of `VARIANT_WIDTHS` it is wider than. */
export function variantWidthsFor(width: number): number[] {
  return VARIANT_WIDTHS.filter((w) => w < width);
}

/** The address of a copy: `/uploads/ab/cd/<hash>.jpg` → `/uploads/ab/cd/<hash>-640w.webp`. */
export function variantUrl(url: string, width: number): string {
  return `${url.replace(/\.[a-z]+$/, '')}-${width}w.webp`;
}

/** `srcset` of an upload with copies: each copy at its width, then the original; '' without copies. */
export function uploadSrcset(url: string, facts: UploadImageFacts): string {
  if (facts.variants.length === 0) return '';
  return [...facts.variants.map((w) => `${variantUrl(url, w)} ${w}w`), `${url} ${facts.width}w`].join(', ');
}

/** `sizes` of an image shown at most `displayWidth` CSS pixels wide (and never wider than the viewport). */
export function sizesFor(displayWidth: number): string {
  return `(max-width: ${displayWidth}px) 100vw, ${displayWidth}px`;
}

/** The height that keeps the aspect ratio at `width` (whole pixels, at least 1). */
export function heightAt(facts: Pick<UploadImageFacts, 'width' | 'height'>, width: number): number {
  return Math.max(1, Math.round((width * facts.height) / facts.width));
}
