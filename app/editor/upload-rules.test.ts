import { describe, expect, it } from 'vitest';
import { IMAGE_EXTENSIONS, IMAGE_MIME_TYPES } from '../../common/rich-text/policy';
import { ACCEPTED_IMAGE_TYPES } from './constants';
import { checkImageFile, imageTypeOf, maxMegabytes } from './upload-rules';

const MB = 1024 * 1024;

describe('image file rules', () => {
  it('accepts the spec types up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml']) {
      expect(checkImageFile({ type, size: 1000 })).toBeNull();
    }
    expect(checkImageFile({ type: 'image/png', size: 5 * MB })).toBeNull();
  });

  it('refuses more than 5 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 5 * MB + 1 })).toBe('tooLarge');
    expect(checkImageFile({ type: 'image/jpeg', size: 6 * MB })).toBe('tooLarge');
  });

  it('refuses other image types and non-images', () => {
    expect(checkImageFile({ type: 'image/bmp', size: 10 })).toBe('unsupportedType');
    expect(checkImageFile({ type: 'image/tiff', size: 10 })).toBe('unsupportedType');
    expect(checkImageFile({ type: 'text/html', size: 10 })).toBe('notImage');
    expect(checkImageFile({ type: '', size: 10, name: 'notes.txt' })).toBe('notImage');
    expect(checkImageFile({ type: 'image/png', size: 0 })).toBe('empty');
  });

  it('falls back to the extension when the type is missing', () => {
    expect(imageTypeOf({ type: '', size: 1, name: 'Photo.JPG' })).toBe('image/jpeg');
    expect(checkImageFile({ type: '', size: 1, name: 'x.webp' })).toBeNull();
    // An extension named like an inherited member is no type (not Object's function).
    for (const name of ['x.constructor', 'x.tostring', 'x.valueof']) expect(imageTypeOf({ type: '', size: 1, name }), name).toBe('');
  });

  it("accepts the policy's types (plus the image/jpg alias) and knows every policy extension", () => {
    expect([...ACCEPTED_IMAGE_TYPES].sort()).toEqual([...IMAGE_MIME_TYPES, 'image/jpg'].sort());
    for (const ext of IMAGE_EXTENSIONS) expect(checkImageFile({ type: '', size: 1, name: `x.${ext}` }), ext).toBeNull();
  });

  it('reports the limit in MB', () => {
    expect(maxMegabytes()).toBe(5);
  });
});
