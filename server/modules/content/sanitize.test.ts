import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { STYLE_PATTERNS, STYLE_PROPERTIES } from '../../../common/rich-text/policy';
import { decodeEntities, findExecutable } from '../../../tests/support/xss-check';
import { htmlToText, renderContent, summarize } from './content.service';
import { renderMarkdown } from './markdown';
import { linkHref, sanitizeUserHtml } from './sanitize';
import { XSS_VECTORS } from './xss-corpus';

const SITE = 'https://forum.example.com';

describe('the XSS checker (self-test: it must be able to fail)', () => {
  it.each([
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
    '<a href="javascript%3Aalert(1)">x</a>',
    '<a href="/redirect?url=javascript%3Aalert(1)">x</a>',
    '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
    '<a href="data:image/png;base64,AAAA">x</a>',
    '<span style="background:url(javascript:alert(1))">x</span>',
    '<span style="color:red;position:fixed">x</span>',
    '<p style="x:\\65 xpression(1)">x</p>',
    '<p style="color:exp/**/ression(1)">x</p>',
    '<svg onload=alert(1)>',
    '<img/src="x"/onerror=alert(1)>',
    '<img src=x\tONERROR=alert(1)>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<!-- x --><p>y</p>',
    '<p>a < b</p>',
    '<input type=text>',
    '<a href=x onclick=alert(1)>x</a>',
    '<form action="javascript:alert(1)"></form>',
    '<img src="/uploads/a.png" srcset="https://evil.example/x.jpg 1w">',
    '<img src="/uploads/a.png" srcset="/uploads/a-320w.webp 320w, //evil.example/x.jpg 640w">',
    '<p loading="lazy">x</p>',
  ])('flags %s', (raw) => {
    expect(findExecutable(raw)).not.toEqual([]);
  });

  it('passes clean sanitized output', () => {
    expect(
      findExecutable(
        '<p style="text-align:center">a &lt; b &amp; c</p><a href="/redirect?url=https%3A%2F%2Fx.com%2F" rel="noopener noreferrer nofollow" target="_blank">x</a><img src="data:image/png;base64,iVBORw0KGgo=" alt="" />',
      ),
    ).toEqual([]);
  });

  it('decodes character references the way browsers do (and then some)', () => {
    expect(decodeEntities('&#106;&#x61;v&#97;script&colon;')).toBe('javascript:');
    expect(decodeEntities('&#0000106&#0000097')).toBe('ja');
    expect(decodeEntities('&amp;#106;')).toBe('j');
  });

  it('flags every raw HTML vector of the corpus except those a browser also reads as inert', () => {
    const notFlagged = XSS_VECTORS.filter((v) => v.contentType === 'html' && findExecutable(v.payload).length === 0).map((v) => v.payload);
    // Escaped text, or markup swallowed by a quoted/unquoted attribute value: inert as written.
    // They target sanitizers that re-serialize such values badly, so they stay in the corpus.
    expect(notFlagged).toEqual([
      // Not script at all: off-site links that must be wrapped in /redirect (checked by offSiteHrefs).
      '<a href="https:evil.example">x</a>',
      '<a href="https:/evil.example">x</a>',
      '<a href="http:evil.example">x</a>',
      '<a title="a&#x3c;img src=x onerror=alert(1)&#x3e;">x</a>',
      '<p>&lt;img src=x onerror=alert(1)&gt;</p>',
      '<a href="</a><img src=x onerror=alert(1)>">x</a>',
      '<img alt="<x" title="/><img src=x onerror=alert(1)>">',
      '<img src=`x`onerror=alert(1)>',
      '<img src= onerror="alert(1)">',
    ]);
  });

  it('catches deliberately weakened sanitizers run over the corpus', () => {
    const mutants: Record<string, (html: string) => string> = {
      'all attributes': (h) => sanitizeHtml(h, { allowedTags: ['a', 'img', 'p', 'div', 'span'], allowedAttributes: false }),
      'javascript: and data: allowed': (h) =>
        sanitizeHtml(h, { allowedTags: ['a', 'img'], allowedAttributes: { a: ['href'], img: ['src'] }, allowedSchemes: ['http', 'https', 'javascript', 'data'] }),
      'any style': (h) => sanitizeHtml(h, { allowedTags: ['span', 'div', 'p'], allowedAttributes: { '*': ['style'] }, parseStyleAttributes: false }),
      'svg allowed': (h) => sanitizeHtml(h, { allowedTags: ['svg', 'a', 'animate', 'set'], allowedAttributes: false, allowVulnerableTags: true }),
    };
    for (const [name, mutant] of Object.entries(mutants)) {
      const caught = XSS_VECTORS.filter((v) => v.contentType === 'html' && findExecutable(mutant(v.payload)).length > 0);
      expect(caught.length, name).toBeGreaterThan(5);
    }
  });
});

/**
 * Hrefs in `html` that a browser would follow straight to another host (not through /redirect),
 * on a page of this site served over http or over https.
 */
function offSiteHrefs(html: string): string[] {
  const found: string[] = [];
  for (const [, raw = ''] of html.matchAll(/\shref="([^"]*)"/g)) {
    const href = decodeEntities(raw);
    for (const page of ['https://forum.example.com/topic/1', 'http://forum.example.com/topic/1']) {
      let url: URL;
      try {
        url = new URL(href, page);
      } catch {
        continue;
      }
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host !== 'forum.example.com') found.push(`${href} (on ${page})`);
    }
  }
  return found;
}

describe('XSS corpus: nothing executable survives', () => {
  it('holds at least 150 vectors with unique ids', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(XSS_VECTORS.map((v) => v.id)).size).toBe(XSS_VECTORS.length);
  });

  it.each(XSS_VECTORS.map((v) => [v.id, v] as const))('%s', (_id, vector) => {
    for (const siteOrigin of [null, SITE]) {
      const { html, text, summary } = renderContent(vector.payload, vector.contentType, { siteOrigin });
      expect(findExecutable(html), `${vector.payload}\n→ ${html}`).toEqual([]);
      // Outbound links always pass the /redirect interstitial, whatever scheme the page has.
      expect(offSiteHrefs(html), `${vector.payload}\n→ ${html}`).toEqual([]);
      // Sanitizing the output again changes nothing (stored HTML can be re-fed).
      expect(sanitizeUserHtml(html, { siteOrigin })).toBe(html);
      expect(typeof text).toBe('string');
      expect(typeof summary).toBe('string');
    }
  });
});

describe('sanitizer keeps the editor content', () => {
  const doc = [
    '<h2 style="text-align: center">Title</h2>',
    '<p style="line-height: 1.5">Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s> and <code>code</code>.',
    ' <span style="color: #e03131; background-color: rgb(255, 243, 191); font-family: &quot;Noto Sans Thai&quot;, sans-serif; font-size: 18px">styled</span>',
    ' <mark>marked</mark></p>',
    '<blockquote><p>quote</p></blockquote>',
    '<ol start="3" type="i"><li><p>three</p></li></ol>',
    '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked="checked"><span></span></label><div><p>done</p></div></li></ul>',
    '<pre><code class="language-typescript">const a = 1 &lt; 2;</code></pre>',
    '<p><img src="/uploads/ab/cd/0123.png" alt="pic" title="t" width="300" height="200"></p>',
    '<hr>',
  ].join('');

  it('keeps formatting, styles, task lists, code language and image size', () => {
    const out = sanitizeUserHtml(doc);
    expect(out).toContain('<h2 style="text-align:center">Title</h2>');
    expect(out).toContain('<p style="line-height:1.5">Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s> and <code>code</code>.');
    expect(out).toContain('<span style="color:#e03131;background-color:rgb(255, 243, 191);font-family:&quot;Noto Sans Thai&quot;, sans-serif;font-size:18px">styled</span>');
    expect(out).toContain('<mark>marked</mark>');
    expect(out).toContain('<blockquote><p>quote</p></blockquote>');
    expect(out).toContain('<ol start="3" type="i"><li><p>three</p></li></ol>');
    expect(out).toContain(
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked disabled /><span></span></label><div><p>done</p></div></li></ul>',
    );
    expect(out).toContain('<pre><code class="language-typescript"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span> &lt; <span class="hljs-number">2</span>;</code></pre>');
    expect(out).toContain('<img src="/uploads/ab/cd/0123.png" alt="pic" title="t" width="300" height="200" />');
    expect(out).toContain('<hr />');
    expect(findExecutable(out)).toEqual([]);
  });

  it('drops oversized font-size and line-height in both layers', () => {
    const html = '<p style="line-height: 999"><span style="font-size: 999em">huge</span> <span style="font-size: 96px; color: red">big</span></p>';
    expect(sanitizeUserHtml(html)).toBe('<p><span>huge</span> <span style="font-size:96px;color:red">big</span></p>');
    // sanitize-html's own style check (the second layer) refuses them too.
    const secondLayer = sanitizeHtml('<span style="font-size:999em;line-height:999;color:red">x</span>', {
      allowedTags: ['span'],
      allowedAttributes: { span: ['style'] },
      allowedStyles: { span: Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [STYLE_PATTERNS[p]]])) },
    });
    expect(secondLayer).toBe('<span style="color:red">x</span>');
  });

  it('drops what the policy does not know, keeping the text', () => {
    expect(sanitizeUserHtml('<section><article>hi <font color=red>there</font></article></section>')).toBe('hi there');
    expect(sanitizeUserHtml('<p class="fixed inset-0" id="x" data-x="1" dir="rtl">p</p>')).toBe('<p>p</p>');
    expect(sanitizeUserHtml('<img src="https://x.com/a.png" width="12.5" height="auto" style="width:100px">')).toBe('<img src="https://x.com/a.png" />');
    expect(sanitizeUserHtml('<p>before<img src="javascript:alert(1)">after</p>')).toBe('<p>beforeafter</p>');
    expect(sanitizeUserHtml('<p>a<input type="text" value="x">b</p>')).toBe('<p>ab</p>');
  });

  it('keeps data:image rasters in img and refuses svg ones', () => {
    expect(sanitizeUserHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=" />');
    expect(sanitizeUserHtml('<img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
  });

  it('keeps https and /uploads images and drops http ones (the page CSP would not load them)', () => {
    expect(sanitizeUserHtml('<img src="https://img.example.com/a.png" alt="a">')).toBe('<img src="https://img.example.com/a.png" alt="a" />');
    expect(sanitizeUserHtml('<p><img src="http://img.example.com/a.png" alt="a">text</p>')).toBe('<p>text</p>');
    expect(renderMarkdown('![a](http://img.example.com/a.png)')).not.toContain('<img');
    expect(renderMarkdown('![a](https://img.example.com/a.png)')).toBe('<p><img src="https://img.example.com/a.png" alt="a" /></p>');
  });

  it('answers empty strings for empty input', () => {
    expect(sanitizeUserHtml('')).toBe('');
    expect(renderContent('', 'html')).toEqual({ html: '', text: '', summary: '' });
  });
});

describe('links', () => {
  it('renders an unsafe link with an empty href (spec §5)', () => {
    expect(sanitizeUserHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a href="" rel="noopener noreferrer nofollow">x</a>');
    expect(sanitizeUserHtml('<a href="vbscript:x" target="_blank">x</a>')).toBe('<a href="" rel="noopener noreferrer nofollow">x</a>');
  });

  it('sends outbound links through /redirect with target and rel', () => {
    expect(sanitizeUserHtml('<a href="https://example.com/a?b=1&amp;c=2#d" rel="opener" target="_self">x</a>', { siteOrigin: SITE })).toBe(
      '<a href="/redirect?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%26c%3D2%23d" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(linkHref('//evil.example/x', SITE)).toBe('/redirect?url=https%3A%2F%2Fevil.example%2Fx');
    expect(linkHref('/\\evil.example/x', SITE)).toBe('/redirect?url=https%3A%2F%2Fevil.example%2Fx');
    expect(linkHref('http://EXAMPLE.com', SITE)).toBe('/redirect?url=http%3A%2F%2Fexample.com%2F');
  });

  it.each(['https:evil.example/x', 'https:/evil.example/x', 'http:evil.example/x', 'HTTPS:\\\\evil.example/x'])(
    'parses %s as an absolute URL, whatever the site origin, and wraps it',
    (href) => {
      const scheme = href.toLowerCase().startsWith('https') ? 'https' : 'http';
      const wrapped = `/redirect?url=${encodeURIComponent(`${scheme}://evil.example/x`)}`;
      for (const origin of [null, SITE, 'http://forum.example.com', 'not a url']) {
        expect(linkHref(href, origin), `${href} on ${origin}`).toBe(wrapped);
        expect(sanitizeUserHtml(`<a href="${href}">x</a>`, { siteOrigin: origin })).toContain(`href="${wrapped.replace(/&/g, '&amp;')}"`);
      }
    },
  );

  it('normalises a scheme-relative link to the site itself', () => {
    expect(linkHref('https:forum.example.com/topic/1', SITE)).toBe('https://forum.example.com/topic/1');
    expect(linkHref('https:/forum.example.com/topic/1', SITE)).toBe('https://forum.example.com/topic/1');
    expect(linkHref('/redirect?url=https%3Aforum.example.com%2Ftopic%2F1', SITE)).toBe('https://forum.example.com/topic/1');
  });

  it('keeps links to the site itself direct', () => {
    expect(linkHref('https://forum.example.com/topic/1', SITE)).toBe('https://forum.example.com/topic/1');
    expect(linkHref('//forum.example.com/topic/1', SITE)).toBe('/topic/1');
    expect(linkHref('/topic/1?x=1#c', SITE)).toBe('/topic/1?x=1#c');
    expect(linkHref('#c', SITE)).toBe('#c');
    expect(linkHref('relative', SITE)).toBe('relative');
    // Without a known origin every absolute http(s) link counts as outbound.
    expect(linkHref('https://forum.example.com/topic/1', null)).toBe('/redirect?url=https%3A%2F%2Fforum.example.com%2Ftopic%2F1');
  });

  it('leaves the other spec schemes alone', () => {
    for (const href of ['mailto:a@b.co', 'tel:+6621234567', 'ftp://files.example.com/a', 'xmpp:a@b.co', 'sms:+1555', 'callto:x', 'cid:x@y']) {
      expect(linkHref(href, SITE)).toBe(href);
    }
  });

  it('is idempotent: a /redirect link is unwrapped and rewrapped', () => {
    const once = sanitizeUserHtml('<a href="https://example.com/x">x</a>', { siteOrigin: SITE });
    expect(sanitizeUserHtml(once, { siteOrigin: SITE })).toBe(once);
    expect(linkHref('/redirect?url=%2Ftopic%2F2', SITE)).toBe('/topic/2');
  });

  it('keeps title and rt- classes only, and no target on a link without href', () => {
    expect(sanitizeUserHtml('<a href="/t" title="hi" class="rt-link btn">x</a>')).toBe('<a href="/t" title="hi" class="rt-link" rel="noopener noreferrer nofollow" target="_blank">x</a>');
    expect(sanitizeUserHtml('<a target="_blank" name="n">x</a>')).toBe('<a>x</a>');
  });
});

describe('markdown (markdown-it through the same sanitizer)', () => {
  it('renders the common syntax', () => {
    const html = renderMarkdown('# H\n\n**b** _i_ ~~s~~ `c`\nnext line\n\n> q\n\n1. one\n2. two\n\n```js\nlet a = 1;\n```\n\n---\n\n| a | b |\n|:-|-:|\n| 1 | 2 |');
    expect(html).toContain('<h1>H</h1>');
    expect(html).toContain('<strong>b</strong> <em>i</em> <s>s</s> <code>c</code><br />');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<pre><code class="language-js"><span class="hljs-keyword">let</span> a = <span class="hljs-number">1</span>;');
    expect(html).toContain('<hr />');
    expect(html).toContain('<th style="text-align:left">a</th>');
    expect(html).toContain('<td style="text-align:right">2</td>');
  });

  it('escapes raw HTML instead of rendering it', () => {
    expect(renderMarkdown('<b>x</b> <script>alert(1)</script>')).toBe('<p>&lt;b&gt;x&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('links URLs with a scheme and e-mail addresses (not bare names like readme.md), outbound through /redirect', () => {
    const html = renderMarkdown('see readme.md, http://example.com and https://x.org/a and [t](https://forum.example.com/t/1) or a@b.co', { siteOrigin: SITE });
    expect(html).toContain('see readme.md, <a href="/redirect?url=http%3A%2F%2Fexample.com%2F" rel="noopener noreferrer nofollow" target="_blank">http://example.com</a>');
    expect(html).toContain('<a href="mailto:a@b.co" rel="noopener noreferrer nofollow" target="_blank">a@b.co</a>');
    expect(html).toContain('<a href="/redirect?url=https%3A%2F%2Fx.org%2Fa" rel="noopener noreferrer nofollow" target="_blank">https://x.org/a</a>');
    expect(html).toContain('<a href="https://forum.example.com/t/1" rel="noopener noreferrer nofollow" target="_blank">t</a>');
  });

  it('refuses javascript: links and svg data images', () => {
    expect(renderMarkdown('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>');
    expect(renderMarkdown('![x](data:image/svg+xml;base64,PHN2Zz4=)')).not.toContain('<img');
    expect(renderMarkdown('![x](/uploads/ab/cd/e.png "t")')).toBe('<p><img src="/uploads/ab/cd/e.png" alt="x" title="t" /></p>');
  });
});

describe('renderContent: text and summary', () => {
  it('renders plain text with paragraphs, line breaks and links, escaping markup', () => {
    const { html, text } = renderContent('hello <b>world</b>\nline 2 https://example.com/?a=1&b=2\n\npara & more', 'text', { siteOrigin: SITE });
    expect(html).toBe(
      '<p>hello &lt;b&gt;world&lt;/b&gt;<br />line 2 <a href="/redirect?url=https%3A%2F%2Fexample.com%2F%3Fa%3D1%26b%3D2" rel="noopener noreferrer nofollow" target="_blank">https://example.com/?a=1&amp;b=2</a></p><p>para &amp; more</p>',
    );
    expect(text).toBe('hello <b>world</b>\nline 2 https://example.com/?a=1&b=2\npara & more');
  });

  it('extracts one line per block, decoding entities', () => {
    expect(htmlToText('<h1>T</h1><p>a &amp; b &lt;c&gt; &quot;q&quot;<br />next</p><ul><li>one</li><li>two</li></ul><table><tr><td>x</td><td>y</td></tr></table>')).toBe(
      'T\na & b <c> "q"\nnext\none\ntwo\nx y',
    );
  });

  it('summarises to at most 200 graphemes on a word boundary', () => {
    const long = 'word '.repeat(100);
    const s = summarize(long);
    expect([...s].length).toBeLessThanOrEqual(200);
    expect(s.endsWith('word…')).toBe(true);
    expect(summarize('  short\n\n text ')).toBe('short text');
  });

  it('never cuts inside a Thai, Chinese or emoji grapheme', () => {
    const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    for (const sample of ['ภาษาไทยไม่มีช่องว่างระหว่างคำ', '中文没有空格，句子很长。', '👨‍👩‍👧‍👦🇹🇭e\u0301']) {
      const source100 = sample.repeat(100);
      const s = summarize(source100);
      const graphemes = [...seg.segment(s)].map((g) => g.segment);
      expect(graphemes.length).toBeLessThanOrEqual(200);
      expect(s.endsWith('…')).toBe(true);
      const body = graphemes.slice(0, -1).join('');
      expect(source100.startsWith(body)).toBe(true);
      // Every grapheme of the summary is a whole grapheme of the source.
      const source = new Set([...seg.segment(sample)].map((g) => g.segment));
      for (const g of graphemes.slice(0, -1)) expect(source.has(g)).toBe(true);
    }
  });

  it('summary of rendered content comes from its text', () => {
    const { summary } = renderContent('<h1>Hello</h1><p>World <img src="/uploads/a/b.png" alt="x"></p>', 'html');
    expect(summary).toBe('Hello World');
  });
});

describe("the site's own uploads (ADR 0031: only the server writes srcset)", () => {
  const OWN = `/uploads/ab/cd/abcd${'0'.repeat(60)}.jpg`;
  const copy = (w: number) => OWN.replace(/\.jpg$/, `-${w}w.webp`);
  const images = new Map([[OWN, { width: 1600, height: 1200, variants: [320, 640, 1280] }]]);
  const SRCSET = `${copy(320)} 320w, ${copy(640)} 640w, ${copy(1280)} 1280w, ${OWN} 1600w`;

  it('strips srcset, sizes, loading and decoding from input, own upload or not', () => {
    for (const src of [OWN, 'https://images.example/a.png']) {
      const out = sanitizeUserHtml(`<img src="${src}" alt="a" srcset="https://evil.example/x.jpg 1w, ${src} 2x" sizes="1px" loading="eager" decoding="sync">`);
      expect(out).toBe(`<img src="${src}" alt="a" />`);
    }
    expect(sanitizeUserHtml('<picture><source srcset="https://evil.example/x.jpg"><img src="/uploads/ab/cd/x.png"></picture>')).not.toContain('evil');
  });

  it('adds size, copies and lazy loading to a known upload only, replacing what the input said', () => {
    const out = sanitizeUserHtml(`<p><img src="${OWN}" alt="a" srcset="https://evil.example/x.jpg 1w"><img src="https://images.example/a.png" alt="b"></p>`, { images });
    expect(out).toBe(
      `<p><img src="${OWN}" alt="a" width="1600" height="1200" loading="lazy" decoding="async" srcset="${SRCSET}" sizes="(max-width: 1600px) 100vw, 1600px" /><img src="https://images.example/a.png" alt="b" /></p>`,
    );
    expect(findExecutable(out)).toEqual([]);
    // Stored HTML fed again (an edit) gives the same HTML.
    expect(sanitizeUserHtml(out, { images })).toBe(out);
  });

  it("keeps the author's display width, the height following the ratio; no copies, no srcset", () => {
    expect(sanitizeUserHtml(`<img src="${OWN}" width="400">`, { images })).toBe(
      `<img src="${OWN}" width="400" height="300" loading="lazy" decoding="async" srcset="${SRCSET}" sizes="(max-width: 400px) 100vw, 400px" />`,
    );
    const plain = new Map([[OWN, { width: 300, height: 100, variants: [] }]]);
    expect(sanitizeUserHtml(`<img src="${OWN}">`, { images: plain })).toBe(`<img src="${OWN}" width="300" height="100" loading="lazy" decoding="async" />`);
  });

  it('gives nothing to an address that is not an upload, even one the map names', () => {
    const foreign = new Map([['https://images.example/a.png', { width: 10, height: 10, variants: [320] }]]);
    expect(sanitizeUserHtml('<img src="https://images.example/a.png">', { images: foreign })).toBe('<img src="https://images.example/a.png" />');
  });
});
