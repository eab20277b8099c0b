/**
 * Search (issue 15, ADR 0015): the declared tabs (the API's routes, the /search page's reads),
 * and the index kept in step by in-transaction handlers of every fact that changes what a post
 * says or whether it is published: create, edit (text, node, a forbidden word sending it back to
 * review), status moves (delete, review approval or rejection, moderation). A post and its
 * document commit together. At start, a rebuild left unfinished (an upgraded forum's first
 * start) is enqueued as a job.
 */
import type { Feature } from '../../kernel/feature';
import type { AppContext } from '../../context';
import { enqueueJob } from '../../kernel/jobs';
import { reindexItem, indexNewItem, reindexPending } from './search.index';
import { rebuildJob } from './search.jobs';
import { searchActionList } from './search.actions';
import { moveDocumentsToNode } from './search.repository';
import { isSearchKind } from './search.sources';

/** Enqueues the build for posts written before search existed, once, without holding up the start. */
function resumeIndexBuild(ctx: AppContext): void {
  const db = ctx.state.db;
  // Tests build the index themselves (and count their queries); a forum not installed has no posts.
  if (!db || ctx.config.env === 'test') return;
  void (async () => {
    if (await reindexPending(db)) await enqueueJob(ctx, rebuildJob, {}, { dedupeKey: rebuildJob.name });
  })().catch((error: unknown) => ctx.log.error({ err: error }, 'search index: build not enqueued (run npm run reindex)'));
}

export const searchFeature: Feature = {
  name: 'search',
  actions: searchActionList,
  jobs: [rebuildJob],
  setup(ctx) {
    ctx.events.onWrite('topic.created', 'search', (event, scope) => indexNewItem(scope.db, 'topic', event.id));
    ctx.events.onWrite('article.created', 'search', (event, scope) => indexNewItem(scope.db, 'article', event.id));
    ctx.events.onWrite('topic.edited', 'search', (event, scope) => reindexItem(scope.db, 'topic', event.id));
    ctx.events.onWrite('article.edited', 'search', (event, scope) => reindexItem(scope.db, 'article', event.id));
    ctx.events.onWrite('content.statusChanged', 'search', async (event, scope) => {
      if (isSearchKind(event.head.type)) await reindexItem(scope.db, event.head.type, event.head.id);
    });
    // A node being deleted hands its topics on: their documents follow (the node filter).
    ctx.events.onWrite('node.topicsMoved', 'search', ({ from, to }, scope) => moveDocumentsToNode(scope.db, from, to));
    resumeIndexBuild(ctx);
  },
};
