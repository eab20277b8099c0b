/**
 * The index's build for posts written before search existed (an upgraded forum's first start) as
 * a job (ADR 0022): enqueued at start with a dedupe key, so the processes starting together build
 * it once, and a build cut short by a crash or a restart is taken up again (it is resumable:
 * `reindexAll` goes on from where its last transaction ended).
 */
import { requireDb } from '../../context';
import { defineJob, type NoPayload } from '../../kernel/jobs';
import { z } from 'zod';
import { runTransaction } from '../../kernel/write';
import { reindexAll, reindexPending } from './search.index';

export const rebuildJob = defineJob<NoPayload>({
  name: 'search.rebuild',
  payload: z.strictObject({}),
  attempts: 3,
  backoffMs: 60_000,
  async run(_payload, ctx) {
    const db = requireDb(ctx);
    if (!(await reindexPending(db))) return;
    ctx.log.info('search index: building for existing posts');
    const reports = await reindexAll(db, (work) => runTransaction(db, work), () => ctx.clock.now());
    ctx.log.info({ reports }, 'search index: built');
  },
});
