/**
 * A tweet's pictures (up to 9): one picture large at its own proportions; two, or four, in two
 * columns; three and five to nine in three; squares cropped to fill. Each opens full size in a
 * new tab. `large` (the topic page) allows a wider grid than a feed item.
 */
import type { TopicImage } from './types';
import { useT } from '~/lib/use-t';

export function ImageGrid({ images, className = '', large = false }: { images: readonly TopicImage[]; className?: string; large?: boolean }) {
  const t = useT();
  if (images.length === 0) return null;
  const shown = images.slice(0, 9);
  const label = (index: number) => t('topicUi.item.imageAlt', { index: index + 1, count: shown.length });
  if (shown.length === 1) {
    const image = shown[0]!;
    return (
      <div className={className}>
        <a href={image.url} target="_blank" rel="noopener noreferrer" className="inline-block max-w-full overflow-hidden rounded-lg">
          <img
            src={image.url}
            alt={label(0)}
            loading="lazy"
            decoding="async"
            className={`${large ? 'max-h-[28rem]' : 'max-h-80'} w-auto max-w-full rounded-lg border border-zinc-200 bg-zinc-100 object-contain dark:border-zinc-800 dark:bg-zinc-800`}
          />
        </a>
      </div>
    );
  }
  const two = shown.length === 2 || shown.length === 4;
  const columns = two ? `grid-cols-2 ${large ? 'max-w-md' : 'max-w-sm'}` : `grid-cols-3 ${large ? 'max-w-xl' : 'max-w-md'}`;
  return (
    <ul className={`grid gap-1.5 ${columns} ${className}`} data-testid="image-grid">
      {shown.map((image, index) => (
        <li key={`${index}:${image.url}`} className="aspect-square overflow-hidden rounded-lg bg-zinc-100 dark:bg-zinc-800">
          <a href={image.url} target="_blank" rel="noopener noreferrer" className="block size-full">
            <img src={image.url} alt={label(index)} loading="lazy" decoding="async" className="size-full object-cover transition-transform hover:scale-[1.03]" />
          </a>
        </li>
      ))}
    </ul>
  );
}
