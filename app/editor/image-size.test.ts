import { describe, expect, it } from 'vitest';
import { initialImageSize, parseDimension, proposedWidth, resizeImage } from './image-size';

describe('image resize clamp', () => {
  it('clamps the width to 50–800 and keeps the aspect ratio', () => {
    const start = { width: 400, height: 300 };
    expect(resizeImage(start, 500)).toEqual({ width: 500, height: 375 });
    expect(resizeImage(start, 10)).toEqual({ width: 50, height: 38 });
    expect(resizeImage(start, -200)).toEqual({ width: 50, height: 38 });
    expect(resizeImage(start, 5000)).toEqual({ width: 800, height: 600 });
    expect(resizeImage(start, 50)).toEqual({ width: 50, height: 38 });
    expect(resizeImage(start, 800)).toEqual({ width: 800, height: 600 });
  });

  it('returns whole numbers', () => {
    const size = resizeImage({ width: 333, height: 217 }, 451.7);
    expect(Number.isInteger(size.width)).toBe(true);
    expect(Number.isInteger(size.height)).toBe(true);
    expect(size).toEqual({ width: 452, height: 295 });
  });

  it('never gives a zero height', () => {
    expect(resizeImage({ width: 800, height: 1 }, 50).height).toBe(1);
  });

  it('grows with the pointer on the right handle and against it on the left', () => {
    expect(proposedWidth(300, 40, 'right')).toBe(340);
    expect(proposedWidth(300, 40, 'left')).toBe(260);
    expect(proposedWidth(300, -40, 'left')).toBe(340);
  });

  it('handles junk widths', () => {
    expect(resizeImage({ width: 100, height: 100 }, Number.NaN).width).toBe(50);
    expect(resizeImage({ width: 100, height: 100 }, 799.6).width).toBe(800);
  });
});

describe('image dimensions', () => {
  it('accepts whole numbers or empty', () => {
    expect(parseDimension('120')).toBe(120);
    expect(parseDimension('120px')).toBe(120);
    expect(parseDimension(' 99 ')).toBe(99);
    expect(parseDimension('99.6')).toBeNull(); // the policy keeps whole numbers only
    expect(parseDimension(99.6)).toBe(100);
    expect(parseDimension('20000')).toBeNull(); // above the policy's largest dimension
    expect(parseDimension(64)).toBe(64);
    expect(parseDimension('')).toBeNull();
    expect(parseDimension(null)).toBeNull();
    expect(parseDimension('0')).toBeNull();
    expect(parseDimension('-5')).toBeNull();
    expect(parseDimension('50%')).toBeNull();
    expect(parseDimension('calc(1px)')).toBeNull();
    expect(parseDimension(Number.NaN)).toBeNull();
  });

  it('caps a new image at 600 px wide keeping aspect', () => {
    expect(initialImageSize({ width: 1200, height: 900 })).toEqual({ width: 600, height: 450 });
    expect(initialImageSize({ width: 320, height: 200 })).toEqual({ width: 320, height: 200 });
    expect(initialImageSize({ width: 600, height: 10 })).toEqual({ width: 600, height: 10 });
    expect(initialImageSize({ width: 0, height: 0 })).toBeNull();
    expect(initialImageSize({ width: undefined, height: 10 })).toBeNull();
  });
});
