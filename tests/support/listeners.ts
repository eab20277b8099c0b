/**
 * What the listener suites share (`server/modules/<feature>/<feature>.listeners.test.ts`: each
 * feature's domain-event listeners proved beside them, by what a member or reader would see):
 *   - `createListenerApp`: an app on one engine at a fixed time, with a member, another member
 *     and a moderator, and no posting or commenting limits;
 *   - `droppedPages`: the page-cache tags a write asked to drop (the page cache serves nobody
 *     under `inject`, so the drop itself is what a test can see).
 */
import type { DbType } from '../../server/config';
import { createUser, type CreatedUser } from './factories';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp, type TestAppOptions } from './test-app';

/** The listener suites' time: fixed, so a cached feed never expires by itself. */
export const LISTENER_START = 1_800_000_000_000;

export interface ListenerApp {
  t: TestApp;
  member: CreatedUser;
  other: CreatedUser;
  moderator: CreatedUser;
}

export async function createListenerApp(dialect: DbType, options: TestAppOptions = {}): Promise<ListenerApp> {
  const t = await createTestApp({ dialect, clock: { now: () => LISTENER_START }, ...options });
  const member = await createUser(t);
  const other = await createUser(t);
  const moderator = await createUser(t, { role: 'moderator' });
  await writeTestSettings(t, { postLimits: NO_LIMIT, commentLimits: NO_LIMIT }, t.ctx.clock.now());
  return { t, member, other, moderator };
}

/** The tags the page cache was told to drop while `work` ran. */
export async function droppedPages(t: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const dropped: string[] = [];
  const original = t.ctx.pageCache.invalidate.bind(t.ctx.pageCache);
  t.ctx.pageCache.invalidate = (tags) => {
    dropped.push(...tags);
    return original(tags);
  };
  try {
    await work();
  } finally {
    t.ctx.pageCache.invalidate = original;
  }
  return dropped;
}
