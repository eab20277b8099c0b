/**
 * Which pictures the avatar picker sends: the editor's image rules (app/editor/upload-rules.ts)
 * with the raster types only, at most the upload limit. SVG is left out on purpose: a drawing
 * rarely makes a good 256 px face, and the server would rasterize it anyway.
 */
import { IMAGE_MAX_MB, IMAGE_MIME_TYPES } from '../../../common/rich-text/policy';
import { checkImageFile, type FileLike, type ImageFileProblem } from '~/editor/upload-rules';

export const AVATAR_TYPES: readonly string[] = IMAGE_MIME_TYPES.filter((type) => type !== 'image/svg+xml');
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',');
export const AVATAR_MAX_MB = IMAGE_MAX_MB;

export function avatarFileProblem(file: FileLike): ImageFileProblem | null {
  return checkImageFile(file, AVATAR_MAX_MB * 1024 * 1024, AVATAR_TYPES);
}
