/**
 * Which pictures the avatar picker sends (pure, unit-tested): the raster types the server turns
 * into an avatar, at most the upload limit. SVG is left out on purpose: a drawing rarely makes a
 * good 256 px face, and the server would rasterize it anyway.
 */
import { IMAGE_MAX_MB } from '../../../common/rich-text/policy';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',');
export const AVATAR_MAX_MB = IMAGE_MAX_MB;

export function avatarFileProblem(file: { type: string; size: number }): 'unsupported' | 'tooLarge' | 'empty' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type.toLowerCase())) return 'unsupported';
  if (file.size > AVATAR_MAX_MB * 1024 * 1024) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}
