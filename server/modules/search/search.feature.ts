/**
 * Search (issue 15, ADR 0015): the declared tabs (the API's routes, the /search page's reads),
 * and the index kept in step by in-transaction handlers of every fact that changes what a post
 * says or whether it is published: create, edit (text, node, a forbidden word sending it back to
 * review), status moves (delete, review approval or rejection, moderation). A post and its
 * document commit together. At start, a rebuild left unfinished (an upgraded forum's first
 * start) resumes in the background.
 */
import type { Feature } from '../../features';
import type { AppContext } from '../../context';
import { reindexItem, indexNewItem, reindexAll, reindexPending } from './search.index';
import { searchActionList } from './search.actions';
import { moveDocumentsToNode } from './search.repository';
import { isSearchKind } from './search.sources';

/** Builds the index for posts written before search existed, once, without holding up the start. */
function resumeIndexBuild(ctx: AppContext): void {
  const db = ctx.state.db;
  // Tests build the index themselves (and count their queries); a forum not installed has no posts.
  if (!db || ctx.config.env === 'test') return;
  void (async () => {
    if (!(await reindexPending(db))) return;
    ctx.log.info('search index: building for existing posts');
    const reports = await reindexAll(db, (work) => db.transaction().execute(work), () => ctx.clock.now());
    ctx.log.info({ reports }, 'search index: built');
  })().catch((error: unknown) => ctx.log.error({ err: error }, 'search index: build failed (run npm run reindex)'));
}

export const searchFeature: Feature = {
  name: 'search',
  actions: searchActionList,
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
