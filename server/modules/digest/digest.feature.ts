/**
 * The e-mail digest (issue 27): daily or weekly, what a member missed — the most liked and
 * commented posts of whom they follow and of the site, their unread notifications — in their
 * language, once per period in the site's time zone. An hourly schedule claims each due member's
 * period and enqueues the mail in the same transaction (digest.run.ts); the mail job writes and
 * sends it (digest.mail.ts). Its only data is `digest_sends`; the choices are the messages
 * feature's (kind `digest`), the content its owners' (publishing, follows, messages).
 */
import type { Feature } from '../../kernel/feature';
import { digestMailJob } from './digest.jobs';
import { digestSchedule } from './digest.schedule';
import { deleteDigestSendsOf } from './digest.repository';

export const digestFeature: Feature = {
  name: 'digest',
  jobs: [digestMailJob],
  schedules: [digestSchedule],
  setup(ctx) {
    // An erased member (issue 29): the record of their digests goes.
    ctx.events.onWrite('user.erased', 'digest', ({ userId }, { db }) => deleteDigestSendsOf(db, userId));
  },
};
