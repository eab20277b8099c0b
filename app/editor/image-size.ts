/**
 * Image sizing in the editor. The rules themselves (whole-number dimensions, the 50–800 px
 * resize clamp keeping aspect, the 600 px cap for new images) are the content policy's, so the
 * editor produces exactly what the server keeps; this module adds the drag arithmetic.
 */
import {
  initialImageSize as policyInitialImageSize,
  parseDimension as policyParseDimension,
  resizeKeepingAspect,
  type ImageSize,
} from '../../common/rich-text/policy';

export type { ImageSize };

/**
 * A width/height value as the policy's whole number, or null. Also reads numbers and `120px`
 * (inline styles of pasted images).
 */
export function parseDimension(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? policyParseDimension(Math.round(value)) : null;
  if (typeof value !== 'string') return null;
  return policyParseDimension(value.trim().replace(/px$/i, ''));
}

/** The size after dragging a handle to `proposedWidth`: clamped 50–800 wide, aspect kept. */
export function resizeImage(start: ImageSize, proposedWidth: number): ImageSize {
  return resizeKeepingAspect(start, proposedWidth);
}

/**
 * Proposed width while dragging: a handle on the right grows with the pointer moving right, one
 * on the left grows with it moving left.
 */
export function proposedWidth(startWidth: number, deltaX: number, side: 'left' | 'right'): number {
  return side === 'right' ? startWidth + deltaX : startWidth - deltaX;
}

/** Size of a newly inserted image (natural size capped at 600 px wide), or null when unknown. */
export function initialImageSize(natural: { width: unknown; height: unknown }): ImageSize | null {
  const width = parseDimension(natural.width);
  const height = parseDimension(natural.height);
  if (width === null || height === null) return null;
  return policyInitialImageSize({ width, height });
}
