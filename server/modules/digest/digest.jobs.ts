/**
 * The digest's jobs (ADR 0022): the hourly run (a schedule: once per interval across every
 * process; digest.run.ts claims each member's period once whatever runs it), and one mail per
 * claimed period, enqueued in the claim's transaction and retried when the mail server fails.
 */
import { z } from 'zod';
import { defineJob, defineSchedule, jobMessageId } from '../../kernel/jobs';
import { sendDigestMail } from './digest.mail';

export const digestMailJob = defineJob({
  name: 'digest.mail',
  payload: z.object({ userId: z.number().int().positive(), period: z.string().max(16) }),
  async run(job, ctx, info) {
    await sendDigestMail(ctx, job, jobMessageId(ctx, info));
  },
});
