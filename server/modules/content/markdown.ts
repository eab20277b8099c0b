/**
 * Markdown rendering (the editor's Markdown mode and `contentType: markdown`): markdown-it with
 * raw HTML off, linkify on and single newlines as line breaks. Its output goes through the same
 * sanitizer as user HTML, so the policy (schemes, outbound links, images) applies unchanged.
 */
import type { default as MarkdownItConstructor, MarkdownIt } from 'markdown-it';
import { lazyPackage } from '../../infra/lazy-package';
import { sanitizeUserHtml, type SanitizeOptions } from './sanitize';

// Loaded on the first post that needs it, not at start (a cold start's cost, issue 32).
const markdownIt = lazyPackage<typeof MarkdownItConstructor>('markdown-it');
let parser: MarkdownIt | undefined;

function md(): MarkdownIt {
  if (parser) return parser;
  parser = new (markdownIt())({ html: false, linkify: true, breaks: true, typographer: false });
  // Only URLs with a scheme (and e-mail addresses) become links, as on GitHub: fuzzy host matching
  // turned `readme.md` and `node.js` into links and cost several times the render time.
  parser.linkify.set({ fuzzyLink: false, fuzzyEmail: true, fuzzyIP: false });
  return parser;
}

/** markdown-it's own link check refuses javascript:, vbscript:, file: and non-raster data: before the sanitizer sees them. */
export function renderMarkdown(source: string, options: SanitizeOptions = {}): string {
  if (!source) return '';
  return sanitizeUserHtml(md().render(source), options);
}

/** The shared linkify-it matcher (used to auto-link plain text). */
export function linkify(): MarkdownIt['linkify'] {
  return md().linkify;
}
