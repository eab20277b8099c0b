/** Phone sign-in (issue 29): codes by SMS, sign-in and new accounts by phone, a member's phone. */
import type { Feature } from '../../kernel/feature';
import { phoneActionList } from './phone.actions';
import { smsJob, smsSweepSchedule } from './phone.jobs';

export const phoneFeature: Feature = {
  name: 'phone',
  actions: phoneActionList,
  jobs: [smsJob],
  schedules: [smsSweepSchedule],
};
