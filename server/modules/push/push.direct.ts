/**
 * A push another feature composes itself (issue 28: a private message), where there is no site
 * message row to read back: the job carries the title as an i18n key (written in each device's
 * language), a line of text, the site path to open and the group tag (a newer push of the same
 * tag replaces the older). The caller decided the member takes it (their preferences, a mute);
 * this only delivers, once per device; a device that failed is tried again alone.
 */
import { z } from 'zod';
import type { Locale } from '../../../common/constants';
import { isLocale, translator } from '../../../common/i18n';
import type { AppContext } from '../../context';
import type { PushSubscriptionRow } from '../../db/schema';
import { siteBaseUrl } from '../../http/site-address';
import { defineJob, enqueueJob, type JobDefinition } from '../../kernel/jobs';
import type { WriteScope } from '../../kernel/events';
import { sendPush, type PushOutcome } from './push.delivery';
import { allowsLocalEndpoints } from './push.endpoint';
import { recordOutcomes, topicOf, type DeliveryReport, type PushPayload } from './push.messages';
import { subscriptionsOf } from './push.repository';
import { hasDevices } from './push.service';
import { ensureVapidKeys, vapidSubject } from './push.vapid';

const BODY_MAX = 180;

export const directPushSchema = z.object({
  to: z.number().int().positive(),
  /** i18n key of the title and its parameters (strings and numbers). */
  titleKey: z.string().min(1).max(120),
  titleParams: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  body: z.string().max(BODY_MAX),
  /** A site path (`/conversations/12`). */
  path: z.string().startsWith('/').max(300),
  tag: z.string().min(1).max(120),
  /** Retry of these devices only (absent: all of the member's), and which retry it is. */
  only: z.array(z.number().int().positive()).optional(),
  retry: z.number().int().min(0).max(10).default(0),
});
export type DirectPush = z.input<typeof directPushSchema>;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= BODY_MAX ? flat : `${flat.slice(0, BODY_MAX - 1)}…`;
}

async function deliverDirect(ctx: AppContext, push: z.output<typeof directPushSchema>): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: [], gone: [], failed: [] };
  const db = ctx.state.db;
  if (!db) return report;
  const subscriptions = (await subscriptionsOf(db, push.to)).filter((row) => !push.only || push.only.includes(row.id));
  if (subscriptions.length === 0) return report;
  const vapid = await ensureVapidKeys(db, ctx.clock.now());
  const baseUrl = siteBaseUrl(ctx.config);
  const options = { vapid, subject: vapidSubject(ctx.config), topic: topicOf(push.tag), urgency: 'normal' as const, allowLocal: allowsLocalEndpoints(ctx.config) };
  const outcomes = await Promise.all(
    subscriptions.map(async (row): Promise<[PushSubscriptionRow, PushOutcome]> => {
      const locale: Locale = isLocale(row.locale) ? row.locale : 'en-US';
      const payload: PushPayload = { title: translator(locale)(push.titleKey, push.titleParams), body: clip(push.body), url: `${baseUrl}${push.path}`, tag: push.tag };
      return [row, await sendPush(row, JSON.stringify(payload), options)];
    }),
  );
  return recordOutcomes(ctx, db, outcomes, report);
}

const RETRIES = 4;

/**
 * The job: every device of the member (or the ones a retry names). Devices that failed get one
 * job of their own, later (twice the wait each time, four times at most): the others already show it.
 */
export const pushDirectJob: JobDefinition<z.output<typeof directPushSchema>> = defineJob({
  name: 'push.direct',
  payload: directPushSchema,
  async run(push, ctx) {
    const report = await deliverDirect(ctx, push);
    if (report.failed.length === 0) return;
    if (push.retry >= RETRIES) {
      ctx.log.warn({ devices: report.failed }, 'direct push given up');
      return;
    }
    await enqueueJob(ctx, pushDirectJob, { ...push, only: report.failed.map((f) => f.id), retry: push.retry + 1 }, { delayMs: pushDirectJob.backoffMs * 2 ** push.retry });
  },
});

/** Enqueues a composed push in the write's transaction, when the member has a device at all. */
export async function enqueueDirectPush(scope: WriteScope, push: DirectPush): Promise<void> {
  if (!(await hasDevices(scope.db, push.to))) return;
  await scope.enqueue(pushDirectJob, directPushSchema.parse(push));
}
