/**
 * Housekeeping for the account tables: expired sessions and e-mail codes are of no use to
 * anyone, yet nothing else deletes them, so both tables would grow without bound. `buildApp`
 * runs `sweepExpired` every hour on an unref'd timer (it never keeps the process alive) and
 * stops it when the app closes. Several processes may sweep the same database: the deletes are
 * idempotent.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
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

/** Sweeps every `intervalMs` while the forum is installed; answers the function that stops it. */
export function startSweeper(ctx: Pick<AppContext, 'state' | 'clock' | 'log'>, intervalMs = SWEEP_INTERVAL_MS): () => void {
  let running = false;
  const tick = async () => {
    const db = ctx.state.installed ? ctx.state.db : null;
    if (!db || running) return;
    running = true;
    try {
      const swept = await sweepExpired(db, ctx.clock.now());
      if (swept.tokens || swept.codes) ctx.log.info(swept, 'swept expired sessions and e-mail codes');
    } catch (error) {
      ctx.log.error({ err: error }, 'sweeping expired sessions and e-mail codes failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
