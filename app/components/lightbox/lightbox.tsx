/**
 * The picture viewer (ADR 0031): a post's images or a tweet's pictures, one at a time, over the
 * page. Loaded only when a picture is first opened (use-lightbox.tsx imports it lazily), so it
 * weighs nothing on a page's first load.
 *
 * - Radix Dialog: role=dialog, aria-modal, focus trapped inside and given back to the picture
 *   that opened it (`returnFocus`), Escape closes, the page behind does not scroll.
 * - Keys: left/right arrows move (wrapping around), Home/End go to the first/last picture.
 * - Pointer events (touch, pen and mouse alike): a horizontal swipe moves on; two fingers pinch
 *   to zoom (1×–4×); a double tap toggles 2.5× at the tapped point; a zoomed picture is dragged.
 *   Zoom is a CSS transform on the picture, so nothing else on the page moves.
 * - The caption is the picture's alt text; the counter reads "3 / 9" and is announced politely.
 */
import { Dialog } from 'radix-ui';
import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useT } from '~/lib/use-t';

export interface LightboxImage {
  src: string;
  srcset?: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface LightboxProps {
  images: readonly LightboxImage[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Where focus goes back when the viewer closes (the picture or link that opened it). */
  returnFocus: HTMLElement | null;
}

const MIN_SCALE = 1;
const MAX_SCALE = 4;
const DOUBLE_TAP_SCALE = 2.5;
/** A swipe: at least this far sideways (px), and more sideways than up or down. */
const SWIPE_PX = 50;
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP_PX = 24;

interface View {
  scale: number;
  x: number;
  y: number;
}

const RESTING: View = { scale: 1, x: 0, y: 0 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

interface Gesture {
  /** Active pointers' positions. */
  pointers: Map<number, { x: number; y: number }>;
  /** Where the single-pointer gesture began, and the view then. */
  start: { x: number; y: number; view: View } | null;
  /** The two-finger distance and view when a pinch began. */
  pinch: { distance: number; view: View } | null;
  /** Whether this gesture pinched at any point (then it is no swipe and no tap). */
  pinched: boolean;
  lastTap: { time: number; x: number; y: number } | null;
}

function distance(points: Map<number, { x: number; y: number }>): number {
  const [a, b] = [...points.values()];
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
}

export default function Lightbox({ images, index, onIndexChange, onClose, returnFocus }: LightboxProps) {
  const t = useT();
  const count = images.length;
  const image = images[index] ?? images[0];
  // The zoom belongs to one picture: moving to another shows it unzoomed.
  const [zoom, setZoom] = useState<{ index: number; view: View }>({ index, view: RESTING });
  const view = zoom.index === index ? zoom.view : RESTING;
  const setView = (next: View | ((current: View) => View)) =>
    setZoom((z) => ({ index, view: typeof next === 'function' ? next(z.index === index ? z.view : RESTING) : next }));
  // While a finger or the mouse is down the picture follows it without easing.
  const [touching, setTouching] = useState(false);
  const gesture = useRef<Gesture>({ pointers: new Map(), start: null, pinch: null, pinched: false, lastTap: null });

  const move = useCallback(
    (step: number) => {
      if (count > 1) onIndexChange((index + step + count) % count);
    },
    [count, index, onIndexChange],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      move(step);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      onIndexChange(event.key === 'Home' ? 0 : count - 1);
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const g = gesture.current;
    event.currentTarget.setPointerCapture(event.pointerId);
    g.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    setTouching(true);
    if (g.pointers.size === 1) {
      g.start = { x: event.clientX, y: event.clientY, view };
      g.pinched = false;
    } else if (g.pointers.size === 2) {
      g.pinch = { distance: distance(g.pointers), view };
      g.pinched = true;
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g.pointers.has(event.pointerId)) return;
    g.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (g.pinch && g.pointers.size >= 2) {
      const ratio = distance(g.pointers) / Math.max(1, g.pinch.distance);
      const scale = clamp(g.pinch.view.scale * ratio, MIN_SCALE, MAX_SCALE);
      setView(scale === 1 ? RESTING : { ...g.pinch.view, scale });
    } else if (g.start && g.start.view.scale > 1) {
      // Dragging a zoomed picture.
      setView({ ...g.start.view, x: g.start.view.x + event.clientX - g.start.x, y: g.start.view.y + event.clientY - g.start.y });
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g.pointers.has(event.pointerId)) return;
    g.pointers.delete(event.pointerId);
    setTouching(g.pointers.size > 0);
    if (g.pointers.size > 0) {
      // One finger of a pinch lifted: the other one drags from here on.
      const [rest] = [...g.pointers.values()];
      g.pinch = null;
      g.start = rest ? { x: rest.x, y: rest.y, view } : null;
      return;
    }
    const start = g.start;
    g.start = null;
    g.pinch = null;
    if (!start || g.pinched || event.type === 'pointercancel') return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (start.view.scale === 1 && Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      g.lastTap = null;
      move(dx < 0 ? 1 : -1);
      return;
    }
    if (Math.hypot(dx, dy) > DOUBLE_TAP_SLOP_PX) return;
    const now = event.timeStamp;
    const last = g.lastTap;
    if (last && now - last.time < DOUBLE_TAP_MS && Math.hypot(event.clientX - last.x, event.clientY - last.y) < DOUBLE_TAP_SLOP_PX) {
      g.lastTap = null;
      toggleZoom(event.clientX, event.clientY, event.currentTarget);
    } else {
      g.lastTap = { time: now, x: event.clientX, y: event.clientY };
    }
  };

  /** 2.5× centred on the point (client coordinates) in the stage, or back to rest. */
  const toggleZoom = (clientX?: number, clientY?: number, stage?: HTMLElement) => {
    setView((current) => {
      if (current.scale > 1) return RESTING;
      const box = stage?.getBoundingClientRect();
      if (!box || clientX === undefined || clientY === undefined) return { scale: DOUBLE_TAP_SCALE, x: 0, y: 0 };
      const offsetX = clientX - (box.left + box.width / 2);
      const offsetY = clientY - (box.top + box.height / 2);
      return { scale: DOUBLE_TAP_SCALE, x: -offsetX * (DOUBLE_TAP_SCALE - 1), y: -offsetY * (DOUBLE_TAP_SCALE - 1) };
    });
  };

  if (!image) return null;
  const counter = t('lightbox.counter', { index: index + 1, count });
  const zoomed = view.scale > 1;
  const button =
    'inline-flex h-11 min-w-11 items-center justify-center rounded-full bg-zinc-900/70 px-3 text-lg text-white hover:bg-zinc-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[200] bg-zinc-950/95" />
        <Dialog.Content
          className="fixed inset-0 z-[201] flex flex-col text-white outline-none"
          data-testid="lightbox"
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            // Back to the picture that opened the viewer (Radix would look for a Dialog.Trigger).
            if (returnFocus?.isConnected) {
              event.preventDefault();
              returnFocus.focus();
            }
          }}
        >
          <Dialog.Title className="sr-only">{t('lightbox.title')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('lightbox.help')}</Dialog.Description>
          <div className="flex items-center justify-between gap-2 p-2">
            <p className="px-2 text-sm tabular-nums" aria-live="polite" aria-atomic="true" data-testid="lightbox-counter">
              {counter}
            </p>
            <div className="flex items-center gap-2">
              <button type="button" className={button} aria-pressed={zoomed} onClick={() => toggleZoom()}>
                <span aria-hidden="true">{zoomed ? '−' : '+'}</span>
                <span className="sr-only">{zoomed ? t('lightbox.zoomOut') : t('lightbox.zoomIn')}</span>
              </button>
              <a href={image.src} target="_blank" rel="noopener noreferrer" className={button}>
                <span aria-hidden="true">↗</span>
                <span className="sr-only">{t('lightbox.original')}</span>
              </a>
              <Dialog.Close className={button} aria-label={t('lightbox.close')} data-testid="lightbox-close">
                <span aria-hidden="true">×</span>
              </Dialog.Close>
            </div>
          </div>
          <figure className="relative flex min-h-0 flex-1 flex-col">
            <div
              className="relative flex min-h-0 flex-1 items-center justify-center overflow-hidden select-none"
              style={{ touchAction: 'none' }}
              data-testid="lightbox-stage"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
            >
              <img
                key={image.src}
                src={image.src}
                srcSet={image.srcset || undefined}
                sizes={image.srcset ? '100vw' : undefined}
                width={image.width}
                height={image.height}
                alt={image.alt}
                draggable={false}
                className="max-h-full max-w-full object-contain"
                style={{ height: 'auto', transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`, transition: touching ? 'none' : 'transform 150ms ease-out' }}
                data-testid="lightbox-image"
              />
            </div>
            {image.alt && (
              <figcaption className="px-4 py-3 text-center text-sm text-zinc-200" data-testid="lightbox-caption">
                {image.alt}
              </figcaption>
            )}
          </figure>
          {count > 1 && (
            <>
              <button type="button" className={`${button} absolute top-1/2 left-2 -translate-y-1/2`} aria-label={t('lightbox.previous')} onClick={() => move(-1)} data-testid="lightbox-previous">
                <span aria-hidden="true">‹</span>
              </button>
              <button type="button" className={`${button} absolute top-1/2 right-2 -translate-y-1/2`} aria-label={t('lightbox.next')} onClick={() => move(1)} data-testid="lightbox-next">
                <span aria-hidden="true">›</span>
              </button>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
