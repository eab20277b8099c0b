/**
 * A posting allowance as a route step: one click of the per-member and per-IP counters of a
 * posting family (topics, comments…) is spent before the write, and given back when the write
 * is refused for the poster's mistake (a bad field, an item that vanished), so only what was
 * really posted counts. Moderators post without an allowance.
 */
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { AppError } from '../infra/errors';
import { clientKey, type RateRule } from '../infra/rate-limiter';
import { isModerator } from '../policy/permissions';

type Limit = Omit<RateRule, 'name'>;

export interface Allowance {
  family: string;
  limits: { perUser: Limit; perIp: Limit };
  /** Refusals (HTTP statuses) that give the click back. */
  refundOn: readonly number[];
}

export async function withAllowance<T>(ctx: AppContext, allowance: Allowance, user: UserRow, ip: string, write: () => Promise<T>): Promise<T> {
  if (isModerator(user)) return write();
  const perUser: RateRule = { name: `${allowance.family}:user`, ...allowance.limits.perUser };
  const perIp: RateRule = { name: `${allowance.family}:ip`, ...allowance.limits.perIp };
  const userKey = String(user.id);
  const ipKey = clientKey(ip);
  await ctx.limiter.consume(perUser, userKey);
  try {
    await ctx.limiter.consume(perIp, ipKey);
  } catch (error) {
    await ctx.limiter.release(perUser, userKey);
    throw error;
  }
  try {
    return await write();
  } catch (error) {
    if (error instanceof AppError && allowance.refundOn.includes(error.status)) {
      await ctx.limiter.release(perUser, userKey);
      await ctx.limiter.release(perIp, ipKey);
    }
    throw error;
  }
}
