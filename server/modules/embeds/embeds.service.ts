/**
 * Link previews (ADR 0030): the cache read that decorates content for a render (one query, and
 * none when the content has no bare link), and the fetch a job makes after a post is written.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Locale } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { PreviewFetcher } from './embeds.fetcher';
import { readMeta } from './embeds.meta';
import { providerEmbed } from './embeds.providers';
import { bareLinks, decorate, type CardFields } from './embeds.render';
import { findPreviews, savePreview } from './embeds.repository';

/** A success is refreshed after a day, a failure after an hour. */
export const PREVIEW_FRESH_MS = { ok: 24 * 3600_000, failed: 3600_000 } as const;
/** Bare links fetched per post: a post of a hundred links is not a hundred fetches. */
export const MAX_LINKS_PER_POST = 5;

export function urlHash(url: string): string {
  return createHash('sha256').update(url).digest('hex');
}

/** The bare links a post's HTML has that are worth a card: not a provider's (those embed without a fetch). */
export function linksToPreview(html: string): string[] {
  return bareLinks(html)
    .filter((url) => !providerEmbed(url) && url.length <= 2048)
    .slice(0, MAX_LINKS_PER_POST);
}

/**
 * The contents with their bare links shown as embeds or cards from the cache: one query for them
 * all, none when none has a bare link. A link without a ready preview stays as it was.
 */
export async function decorateContents(db: Kysely<DB>, htmls: readonly string[], locale: Locale): Promise<string[]> {
  const links = new Map<string, string>();
  for (const html of htmls) for (const url of bareLinks(html)) links.set(urlHash(url), url);
  if (links.size === 0) return [...htmls];
  const cards = new Map<string, CardFields>();
  const needsCache = [...links].filter(([, url]) => !providerEmbed(url)).map(([hash]) => hash);
  for (const row of await findPreviews(db, needsCache)) {
    const url = links.get(row.urlHash);
    if (url && row.status === 'ok' && row.title) cards.set(url, { title: row.title, description: row.description, siteName: row.siteName, image: row.image });
  }
  const t = translator(locale);
  return htmls.map((html) => decorate(html, cards, t));
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
