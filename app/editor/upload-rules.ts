/**
 * Which files the editor takes as images (spec §5): jpeg, jpg, png, gif, webp, svg+xml, at most
 * 5 MB. Pure so the rules are unit-tested; the browser code (upload.ts) applies them.
 */
import { ACCEPTED_IMAGE_TYPES, EDITOR } from './constants';

export type ImageFileProblem = 'notImage' | 'unsupportedType' | 'tooLarge' | 'empty';

export interface FileLike {
  type: string;
  size: number;
  name?: string;
}

const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** The MIME type, falling back to the file name's extension when the browser gave none. */
export function imageTypeOf(file: FileLike): string {
  const type = file.type.trim().toLowerCase();
  if (type !== '') return type;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name ?? '')?.[1]?.toLowerCase();
  // Own names only: a file called `x.constructor` must not find Object's.
  return ext && Object.hasOwn(EXTENSION_TYPES, ext) ? EXTENSION_TYPES[ext]! : '';
}

export function isAcceptedImageType(type: string, accepted: readonly string[] = ACCEPTED_IMAGE_TYPES): boolean {
  return accepted.includes(type.toLowerCase());
}

/** null when the file is taken (by default: the editor's types and limit), else what is wrong with it. */
export function checkImageFile(file: FileLike, maxBytes: number = EDITOR.uploadMaxBytes, accepted: readonly string[] = ACCEPTED_IMAGE_TYPES): ImageFileProblem | null {
  const type = imageTypeOf(file);
  if (!type.startsWith('image/')) return 'notImage';
  if (!isAcceptedImageType(type, accepted)) return 'unsupportedType';
  if (file.size > maxBytes) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

/** Max size in whole megabytes for messages ("max 5 MB supported"). */
export function maxMegabytes(maxBytes: number = EDITOR.uploadMaxBytes): number {
  return Math.floor(maxBytes / (1024 * 1024));
}
