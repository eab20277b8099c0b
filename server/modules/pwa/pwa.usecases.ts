/**
 * The installable app's documents (pwa.actions.ts declares them), at the addresses browsers ask:
 *   /manifest.webmanifest    the web app manifest, from the site settings
 *   /icons/<name>.png        the icons (192, 512, maskable 512, apple-touch-icon 180), PNG
 *   /apple-touch-icon.png    the 180 px icon where iOS looks for it
 *   /sw.js                   the service worker, scope `/`
 * Each carries an ETag and answers 304 to a browser that has it: the manifest and the worker are
 * revalidated on every use (a settings change or a deploy shows at once), icons after an hour
 * (their manifest links change address with the logo anyway).
 */
import { createHash } from 'node:crypto';
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { pwaActions } from '../../../common/actions/pwa';
import type { AppIconName } from '../../../common/pwa';
import { PUBLIC_REVALIDATED } from '../../http/response-headers';
import type { MediaAnswer, ReadCall } from '../../kernel/actions';
import { iconCacheOf, iconSourceOf } from './pwa.icons';
import { webAppManifest } from './pwa.manifest';
import { serviceWorkerScript } from './pwa.service-worker';

type Input<K extends keyof typeof pwaActions> = ParsedInputOf<(typeof pwaActions)[K]>;
type Call<K extends keyof typeof pwaActions> = ReadCall<Input<K>, undefined>;
type Headers = ReadCall<unknown, undefined>['headers'];

const ICON_CACHE = 'public, max-age=3600';

/** Whether the browser's copy (If-None-Match, weak or strong, one or a list) is this one. */
function hasCopy(headers: Headers, etag: string): boolean {
  const sent = headers['if-none-match'];
  const tags = (Array.isArray(sent) ? sent.join(',') : (sent ?? '')).split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.includes(etag) || tags.includes('*');
}

/** The answer, or 304 when the browser holds it already. */
function conditional(headers: Headers, etag: string, fresh: Record<string, string>, answer: () => Promise<MediaAnswer> | MediaAnswer): Promise<MediaAnswer> | MediaAnswer {
  if (hasCopy(headers, etag)) return { status: 304, headers: { ...fresh, etag } };
  return answer();
}

/** GET /manifest.webmanifest */
export async function manifest({ settings, headers }: Call<'manifest'>): Promise<MediaAnswer> {
  const body = JSON.stringify(webAppManifest(settings, iconSourceOf(settings).version));
  const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
  const fresh = { 'cache-control': PUBLIC_REVALIDATED };
  return conditional(headers, etag, fresh, () => ({ type: 'application/manifest+json; charset=utf-8', headers: { ...fresh, etag }, body }));
}

async function iconAnswer({ ctx, settings, headers }: Call<'icon' | 'appleTouchIcon'>, name: AppIconName): Promise<MediaAnswer> {
  const source = iconSourceOf(settings);
  const etag = `"${source.version}-${name}"`;
  const fresh = { 'cache-control': ICON_CACHE };
  return conditional(headers, etag, fresh, async () => ({ type: 'image/png', headers: { ...fresh, etag }, body: await iconCacheOf(ctx).get(ctx, source, name) }));
}

/** GET /icons/:name.png */
export function icon(call: Call<'icon'>): Promise<MediaAnswer> {
  return iconAnswer(call, call.input.name);
}

/** GET /apple-touch-icon.png */
export function appleTouchIcon(call: Call<'appleTouchIcon'>): Promise<MediaAnswer> {
  return iconAnswer(call, 'apple-touch-icon');
}

/**
 * GET /sw.js: never from a cache without asking (a broken worker must be replaceable at once),
 * allowed to control the whole site although browsers would allow `/` from this address anyway.
 */
export async function serviceWorker({ headers }: Call<'serviceWorker'>): Promise<MediaAnswer> {
  const script = await serviceWorkerScript();
  const etag = `"${script.version}"`;
  const fresh = { 'cache-control': 'no-cache', 'service-worker-allowed': '/' };
  return conditional(headers, etag, fresh, () => ({ type: 'text/javascript; charset=utf-8', headers: { ...fresh, etag }, body: script.text }));
}
