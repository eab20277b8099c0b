/**
 * Editor constants (spec §3, §5, §9). Limits shared with the server (upload size) come from
 * the content policy (`common/rich-text/policy.ts`); the rest only shape the editor's behaviour in the browser.
 */
import { IMAGE_LIMITS, IMAGE_MIME_TYPES } from '../../common/rich-text/policy';

export const EDITOR = {
  /** Default height of the editing area (CSS length). */
  defaultHeight: '400px',
  /** Compact mode (comments) default height. */
  compactHeight: '160px',
  slashMenuMaxItems: 10,
  undoDepth: 100,
  undoGroupMs: 500,
  recentColorsMax: 7,
  /**
   * Drop cursor disappears 5 s after the last dragover and 20 ms after a drop: exactly
   * prosemirror-dropcursor's timings (StarterKit's drop cursor); dropcursor.test.ts guards them.
   */
  dropCursorDragTimeoutMs: 5000,
  dropCursorDropTimeoutMs: 20,
  /** Several pasted or dropped images are inserted this far apart. */
  imageInsertIntervalMs: 10,
  uploadMaxBytes: IMAGE_LIMITS.maxBytes,
} as const;

/**
 * Accepted image MIME types: the policy's (spec §5), plus `image/jpg`, which is not a registered
 * type but some systems send it for .jpg files.
 */
export const ACCEPTED_IMAGE_TYPES: readonly string[] = [...IMAGE_MIME_TYPES, 'image/jpg'];

/** `accept` attribute of the file picker. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/** 20 fixed text colours. */
export const TEXT_COLORS = [
  '#000000', '#434343', '#666666', '#999999', '#b7b7b7',
  '#e03131', '#e8590c', '#f08c00', '#2f9e44', '#099268',
  '#1971c2', '#1864ab', '#3b5bdb', '#6741d9', '#9c36b5',
  '#c2255c', '#862e9c', '#5c940d', '#a61e4d', '#ffffff',
] as const;

/** 20 light background colours. */
export const BACKGROUND_COLORS = [
  '#fff5f5', '#ffe3e3', '#fff4e6', '#ffe8cc', '#fff9db',
  '#fff3bf', '#f4fce3', '#d8f5a2', '#ebfbee', '#d3f9d8',
  '#e6fcf5', '#c3fae8', '#e3fafc', '#c5f6fa', '#e7f5ff',
  '#d0ebff', '#edf2ff', '#dbe4ff', '#f3f0ff', '#f8f0fc',
] as const;

export type ColorKind = 'text' | 'background';

