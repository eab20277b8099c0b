/**
 * An article's cover: the 16:9 picture the author cropped in the browser. Decorative where the
 * title stands beside it (feeds); the page itself names it.
 */
import { ARTICLE_LIMITS } from '../../../common/constants';
import type { ArticleCover } from './types';

export function CoverImage({ cover, alt = '', eager = false, className = '' }: { cover: ArticleCover; alt?: string; eager?: boolean; className?: string }) {
  return (
    <div className={`ar-cover ${className}`}>
      <img
        src={cover.url}
        alt={alt}
        width={ARTICLE_LIMITS.coverWidth}
        height={ARTICLE_LIMITS.coverHeight}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        // The page's own cover is what a reader looks at first: fetch it before the rest.
        fetchPriority={eager ? 'high' : undefined}
      />
    </div>
  );
}
