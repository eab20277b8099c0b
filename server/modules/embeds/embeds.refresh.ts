/**
 * The preview job's work (ADR 0030): fetch each link not fresh in the cache through the guarded
 * fetcher, and record what the page says (or that it failed).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { PreviewFetcher } from './embeds.fetcher';
import { readMeta } from './embeds.meta';
import { findPreviews, savePreview } from './embeds.repository';

/** A success is refreshed after a day, a failure after an hour. */
export const PREVIEW_FRESH_MS = { ok: 24 * 3600_000, failed: 3600_000 } as const;
/** Bare links fetched per post: a post of a hundred links is not a hundred fetches. */
export const MAX_LINKS_PER_POST = 5;

export function urlHash(url: string): string {
  return createHash('sha256').update(url).digest('hex');
}

/** The fetcher of this app: the real resolver; the config's test-only allowance. */
export function appFetcher(ctx: AppContext): PreviewFetcher {
  return new PreviewFetcher({ testAllowAddresses: ctx.config.linkPreviews.testAllowAddresses });
}

/**
 * Fetches each address not fresh in the cache and records the outcome. Answers whether any
 * preview changed (the pages showing it are then dropped).
 */
export async function refreshPreviews(db: Kysely<DB>, fetcher: PreviewFetcher, urls: readonly string[], clock: () => number): Promise<boolean> {
  const hashes = new Map(urls.map((url) => [urlHash(url), url]));
  const fresh = new Set((await findPreviews(db, [...hashes.keys()])).filter((row) => row.refreshTime > clock()).map((row) => row.urlHash));
  let changed = false;
  for (const [hash, url] of hashes) {
    if (fresh.has(hash)) continue;
    const result = await fetcher.fetch(url);
    const meta = result.ok ? readMeta(result.html, result.url) : null;
    const ok = meta !== null && meta.title !== '';
    const now = clock();
    await savePreview(db, {
      urlHash: hash,
      url,
      status: ok ? 'ok' : 'failed',
      title: ok ? meta.title : '',
      description: ok ? meta.description : '',
      siteName: ok ? meta.siteName : '',
      image: ok ? meta.image : '',
      fetchedAt: now,
      refreshTime: now + (ok ? PREVIEW_FRESH_MS.ok : PREVIEW_FRESH_MS.failed),
    });
    changed ||= ok;
  }
  return changed;
}
