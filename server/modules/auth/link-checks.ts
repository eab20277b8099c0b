/**
 * The one-time links mailed for e-mail verification and password reset carry 256 random bits,
 * so guessing one is hopeless; still, every check costs a lookup, and a source trying link after
 * link is doing nothing else. Checks are limited per IP (`linkCheckPerIp`), counting failures
 * only: the hit is taken before the check (parallel tries count) and given back when the link
 * worked, so a member who opens their mails is never refused.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireDb } from '../../context';
import { clientKey } from '../../infra/rate-limiter';
import { accountRule } from './rate-rules';

export async function limitLinkCheck<T>(ctx: AppContext, request: Pick<FastifyRequest, 'ip'>, check: () => Promise<T>): Promise<T> {
  const settings = await ctx.settings.get(requireDb(ctx));
  const rule = accountRule(settings, 'linkCheckPerIp');
  const key = clientKey(request.ip);
  await ctx.limiter.consume(rule, key);
  const result = await check();
  await ctx.limiter.release(rule, key);
  return result;
}
