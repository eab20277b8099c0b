import { describe, expect, it } from 'vitest';
import { clampView, coverScale, initialView, isUpscaled, MAX_ZOOM, panBy, previewBox, sourceRect, zoomTo } from './crop-math';

const frame = { width: 1200, height: 675 };
const wide = { width: 4000, height: 1500 };
const tall = { width: 1000, height: 3000 };

describe('cover crop geometry', () => {
  it('covers the frame at zoom 1 with the whole of the image limiting side', () => {
    expect(coverScale(wide, frame)).toBeCloseTo(675 / 1500);
    expect(coverScale(tall, frame)).toBeCloseTo(1.2);
    const rect = sourceRect(initialView(wide), wide, frame);
    expect(rect.height).toBeCloseTo(1500);
    expect(rect.width).toBeCloseTo(1500 * (16 / 9));
    expect(rect.x).toBeCloseTo((4000 - rect.width) / 2);
    expect(rect.y).toBeCloseTo(0);
  });

  it('keeps the 16:9 ratio of the frame at every zoom', () => {
    for (const zoom of [1, 1.5, 2.7, MAX_ZOOM]) {
      const rect = sourceRect(zoomTo(initialView(wide), zoom, wide, frame), wide, frame);
      expect(rect.width / rect.height).toBeCloseTo(16 / 9);
    }
  });

  it('never lets the frame leave the image', () => {
    const far = panBy(initialView(wide), 1e6, -1e6, wide, frame);
    const rect = sourceRect(far, wide, frame);
    expect(rect.x).toBeCloseTo(0);
    expect(rect.y).toBeCloseTo(0);
    const other = sourceRect(panBy(initialView(wide), -1e6, 1e6, wide, frame), wide, frame);
    expect(other.x + other.width).toBeCloseTo(4000);
    expect(other.y + other.height).toBeCloseTo(1500);
  });

  it('moves the picture with the pointer: dragging right shows more of the left', () => {
    const start = zoomTo(initialView(wide), 2, wide, frame);
    const moved = panBy(start, 90, 0, wide, frame);
    expect(moved.centerX).toBeLessThan(start.centerX);
    // 90 output pixels at this scale:
    expect(start.centerX - moved.centerX).toBeCloseTo(90 / (coverScale(wide, frame) * 2));
  });

  it('clamps the zoom and pulls the centre back in when zooming out near an edge', () => {
    expect(clampView({ zoom: 9, centerX: 2000, centerY: 750 }, wide, frame).zoom).toBe(MAX_ZOOM);
    expect(clampView({ zoom: 0.2, centerX: 2000, centerY: 750 }, wide, frame).zoom).toBe(1);
    expect(clampView({ zoom: Number.NaN, centerX: 2000, centerY: 750 }, wide, frame).zoom).toBe(1);
    const corner = panBy(zoomTo(initialView(wide), 3, wide, frame), 1e6, 1e6, wide, frame);
    const out = zoomTo(corner, 1, wide, frame);
    const rect = sourceRect(out, wide, frame);
    expect(rect.x).toBeGreaterThanOrEqual(-1e-9);
    expect(rect.y).toBeGreaterThanOrEqual(-1e-9);
  });

  it('places the preview box so the centre point sits in the middle of the frame', () => {
    const box = previewBox(initialView(wide), wide, frame);
    expect(box.top).toBeCloseTo(0);
    expect(box.height).toBeCloseTo(100);
    expect(box.left + box.width / 2).toBeCloseTo(50);
    const zoomed = previewBox(zoomTo(initialView(tall), 2, tall, frame), tall, frame);
    expect(zoomed.width).toBeCloseTo(200);
  });

  it('knows when the chosen part would be enlarged', () => {
    expect(isUpscaled(initialView(wide), wide, frame)).toBe(false);
    expect(isUpscaled(zoomTo(initialView(wide), 3, wide, frame), wide, frame)).toBe(true);
    expect(isUpscaled(initialView(tall), tall, frame)).toBe(true);
  });
});
