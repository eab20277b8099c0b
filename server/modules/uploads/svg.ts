/**
 * SVG uploads are SANITIZED, not rasterized. Why:
 * - Rasterizing hands the hostile document to librsvg, which resolves external references
 *   (xi:include, href to files; CVE-2023-38633 read local files that way): the input would need
 *   this same sanitizing first anyway.
 * - A sanitized SVG stays a crisp vector at every zoom, and small; the spec accepts svg+xml.
 * - It is defence in depth: in content an SVG only ever appears in `<img>` (no scripts run there),
 *   and `/uploads/*.svg` is served with `Content-Security-Policy: sandbox; default-src 'none'`
 *   and `nosniff`, so even opened directly nothing runs and nothing loads.
 *
 * The allow-list keeps shapes, text, gradients, patterns, clip paths, masks, markers and filter
 * primitives, and drops script, style, foreignObject, image, feImage, a, animation elements
 * (animate/set can rewrite attributes into handlers or links), event handlers, and every reference
 * that is not a same-document fragment (`href="#id"`, `url(#id)`).
 */
import type sanitizeHtml from 'sanitize-html';
import { lazyPackage } from '../../infra/lazy-package';

// Loaded with the first HTML to clean (a write), not when the server starts.
const loadSanitizeHtml = lazyPackage<typeof sanitizeHtml>('sanitize-html');

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

const FILTER_PRIMITIVES = [
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];

export const SVG_TAGS: readonly string[] = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  ...FILTER_PRIMITIVES,
];

/** Presentation properties, usable as attributes and inside `style`. */
const PRESENTATION = (
  'fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-linecap stroke-linejoin stroke-dasharray ' +
  'stroke-dashoffset stroke-miterlimit opacity clip-path clip-rule mask filter color display visibility font-family font-size ' +
  'font-weight font-style font-variant font-stretch text-anchor dominant-baseline alignment-baseline baseline-shift ' +
  'letter-spacing word-spacing text-decoration stop-color stop-opacity flood-color flood-opacity lighting-color ' +
  'color-interpolation color-interpolation-filters marker-start marker-mid marker-end shape-rendering text-rendering ' +
  'image-rendering vector-effect paint-order overflow mix-blend-mode isolation transform transform-origin writing-mode'
).split(' ');

const GEOMETRY = (
  'id class x y x1 y1 x2 y2 cx cy r rx ry fx fy fr d points width height viewBox preserveAspectRatio version offset ' +
  'gradientUnits gradientTransform spreadMethod patternUnits patternContentUnits patternTransform clipPathUnits maskUnits ' +
  'maskContentUnits markerWidth markerHeight markerUnits refX refY orient dx dy rotate textLength lengthAdjust startOffset ' +
  'method spacing side pathLength filterUnits primitiveUnits in in2 result stdDeviation mode type values operator k1 k2 k3 k4 ' +
  'surfaceScale diffuseConstant specularConstant specularExponent kernelMatrix kernelUnitLength order divisor bias targetX ' +
  'targetY edgeMode preserveAlpha scale xChannelSelector yChannelSelector radius baseFrequency numOctaves seed stitchTiles ' +
  'azimuth elevation pointsAtX pointsAtY pointsAtZ limitingConeAngle z tableValues slope intercept amplitude exponent ' +
  'xml:space xml:lang lang style href xlink:href xmlns xmlns:xlink'
).split(' ');

const ATTRIBUTES = [...new Set([...PRESENTATION, ...GEOMETRY])];
const PRESENTATION_SET = new Set(PRESENTATION);

const LOCAL_FRAGMENT = /^#[A-Za-z_][\w.:-]{0,127}$/;
const LOCAL_URL_REF = /url\(\s*(['"]?)#[A-Za-z_][\w.:-]{0,127}\1\s*\)/gi;
/** Anything that could reach outside the document or run: checked after removing url(#local) references. */
const FORBIDDEN_IN_VALUE = /url\s*\(|(?:java|vb|live)script\s*:|data\s*:|expression\s*\(|@import|behavior|-moz-binding|\\|<|&#|\/\*/i;

function safeValue(value: string): boolean {
  return !FORBIDDEN_IN_VALUE.test(value.replace(LOCAL_URL_REF, ''));
}

/** Keeps `style` declarations of presentation properties with safe values. */
function filterSvgStyle(style: string): string {
  return style
    .split(';')
    .map((d) => {
      const colon = d.indexOf(':');
      if (colon === -1) return null;
      const prop = d.slice(0, colon).trim().toLowerCase();
      const value = d.slice(colon + 1).trim();
      return PRESENTATION_SET.has(prop) && value !== '' && safeValue(value) ? `${prop}:${value}` : null;
    })
    .filter((d): d is string => d !== null)
    .join(';');
}

function cleanSvgAttributes(tag: string, attribs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (!ATTRIBUTES.includes(name)) continue;
    if (name === 'href' || name === 'xlink:href') {
      if (LOCAL_FRAGMENT.test(value.trim())) out[name] = value.trim();
      continue;
    }
    if (name === 'xmlns' || name === 'xmlns:xlink') continue; // set below / in sanitizeSvg, to the one right value
    if (name === 'style') {
      const style = filterSvgStyle(value);
      if (style) out.style = style;
      continue;
    }
    if (safeValue(value)) out[name] = value;
  }
  if (tag === 'svg') out.xmlns = SVG_NS;
  return out;
}

const USES_XLINK = /\sxlink:[A-Za-z]/;

/**
 * Declares the xlink prefix on the root whenever the output uses it. The source may have declared
 * it on any element (every declaration was removed above), and an undeclared prefix is an XML
 * error: the image would not render.
 */
function declareXlink(svg: string): string {
  return USES_XLINK.test(svg) ? `<svg xmlns:xlink="${XLINK_NS}"${svg.slice('<svg'.length)}` : svg;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [...SVG_TAGS],
  allowedAttributes: Object.fromEntries(SVG_TAGS.map((t) => [t, ATTRIBUTES])),
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them.
  nonTextTags: ['script', 'style', 'foreignObject', 'iframe', 'handler', 'listener', 'metadata', 'image', 'feImage', 'animate', 'animateMotion', 'animateTransform', 'set', 'discard'],
  nestingLimit: 256,
  selfClosing: [],
  parser: { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: SVG_TAGS.includes(tagName) ? cleanSvgAttributes(tagName, attribs) : {} }) },
};

/**
 * An inert copy of an SVG document (UTF-8 text), or null when nothing usable is left (no `<svg>`
 * root). The XML declaration, doctype (and any entity declarations), comments and processing
 * instructions are dropped.
 */
export function sanitizeSvg(source: string): string | null {
  const clean = loadSanitizeHtml()(source, options).trim();
  // Text outside the root (e.g. the tail of a stripped doctype's internal subset) is dropped.
  const start = clean.indexOf('<svg');
  const end = clean.lastIndexOf('</svg>');
  if (start === -1 || end === -1) return null;
  return declareXlink(clean.slice(start, end + '</svg>'.length));
}
