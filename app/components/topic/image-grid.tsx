/**
 * A tweet's pictures (up to 9): one picture large at its own proportions; two, or four, in two
 * columns; three and five to nine in three; squares cropped to fill. Each opens in the picture
 * viewer (app/components/lightbox, loaded on first open) on click or Enter; without JavaScript,
 * or with a modifier key, it opens full size in a new tab. `large` (the topic page) allows a
 * wider grid than a feed item. Pictures the server knows carry their size (the space is reserved
 * before they load) and their smaller copies (`srcset`, ADR 0031).
 */
import type { MouseEvent } from 'react';
import type { TopicImage } from './types';
import { prefetchLightbox, useLightbox } from '~/components/lightbox/use-lightbox';
import { useT } from '~/lib/use-t';

/** A grid cell is at most a third of 36rem wide; on a phone a third of the screen. */
const GRID_SIZES = '(max-width: 640px) 34vw, 200px';
/** A single picture is at most 28rem tall: about 640 px wide at most for common shapes. */
const SINGLE_SIZES = '(max-width: 640px) 100vw, 640px';

export function ImageGrid({ images, className = '', large = false }: { images: readonly TopicImage[]; className?: string; large?: boolean }) {
  const t = useT();
  const { open, viewer } = useLightbox();
  if (images.length === 0) return null;
  const shown = images.slice(0, 9);
  const label = (index: number) => t('topicUi.item.imageAlt', { index: index + 1, count: shown.length });
  const onOpen = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(
      shown.map((image, i) => ({ src: image.url, srcset: image.srcset, alt: label(i), width: image.width, height: image.height })),
      index,
      event.currentTarget,
    );
  };
  const linkProps = (image: TopicImage, index: number) => ({
    href: image.url,
    target: '_blank',
    rel: 'noopener noreferrer',
    'aria-haspopup': 'dialog' as const,
    onClick: onOpen(index),
    onPointerEnter: prefetchLightbox,
    onFocus: prefetchLightbox,
  });
  if (shown.length === 1) {
    const image = shown[0]!;
    // With a known size the box is drawn before the picture arrives: as wide as fits under the
    // height cap (28rem or 20rem), the height following from the width/height ratio.
    const cap = large ? 448 : 320;
    const sized = image.width !== undefined && image.height !== undefined;
    const style = sized ? { width: `min(100%, ${Math.round((cap * image.width!) / image.height!)}px, ${image.width}px)` } : undefined;
    return (
      <div className={className}>
        <a {...linkProps(image, 0)} style={style} className={`${sized ? 'block' : 'inline-block'} max-w-full cursor-zoom-in overflow-hidden rounded-lg`}>
          <img
            src={image.url}
            srcSet={image.srcset}
            sizes={image.srcset ? SINGLE_SIZES : undefined}
            width={image.width}
            height={image.height}
            alt={label(0)}
            loading="lazy"
            decoding="async"
            className={`${sized ? 'block w-full' : `${large ? 'max-h-[28rem]' : 'max-h-80'} w-auto`} h-auto max-w-full rounded-lg border border-zinc-200 bg-zinc-100 object-contain dark:border-zinc-800 dark:bg-zinc-800`}
          />
        </a>
        {viewer}
      </div>
    );
  }
  const two = shown.length === 2 || shown.length === 4;
  const columns = two ? `grid-cols-2 ${large ? 'max-w-md' : 'max-w-sm'}` : `grid-cols-3 ${large ? 'max-w-xl' : 'max-w-md'}`;
  return (
    <>
      <ul className={`grid gap-1.5 ${columns} ${className}`} data-testid="image-grid">
        {shown.map((image, index) => (
          <li key={`${index}:${image.url}`} className="aspect-square overflow-hidden rounded-lg bg-zinc-100 dark:bg-zinc-800">
            <a {...linkProps(image, index)} className="block size-full cursor-zoom-in">
              <img
                src={image.url}
                srcSet={image.srcset}
                sizes={image.srcset ? GRID_SIZES : undefined}
                width={image.width}
                height={image.height}
                alt={label(index)}
                loading="lazy"
                decoding="async"
                className="size-full object-cover transition-transform hover:scale-[1.03]"
              />
            </a>
          </li>
        ))}
      </ul>
      {viewer}
    </>
  );
}
