/**
 * VIP's jobs after commit (ADR 0022): the decision mail, enqueued in the transaction of the
 * admin's activation or rejection (vip.feature.ts), and the hourly expiry reminder as a periodic
 * job (vip.reminders.ts): once per hour across every process, where it was a timer in each.
 */
import { z } from 'zod';
import { VIP_PLANS } from '../../../common/vip';
import { defineJob, defineSchedule, jobMessageId } from '../../kernel/jobs';
import { sendVipMail } from './vip.mail';
import { REMINDER_INTERVAL_MS, remindExpiringVip } from './vip.reminders';

const order = { userId: z.number().int().positive(), plan: z.enum(VIP_PLANS), amount: z.string().max(32) };

export const vipMailJob = defineJob({
  name: 'vip.decisionMail',
  payload: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('activated'), ...order, until: z.number().int() }),
    z.object({ kind: z.literal('rejected'), ...order, reason: z.string().max(1_000) }),
  ]),
  async run(decision, ctx, info) {
    await sendVipMail(ctx, decision, jobMessageId(ctx, info));
  },
});

export const reminderSchedule = defineSchedule({
  name: 'vip.remind',
  everyMs: REMINDER_INTERVAL_MS,
  async run(ctx) {
    await remindExpiringVip(ctx, ctx.clock.now());
  },
});
