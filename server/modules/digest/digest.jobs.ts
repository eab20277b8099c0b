/**
 * The digest's mail job (ADR 0022): one mail per claimed period, enqueued in the claim's
 * transaction by the hourly run (digest.run.ts; its schedule is digest.schedule.ts) and retried
 * when the mail server fails, with the same Message-ID.
 */
import { z } from 'zod';
import { defineJob, jobMessageId } from '../../kernel/jobs';
import { sendDigestMail } from './digest.mail';

export const digestMailJob = defineJob({
  name: 'digest.mail',
  payload: z.object({ userId: z.number().int().positive(), period: z.string().max(16) }),
  async run(job, ctx, info) {
    await sendDigestMail(ctx, job, jobMessageId(ctx, info));
  },
});
