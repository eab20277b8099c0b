/**
 * The proof-of-work challenge (issue 28): `GET auth/challenge`, the guard sign-up and the password
 * reset request declare (`requireSolvedChallenge`), and an hourly sweep of spent solutions whose
 * challenge has expired (a replay of those is refused as expired).
 */
import type { Feature } from '../../kernel/feature';
import { defineSchedule } from '../../kernel/jobs';
import { requireDb } from '../../context';
import { challengeActionList } from './challenge.actions';
import { deleteExpiredChallengeUses } from './challenge.repository';

export const challengeSweepSchedule = defineSchedule({
  name: 'challenge.sweep',
  everyMs: 60 * 60_000,
  run: async (ctx) => {
    await deleteExpiredChallengeUses(requireDb(ctx), ctx.clock.now());
  },
});

export const challengeFeature: Feature = {
  name: 'challenge',
  actions: challengeActionList,
  schedules: [challengeSweepSchedule],
};
