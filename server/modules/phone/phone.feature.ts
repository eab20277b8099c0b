/** Phone sign-in (issue 29): codes by SMS, sign-in and new accounts by phone, a member's phone. */
import type { Feature } from '../../kernel/feature';
import { phoneActionList } from './phone.actions';
import { smsJob, smsSweepSchedule } from './phone.jobs';
import { forgetPhoneOf } from './phone.service';

export const phoneFeature: Feature = {
  name: 'phone',
  actions: phoneActionList,
  jobs: [smsJob],
  schedules: [smsSweepSchedule],
  setup(ctx) {
    // An erased account (issue 29): its phone number and every code sent to it go with it.
    ctx.events.onWrite('user.erased', 'phone', ({ userId }, { db }) => forgetPhoneOf(db, userId));
  },
};
