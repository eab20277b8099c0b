/**
 * The server's HTML sanitizer: applies the content-safety policy (common/rich-text/policy.ts) to
 * every piece of user HTML on write, with sanitize-html as the parser and a second, independent
 * allow-list layer.
 *
 * Layers, in order, for each element:
 * 1. `cleanAttributes` (the shared policy) keeps allowed attributes with allowed values; unsafe
 *    hrefs become '' (spec §5); an image without an allowed source is dropped.
 * 2. Links are decorated: outbound links (absolute http(s) to another host) go through
 *    `/redirect?url=…`; every link with an href opens in a new tab with
 *    `rel="noopener noreferrer nofollow"`.
 * 3. sanitize-html re-checks tags, attributes, schemes, classes and styles (postcss) against the
 *    same allow-list, drops comments and CDATA, discards the contents of raw-text and foreign
 *    elements (script, style, svg, math, template…), escapes all text and caps nesting depth.
 *
 * The result is idempotent: sanitizing sanitized HTML changes nothing (a `/redirect?url=` link is
 * unwrapped and rewrapped), so stored HTML can be re-fed safely.
 */
import type sanitizeHtml from 'sanitize-html';
import { lazyPackage } from '../../infra/lazy-package';
import { highlightCodeBlocks } from './highlight';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_TAGS,
  LINK_REL,
  LINK_TARGET,
  STYLE_PATTERNS,
  STYLE_PROPERTIES,
  STYLED_TAGS,
  URL_SCHEMES,
  cleanAttributes,
  isAllowedUri,
  uriScheme,
} from '../../../common/rich-text/policy';
import { heightAt, sizesFor, uploadSrcset, type UploadImageFacts } from '../../../common/rich-text/image-sizes';

// Loaded with the first HTML to clean (a write), not when the server starts.
const loadSanitizeHtml = lazyPackage<typeof sanitizeHtml>('sanitize-html');

export interface SanitizeOptions {
  /**
   * The site's own origin (e.g. `https://forum.example.com`, from PUBLIC_URL). Absolute links to
   * it stay direct; without it every absolute http(s) link counts as outbound.
   */
  siteOrigin?: string | null;
  /**
   * The site's own uploads this content shows, by address (`/uploads/<key>`), with their sizes
   * and copies (uploads.api `uploadImageFacts`). Their images get `width`/`height` and
   * `srcset`/`sizes`; without it (or for any other image) nothing is added but what the
   * policy keeps, and `srcset` is never taken from the input.
   */
  images?: ReadonlyMap<string, UploadImageFacts>;
}

/**
 * Attributes only the server writes, on the site's own uploads (ADR 0031): never in the shared
 * policy, so `cleanAttributes` drops them from every input and only `ownImage` puts them back.
 */
const SERVER_IMAGE_ATTRIBUTES = ['srcset', 'sizes', 'loading', 'decoding'] as const;

/**
 * A cleaned image made ready for the page when it is one of the site's uploads the server knows
 * (`images`): loaded lazily and decoded off the main thread, its space reserved (`width`/`height`:
 * the author's display width if set, else the natural size, the height following the ratio) and
 * its copies offered (`srcset`, `sizes` at the display width). Any other image is left as cleaned
 * (an upload from before ADR 0031 shows its original as it always did).
 */
function ownImage(attrs: Attributes, images: ReadonlyMap<string, UploadImageFacts> | undefined): Attributes {
  const src = attrs.src ?? '';
  const facts = src.startsWith('/uploads/') ? images?.get(src) : undefined;
  if (!facts) return attrs;
  const { width, height, ...rest } = attrs;
  // The author's display width (the editor's resize) if set, the height following the ratio.
  const shownWidth = width ?? String(facts.width);
  const shownHeight = width === undefined ? String(facts.height) : (height ?? String(heightAt(facts, Number(width))));
  // A fixed order, so sanitizing the output again gives the same output.
  const out: Attributes = { ...rest, width: shownWidth, height: shownHeight, loading: 'lazy', decoding: 'async' };
  const srcset = uploadSrcset(src, facts);
  if (srcset) {
    out.srcset = srcset;
    out.sizes = sizesFor(Number(shownWidth));
  }
  return out;
}

/** Elements whose whole content is discarded with them: raw text, scripts, foreign namespaces, embeds. */
const DISCARD_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'noembed',
  'noframes',
  'title',
  'xmp',
  'plaintext',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'head',
  'button',
];

const PLACEHOLDER_ORIGIN = 'https://sabai.invalid';
const MAX_NESTING = 64;

function siteBase(siteOrigin: string | null | undefined): URL {
  if (siteOrigin) {
    try {
      return new URL(siteOrigin);
    } catch {
      // fall through: an unusable origin means "unknown", which is the safe default
    }
  }
  return new URL(PLACEHOLDER_ORIGIN);
}

function parseUrl(href: string, base?: URL): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

/**
 * Where a link should point: mailto/tel/… and internal links as they are, outbound http(s) links
 * through `/redirect?url=<encoded absolute URL>`. A `/redirect?url=` link is unwrapped first, so
 * sanitizing twice gives the same result. '' when the URL cannot be parsed.
 *
 * A URL with a scheme is parsed on its own, never against the site: a browser resolves
 * `https:evil.com` against the page only when the page has that same scheme, so on a page served
 * over the other scheme (or behind a proxy that changes it) it goes to `https://evil.com/`.
 * Parsed without a base it is always that absolute URL, whatever `siteOrigin` is, and gets
 * wrapped. Only scheme-less (relative) hrefs are resolved against the site.
 */
export function linkHref(href: string, siteOrigin?: string | null): string {
  if (href === '') return '';
  const base = siteBase(siteOrigin);
  let current = href;
  for (let depth = 0; depth < 4; depth++) {
    if (!isAllowedUri(current)) return '';
    const absolute = uriScheme(current) !== null;
    const url = absolute ? parseUrl(current) : parseUrl(current, base);
    if (!url) return '';
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return current;
    if (url.host !== base.host) return `/redirect?url=${encodeURIComponent(url.href)}`;
    const inner = url.pathname === '/redirect' ? url.searchParams.get('url') : null;
    if (inner) {
      current = inner.trim();
      continue;
    }
    // Same site: an absolute URL in its normal form (`https:site/x` → `https://site/x`); a
    // relative one as written, except the //host and \\host forms, which become plain paths.
    if (absolute) return url.href;
    return /^[/\\]{2}/.test(current) ? `${url.pathname}${url.search}${url.hash}` : current;
  }
  return '';
}

type Attributes = Record<string, string>;

/** href through `linkHref`; then rel and target in a fixed order (so output is stable), target only with an href. */
function decorateLink(attrs: Attributes, siteOrigin: string | null | undefined): Attributes {
  const { target: _target, rel: _rel, ...rest } = attrs;
  if (rest.href === undefined) return rest;
  rest.href = linkHref(rest.href, siteOrigin);
  return rest.href ? { ...rest, rel: LINK_REL, target: LINK_TARGET } : { ...rest, rel: LINK_REL };
}

/**
 * The policy step for every element. An allowed element the policy refuses (an image without a
 * safe source, a non-checkbox input) is marked in `dropped` and removed by `exclusiveFilter`;
 * renaming it instead would trip sanitize-html's rename bookkeeping for void elements.
 */
function transform(options: SanitizeOptions, dropped: WeakSet<Attributes>) {
  const { siteOrigin, images } = options;
  return (tagName: string, attribs: Attributes): { tagName: string; attribs: Attributes } => {
    const tag = tagName.toLowerCase();
    // Not in the allow-list: keep the name so sanitize-html discards it (and, for raw-text and
    // foreign elements, their content); its attributes are never looked at.
    if (!ALLOWED_TAGS.includes(tag)) return { tagName, attribs: {} };
    const cleaned = cleanAttributes(tag, attribs);
    if (cleaned === null) {
      const marker: Attributes = {};
      dropped.add(marker);
      return { tagName: tag, attribs: marker };
    }
    if (tag === 'a') return { tagName: tag, attribs: decorateLink(cleaned, siteOrigin) };
    if (tag === 'img') return { tagName: tag, attribs: ownImage(cleaned, images) };
    return { tagName: tag, attribs: cleaned };
  };
}

const STYLE_RULE: Record<string, RegExp[]> = Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, [STYLE_PATTERNS[p]]]));

/** sanitize-html 2.17 options; `allowedEmptyAttributes` is newer than @types/sanitize-html. */
type Options = sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] };

const baseOptions: Options = {
  allowedTags: [...ALLOWED_TAGS],
  // The second layer lets through what `ownImage` adds; `cleanAttributes` has already dropped them from the input.
  allowedAttributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, attrs]) => [tag, tag === 'img' ? [...attrs, ...SERVER_IMAGE_ATTRIBUTES] : [...attrs]])),
  allowedClasses: { code: ['language-*'], a: ['rt-*'], span: ['hljs-*'] },
  allowedStyles: Object.fromEntries(STYLED_TAGS.map((tag) => [tag, STYLE_RULE])),
  parseStyleAttributes: true,
  allowedSchemes: [...URL_SCHEMES],
  allowedSchemesByTag: { img: ['https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'xlink:href', 'poster', 'background'],
  allowProtocolRelative: false,
  allowedEmptyAttributes: ['alt', 'href'],
  disallowedTagsMode: 'discard',
  nonTextTags: DISCARD_WITH_CONTENT,
  nestingLimit: MAX_NESTING,
  enforceHtmlBoundary: false,
  parser: { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/**
 * Sanitizes user HTML to the policy, and highlights its code blocks (highlight.ts): the
 * highlighted HTML is sanitized once more, so what is stored is always the sanitizer's own
 * output (and sanitizing it again changes nothing). Never throws; answers '' for nothing usable.
 */
export function sanitizeUserHtml(html: string, options: SanitizeOptions = {}): string {
  if (!html) return '';
  const clean = sanitizeOnce(html, options);
  const highlighted = highlightCodeBlocks(clean);
  return highlighted === clean ? clean : sanitizeOnce(highlighted, options);
}

function sanitizeOnce(html: string, options: SanitizeOptions): string {
  const dropped = new WeakSet<Attributes>();
  const perCall: Options = {
    ...baseOptions,
    transformTags: { '*': transform(options, dropped) },
    exclusiveFilter: (frame) => dropped.has(frame.attribs),
  };
  return loadSanitizeHtml()(html, perCall).trim();
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
