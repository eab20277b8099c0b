/**
 * Markdown rendering (the editor's Markdown mode and `contentType: markdown`): markdown-it with
 * raw HTML off, linkify on and single newlines as line breaks. Its output goes through the same
 * sanitizer as user HTML, so the policy (schemes, outbound links, images) applies unchanged.
 */
import MarkdownIt from 'markdown-it';
import { sanitizeUserHtml, type SanitizeOptions } from './sanitize';

const md = new MarkdownIt({ html: false, linkify: true, breaks: true, typographer: false });
// Only URLs with a scheme (and e-mail addresses) become links, as on GitHub: fuzzy host matching
// turned `readme.md` and `node.js` into links and cost several times the render time.
md.linkify.set({ fuzzyLink: false, fuzzyEmail: true, fuzzyIP: false });

/** markdown-it's own link check refuses javascript:, vbscript:, file: and non-raster data: before the sanitizer sees them. */
export function renderMarkdown(source: string, options: SanitizeOptions = {}): string {
  if (!source) return '';
  return sanitizeUserHtml(md.render(source), options);
}

/** The shared linkify-it matcher (used to auto-link plain text). */
export const linkify = md.linkify;
