/** The hourly digest run as a periodic job (kernel/jobs.ts `defineSchedule`). */
import { defineSchedule } from '../../kernel/jobs';
import { DIGEST_RUN_INTERVAL_MS, runDigests } from './digest.run';

export const digestSchedule = defineSchedule({
  name: 'digest.run',
  everyMs: DIGEST_RUN_INTERVAL_MS,
  async run(ctx) {
    await runDigests(ctx, ctx.clock.now());
  },
});
