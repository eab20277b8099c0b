/**
 * Link dialog rules (spec §4, §5, §9), pure so they are unit-tested. Scheme checks and the
 * default protocol come from the content policy, so a link the editor makes is the link the
 * server keeps.
 */
import { isAllowedUri, normalizeLinkHref } from '../../common/rich-text/policy';

export type LinkSubmit =
  /** Empty URL: the dialog does nothing (and stays open). */
  | { kind: 'ignore' }
  /** A scheme outside the allowed list: refused with a message. */
  | { kind: 'unsafe' }
  /** Set the link; `text` replaces the selection when not null. */
  | { kind: 'apply'; href: string; text: string | null };

export interface LinkSubmitInput {
  url: string;
  text: string;
  /** Whether the editor has a non-empty selection (or the cursor is on a link). */
  hasSelection: boolean;
  /** The text the dialog was opened with (selection or link text); unchanged text keeps the selection. */
  initialText?: string;
}

/**
 * What confirming the dialog does: an empty URL does nothing; a bare host gets http://; a
 * forbidden scheme is refused; with empty text and nothing selected the URL becomes the text.
 */
export function resolveLinkSubmit(input: LinkSubmitInput): LinkSubmit {
  const url = input.url.trim();
  if (url === '') return { kind: 'ignore' };
  const href = normalizeLinkHref(url);
  if (href === '') return { kind: 'unsafe' };
  const text = input.text.trim() === '' ? '' : input.text;
  if (text === '') return { kind: 'apply', href, text: input.hasSelection ? null : url };
  if (input.hasSelection && text === (input.initialText ?? '')) return { kind: 'apply', href, text: null };
  return { kind: 'apply', href, text };
}

/** The check TipTap's link mark runs on parse, paste and render (unsafe → rendered with empty href). */
export function linkUriAllowed(url: string): boolean {
  return isAllowedUri(url);
}
