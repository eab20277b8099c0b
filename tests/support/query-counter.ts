/**
 * Counts the queries a Kysely handle executes (a plugin sees each exactly once; sub-queries are
 * not separate). `withCountedDb` swaps an app's database for a counted one for the length of a
 * callback, so a whole request path (route, use case, handlers) is measured as it runs.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { AppContext } from '../../server/context';
import type { Database } from '../../server/db/database';

export class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.count += 1;
    return args.result;
  }
}

/** Runs `work` with the app's database counting queries; answers its result and the count. */
export async function withCountedDb<T>(ctx: AppContext, work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const db = ctx.state.db;
  if (!db) throw new Error('withCountedDb: the app has no database');
  const counter = new QueryCounter();
  ctx.state.db = db.withPlugin(counter) as Database;
  try {
    const result = await work();
    return { result, queries: counter.count };
  } finally {
    ctx.state.db = db;
  }
}
