/**
 * Link previews and embeds (issue 31 item 2, ADR 0030). A written post's bare links are fetched
 * after the commit (a job enqueued in the write's transaction, only when the post has one worth a
 * card); renders read the cache (embeds.api.ts `decorateContents`) and never fetch.
 */
import type { WriteScope } from '../../kernel/events';
import type { Feature } from '../../kernel/feature';
import { pageTag } from '../../kernel/page-tags';
import { previewJob } from './embeds.jobs';
import { linksToPreview } from './embeds.service';

async function enqueueFor(scope: WriteScope, html: string, pages: string[]): Promise<void> {
  const urls = linksToPreview(html);
  if (urls.length > 0) await scope.enqueue(previewJob, { urls, pages: [...new Set(pages)] });
}

/** The post's stored HTML, read back through its kind (the kinds meet features through the kernel). */
async function postHtml(scope: WriteScope, kind: string, id: number): Promise<string> {
  return (await scope.ctx.kinds.get(kind)?.body?.read(scope.db, id)) ?? '';
}

export const embedsFeature: Feature = {
  name: 'embeds',
  jobs: [previewJob],
  setup(ctx) {
    for (const kind of ['topic', 'article'] as const) {
      const handle = async ({ id }: { id: number }, scope: WriteScope) => enqueueFor(scope, await postHtml(scope, kind, id), [pageTag(kind, id)]);
      ctx.events.onWrite(`${kind}.created`, 'embeds', handle);
      ctx.events.onWrite(`${kind}.edited`, 'embeds', handle);
    }
    ctx.events.onWrite('comment.created', 'embeds', ({ html, item }, scope) => enqueueFor(scope, html, [pageTag(item.type, item.id), pageTag(item.root.type, item.root.id)]));
  },
};
