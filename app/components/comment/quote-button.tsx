/**
 * The floating "Quote" button: selecting text in the item or a comment (mouse, keyboard or a
 * touch's selection handles) shows it next to the selection; pressing it hands the selection to
 * the comment box as a quote. It sits in the page's order just before the comment box, so the
 * keyboard reaches it with Tab after selecting; it keeps the selection when clicked or tapped.
 */
import { useEffect, useState } from 'react';
import { useT } from '~/lib/use-t';
import type { SelectedQuote } from './quote';

/** What a quotable element says of itself: `data-quote-author` and `data-quote-comment` (absent: the item). */
export interface QuoteSource {
  /** Path of the item this section belongs to: `/topic/3`. */
  itemPath: string;
}

interface Shown {
  quote: SelectedQuote;
  left: number;
  top: number;
}

function quotableOf(node: Node | null): HTMLElement | null {
  const element = node instanceof HTMLElement ? node : (node?.parentElement ?? null);
  return element?.closest<HTMLElement>('[data-quote-author]') ?? null;
}

/** The selection as a quote, when it lies within one quotable element. */
function readSelection(itemPath: string): Shown | null {
  const selection = typeof window === 'undefined' ? null : window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const source = quotableOf(selection.anchorNode);
  if (!source || source !== quotableOf(selection.focusNode)) return null;
  const text = selection.toString().trim();
  if (text === '') return null;
  const comment = source.dataset.quoteComment;
  const url = comment ? `${itemPath}#comment-${comment}` : itemPath;
  const rect = selection.getRangeAt(0).getBoundingClientRect();
  const above = rect.top - 48;
  return { quote: { text, author: source.dataset.quoteAuthor ?? '', url }, left: Math.max(8, Math.min(rect.left, window.innerWidth - 120)), top: above > 8 ? above : rect.bottom + 8 };
}

export function QuoteButton({ itemPath, onQuote }: QuoteSource & { onQuote: (quote: SelectedQuote) => void }) {
  const t = useT();
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = readSelection(itemPath);
        // Keep the button while focus is on it (the keyboard's way to press it).
        if (!next && document.activeElement?.hasAttribute('data-quote-button')) return;
        setShown(next);
      });
    };
    document.addEventListener('selectionchange', update);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('selectionchange', update);
    };
  }, [itemPath]);

  if (!shown) return null;
  return (
    <button
      type="button"
      data-quote-button=""
      data-testid="quote-button"
      aria-label={t('mentions.quote.label')}
      // Keep the selection while pressing.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        // The page's selection goes first: clearing it later would take the focus the box is given.
        window.getSelection()?.removeAllRanges();
        onQuote(shown.quote);
        setShown(null);
      }}
      onBlur={() => {
        if (!readSelection(itemPath)) setShown(null);
      }}
      className="fixed z-[70] inline-flex min-h-11 min-w-11 items-center gap-1.5 rounded-lg bg-zinc-900 px-3 text-sm font-medium text-white shadow-lg hover:bg-zinc-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
      style={{ left: shown.left, top: shown.top }}
    >
      <span aria-hidden="true">❝</span>
      {t('mentions.quote.button')}
    </button>
  );
}
