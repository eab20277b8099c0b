/** The pictures a post carries beside its text (topics, tweets, comments): stored as JSON, answered as a list. */

import { uploadSrcset, type UploadImageFacts } from '../../../common/rich-text/image-sizes';
import type { TopicImage } from '../../../common/views/topic';

export type { TopicImage };

const isSize = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 100_000;

export function parseImageList(json: string): TopicImage[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    const images: TopicImage[] = [];
    for (const item of value) {
      if (!item || typeof item !== 'object' || typeof (item as { url?: unknown }).url !== 'string') continue;
      const { url, width, height, srcset } = item as { url: string; width?: unknown; height?: unknown; srcset?: unknown };
      const image: TopicImage = { url };
      if (isSize(width) && isSize(height)) Object.assign(image, { width, height });
      if (typeof srcset === 'string' && srcset !== '') image.srcset = srcset;
      images.push(image);
    }
    return images;
  } catch {
    return [];
  }
}

/**
 * The list as stored: each address, with its size and copies when it is one of the site's uploads
 * the server knows (uploads.api `uploadImageFacts`). Whatever else the client sent is dropped:
 * only the server writes sizes and `srcset`.
 */
export function imageListJson(images: ReadonlyArray<{ url: string }>, facts?: ReadonlyMap<string, UploadImageFacts>): string {
  return JSON.stringify(
    images.map(({ url }) => {
      const known = facts?.get(url);
      if (!known) return { url };
      const srcset = uploadSrcset(url, known);
      return srcset ? { url, width: known.width, height: known.height, srcset } : { url, width: known.width, height: known.height };
    }),
  );
}
