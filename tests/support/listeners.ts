/**
 * What the listener suites share (`server/modules/<feature>/<feature>.listeners.test.ts`: each
 * feature's domain-event listeners proved beside them, by what a member or reader would see):
 *   - `createListenerApp`: an app on one engine at a fixed time, with a member, another member
 *     and a moderator, and no posting or commenting limits;
 *   - `droppedPages`: the page-cache tags a write asked to drop (the page cache serves nobody
 *     under `inject`, so the drop itself is what a test can see);
 *   - `messagesOf` and `auditOf`: a member's site messages and the back office's audit log, read
 *     through the API as the pages read them.
 */
import type { AuditEntryView, OffsetPage } from '../../common/views/moderation';
import type { MessageView } from '../../common/views/message';
import type { Page } from '../../common/views/page';
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

/** The tags the page cache was told to drop while `work` ran (`forgotten`: only those dropped without keeping a stale copy). */
export async function droppedPages(t: TestApp, work: () => Promise<unknown>, which: 'all' | 'forgotten' = 'all'): Promise<string[]> {
  const dropped: string[] = [];
  const original = t.ctx.pageCache.invalidate.bind(t.ctx.pageCache);
  t.ctx.pageCache.invalidate = (tags, options) => {
    if (which === 'all' || options?.forget) dropped.push(...tags);
    return original(tags, options);
  };
  try {
    await work();
  } finally {
    t.ctx.pageCache.invalidate = original;
  }
  return dropped;
}

/** A member's site messages, newest first (the messages page's first page). */
export async function messagesOf(t: TestApp, reader: CreatedUser): Promise<MessageView[]> {
  const res = await t.get<Page<MessageView>>('/api/user/messages', { token: reader.token });
  if (res.status !== 200 || !res.body.data) throw new Error(`messagesOf failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}

/** The back office's audit log, newest first, as an admin reads it (filtered by `query`). */
export async function auditOf(t: TestApp, admin: CreatedUser, query: Record<string, string> = {}): Promise<AuditEntryView[]> {
  const res = await t.get<OffsetPage<AuditEntryView>>('/api/admin/audit_logs', { token: admin.token, query });
  if (res.status !== 200 || !res.body.data) throw new Error(`auditOf failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.results;
}
