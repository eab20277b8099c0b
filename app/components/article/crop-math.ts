/**
 * The cover cropper's geometry, pure so it is unit-tested. The frame is the output picture
 * (ARTICLE_LIMITS.coverWidth × coverHeight, 16:9); the source image is scaled to cover it at zoom
 * 1 and may be zoomed up to MAX_ZOOM. The view is the zoom and the source point at the frame's
 * centre; it is always clamped so the frame never shows outside the image.
 */

export interface Size {
  width: number;
  height: number;
}

export interface CropView {
  zoom: number;
  /** The source pixel at the frame's centre. */
  centerX: number;
  centerY: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** Output pixels per source pixel at zoom 1: the smallest scale at which the image covers the frame. */
export function coverScale(source: Size, frame: Size): number {
  return Math.max(frame.width / source.width, frame.height / source.height);
}

function scaleOf(view: CropView, source: Size, frame: Size): number {
  return coverScale(source, frame) * view.zoom;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The view with its zoom in range and its centre where the frame stays inside the image. */
export function clampView(view: CropView, source: Size, frame: Size): CropView {
  const zoom = clamp(Number.isFinite(view.zoom) ? view.zoom : MIN_ZOOM, MIN_ZOOM, MAX_ZOOM);
  const scale = coverScale(source, frame) * zoom;
  const halfWidth = frame.width / scale / 2;
  const halfHeight = frame.height / scale / 2;
  return {
    zoom,
    centerX: clamp(view.centerX, halfWidth, source.width - halfWidth),
    centerY: clamp(view.centerY, halfHeight, source.height - halfHeight),
  };
}

/** The whole image covering the frame, centred. */
export function initialView(source: Size): CropView {
  return { zoom: MIN_ZOOM, centerX: source.width / 2, centerY: source.height / 2 };
}

/** Moves the picture by `dx`, `dy` output pixels (a drag to the right shows more of the left). */
export function panBy(view: CropView, dx: number, dy: number, source: Size, frame: Size): CropView {
  const scale = scaleOf(view, source, frame);
  return clampView({ ...view, centerX: view.centerX - dx / scale, centerY: view.centerY - dy / scale }, source, frame);
}

/** Zooms about the frame's centre (the point there stays put, unless the edges push it). */
export function zoomTo(view: CropView, zoom: number, source: Size, frame: Size): CropView {
  return clampView({ ...view, zoom }, source, frame);
}

/** The part of the source the frame shows: what the canvas draws. */
export function sourceRect(view: CropView, source: Size, frame: Size): Rect {
  const scale = scaleOf(view, source, frame);
  const width = frame.width / scale;
  const height = frame.height / scale;
  return { x: view.centerX - width / 2, y: view.centerY - height / 2, width, height };
}

/** Where the image sits in the frame, in percent of the frame: the preview's CSS box. */
export function previewBox(view: CropView, source: Size, frame: Size): { left: number; top: number; width: number; height: number } {
  const scale = scaleOf(view, source, frame);
  return {
    left: ((frame.width / 2 - view.centerX * scale) / frame.width) * 100,
    top: ((frame.height / 2 - view.centerY * scale) / frame.height) * 100,
    width: ((source.width * scale) / frame.width) * 100,
    height: ((source.height * scale) / frame.height) * 100,
  };
}

/** Whether the chosen part has fewer pixels than the output: the cover would be enlarged, and soft. */
export function isUpscaled(view: CropView, source: Size, frame: Size): boolean {
  return scaleOf(view, source, frame) > 1.001;
}
