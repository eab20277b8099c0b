/**
 * Code highlighted on the server (issue 31): fenced Markdown code and HTML code blocks come out
 * with highlight.js token spans, and nothing else the sanitizer did not already allow; code text
 * stays escaped; unknown languages stay plain; sanitizing the result again changes nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findExecutable } from '../../../tests/support/xss-check';
import { renderContent } from './content.service';
import { codeText, highlightCodeBlocks, MAX_CODE_CHARS } from './highlight';
import { renderMarkdown } from './markdown';
import { sanitizeUserHtml } from './sanitize';

/** Every class attribute of an output: only `hljs-…` on spans, `language-…` on code. */
function classes(html: string): string[] {
  return [...html.matchAll(/<(\w+)[^>]*\sclass="([^"]*)"/g)].map(([, tag, value]) => `${tag}.${value}`);
}

describe('server-side code highlighting', () => {
  it('highlights fenced Markdown code with hljs spans, the code text escaped', () => {
    const html = renderMarkdown('```ts\nconst a: string = "<b>" + `</script><script>alert(1)</script>`;\n```');
    expect(html).toContain('<pre><code class="language-ts"><span class="hljs-keyword">const</span> <span class="hljs-attr">a</span>: <span class="hljs-built_in">string</span> = <span class="hljs-string">');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script/i);
    expect(findExecutable(html)).toEqual([]);
    for (const c of classes(html)) expect(c).toMatch(/^(span\.hljs-[a-z_-]+|code\.language-ts)$/);
  });

  it('highlights `<pre><code class="language-x">` in HTML posts; a `<script>` in the code stays text', () => {
    const html = sanitizeUserHtml('<pre><code class="language-html">&lt;script&gt;alert(1)&lt;/script&gt;<script>alert(2)</script></code></pre>');
    expect(html).toBe(
      '<pre><code class="language-html"><span class="hljs-tag">&lt;<span class="hljs-name">script</span>&gt;</span><span><span class="hljs-title">alert</span>(<span class="hljs-number">1</span>)</span><span class="hljs-tag">&lt;/<span class="hljs-name">script</span>&gt;</span></code></pre>',
    );
    expect(findExecutable(html)).toEqual([]);
  });

  it('keeps only hljs- classes: highlight.js’s sub-scope classes and any other span class are dropped', () => {
    const html = renderMarkdown('```js\nclass A extends B {}\n```');
    expect(html).toContain('<span class="hljs-title">A</span>');
    expect(html).not.toMatch(/class_|inherited__/);
    // An author may write the token classes (harmless colours), never anything else on a span.
    expect(sanitizeUserHtml('<p><span class="hljs-keyword fixed inset-0 language-js" style="color:red">x</span></p>')).toBe('<p><span class="hljs-keyword" style="color:red">x</span></p>');
    expect(sanitizeUserHtml('<p class="hljs-keyword"><b class="hljs-string">x</b></p>')).toBe('<p><b>x</b></p>');
  });

  it('leaves unknown languages, unnamed languages and code past the budget plain', () => {
    const unknown = renderMarkdown('```klingon\nqaStaHvIS <x>\n```');
    expect(unknown).toBe('<pre><code class="language-klingon">qaStaHvIS &lt;x&gt;\n</code></pre>');
    expect(renderMarkdown('```\nlet a = 1;\n```')).toBe('<pre><code>let a = 1;\n</code></pre>');
    expect(renderMarkdown('`let a` inline')).toBe('<p><code>let a</code> inline</p>');
    const long = `let a = 1;\n`.repeat(MAX_CODE_CHARS / 10);
    expect(renderMarkdown('```js\n' + long + '```')).not.toContain('hljs-');
    // The budget is per piece of content: the first block spends most of it, the second stays plain.
    const [first, second] = renderMarkdown('```js\n' + long.slice(0, 14_993) + '\n```\n\n```js\n' + long.slice(0, 10_000) + '\n```').split('</pre>');
    expect([first!.includes('hljs-keyword'), second!.includes('hljs-')]).toEqual([true, false]);
  });

  it('is idempotent: stored highlighted HTML sanitized again is unchanged', () => {
    const once = renderContent('```python\ndef f(x):\n    return x < 2 and "&"\n```', 'markdown').html;
    expect(once).toContain('<span class="hljs-keyword">def</span>');
    expect(sanitizeUserHtml(once)).toBe(once);
    expect(highlightCodeBlocks(once)).not.toBe(once); // re-highlighted from its text…
    expect(sanitizeUserHtml(highlightCodeBlocks(once))).toBe(once); // …to the same result
  });

  it('reads a block’s text: tags dropped, line breaks kept, entities decoded', () => {
    expect(codeText('a<br>b &lt;&amp;&gt; &#x41;&#66; &bogus; <span class="hljs-x">c</span>')).toBe('a\nb <&> AB &bogus; c');
  });

  it('summaries and text of highlighted posts are the code’s text, without markup', () => {
    const { text } = renderContent('```js\nif (a < b) go();\n```', 'markdown');
    expect(text).toBe('if (a < b) go();');
  });
});

describe('the browser gets no highlighter', () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
  const HIGHLIGHTER = /highlightAuto|registerLanguage|lowlight/;

  function sources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.(tsx?|jsx?)$/.test(entry.name) ? [path] : [];
    });
  }

  it('no browser-side source imports a highlighter or the server’s highlighting', () => {
    const offenders = [...sources(join(root, 'app')), ...sources(join(root, 'common'))].filter((file) =>
      /from\s+['"](highlight\.js|lowlight)|content\/highlight['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('the client build’s chunks (when built) hold no highlighter', () => {
    const assets = join(root, 'build/client/assets');
    if (!existsSync(assets)) return; // not built in this run: the import check above stands alone
    const chunks = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.filter((name) => HIGHLIGHTER.test(readFileSync(join(assets, name), 'utf8')))).toEqual([]);
  });
});
