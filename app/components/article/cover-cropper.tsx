/**
 * The cover cropper (a dialog): the chosen picture behind a 16:9 frame. Drag it (mouse, pen or
 * touch) or move it with the arrow keys (Shift: farther); zoom with the slider, the buttons, the
 * mouse wheel or + and − (0 resets). "Use as cover" draws the framed part at the cover's size.
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { PlusIcon } from '~/components/ui/icons';
import { useToast } from '~/lib/toast';
import { useT } from '~/lib/use-t';
import { initialView, isUpscaled, MAX_ZOOM, MIN_ZOOM, panBy, previewBox, sourceRect, zoomTo, type CropView, type Size } from './crop-math';
import { COVER_SIZE, renderCover, type LoadedImage } from './cover-render';

/** Arrow keys move the picture by this share of the frame's width (Shift: the larger one). */
const KEY_STEP = 0.04;
const KEY_STEP_LARGE = 0.2;
const ZOOM_STEP = 0.1;

function MinusIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" aria-hidden="true" focusable="false" className={className}>
      <path d="M5 12h14" />
    </svg>
  );
}

/** Pointer drags in CSS pixels of the frame, turned into output pixels. */
function useDrag(onMove: (dx: number, dy: number) => void) {
  const last = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if (event.button !== 0) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      last.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      const from = last.current;
      if (!from || from.id !== event.pointerId) return;
      const ratio = COVER_SIZE.width / event.currentTarget.getBoundingClientRect().width;
      onMove((event.clientX - from.x) * ratio, (event.clientY - from.y) * ratio);
      last.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp() {
      last.current = null;
    },
  };
}

/** The key's move, zoom or reset; null for keys the frame leaves alone. */
function keyAction(event: KeyboardEvent): { pan: [number, number] } | { zoomBy: number } | 'reset' | null {
  const step = COVER_SIZE.width * (event.shiftKey ? KEY_STEP_LARGE : KEY_STEP);
  switch (event.key) {
    case 'ArrowLeft':
      return { pan: [-step, 0] };
    case 'ArrowRight':
      return { pan: [step, 0] };
    case 'ArrowUp':
      return { pan: [0, -step] };
    case 'ArrowDown':
      return { pan: [0, step] };
    case '+':
    case '=':
      return { zoomBy: ZOOM_STEP };
    case '-':
    case '_':
      return { zoomBy: -ZOOM_STEP };
    case '0':
      return 'reset';
    default:
      return null;
  }
}

/** Says so when the framed part has fewer pixels than the cover: it would be enlarged. */
function SoftNotice({ view, source }: { view: CropView; source: Size }) {
  const t = useT();
  if (!isUpscaled(view, source, COVER_SIZE)) return null;
  const rect = sourceRect(view, source, COVER_SIZE);
  return (
    <p className="mt-3 text-sm text-amber-800 dark:text-amber-300" role="status" data-testid="cover-soft">
      {t('articleEdit.cover.crop.small', { width: Math.round(rect.width), height: Math.round(rect.height), coverWidth: COVER_SIZE.width, coverHeight: COVER_SIZE.height })}
    </p>
  );
}

export interface CoverCropperProps {
  image: LoadedImage;
  onCancel: () => void;
  /** The cropped cover, ready to upload. */
  onApply: (file: File) => void;
}

export function CoverCropper({ image, onCancel, onApply }: CoverCropperProps) {
  const t = useT();
  const toast = useToast();
  const [view, setView] = useState<CropView>(() => initialView(image.size));
  const [busy, setBusy] = useState(false);
  const source = image.size;
  const zoom = (value: number) => setView((v) => zoomTo(v, value, source, COVER_SIZE));
  const pan = (dx: number, dy: number) => setView((v) => panBy(v, dx, dy, source, COVER_SIZE));
  const drag = useDrag(pan);
  const box = previewBox(view, source, COVER_SIZE);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const action = keyAction(event);
    if (!action) return;
    event.preventDefault();
    if (action === 'reset') setView(initialView(source));
    else if ('pan' in action) pan(...action.pan);
    // Whole hundredths: a slider's value (and what it announces) stays tidy.
    else zoom(Math.round((view.zoom + action.zoomBy) * 100) / 100);
  }

  function onWheel(event: WheelEvent<HTMLDivElement>) {
    // Smooth on trackpads, a tenth or so per notch on a mouse wheel.
    zoom(view.zoom * Math.exp(-event.deltaY * 0.0015));
  }

  async function apply() {
    setBusy(true);
    try {
      onApply(await renderCover(image.element, sourceRect(view, source, COVER_SIZE)));
    } catch {
      toast.error(t('articleEdit.cover.failed'));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onCancel()}
      size="lg"
      title={t('articleEdit.cover.crop.title')}
      description={t('articleEdit.cover.crop.description')}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('site.ui.cancel')}
          </Button>
          <Button onClick={() => void apply()} loading={busy} data-testid="cover-apply">
            {t('articleEdit.cover.crop.apply')}
          </Button>
        </>
      }
    >
      <div
        role="group"
        tabIndex={0}
        aria-label={t('articleEdit.cover.crop.area')}
        aria-describedby="cover-crop-help"
        className="relative aspect-video w-full cursor-grab touch-none overflow-hidden rounded-lg bg-zinc-900 select-none active:cursor-grabbing"
        onKeyDown={onKeyDown}
        onWheel={onWheel}
        data-testid="cover-crop-area"
        {...drag}
      >
        <img
          src={image.url}
          alt=""
          draggable={false}
          className="pointer-events-none absolute max-w-none"
          style={{ left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%` }}
        />
        {/* Thirds: where the eye goes first in a wide picture. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 grid grid-cols-3 grid-rows-3 [&>span]:border [&>span]:border-white/25">
          {Array.from({ length: 9 }, (_, i) => (
            <span key={i} />
          ))}
        </div>
      </div>
      <p id="cover-crop-help" className="mt-2 text-xs leading-5 text-zinc-600 dark:text-zinc-400">
        {t('articleEdit.cover.crop.help')}
      </p>
      <div className="mt-4 flex items-center gap-2">
        <Button variant="ghost" size="icon" onClick={() => zoom(view.zoom - ZOOM_STEP)} disabled={view.zoom <= MIN_ZOOM} aria-label={t('articleEdit.cover.crop.zoomOut')}>
          <MinusIcon />
        </Button>
        <input
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={view.zoom}
          onChange={(event) => zoom(Number(event.target.value))}
          aria-label={t('articleEdit.cover.crop.zoom')}
          aria-valuetext={`${Math.round(view.zoom * 100)}%`}
          className="accent-brand-700 h-2 flex-1 cursor-pointer"
          data-testid="cover-zoom"
        />
        <Button variant="ghost" size="icon" onClick={() => zoom(view.zoom + ZOOM_STEP)} disabled={view.zoom >= MAX_ZOOM} aria-label={t('articleEdit.cover.crop.zoomIn')}>
          <PlusIcon className="size-4" />
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setView(initialView(source))}>
          {t('articleEdit.cover.crop.reset')}
        </Button>
      </div>
      <SoftNotice view={view} source={source} />
    </Dialog>
  );
}
