/**
 * Quote and reply (issue 27): what a quoted selection becomes in the comment editor — a
 * blockquote of the selected text closed by the author's name linked back to the quoted post or
 * comment. The server reads that link to tell the quoted member (mentions feature). Pure.
 */
import type { ContentType } from '~/editor';

export interface SelectedQuote {
  /** The selected text, as the reader saw it. */
  text: string;
  /** The quoted post's or comment's author, as shown. */
  author: string;
  /** Site path back to what was quoted: `/topic/3` or `/topic/3#comment-9`. */
  url: string;
}

/** Longest quote kept: a quote points at a passage, it does not copy a post. */
export const QUOTE_MAX = 1000;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function lines(text: string): string[] {
  return text
    .slice(0, QUOTE_MAX)
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The quote as rich text: a paragraph per line, then "— Author" linking back; an empty paragraph to type into. */
export function quoteHtml(quote: SelectedQuote): string {
  const body = lines(quote.text)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
  return `<blockquote>${body}<p>— <a href="${escapeHtml(quote.url)}">${escapeHtml(quote.author)}</a></p></blockquote><p></p>`;
}

/** The quote as Markdown: `> ` lines, then `> — [Author](url)`, then a blank line. */
export function quoteMarkdown(quote: SelectedQuote): string {
  const author = quote.author.replace(/[\\[\]]/g, (ch) => `\\${ch}`);
  const body = lines(quote.text).map((line) => `> ${line}`);
  return `${[...body, '>', `> — [${author}](${quote.url})`].join('\n')}\n\n`;
}

/** The editor's value with the quote added at its end. */
export function withQuote(value: string, quote: SelectedQuote, contentType: ContentType): string {
  if (contentType === 'markdown') return `${value !== '' && !value.endsWith('\n\n') ? `${value.trimEnd()}\n\n` : value}${quoteMarkdown(quote)}`;
  return `${value.replace(/(?:<p><\/p>)+$/, '')}${quoteHtml(quote)}`;
}
