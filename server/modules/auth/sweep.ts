/**
 * Housekeeping for the account tables: expired sessions and e-mail codes are of no use to
 * anyone, yet nothing else deletes them, so both tables would grow without bound. `sweepExpired`
 * runs hourly as a periodic job (auth.jobs.ts `sweepSchedule`): once per hour across every
 * process, and a repeat after a crash is harmless (the deletes are idempotent).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { deleteExpiredEmailCodes } from './email-codes.repository';
import { deleteExpiredTokens } from './tokens.repository';

export const SWEEP_INTERVAL_MS = 60 * 60_000;
/** Expired codes stay a week, so an old link still answers "expired" rather than "invalid". */
export const EXPIRED_CODE_GRACE_MS = 7 * 24 * 60 * 60_000;

export interface SweepResult {
  tokens: number;
  codes: number;
}

/** Deletes sessions expired before `now` and e-mail codes expired over a week before it. */
export async function sweepExpired(db: Kysely<DB>, now: number): Promise<SweepResult> {
  const tokens = await deleteExpiredTokens(db, now);
  const codes = await deleteExpiredEmailCodes(db, now - EXPIRED_CODE_GRACE_MS);
  return { tokens, codes };
}
