/** The pictures a post carries beside its text (topics, tweets, comments): stored as JSON, answered as a list. */

import type { TopicImage } from '../../../common/views/topic';

export type { TopicImage };

export function parseImageList(json: string): TopicImage[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    const images: TopicImage[] = [];
    for (const item of value) {
      if (item && typeof item === 'object' && typeof (item as { url?: unknown }).url === 'string') images.push({ url: (item as { url: string }).url });
    }
    return images;
  } catch {
    return [];
  }
}
