/**
 * The content-safety policy: the one allow-list for user rich text (spec §3, §5; DESIGN security
 * model). The server applies it to every piece of user HTML on write (sanitize-html, in
 * `server/modules/content/sanitize.ts`); the TipTap editor mirrors it (its nodes, marks, link
 * rules and image sizing import from here). Pure data and pure functions only: no Node-only
 * imports, no DOM, so both sides run the very same code.
 *
 * Shape of the policy:
 * - `ALLOWED_TAGS` and `ALLOWED_ATTRIBUTES`: what may appear at all.
 * - `cleanAttributes(tag, attrs)`: the value rules for each allowed attribute (URL schemes, whole
 *   numbers, enumerations, styles, classes). Returns null when the element must go entirely
 *   (an image without a safe source, an input that is not a checkbox).
 * - Link rules: `isAllowedUri`, `isValidCustomSchemeName`, `normalizeLinkHref`, `safeHref`.
 * - Image rules: types, the 5 MB limit, `isAllowedImageSrc`, resize clamps.
 * - Style rules: `STYLE_PATTERNS`, `isAllowedStyle`, `filterStyle`.
 */
import { CONTENT_TYPES, LIMITS, type ContentType } from '../constants';

/** How a piece of user content is written (API.md: `content` + `contentType`); defined with the other limits. */
export { CONTENT_TYPES };
export type { ContentType };

export function isContentType(value: unknown): value is ContentType {
  return typeof value === 'string' && (CONTENT_TYPES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// Tags and attributes
// ---------------------------------------------------------------------------------------------

export const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** Every tag user rich text may contain. Anything else is removed (its text kept, except raw-text elements). */
export const ALLOWED_TAGS: readonly string[] = [
  'p',
  'br',
  'hr',
  ...HEADING_TAGS,
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'strike',
  'sub',
  'sup',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  // Task lists as TipTap renders them: ul[data-type=taskList] > li[data-type=taskItem] > label > input + span, div > p
  'label',
  'input',
  'div',
  'a',
  'img',
  'span',
  'mark',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'colgroup',
  'col',
  'figure',
  'figcaption',
];

/** Tags whose `style` attribute is kept (filtered by `filterStyle`). */
export const STYLED_TAGS: readonly string[] = ['span', 'mark', 'p', ...HEADING_TAGS, 'li', 'blockquote', 'th', 'td', 'div'];

/** Attributes kept per tag; values are then checked by `cleanAttributes`. */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel', 'class', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  ol: ['start', 'type'],
  ul: ['data-type'],
  li: ['data-type', 'data-checked', 'style'],
  input: ['type', 'checked', 'disabled'],
  code: ['class'],
  // Only the server's code highlighting writes these (CLASS_PATTERNS: `hljs-…` alone).
  span: ['class', 'style'],
  th: ['colspan', 'rowspan', 'style'],
  td: ['colspan', 'rowspan', 'style'],
  ...Object.fromEntries(STYLED_TAGS.filter((t) => t !== 'li' && t !== 'th' && t !== 'td' && t !== 'span').map((t) => [t, ['style']])),
};

/** Enumerated attribute values (anything else drops the attribute). */
export const ATTRIBUTE_VALUES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  ol: { type: ['1', 'a', 'A', 'i', 'I'] },
  ul: { 'data-type': ['taskList'] },
  li: { 'data-type': ['taskItem'], 'data-checked': ['true', 'false'] },
  input: { type: ['checkbox'] },
  a: { target: ['_blank'] },
};

/**
 * Classes kept per tag. User content must not pick the site's own utility classes (a
 * `fixed inset-0 z-50` overlay is a phishing tool), so only these patterns survive.
 */
export const CLASS_PATTERNS: Readonly<Record<string, readonly RegExp[]>> = {
  code: [/^language-[A-Za-z0-9_+#-]{1,32}$/],
  a: [/^rt-[a-z0-9-]{1,32}$/],
  /** The token classes of code highlighted on the server (server/modules/content/highlight.ts). */
  span: [/^hljs-[a-z0-9_-]{1,32}$/],
};

/** The rel every link carries; links open in a new tab (spec §9). */
export const LINK_REL = 'noopener noreferrer nofollow';
export const LINK_TARGET = '_blank';

// ---------------------------------------------------------------------------------------------
// Link schemes (spec §5)
// ---------------------------------------------------------------------------------------------

/** The only URL schemes a link may use (spec §5). */
export const URL_SCHEMES = ['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp'] as const;

/** The protocol added to a bare host such as `example.com` (spec §9). */
export const DEFAULT_PROTOCOL = 'http';

/**
 * Characters browsers ignore or strip inside URLs, used to smuggle schemes past naive checks
 * (`java\tscript:`, `\u0000javascript:`, ideographic spaces…). Removed before any scheme test.
 */
// eslint-disable-next-line no-control-regex
const URL_INVISIBLES = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/g;

const HAS_INVISIBLE = new RegExp(URL_INVISIBLES.source);

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Custom scheme names (spec §5): lowercase letters, digits, single hyphens, no leading or trailing
 * hyphen. This is the spec's naming rule only: Sabai registers no custom scheme, so no link may
 * use one (the editor and the server both refuse every scheme outside `URL_SCHEMES`). A future
 * setting that adds schemes must validate names with this and feed the editor and both
 * sanitizer layers alike.
 */
export function isValidCustomSchemeName(name: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name);
}

function stripInvisibles(url: string): string {
  return url.replace(URL_INVISIBLES, '');
}

function percentDecoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** The lower-cased scheme of a URL (after removing characters browsers ignore), or null for a relative URL. */
export function uriScheme(url: string): string | null {
  const match = SCHEME.exec(stripInvisibles(url));
  return match?.[1] ? match[1].toLowerCase() : null;
}

/**
 * True when a URL may be a link target: empty, relative (path, query, fragment, protocol
 * relative), or with one of the spec §5 schemes. A relative URL whose percent-decoded form names
 * a forbidden scheme (`javascript%3A…`) is refused as well.
 */
export function isAllowedUri(url: string): boolean {
  const cleaned = stripInvisibles(url);
  if (cleaned === '') return true;
  const allowed = (scheme: string) => (URL_SCHEMES as readonly string[]).includes(scheme);
  const scheme = uriScheme(cleaned);
  if (scheme) return allowed(scheme);
  const decodedScheme = uriScheme(percentDecoded(cleaned));
  return decodedScheme === null || allowed(decodedScheme);
}

/** The href to render: the URL itself when allowed, else the empty string (spec §5: an unsafe link renders with an empty href). */
export function safeHref(url: string): string {
  const trimmed = url.trim();
  return isAllowedUri(trimmed) ? trimmed : '';
}

const EMAIL = /^[^\s@/:?#]+@[^\s@/:?#]+\.[^\s@/:?#]+$/;
const BARE_HOST = /^(?:localhost|[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*\.[\p{L}]{2,}|\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?(?:[/?#]|$)/u;

/**
 * What the link dialog stores for what the user typed: trimmed; a bare host (`example.com`,
 * `example.com:8080/x`, `localhost`) gets the default protocol http; a bare e-mail address
 * gets `mailto:`; relative URLs stay as they are. Answers '' when the result is not an allowed
 * link (a forbidden scheme), so the caller renders an empty href.
 */
export function normalizeLinkHref(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '') return '';
  let href = trimmed;
  if (/^[/?#.]/.test(trimmed)) href = trimmed; // relative: as typed
  else if (EMAIL.test(trimmed) && uriScheme(trimmed) === null) href = `mailto:${trimmed}`;
  else if (BARE_HOST.test(trimmed)) href = `${DEFAULT_PROTOCOL}://${trimmed}`;
  return isAllowedUri(href) ? href : '';
}

/**
 * The URL, parsed once and exactly as given (no base, nothing removed first), when it is an
 * absolute http(s) address with a host; null for anything else, including input the URL parser
 * refuses (`http://ev il.com`, `ht tp://…`, a no-break space in the host). Callers use the
 * parsed value, so what they check is what they link to.
 */
export function parseHttpUrl(url: string): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '' ? parsed : null;
}

/** True when a URL is an absolute http(s) address. */
export function isHttpUrl(url: string): boolean {
  return parseHttpUrl(url) !== null;
}

/** Schemes whose URLs name a host (`ftp://host/…`); the others name a mailbox, a number or an id (`mailto:a@b`, `tel:+66…`). */
const HOST_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ftp', 'ftps']);

/**
 * An absolute link target with one of the spec §5 schemes, parsed once and exactly as given (as
 * `parseHttpUrl`): a host-based one (http, https, ftp, ftps) needs a host, the others something
 * after the colon. Null for anything else: relative, protocol-relative, other schemes, what the
 * URL parser refuses. The /redirect page continues only to these.
 */
export function parseLinkTarget(url: string): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const scheme = parsed.protocol.slice(0, -1);
  if (!(URL_SCHEMES as readonly string[]).includes(scheme)) return null;
  return HOST_SCHEMES.has(scheme) ? (parsed.hostname !== '' ? parsed : null) : parsed.pathname.replace(/^\/+/, '') !== '' ? parsed : null;
}

// ---------------------------------------------------------------------------------------------
// Images (spec §5, §9)
// ---------------------------------------------------------------------------------------------

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'webp', 'svg'] as const;

export const IMAGE_LIMITS = {
  /** Upload size limit (spec §5: 5 MB). */
  maxBytes: LIMITS.uploadMaxBytes,
  /** Resize handles clamp the width to this range, height following the aspect ratio (spec §5). */
  minWidth: 50,
  maxWidth: 800,
  /** A new image without a size is capped at this width (spec §9). */
  newImageMaxWidth: 600,
  /** Largest width or height attribute accepted in content. */
  maxDimension: 10_000,
} as const;

/** The upload limit in whole megabytes, for messages ('max 5 MB supported'). */
export const IMAGE_MAX_MB = Math.round(IMAGE_LIMITS.maxBytes / (1024 * 1024));

export function isAcceptedImageType(mime: string): mime is ImageMimeType {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(mime.toLowerCase());
}

export function isAcceptedImageFileName(name: string): boolean {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return ext !== undefined && (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** Inline images allowed in content: raster only (an SVG data URI is a document that can script). */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/i;
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.[A-Za-z0-9]{2,5}$/;

/**
 * An image source may be: an absolute https URL, a site-relative `/uploads/…` path, or a
 * raster `data:image/(png|jpeg|gif|webp);base64,…` URI. Nothing else (no http: the page CSP's
 * `img-src` does not load it, so it would only show as a broken image; no svg data URIs, no
 * protocol-relative or other relative paths, no other schemes).
 */
export function isAllowedImageSrc(src: string): boolean {
  const trimmed = src.trim();
  if (trimmed === '') return false;
  if (/^data:/i.test(trimmed)) return DATA_IMAGE.test(trimmed.replace(/\s+/g, ''));
  // Whitespace or control characters inside a URL: refuse rather than guess how a browser reads it.
  if (HAS_INVISIBLE.test(trimmed)) return false;
  if (trimmed.startsWith('/')) return UPLOAD_PATH.test(trimmed);
  return /^https:\/\/[^/\\]/i.test(trimmed) && isHttpUrl(trimmed);
}

/** A width/height attribute: a whole number (1…maxDimension) or nothing (spec §3). */
export function parseDimension(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!/^\d{1,5}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= IMAGE_LIMITS.maxDimension ? n : null;
}

/** The resize clamp: a width between 50 and 800 px, rounded to a whole number. */
export function clampImageWidth(width: number): number {
  if (!Number.isFinite(width)) return IMAGE_LIMITS.minWidth;
  return Math.round(Math.min(IMAGE_LIMITS.maxWidth, Math.max(IMAGE_LIMITS.minWidth, width)));
}

export interface ImageSize {
  width: number;
  height: number;
}

/** Resizes to `targetWidth` (clamped 50–800) with the height keeping the aspect ratio; whole numbers. */
export function resizeKeepingAspect(size: ImageSize, targetWidth: number): ImageSize {
  const width = clampImageWidth(targetWidth);
  if (!(size.width > 0) || !(size.height > 0)) return { width, height: width };
  return { width, height: Math.max(1, Math.round((width * size.height) / size.width)) };
}

/** The size a newly inserted image gets: its natural size, capped at 600 px wide keeping aspect. */
export function initialImageSize(natural: ImageSize): ImageSize {
  if (!(natural.width > 0) || !(natural.height > 0)) return { width: IMAGE_LIMITS.newImageMaxWidth, height: IMAGE_LIMITS.newImageMaxWidth };
  if (natural.width <= IMAGE_LIMITS.newImageMaxWidth) return { width: Math.round(natural.width), height: Math.round(natural.height) };
  const width = IMAGE_LIMITS.newImageMaxWidth;
  return { width, height: Math.max(1, Math.round((width * natural.height) / natural.width)) };
}

// ---------------------------------------------------------------------------------------------
// Styles (spec §3: the editor's own text styles and alignment, nothing else)
// ---------------------------------------------------------------------------------------------

export const STYLE_PROPERTIES = ['color', 'background-color', 'font-family', 'font-size', 'line-height', 'text-align'] as const;
export type StyleProperty = (typeof STYLE_PROPERTIES)[number];

export const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;

/** CSS named colours (CSS Color 4) plus the keywords the editor's marks produce. */
export const NAMED_COLORS: readonly string[] = (
  'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue ' +
  'chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey ' +
  'darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray ' +
  'darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen ' +
  'fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
  'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen ' +
  'lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
  'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue ' +
  'mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive ' +
  'olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
  'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
  'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke ' +
  'yellow yellowgreen transparent currentcolor inherit'
).split(' ');

const NUM = String.raw`(?:\d{1,3}(?:\.\d{1,4})?|\.\d{1,4})`;
const PCT_OR_NUM = `${NUM}%?`;
const HUE = `${NUM}(?:deg)?`;
const RGB_COMMA = String.raw`rgba?\(\s*${PCT_OR_NUM}\s*,\s*${PCT_OR_NUM}\s*,\s*${PCT_OR_NUM}\s*(?:,\s*${PCT_OR_NUM}\s*)?\)`;
const RGB_SPACE = String.raw`rgba?\(\s*${PCT_OR_NUM}\s+${PCT_OR_NUM}\s+${PCT_OR_NUM}\s*(?:\/\s*${PCT_OR_NUM}\s*)?\)`;
const HSL_COMMA = String.raw`hsla?\(\s*${HUE}\s*,\s*${NUM}%\s*,\s*${NUM}%\s*(?:,\s*${PCT_OR_NUM}\s*)?\)`;
const HSL_SPACE = String.raw`hsla?\(\s*${HUE}\s+${NUM}%\s+${NUM}%\s*(?:\/\s*${PCT_OR_NUM}\s*)?\)`;
const HEX = '#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})';
const COLOR = new RegExp(`^(?:${HEX}|${RGB_COMMA}|${RGB_SPACE}|${HSL_COMMA}|${HSL_SPACE}|${NAMED_COLORS.join('|')})$`, 'i');
/**
 * Largest text sizes content may ask for. Without a bound `font-size: 999em` paints glyphs over
 * the site's own interface (the same overlay risk the class allow-list stops). Generous next to
 * anything an author needs: 96px is a poster headline, 6em six times the body text.
 */
export const STYLE_LIMITS = { px: 96, em: 6, percent: 600, lineHeight: 5 } as const;

// Numbers from 0 up to each limit inclusive, at most 4 decimals; written out because
// sanitize-html checks styles with regular expressions only (policy.test.ts tests the edges).
const DECIMALS = String.raw`(?:\.\d{1,4})?`;
const ZERO_DECIMALS = String.raw`(?:\.0{1,4})?`;
const FRACTION = String.raw`\.\d{1,4}`;
const UP_TO_96 = String.raw`(?:(?:[1-8]?\d|9[0-5])${DECIMALS}|96${ZERO_DECIMALS}|${FRACTION})`;
const UP_TO_6 = String.raw`(?:[0-5]${DECIMALS}|6${ZERO_DECIMALS}|${FRACTION})`;
const UP_TO_600 = String.raw`(?:[1-5]?\d{1,2}${DECIMALS}|600${ZERO_DECIMALS}|${FRACTION})`;
const UP_TO_5 = String.raw`(?:[0-4]${DECIMALS}|5${ZERO_DECIMALS}|${FRACTION})`;
const LENGTH = `(?:${UP_TO_96}px|${UP_TO_6}(?:em|rem)|${UP_TO_600}%)`;
const SIZE = new RegExp(`^(?:${LENGTH}|0|xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger)$`, 'i');
const LINE_HEIGHT = new RegExp(`^(?:normal|${LENGTH}|${UP_TO_5})$`, 'i');
/**
 * Font families: a comma list of up to 10 names, each bare or in balanced quotes, made of
 * letters (any script), digits, spaces, hyphens and underscores. No parentheses, backslashes,
 * colons, semicolons or stray quotes.
 */
const FAMILY = String.raw`(?:"[\p{L}\p{N} _-]{1,60}"|'[\p{L}\p{N} _-]{1,60}'|[\p{L}\p{N} _-]{1,60})`;
const FONT_FAMILY = new RegExp(String.raw`^${FAMILY}(?:\s*,\s*${FAMILY}){0,9}$`, 'u');
const TEXT_ALIGN = /^(?:left|center|right|justify)$/i;

export const STYLE_PATTERNS: Readonly<Record<StyleProperty, RegExp>> = {
  color: COLOR,
  'background-color': COLOR,
  'font-family': FONT_FAMILY,
  'font-size': SIZE,
  'line-height': LINE_HEIGHT,
  'text-align': TEXT_ALIGN,
};

export function isStyleProperty(name: string): name is StyleProperty {
  return (STYLE_PROPERTIES as readonly string[]).includes(name);
}

export function isAllowedStyle(property: string, value: string): boolean {
  const prop = property.trim().toLowerCase();
  return isStyleProperty(prop) && STYLE_PATTERNS[prop].test(value.trim());
}

/**
 * Filters an inline style attribute to the allowed declarations, answering them in a canonical
 * form (`color: #f00; text-align: center`) or '' when none survive. `!important` is dropped.
 * A value is tested whole against its pattern, so `url(…)`, `expression(…)`, escapes and
 * comments never pass.
 */
export function filterStyle(style: string): string {
  const kept = new Map<StyleProperty, string>();
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const prop = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .replace(/\s*!\s*important\s*$/i, '')
      .trim()
      .replace(/\s+/g, ' ');
    if (isStyleProperty(prop) && STYLE_PATTERNS[prop].test(value)) kept.set(prop, value);
  }
  return [...kept].map(([prop, value]) => `${prop}: ${value}`).join('; ');
}

// ---------------------------------------------------------------------------------------------
// Attribute values
// ---------------------------------------------------------------------------------------------

function filterClasses(tag: string, value: string): string {
  const patterns = CLASS_PATTERNS[tag];
  if (!patterns) return '';
  return value
    .split(/\s+/)
    .filter((c) => c !== '' && patterns.some((p) => p.test(c)))
    .join(' ');
}

/** Whole-number attributes: `ol start` (0…1e6), `colspan`/`rowspan` (1…100). */
function wholeNumber(value: string, min: number, max: number): string | null {
  const text = value.trim();
  if (!/^\d{1,7}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? String(n) : null;
}

/**
 * The value rules of the policy for one element: keeps only allowed attributes with allowed
 * values. Unsafe `href` becomes '' (spec §5). Answers null when the whole element must be
 * dropped: an `img` without an allowed source, an `input` that is not a checkbox, or a tag
 * outside the allow-list.
 */
export function cleanAttributes(tag: string, attrs: Readonly<Record<string, string>>): Record<string, string> | null {
  const name = tag.toLowerCase();
  if (!ALLOWED_TAGS.includes(name)) return null;
  const allowed = ALLOWED_ATTRIBUTES[name] ?? [];
  const enums = ATTRIBUTE_VALUES[name] ?? {};
  const out: Record<string, string> = {};
  for (const [rawKey, rawValue] of Object.entries(attrs)) {
    const key = rawKey.toLowerCase();
    if (!allowed.includes(key)) continue;
    const value = String(rawValue);
    const choices = enums[key];
    if (choices) {
      if (choices.includes(value.trim())) out[key] = value.trim();
      continue;
    }
    switch (key) {
      case 'href':
        out.href = safeHref(value);
        break;
      case 'src':
        if (isAllowedImageSrc(value)) out.src = value.trim().startsWith('data:') ? value.replace(/\s+/g, '') : value.trim();
        break;
      case 'width':
      case 'height': {
        const n = parseDimension(value);
        if (n !== null) out[key] = String(n);
        break;
      }
      case 'start': {
        const n = wholeNumber(value, 0, 1_000_000);
        if (n !== null) out.start = n;
        break;
      }
      case 'colspan':
      case 'rowspan': {
        const n = wholeNumber(value, 1, 100);
        if (n !== null) out[key] = n;
        break;
      }
      case 'style': {
        const style = filterStyle(value);
        if (style) out.style = style;
        break;
      }
      case 'class': {
        const classes = filterClasses(name, value);
        if (classes) out.class = classes;
        break;
      }
      case 'rel':
        // Links always get LINK_REL from the renderer; the author's own rel is not trusted.
        break;
      case 'checked':
      case 'disabled':
        out[key] = '';
        break;
      case 'alt':
      case 'title':
        out[key] = value.slice(0, 500);
        break;
      default:
        break;
    }
  }
  if (name === 'img' && out.src === undefined) return null;
  if (name === 'input') {
    if (out.type !== 'checkbox') return null;
    out.disabled = '';
  }
  return out;
}
