/**
 * The preview fetch a written post owes (ADR 0030): enqueued in the write's transaction by the
 * embeds listeners, run after the commit by the job runner; then the pages showing the post are
 * dropped, so their next render shows the cards. Repeatable: a fresh cache row is not fetched again.
 */
import { z } from 'zod';
import { requireDb } from '../../context';
import { defineJob } from '../../kernel/jobs';
import { dropPages } from '../../kernel/page-tags';
import { appFetcher, MAX_LINKS_PER_POST, refreshPreviews } from './embeds.refresh';

export interface PreviewJobPayload {
  urls: string[];
  /** The cached pages that show the links. */
  pages: string[];
}

export const previewJob = defineJob<PreviewJobPayload>({
  name: 'embeds.preview',
  payload: z.strictObject({ urls: z.array(z.string().max(2048)).max(MAX_LINKS_PER_POST), pages: z.array(z.string().max(100)).max(10) }),
  // A page that failed is cached as failed: the job itself retries only a database error.
  attempts: 3,
  backoffMs: 60_000,
  async run(payload, ctx) {
    const changed = await refreshPreviews(requireDb(ctx), appFetcher(ctx), payload.urls, () => ctx.clock.now());
    if (changed) await dropPages(ctx, payload.pages, { forget: true });
  },
});
