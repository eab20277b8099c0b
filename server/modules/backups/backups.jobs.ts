/**
 * The backups' jobs (ADR 0022): "Back up now" (one attempt: a retry would be another backup,
 * and the admin can press the button again), and the schedule's check every 10 minutes.
 */
import { z } from 'zod';
import { requireDb } from '../../context';
import { defineJob, defineSchedule } from '../../kernel/jobs';
import { runBackup, runScheduledBackup } from './backups.service';

export const backupJob = defineJob({
  name: 'backups.run',
  payload: z.object({ backupId: z.number().int().positive() }),
  attempts: 1,
  async run({ backupId }, ctx) {
    await runBackup(ctx, requireDb(ctx), backupId);
  },
});

export const backupSchedule = defineSchedule({
  name: 'backups.schedule',
  everyMs: 10 * 60_000,
  async run(ctx) {
    const id = await runScheduledBackup(ctx, requireDb(ctx));
    if (id !== null) ctx.log.info({ backupId: id }, 'scheduled backup written');
  },
});
