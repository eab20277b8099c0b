/**
 * Code blocks highlighted on the server, when content is written (issue 31): the sanitizer's
 * output is searched for `<pre><code class="language-x">…</code></pre>` (fenced Markdown code
 * and the editor's code blocks both come out in that shape), the block's text is highlighted
 * with highlight.js core and the common languages below, and the sanitizer then checks the
 * result again (sanitize.ts), which keeps only `<span class="hljs-…">`. The browser gets
 * coloured HTML and a few CSS rules (app/editor/content.css), never a highlighter.
 *
 * - A language highlight.js does not have here (or none named): the block stays as it was,
 *   escaped plain text. No guessing: auto-detection runs every grammar over the text.
 * - highlight.js loads with the first code block written (lazyPackage, as sanitize-html does),
 *   not when the server starts; a grammar compiles on its first use.
 * - At most `MAX_CODE_CHARS` of code is highlighted per piece of content: a block that would
 *   pass that total is left plain, so a write's cost stays bounded (highlight.js takes some
 *   10–20 ms per 10,000 characters on a quiet core; HTML is the slowest grammar).
 */
import type { HLJSApi, LanguageFn } from 'highlight.js';
import { lazyPackage } from '../../infra/lazy-package';

/** The languages registered (their aliases come with them: js, ts, py, sh, html, yml, c++…). */
export const HIGHLIGHT_LANGUAGES = [
  'bash',
  'c',
  'cpp',
  'csharp',
  'css',
  'diff',
  'go',
  'java',
  'javascript',
  'json',
  'kotlin',
  'markdown',
  'php',
  'python',
  'ruby',
  'rust',
  'shell',
  'sql',
  'swift',
  'typescript',
  'xml',
  'yaml',
] as const;

/** Code highlighted per piece of content, in characters; blocks past it are shown plain. */
export const MAX_CODE_CHARS = 20_000;

const loadCore = lazyPackage<HLJSApi>('highlight.js/lib/core');
let ready: HLJSApi | undefined;

function highlighter(): HLJSApi {
  if (ready) return ready;
  const hljs = loadCore().newInstance();
  for (const name of HIGHLIGHT_LANGUAGES) hljs.registerLanguage(name, lazyPackage<LanguageFn>(`highlight.js/lib/languages/${name}`)());
  return (ready = hljs);
}

/** `<pre><code class="…">…</code></pre>` as the sanitizer writes it (pre carries no attribute). */
const CODE_BLOCK = /<pre><code class="([^"]*)">([\s\S]*?)<\/code><\/pre>/g;
const LANGUAGE_CLASS = /(?:^|\s)language-([A-Za-z0-9_+#-]{1,32})(?:\s|$)/;

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text of a code block's sanitized HTML: tags dropped (a `<br>` is a line), entities decoded. */
export function codeText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? entity;
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    });
}

/**
 * Sanitized HTML with each code block of a known language highlighted; the same string when
 * there is nothing to do. Its output must go through the sanitizer again (sanitizeUserHtml does).
 */
export function highlightCodeBlocks(sanitizedHtml: string): string {
  if (!sanitizedHtml.includes('<pre><code class="')) return sanitizedHtml;
  let budget = MAX_CODE_CHARS;
  return sanitizedHtml.replace(CODE_BLOCK, (block, classes: string, inner: string) => {
    const language = LANGUAGE_CLASS.exec(classes)?.[1]?.toLowerCase();
    if (!language) return block;
    const hljs = highlighter();
    if (!hljs.getLanguage(language)) return block;
    const text = codeText(inner);
    if (text.length > budget) return block;
    budget -= text.length;
    const { value } = hljs.highlight(text, { language, ignoreIllegals: true });
    return `<pre><code class="${classes}">${value}</code></pre>`;
  });
}
