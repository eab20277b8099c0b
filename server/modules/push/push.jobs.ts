/**
 * Pushes as jobs after commit (ADR 0022): a message owed a push enqueues `push.message` in the
 * write's own transaction (push.feature.ts), so a crash or a push service's hiccup loses nothing.
 * It sends to every device of the member once. A device that failed (not gone) gets a
 * `push.device` job of its own, retried with the runner's growing delay, so one unreachable
 * device never makes the others receive the same notification again.
 */
import { z } from 'zod';
import type { AppContext } from '../../context';
import { defineJob, enqueueJob } from '../../kernel/jobs';
import { pushMessage } from './push.messages';

const id = z.number().int().positive();

/** The retry of one device: fails (and is retried) until the push service takes it. */
export const pushDeviceJob = defineJob({
  name: 'push.device',
  payload: z.object({ messageId: id, subscriptionId: id }),
  async run({ messageId, subscriptionId }, ctx) {
    const report = await pushMessage(ctx, messageId, [subscriptionId]);
    const failure = report.failed[0];
    if (failure) throw new Error(`push to device ${subscriptionId} failed: ${failure.reason}`);
  },
});

async function retryEach(ctx: AppContext, messageId: number, failed: ReadonlyArray<{ id: number }>): Promise<void> {
  for (const { id: subscriptionId } of failed) {
    // Keyed by message and device: a crash's re-run of the fan-out adds no second retry.
    await enqueueJob(ctx, pushDeviceJob, { messageId, subscriptionId }, { delayMs: pushDeviceJob.backoffMs, dedupeKey: `push:${messageId}:${subscriptionId}` });
  }
}

/** The fan-out: every device of the message's recipient, once. */
export const pushMessageJob = defineJob({
  name: 'push.message',
  payload: z.object({ messageId: id }),
  async run({ messageId }, ctx) {
    const report = await pushMessage(ctx, messageId, null);
    await retryEach(ctx, messageId, report.failed);
  },
});
