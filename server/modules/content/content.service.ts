/**
 * The one entry point for turning user content into what is stored and shown:
 * `renderContent(content, contentType)` → `{html, text, summary}`.
 * - html: sanitized HTML (the policy), stored at write time; reads never re-sanitize.
 * - text: plain text of that HTML (search index, notifications), one line per block.
 * - summary: the first ~200 characters of the text, whitespace collapsed, cut on a word or
 *   grapheme boundary (Intl.Segmenter: safe for Chinese, Thai and emoji), with an ellipsis.
 */
import type { ContentType } from '../../../common/rich-text/policy';
import { linkify, renderMarkdown } from './markdown';
import { escapeHtml, sanitizeUserHtml, type SanitizeOptions } from './sanitize';

export const SUMMARY_MAX_GRAPHEMES = 200;

export interface RenderedContent {
  html: string;
  text: string;
  summary: string;
}

export function renderContent(content: string, contentType: ContentType, options: SanitizeOptions = {}): RenderedContent {
  const html = renderHtml(content, contentType, options);
  const text = htmlToText(html);
  return { html, text, summary: summarize(text) };
}

export function renderHtml(content: string, contentType: ContentType, options: SanitizeOptions = {}): string {
  switch (contentType) {
    case 'html':
      return sanitizeUserHtml(content, options);
    case 'markdown':
      return renderMarkdown(content, options);
    case 'text':
      return sanitizeUserHtml(renderPlainText(content), options);
  }
}

/** Plain text as HTML: blank lines separate paragraphs, single newlines are line breaks, URLs become links. */
export function renderPlainText(source: string): string {
  return source
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${linkifyText(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function linkifyText(text: string): string {
  const matches = linkify().match(text) ?? [];
  let out = '';
  let last = 0;
  for (const m of matches) {
    out += escapeHtml(text.slice(last, m.index));
    out += `<a href="${escapeHtml(m.url)}">${escapeHtml(m.text)}</a>`;
    last = m.lastIndex;
  }
  return out + escapeHtml(text.slice(last));
}

const BLOCK_END = /<\/(?:p|h[1-6]|li|pre|blockquote|div|tr|table|ul|ol|figure|figcaption)>|<br\s*\/?>|<hr\s*\/?>/gi;
const CELL_END = /<\/t[dh]>/gi;

/**
 * Plain text of SANITIZED html (the sanitizer's output is well formed, with `<`, `>` and `"`
 * escaped inside attribute values and text, so a tag-stripping pattern is exact here). Never
 * feed it raw user HTML.
 */
export function htmlToText(sanitizedHtml: string): string {
  const text = sanitizedHtml
    .replace(/\s+/g, ' ') // HTML whitespace collapses; line structure comes from the elements
    .replace(BLOCK_END, '\n')
    .replace(CELL_END, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * Whether rendered content shows anything: text, or an element that is content by itself (an
 * image, a divider). An empty post or comment is refused by this one rule everywhere.
 */
export function hasVisibleContent(rendered: Pick<RenderedContent, 'html' | 'text'>): boolean {
  return rendered.text.trim() !== '' || /<(img|video|iframe|hr)\b/i.test(rendered.html);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const words = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * Whitespace-collapsed text cut to at most `max` graphemes (ellipsis included). The cut falls on
 * a word boundary (ICU word segmentation also splits Chinese and Thai) unless that would lose
 * more than a fifth of the room, then on a grapheme boundary; never inside a character. Only the
 * first `max` graphemes are ever segmented, so long texts cost no more than short ones.
 */
export function summarize(text: string, max = SUMMARY_MAX_GRAPHEMES): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  const room = max - 1;
  // End offsets (UTF-16) of the first `room` graphemes; stop as soon as we know it is too long.
  const ends: number[] = [];
  let count = 0;
  for (const { index, segment } of graphemes.segment(collapsed)) {
    count++;
    if (count > max) break;
    if (count <= room) ends.push(index + segment.length);
  }
  if (count <= max) return collapsed;
  const cut = ends[ends.length - 1] ?? 0;
  // The last word boundary at or before the cut.
  let boundary = 0;
  for (const { index, segment } of words.segment(collapsed)) {
    const end = index + segment.length;
    if (end > cut) break;
    boundary = end;
  }
  // Graphemes kept at that boundary (ends are increasing): when too few, cut at the grapheme instead.
  let kept = 0;
  while (kept < ends.length && (ends[kept] ?? Infinity) <= boundary) kept++;
  const end = kept >= room * 0.8 ? boundary : cut;
  return `${collapsed.slice(0, end).trimEnd()}…`;
}

/** Plain text cut to `max` graphemes; short text (the usual case) skips the segmenter. */
export function shortText(text: string, max: number): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length <= max ? collapsed : summarize(collapsed, max);
}
