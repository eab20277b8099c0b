/**
 * What a card shows of a page, read from the head the fetcher brought back: OpenGraph first,
 * then Twitter's card tags, then `<title>` and `<meta name="description">`. Values are plain
 * text (entities decoded, tags and controls dropped, whitespace folded, lengths capped); they are
 * escaped when the card is rendered. An image is kept only when its address is https.
 */

export interface PageMeta {
  title: string;
  description: string;
  siteName: string;
  /** An https address, or ''. */
  image: string;
}

export const META_LIMITS = { title: 200, description: 300, siteName: 80, image: 1000 } as const;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Plain, single-line text of at most `max` characters. */
export function cleanText(raw: string, max: number): string {
  const text = decodeEntities(raw.replace(/<[^>]*>/g, ' '))
    // eslint-disable-next-line no-control-regex -- controls are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(text).length > max ? `${Array.from(text).slice(0, max - 1).join('')}…` : text;
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([a-zA-Z_:.-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    found.set(match[1]!.toLowerCase(), match[3] ?? match[4] ?? match[5] ?? '');
  }
  return found;
}

/** An https image address resolved against the page, or '' (http, data:, anything else dropped). */
function imageUrl(raw: string, base: string): string {
  try {
    const url = new URL(decodeEntities(raw.trim()), base);
    return url.protocol === 'https:' && url.href.length <= META_LIMITS.image ? url.href : '';
  } catch {
    return '';
  }
}

export function readMeta(html: string, pageUrl: string): PageMeta {
  const head = html.split(/<\/head\s*>/i)[0] ?? '';
  const meta = new Map<string, string>();
  for (const match of head.matchAll(/<meta\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi)) {
    const attrs = attributes(match[0]);
    const key = (attrs.get('property') ?? attrs.get('name') ?? '').toLowerCase();
    const content = attrs.get('content');
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const title = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1] ?? '';
  const pick = (...keys: string[]) => keys.map((k) => meta.get(k)).find((v) => v !== undefined && v.trim() !== '') ?? '';
  return {
    title: cleanText(pick('og:title', 'twitter:title') || title, META_LIMITS.title),
    description: cleanText(pick('og:description', 'twitter:description', 'description'), META_LIMITS.description),
    siteName: cleanText(pick('og:site_name', 'application-name'), META_LIMITS.siteName),
    image: imageUrl(pick('og:image:secure_url', 'og:image', 'twitter:image', 'twitter:image:src'), pageUrl),
  };
}
