/**
 * Work done after the answer is sent (a mail whose timing must say nothing: the reset mail, the
 * attack alert), per app: each task is kept until it settles, and the app awaits the ones still
 * running when it closes (auth.feature.ts), so a closing app neither drops a mail nor closes the
 * database under it.
 */
import type { AppContext } from '../../context';

const pendingOf = new WeakMap<AppContext, Set<Promise<void>>>();

/** Runs `task` without holding the answer; a failure is logged as `failure`. */
export function afterAnswer(ctx: AppContext, task: () => Promise<void>, failure: string): void {
  let pending = pendingOf.get(ctx);
  if (!pending) pendingOf.set(ctx, (pending = new Set()));
  const running = task().catch((error: unknown) => ctx.log.error({ err: error }, failure));
  pending.add(running);
  void running.finally(() => pending.delete(running));
}

/** Resolves once every task started so far has settled (the app is closing). */
export async function settleAfterAnswer(ctx: AppContext): Promise<void> {
  await Promise.allSettled([...(pendingOf.get(ctx) ?? [])]);
}
