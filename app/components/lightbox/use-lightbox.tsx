/**
 * Opening pictures in the viewer (lightbox.tsx, ADR 0031). The viewer's code is a separate chunk
 * loaded with the first picture opened (`lazy`), never with the page.
 *
 * - `useLightbox()`: `open(images, index, from)` and the `viewer` element to render.
 * - `useRichTextLightbox()`: for server-rendered post HTML (`.rich-text`): a ref for the container;
 *   its images that are not inside a link become focusable buttons ("View picture full size: …")
 *   that open the viewer on click, Enter or Space, with every such image of the post in order.
 *   Without JavaScript they stay plain images.
 */
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useT } from '~/lib/use-t';
import type { LightboxImage } from './lightbox';

export type { LightboxImage };

const Lightbox = lazy(() => import('./lightbox'));

/** Starts loading the viewer's chunk (on a first hover or focus), so the first open is instant. */
export function prefetchLightbox(): void {
  void import('./lightbox');
}

interface Opened {
  images: readonly LightboxImage[];
  index: number;
  from: HTMLElement | null;
}

export function useLightbox(): { open: (images: readonly LightboxImage[], index: number, from: HTMLElement | null) => void; viewer: ReactNode } {
  const [opened, setOpened] = useState<Opened | null>(null);
  const open = useCallback((images: readonly LightboxImage[], index: number, from: HTMLElement | null) => setOpened({ images, index, from }), []);
  const viewer = opened ? (
    <Suspense fallback={null}>
      <Lightbox
        images={opened.images}
        index={opened.index}
        returnFocus={opened.from}
        onIndexChange={(index) => setOpened((current) => (current ? { ...current, index } : current))}
        onClose={() => setOpened(null)}
      />
    </Suspense>
  ) : null;
  return { open, viewer };
}

const positiveInt = (value: string | null): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** A post's image as the viewer shows it: the original, its copies, its alt text as the caption. */
function fromImg(img: HTMLImageElement): LightboxImage {
  return {
    src: img.getAttribute('src') ?? '',
    srcset: img.getAttribute('srcset') ?? undefined,
    alt: img.getAttribute('alt') ?? '',
    width: positiveInt(img.getAttribute('width')),
    height: positiveInt(img.getAttribute('height')),
  };
}

/** The images of a post that open in the viewer: not inside a link (a link goes where it points). */
function viewable(container: HTMLElement): HTMLImageElement[] {
  return [...container.querySelectorAll('img')].filter((img) => !img.closest('a') && img.getAttribute('src'));
}

/** `ref`: a callback ref for the post's container; `viewer`: the element to render beside it. */
export function useRichTextLightbox(html: string): { ref: (element: HTMLDivElement | null) => void; viewer: ReactNode } {
  const t = useT();
  const [container, ref] = useState<HTMLDivElement | null>(null);
  const { open, viewer } = useLightbox();

  useEffect(() => {
    if (!container) return;
    const images = viewable(container);
    for (const img of images) {
      const name = img.getAttribute('alt')?.trim();
      img.tabIndex = 0;
      img.setAttribute('role', 'button');
      img.setAttribute('aria-haspopup', 'dialog');
      img.setAttribute('aria-label', name ? t('lightbox.open', { name }) : t('lightbox.openUnnamed'));
      img.classList.add('rt-zoomable');
    }
    const openAt = (target: EventTarget | null): boolean => {
      const img = target instanceof HTMLImageElement ? target : null;
      const at = img ? images.indexOf(img) : -1;
      if (!img || at < 0) return false;
      open(images.map(fromImg), at, img);
      return true;
    };
    const onClick = (event: MouseEvent) => {
      if (event.button === 0 && !event.metaKey && !event.ctrlKey && openAt(event.target)) event.preventDefault();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.key === 'Enter' || event.key === ' ') && openAt(event.target)) event.preventDefault();
    };
    const onPointerOver = (event: PointerEvent) => {
      if (event.target instanceof HTMLImageElement) prefetchLightbox();
    };
    container.addEventListener('click', onClick);
    container.addEventListener('keydown', onKeyDown);
    container.addEventListener('pointerover', onPointerOver, { once: true });
    return () => {
      container.removeEventListener('click', onClick);
      container.removeEventListener('keydown', onKeyDown);
      container.removeEventListener('pointerover', onPointerOver);
    };
  }, [container, html, open, t]);

  return { ref, viewer };
}
