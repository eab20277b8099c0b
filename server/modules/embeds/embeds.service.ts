/**
 * Link previews (ADR 0030): the links a written post has worth a card, and the cache read that
 * decorates content for a render (one query, and none when the content has no bare link).
 */
import type { Kysely } from 'kysely';
import type { Locale } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import type { AppContext } from '../../context';
import { enqueueJob } from '../../kernel/jobs';
import type { DB } from '../../db/schema';
import { previewJob } from './embeds.jobs';
import { providerEmbed } from './embeds.providers';
import { bareLinks, decorate, type CardFields } from './embeds.render';
import { findPreviews } from './embeds.repository';
import { MAX_LINKS_PER_POST, urlHash } from './embeds.refresh';

/** Links worth fetching for a card: not a provider's (those embed without a fetch), of a sane length, at most a post's share. */
function worthFetching(urls: readonly string[]): string[] {
  return urls.filter((url) => !providerEmbed(url) && url.length <= 2048).slice(0, MAX_LINKS_PER_POST);
}

/** The bare links a post's HTML has that are worth a card. */
export function linksToPreview(html: string): string[] {
  return worthFetching(bareLinks(html));
}

/**
 * The contents with their bare links shown as embeds or cards from the cache: one query for them
 * all, none when none has a bare link. A link without a ready preview stays as it was. The render
 * never fetches: links whose preview is due again (a day after a success, an hour after a
 * failure) or was never made (a post from before link previews) are handed to the preview job —
 * one outbox row, at most one waiting per set of links — and the next render after it shows them.
 */
export async function decorateContents(ctx: AppContext, db: Kysely<DB>, htmls: readonly string[], locale: Locale): Promise<string[]> {
  const links = new Map<string, string>();
  for (const html of htmls) for (const url of bareLinks(html)) links.set(urlHash(url), url);
  if (links.size === 0) return [...htmls];
  const cards = new Map<string, CardFields>();
  const needsCache = [...links].filter(([, url]) => !providerEmbed(url)).map(([hash]) => hash);
  const rows = await findPreviews(db, needsCache);
  for (const row of rows) {
    const url = links.get(row.urlHash);
    if (url && row.status === 'ok' && row.title) cards.set(url, { title: row.title, description: row.description, siteName: row.siteName, image: row.image });
  }
  const current = new Set(rows.filter((row) => row.refreshTime > ctx.clock.now()).map((row) => row.urlHash));
  const due = worthFetching(needsCache.filter((hash) => !current.has(hash)).map((hash) => links.get(hash)!));
  if (due.length > 0) await askForRefresh(ctx, due);
  const t = translator(locale);
  return htmls.map((html) => decorate(html, cards, t));
}

/** Enqueues the preview job for links a render found due; a failure is logged, never the render's. */
async function askForRefresh(ctx: AppContext, urls: string[]): Promise<void> {
  try {
    await enqueueJob(ctx, previewJob, { urls, pages: [] }, { dedupeKey: `link-preview|${urlHash([...urls].sort().join('\n'))}` });
  } catch (error) {
    ctx.log.warn({ err: error }, 'link previews: refresh not enqueued');
  }
}

