/**
 * An independent checker for sanitized HTML: answers every executable or policy-breaking thing
 * it finds (empty list = clean). It does NOT reuse the sanitizer's parser or the policy module:
 * it tokenizes tags the way the HTML standard's tokenizer does (attribute names end at space,
 * `/`, `>` or `=`; values are quoted or end at space/`>`), decodes character references, and
 * checks against its own hard-coded allow-lists, so a bug in the sanitizer cannot hide itself.
 *
 * What counts as a problem:
 * - any tag outside the rich-text tags, any comment / CDATA / processing instruction / doctype;
 * - a `<` in text that does not start a tag (the sanitizer escapes all text);
 * - any `on*` attribute, or any attribute outside the known harmless set (an img may also carry
 *   loading, decoding, sizes and a srcset: what the server writes on its own uploads, ADR 0031);
 * - a srcset candidate that is not one of the site's uploads (`/uploads/…`);
 * - a URL attribute whose decoded value names javascript:, vbscript:, livescript:, mocha: or
 *   data: (except `data:image/(png|jpeg|gif|webp);base64` in img src);
 * - a style attribute with anything but the six editor properties, or with `url(`,
 *   `expression`, `behavior`, `-moz-binding`, `@import`, `javascript` or a backslash.
 */

const SAFE_TAGS = new Set(
  (
    'p br hr h1 h2 h3 h4 h5 h6 strong b em i u s del strike sub sup code pre blockquote ul ol li label input div a img span mark ' +
    'table thead tbody tfoot tr th td colgroup col figure figcaption'
  ).split(' '),
);

const SAFE_ATTRIBUTES = new Set(
  'href src alt title width height class style target rel start type data-type data-checked checked disabled colspan rowspan'.split(' '),
);

const IMAGE_ONLY_ATTRIBUTES = new Set(['srcset', 'sizes', 'loading', 'decoding']);

/** A srcset may only name the site's own uploads: user input never sets one (ADR 0031). */
function srcsetProblem(raw: string): string | null {
  for (const candidate of decodeEntities(raw).split(',')) {
    const url = candidate.trim().split(/\s+/)[0] ?? '';
    if (!/^\/uploads\/[0-9a-z/._-]+$/i.test(url)) return `img[srcset] names something not uploaded here: ${url.slice(0, 80)}`;
  }
  return null;
}

const URL_ATTRIBUTES = new Set(
  'href src action formaction xlink:href srcset poster background data codebase lowsrc dynsrc cite ping content longdesc usemap'.split(' '),
);

const STYLE_PROPERTIES = new Set(['color', 'background-color', 'font-family', 'font-size', 'line-height', 'text-align']);

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  sol: '/',
  bsol: '\\',
  nbsp: '\u00a0',
  period: '.',
  comma: ',',
  semi: ';',
  excl: '!',
  num: '#',
  percnt: '%',
  equals: '=',
  plus: '+',
  commat: '@',
};

/** Decodes numeric and common named character references, with or without the `;`. */
export function decodeEntities(value: string): string {
  let previous = '';
  let current = value;
  // Repeat: a decoded `&amp;#106;` becomes `&#106;`, which a second decoder pass would expand.
  // The browser decodes once; decoding to a fixed point is stricter, so it can only add findings.
  for (let i = 0; i < 4 && current !== previous; i++) {
    previous = current;
    current = current
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => safeCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, dec: string) => safeCodePoint(parseInt(dec, 10)))
      .replace(/&([a-z]+);?/gi, (match, name: string) => NAMED[name.toLowerCase()] ?? match);
  }
  return current;
}

function safeCodePoint(n: number): string {
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '\ufffd';
}

function percentDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

// eslint-disable-next-line no-control-regex
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/g;
const DANGEROUS_SCHEME = /(?:java|vb|live)script:|mocha:|data:/i;
const RASTER_DATA_URI = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/]+=*$/i;

function urlProblem(tag: string, attr: string, raw: string): string | null {
  const decoded = decodeEntities(raw);
  const forms = [decoded, percentDecode(decoded)].map((v) => v.replace(IGNORED_IN_URLS, ''));
  for (const form of forms) {
    if (tag === 'img' && attr === 'src' && RASTER_DATA_URI.test(form)) continue;
    if (DANGEROUS_SCHEME.test(form)) return `${tag}[${attr}] has a dangerous URL: ${raw.slice(0, 80)}`;
  }
  // An outbound link wraps its target: check the wrapped URL too.
  const wrapped = /[?&]url=([^&#]*)/.exec(decoded);
  if (attr === 'href' && wrapped?.[1]) {
    const inner = percentDecode(wrapped[1]).replace(IGNORED_IN_URLS, '');
    if (DANGEROUS_SCHEME.test(inner)) return `${tag}[${attr}] redirects to a dangerous URL: ${raw.slice(0, 80)}`;
  }
  return null;
}

function styleProblem(tag: string, raw: string): string | null {
  const decoded = decodeEntities(raw).replace(/\/\*[\s\S]*?(?:\*\/|$)/g, ''); // CSS comments split keywords
  if (/url\s*\(|expression|behavior|-moz-binding|@import|javascript|\\/i.test(decoded)) return `${tag}[style] has executable CSS: ${raw.slice(0, 80)}`;
  for (const declaration of decoded.split(';')) {
    if (declaration.trim() === '') continue;
    const prop = declaration.split(':')[0]?.trim().toLowerCase() ?? '';
    if (!STYLE_PROPERTIES.has(prop)) return `${tag}[style] has property "${prop}"`;
  }
  return null;
}

interface Attribute {
  name: string;
  value: string;
}

/** Reads attributes from `html[start]` up to the tag's `>` like the HTML tokenizer; answers them and the index after `>`. */
function readAttributes(html: string, start: number): { attributes: Attribute[]; end: number } {
  const attributes: Attribute[] = [];
  let i = start;
  const n = html.length;
  const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
  while (i < n) {
    while (i < n && (isSpace(html[i]) || html[i] === '/')) i++;
    if (i >= n || html[i] === '>') break;
    let name = '';
    // The first character may be '='; later ones end at space, '/', '>' or '='.
    name += html[i++];
    while (i < n && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') name += html[i++];
    while (i < n && isSpace(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < n && isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        value = html.slice(i + 1, close === -1 ? n : close);
        i = close === -1 ? n : close + 1;
      } else {
        while (i < n && !isSpace(html[i]) && html[i] !== '>') value += html[i++];
      }
    }
    attributes.push({ name: name.toLowerCase(), value });
  }
  return { attributes, end: i + 1 };
}

export function findExecutable(html: string): string[] {
  const problems: string[] = [];
  if (/<\s*\/?\s*script/i.test(html)) problems.push('a script tag');
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const rest = html.slice(lt, lt + 12);
    if (/^<(?:!|\?)/.test(rest)) {
      problems.push(`markup declaration, comment or processing instruction: ${rest}`);
      i = lt + 1;
      continue;
    }
    const tagMatch = /^<(\/?)([a-zA-Z][^\s/>]*)/.exec(html.slice(lt, lt + 200));
    if (!tagMatch) {
      // A browser treats `<` + non-letter as text; the sanitizer should have escaped it anyway.
      problems.push(`unescaped "<" in text near: ${html.slice(lt, lt + 40)}`);
      i = lt + 1;
      continue;
    }
    const closing = tagMatch[1] === '/';
    const tag = (tagMatch[2] ?? '').toLowerCase();
    if (!SAFE_TAGS.has(tag)) problems.push(`tag <${closing ? '/' : ''}${tag}>`);
    const { attributes, end } = readAttributes(html, lt + tagMatch[0].length);
    if (!closing) {
      for (const { name, value } of attributes) {
        if (/^on/i.test(name)) problems.push(`event handler ${tag}[${name}]`);
        else if (!SAFE_ATTRIBUTES.has(name) && !(tag === 'img' && IMAGE_ONLY_ATTRIBUTES.has(name))) problems.push(`attribute ${tag}[${name}]`);
        if (name === 'srcset') {
          const p = srcsetProblem(value);
          if (p) problems.push(p);
        }
        if (URL_ATTRIBUTES.has(name)) {
          const p = urlProblem(tag, name, value);
          if (p) problems.push(p);
        }
        if (name === 'style') {
          const p = styleProblem(tag, value);
          if (p) problems.push(p);
        }
        if (tag === 'input' && name === 'type' && value.toLowerCase() !== 'checkbox') problems.push(`input type ${value}`);
      }
    } else if (attributes.length) {
      problems.push(`closing tag </${tag}> with attributes`);
    }
    i = Math.max(end, lt + 1);
  }
  return problems;
}
