/**
 * The app icons (issue 27): drawn from the site logo by the image workers (uploads' pool, sharp
 * off the event loop), else from the site title's initial on the brand colour, and kept in memory
 * per app. An icon set belongs to its source (the logo's address, content-addressed, or the
 * initial and colour): a process that reads another source (a change made by another process,
 * heard through the settings bus) draws afresh, and `settings.changed` empties this process's
 * set at once (pwa.feature.ts). Each source has a short version, the `?v=` of the manifest's
 * links and the icons' ETag, so a browser fetches the new icons when the logo changes.
 */
import { createHash } from 'node:crypto';
import { APP_ICONS, BACKGROUND_COLOR, BRAND_COLOR, type AppIconName } from '../../../common/pwa';
import type { AppContext } from '../../context';
import { AppError } from '../../infra/errors';
import type { SiteSettings } from '../../kernel/actions';
import { readStoredImage, siteStorage, type IconSpec } from '../uploads/uploads.api';

/** Bump when the drawing below changes: every icon's version (and so its address) changes with it. */
const DRAWING = 1;

/**
 * How the logo sits in each icon. `any` icons keep the logo's own shape (transparent around it).
 * A maskable icon may be cut to any shape down to the centred circle of 80 % of the side: a
 * square logo fits that circle whole at 56 % (inset 22 %), on the page background. iOS paints
 * transparency black and rounds corners itself: the logo on the page background, a little inside.
 */
const LOGO_LAYOUT: Record<AppIconName, Omit<IconSpec, 'size'>> = {
  'icon-192': { inset: 0.04, background: null },
  'icon-512': { inset: 0.04, background: null },
  'maskable-512': { inset: 0.22, background: BACKGROUND_COLOR },
  'apple-touch-icon': { inset: 0.1, background: BACKGROUND_COLOR },
};

/** What the icons are drawn from, and its version. */
export interface IconSource {
  key: string;
  version: string;
  logo: string | null;
  initial: string;
}

/** The title's first character, upper-cased (an emoji or a CJK character stays as it is). */
export function initialOf(title: string): string {
  const first = Array.from(title.trim())[0];
  return first ? first.toLocaleUpperCase('en-US') : 'S';
}

export function iconSourceOf(settings: Pick<SiteSettings, 'siteLogo' | 'siteTitle'>): IconSource {
  const logo = settings.siteLogo || null;
  const initial = initialOf(settings.siteTitle);
  const key = logo ? `logo ${logo}` : `initial ${initial} ${BRAND_COLOR}`;
  return { key, logo, initial, version: createHash('sha256').update(`${DRAWING} ${key}`).digest('hex').slice(0, 12) };
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The initial in white on the brand colour, as an SVG of 512 units: rounded corners for `any`
 * icons, a full square where the platform cuts its own shape (maskable, iOS), the letter then a
 * little smaller so it stays inside the safe circle.
 */
export function initialSvg(initial: string, name: AppIconName): Buffer {
  const fullBleed = name === 'maskable-512' || name === 'apple-touch-icon';
  const fontSize = fullBleed ? 240 : 300;
  const baseline = 256 + Math.round(fontSize * 0.35);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">` +
      `<rect width="512" height="512" rx="${fullBleed ? 0 : 96}" fill="${BRAND_COLOR}"/>` +
      `<text x="256" y="${baseline}" text-anchor="middle" font-family="sans-serif" font-size="${fontSize}" font-weight="600" fill="#ffffff">${xmlText(initial)}</text>` +
      `</svg>`,
  );
}

/** The image workers refused the logo itself (415, 413): another try would fail the same way. */
function logoRefused(error: unknown): boolean {
  return error instanceof AppError && (error.status === 415 || error.status === 413);
}

/**
 * The logo drawn as one icon, or null when there is none to draw: the file is gone (removed by
 * hand) or no longer decodes. A busy pool is thrown, not replaced by the initial: the icon would
 * be kept under the logo's name until the next change.
 */
async function drawLogo(ctx: AppContext, address: string, name: AppIconName): Promise<Buffer | null> {
  const logo = await readStoredImage(address, await siteStorage(ctx), ctx.config);
  if (!logo) {
    ctx.log.warn({ logo: address }, 'pwa: the site logo is not stored; its icons show the initial');
    return null;
  }
  try {
    return (await ctx.images.icon(logo, { size: APP_ICONS[name], ...LOGO_LAYOUT[name] })).data;
  } catch (error) {
    if (!logoRefused(error)) throw error;
    ctx.log.warn({ err: error, logo: address }, 'pwa: the site logo does not draw; its icons show the initial');
    return null;
  }
}

/** One icon of a source, as PNG bytes: the logo when it draws, else the initial. */
async function drawIcon(ctx: AppContext, source: IconSource, name: AppIconName): Promise<Buffer> {
  const logo = source.logo ? await drawLogo(ctx, source.logo, name) : null;
  if (logo) return logo;
  return (await ctx.images.icon(initialSvg(source.initial, name), { size: APP_ICONS[name], inset: 0, background: null })).data;
}

/** This app's icons of one source, each drawn once (concurrent readers share the drawing). */
export class IconCache {
  private sourceKey = '';
  private readonly icons = new Map<AppIconName, Promise<Buffer>>();

  /** Icons held (tests). */
  get size(): number {
    return this.icons.size;
  }

  get(ctx: AppContext, source: IconSource, name: AppIconName): Promise<Buffer> {
    if (source.key !== this.sourceKey) {
      this.clear();
      this.sourceKey = source.key;
    }
    const held = this.icons.get(name);
    if (held) return held;
    const drawing = drawIcon(ctx, source, name);
    this.icons.set(name, drawing);
    // A failed drawing (a busy pool) is not kept: the next request tries again.
    drawing.catch(() => {
      if (this.icons.get(name) === drawing) this.icons.delete(name);
    });
    return drawing;
  }

  clear(): void {
    this.icons.clear();
    this.sourceKey = '';
  }
}

const cachesByApp = new WeakMap<AppContext, IconCache>();

/** The icon cache of an app (one per AppContext: test apps side by side keep their own). */
export function iconCacheOf(ctx: AppContext): IconCache {
  let cache = cachesByApp.get(ctx);
  if (!cache) {
    cache = new IconCache();
    cachesByApp.set(ctx, cache);
  }
  return cache;
}
