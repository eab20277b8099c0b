/**
 * The `resizableImage` node (spec §3): src, alt, title, width, height (whole numbers or empty).
 * In the editor it shows two drag handles; dragging previews the new size and the size is
 * written to the document once, on pointer release, clamped to 50–800 px wide with the aspect
 * ratio kept (spec §4, §5).
 */
import { mergeAttributes, Node } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import type { EditorView, NodeView } from '@tiptap/pm/view';
import { parseDimension, proposedWidth, resizeImage, type ImageSize } from '../image-size';

export interface ResizableImageOptions {
  /** Whether a `src` may be kept (mirrors the server policy); refused images are dropped. */
  isAllowedSrc: (src: string) => boolean;
  /** Accessible names of the two handles, in the user's language. */
  labels: { resizeLeft: string; resizeRight: string };
  HTMLAttributes: Record<string, string>;
}

export interface ResizableImageAttributes {
  src: string;
  alt?: string | null;
  title?: string | null;
  width?: number | null;
  height?: number | null;
}

type Side = 'left' | 'right';

class ResizableImageView implements NodeView {
  dom: HTMLElement;
  private img: HTMLImageElement;
  private node: PMNode;
  private drag: { side: Side; startX: number; start: ImageSize; pointerId: number; current: ImageSize } | null = null;

  constructor(
    node: PMNode,
    private view: EditorView,
    private getPos: () => number | undefined,
    labels: ResizableImageOptions['labels'],
  ) {
    this.node = node;
    this.dom = document.createElement('span');
    this.dom.className = 'sabai-image';
    this.dom.setAttribute('data-resizable-image', '');
    this.img = document.createElement('img');
    this.img.draggable = false;
    this.dom.append(this.img);
    for (const side of ['left', 'right'] as const) {
      const handle = document.createElement('span');
      handle.className = `sabai-image-handle sabai-image-handle-${side}`;
      handle.setAttribute('role', 'presentation');
      handle.setAttribute('aria-label', side === 'left' ? labels.resizeLeft : labels.resizeRight);
      handle.setAttribute('title', side === 'left' ? labels.resizeLeft : labels.resizeRight);
      handle.dataset.side = side;
      handle.addEventListener('pointerdown', (e) => this.onPointerDown(e, side));
      this.dom.append(handle);
    }
    this.render();
  }

  private render(): void {
    const { src, alt, title, width, height } = this.node.attrs as ResizableImageAttributes;
    if (this.img.getAttribute('src') !== src) this.img.setAttribute('src', src);
    setOrRemove(this.img, 'alt', alt ?? '');
    setOrRemove(this.img, 'title', title);
    setOrRemove(this.img, 'width', width);
    setOrRemove(this.img, 'height', height);
    this.img.style.width = width ? `${width}px` : '';
    this.img.style.height = 'auto';
  }

  private onPointerDown(event: PointerEvent, side: Side): void {
    if (!this.view.editable || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const rect = this.img.getBoundingClientRect();
    const attrs = this.node.attrs as ResizableImageAttributes;
    const start: ImageSize = {
      width: Math.round(rect.width) || attrs.width || this.img.naturalWidth,
      height: Math.round(rect.height) || attrs.height || this.img.naturalHeight,
    };
    this.drag = { side, startX: event.clientX, start, pointerId: event.pointerId, current: start };
    const target = event.currentTarget as HTMLElement;
    target.setPointerCapture(event.pointerId);
    this.dom.classList.add('is-resizing');
    const move = (e: PointerEvent) => this.onPointerMove(e);
    const up = (e: PointerEvent) => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
      if (target.hasPointerCapture(e.pointerId)) target.releasePointerCapture(e.pointerId);
      this.commit(e.type === 'pointerup');
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  }

  private onPointerMove(event: PointerEvent): void {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    drag.current = resizeImage(drag.start, proposedWidth(drag.start.width, event.clientX - drag.startX, drag.side));
    // Preview only; the document changes once, on release.
    this.img.style.width = `${drag.current.width}px`;
  }

  private commit(apply: boolean): void {
    const drag = this.drag;
    this.drag = null;
    this.dom.classList.remove('is-resizing');
    const pos = this.getPos();
    if (!drag || !apply || pos === undefined) {
      this.render();
      return;
    }
    const attrs = this.node.attrs as ResizableImageAttributes;
    if (attrs.width === drag.current.width && attrs.height === drag.current.height) return;
    const tr = this.view.state.tr.setNodeMarkup(pos, undefined, { ...attrs, ...drag.current });
    this.view.dispatch(tr);
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    if (!this.drag) this.render();
    return true;
  }

  selectNode(): void {
    this.dom.classList.add('is-selected');
  }

  deselectNode(): void {
    this.dom.classList.remove('is-selected');
  }

  stopEvent(event: Event): boolean {
    const target = event.target;
    return target instanceof HTMLElement && target.classList.contains('sabai-image-handle');
  }

  ignoreMutation(): boolean {
    return true;
  }
}

function setOrRemove(el: HTMLElement, name: string, value: string | number | null | undefined): void {
  if (value === null || value === undefined || value === '') el.removeAttribute(name);
  else el.setAttribute(name, String(value));
}

function dimensionAttribute(name: 'width' | 'height') {
  return {
    default: null,
    parseHTML: (element: HTMLElement) => parseDimension(element.getAttribute(name)) ?? parseDimension(element.style[name]),
    renderHTML: (attributes: Record<string, unknown>) => {
      const value = parseDimension(attributes[name]);
      return value === null ? {} : { [name]: String(value) };
    },
  };
}

export const ResizableImage = Node.create<ResizableImageOptions>({
  name: 'resizableImage',
  group: 'block',
  draggable: true,
  atom: true,
  selectable: true,

  addOptions() {
    return {
      isAllowedSrc: () => true,
      labels: { resizeLeft: 'Resize', resizeRight: 'Resize' },
      HTMLAttributes: {},
    };
  },

  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      title: { default: null },
      width: dimensionAttribute('width'),
      height: dimensionAttribute('height'),
    };
  },

  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => {
          const src = element.getAttribute('src') ?? '';
          return src !== '' && this.options.isAllowedSrc(src) ? null : false;
        },
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes)];
  },

  addNodeView() {
    return ({ node, view, getPos }) => new ResizableImageView(node, view, getPos, this.options.labels);
  },
});
