import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../common/constants';
import { resources } from '../../common/locales';
import { registerLocale } from '../lib/i18n';
import { dataUrlUpload, ImageRefusedError, insertableImage, serverUpload } from './upload';

beforeAll(() => {
  for (const locale of LOCALES) registerLocale(locale, resources[locale]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const png = { type: 'image/png', size: 10, name: 'a.png' };

describe('insertableImage', () => {
  it.each(['javascript:alert(1)', 'http://img.example.com/a.png', 'data:image/svg+xml;base64,PHN2Zz4=', '//evil.example/a.png', ''])(
    'refuses %j before loading it',
    async (url) => {
      const measure = vi.fn(async () => ({ width: 10, height: 10 }));
      const error = await insertableImage({ url, name: 'a.png' }, png, measure).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImageRefusedError);
      expect((error as Error).message).toBe('Unsupported image type: image/png. Use JPEG, PNG, GIF, WebP or SVG.');
      expect(measure).not.toHaveBeenCalled();
    },
  );

  it('takes the size from the answer, else measures the image; capped at 600 px wide', async () => {
    const measure = vi.fn(async () => ({ width: 1200, height: 800 }));
    await expect(insertableImage({ url: '/uploads/ab/cd/e.png', name: 'e.png', width: 320, height: 200 }, png, measure)).resolves.toEqual({
      src: '/uploads/ab/cd/e.png',
      alt: 'e.png',
      width: 320,
      height: 200,
    });
    expect(measure).not.toHaveBeenCalled();
    await expect(insertableImage({ url: 'https://img.example.com/e.png', name: '' }, png, measure)).resolves.toEqual({
      src: 'https://img.example.com/e.png',
      alt: null,
      width: 600,
      height: 400,
    });
    expect(measure).toHaveBeenCalledWith('https://img.example.com/e.png');
  });

  it('inserts without a size when the image cannot be measured', async () => {
    await expect(insertableImage({ url: '/uploads/ab/cd/e.png', name: 'e.png' }, png, async () => null)).resolves.toMatchObject({ width: null, height: null });
  });
});

describe('dataUrlUpload (inline images)', () => {
  it('refuses SVG up front, with a message that says why', async () => {
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' });
    const error = await dataUrlUpload(svg).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageRefusedError);
    expect((error as Error).message).toBe('SVG images cannot be embedded inline. Use JPEG, PNG, GIF or WebP.');
    // Also when the browser gives no type and only the name says SVG.
    await expect(dataUrlUpload(new File(['<svg/>'], 'logo.SVG'))).rejects.toBeInstanceOf(ImageRefusedError);
  });
});

describe('serverUpload', () => {
  it('answers the upload', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ success: true, data: { url: '/uploads/ab/cd/e.png', name: 'e.png', width: 2, height: 2 } }));
    await expect(serverUpload(new File(['x'], 'e.png', { type: 'image/png' }))).resolves.toMatchObject({ url: '/uploads/ab/cd/e.png' });
  });

  it('fails with a translated message when the server answers no URL', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ success: true, data: { name: 'e.png' } }));
    await expect(serverUpload(new File(['x'], 'e.png', { type: 'image/png' }))).rejects.toThrow('the server did not answer with an image address');
  });
});
