/**
 * The reply mail as a job after commit (ADR 0022): a comment or a reply that writes a message of
 * a mailed type enqueues it in the comment's own transaction (messages.feature.ts), so a crash or
 * a mail server's hiccup no longer loses it. The job decides when it runs whether a mail goes out
 * (the recipient's switch and verified address, the one-per-window throttle) and sends it with
 * its job's Message-ID.
 */
import { z } from 'zod';
import { MESSAGE_TYPES } from '../../../common/constants';
import { siteBaseUrl } from '../../http/site-address';
import { defineJob, jobMessageId } from '../../kernel/jobs';
import { sendReplyMail } from './messages.service';

const id = z.number().int().positive();

export const replyMailJob = defineJob({
  name: 'messages.replyMail',
  payload: z.object({
    to: id,
    from: id.nullable(),
    type: z.enum(MESSAGE_TYPES),
    title: z.string(),
    content: z.string(),
    url: z.string(),
    entityType: z.string(),
  }),
  async run(mail, ctx, info) {
    await sendReplyMail(ctx, mail, { baseUrl: siteBaseUrl(ctx.config), holder: `job:${info.id}`, messageId: jobMessageId(ctx, info) });
  },
});
