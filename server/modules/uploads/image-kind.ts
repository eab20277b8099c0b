/**
 * What an uploaded file is, judged by its own bytes (magic numbers), never by the client's
 * Content-Type or file name. Shared by the request (to refuse early) and the image workers.
 */

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

export const IMAGE_FORMATS: Record<ImageKind, { ext: string; contentType: string }> = {
  png: { ext: 'png', contentType: 'image/png' },
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  gif: { ext: 'gif', contentType: 'image/gif' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  svg: { ext: 'svg', contentType: 'image/svg+xml' },
};

function startsWith(buf: Buffer, bytes: readonly number[], offset = 0): boolean {
  if (buf.length < offset + bytes.length) return false;
  return bytes.every((b, i) => buf[offset + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** True when the text (after an optional BOM, XML declaration, comments and doctype) opens an `<svg` root element. */
export function looksLikeSvg(buf: Buffer): boolean {
  if (buf.includes(0)) return false; // binary, or UTF-16: not an SVG we accept
  let text = buf.subarray(0, 64 * 1024).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  for (let guard = 0; guard < 100; guard++) {
    text = text.trimStart();
    if (text.startsWith('<?')) {
      const end = text.indexOf('?>');
      if (end === -1) return false;
      text = text.slice(end + 2);
    } else if (text.startsWith('<!--')) {
      const end = text.indexOf('-->');
      if (end === -1) return false;
      text = text.slice(end + 3);
    } else if (/^<!DOCTYPE/i.test(text)) {
      const subset = text.indexOf('[');
      const close = text.indexOf('>');
      const end = subset !== -1 && subset < close ? text.indexOf(']>', subset) + 1 : close;
      if (end <= 0) return false;
      text = text.slice(end + 1);
    } else {
      return /^<svg[\s>/]/.test(text);
    }
  }
  return false;
}

/** The image type from the file's magic bytes, or null when it is none of the accepted ones. */
export function detectImageKind(buf: Buffer): ImageKind | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'webp';
  if (looksLikeSvg(buf)) return 'svg';
  return null;
}
