/**
 * Digest benchmark (issue 27): the hourly run over 10,000 members on SQLite, in process.
 *
 *   npx tsx bench/digest.ts [--members 10000] [--topics 300] [--follows 10]
 *
 * Seeds a fresh test forum: `--members` verified members (a third daily, a third weekly, a third
 * never chose and away for a month: 'auto' weekly), each following `--follows` of the 50 authors,
 * `--topics` topics of those authors in the week that just ended (likes and comments as counts),
 * and an unread notification for every fifth member. Then, with the clock on a Monday at 09:00
 * site time (the day and the week both due), times:
 *  - the run (`runDigests`): every member's choice read, their period claimed, the mail job
 *    enqueued in the claim's transaction, batch by batch;
 *  - a second run in the same hour (every period claimed: what each later hour costs);
 *  - the mail jobs (each digest gathered, written and sent to an .eml file).
 */
import { DIGEST_PERIODS } from '../common/constants';
import { requireDb } from '../server/context';
import { runDigests } from '../server/modules/digest/digest.run';
import { newUserValues } from '../server/modules/users/users.service';
import { createTopic } from '../tests/support/topic-factories';
import { createTestApp } from '../tests/support/test-app';
import { arg } from './lib';

const MEMBERS = Number(arg('members') ?? 10_000);
const TOPICS = Number(arg('topics') ?? 300);
const FOLLOWS = Number(arg('follows') ?? 10);
const AUTHORS = 50;
const DAY = 86_400_000;

/** Monday 2026-12-14 09:00 in Bangkok (the default site zone, UTC+7). */
const NOW = Date.UTC(2026, 11, 14, 2);
let clock = NOW - 40 * DAY;

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(2);
}

const t = await createTestApp({ clock: { now: () => clock } });
const db = requireDb(t.ctx);
try {
  const seeded = performance.now();
  const rows = Array.from({ length: MEMBERS }, (_, i) => newUserValues({ nickname: `Member ${i + 1}`, email: `member${i + 1}@example.com`, email_verified: 1 }, clock));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('users').values(rows.slice(i, i + 500)).execute();
  const ids = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((row) => Number(row.id));
  const authors = ids.slice(0, AUTHORS);
  const prefs = ids.flatMap((id, i) => (i % 3 === 2 ? [] : [{ user_id: id, kind: 'digest', channel: 'email', enabled: DIGEST_PERIODS[(i % 3) + 1]!, create_time: clock, update_time: clock }]));
  for (let i = 0; i < prefs.length; i += 500) await db.insertInto('notification_prefs').values(prefs.slice(i, i + 500)).execute();
  const follows = ids.flatMap((id, i) => Array.from({ length: FOLLOWS }, (_, k) => ({ user_id: id, other_id: authors[(i + k) % AUTHORS]!, create_time: clock }))).filter((row) => row.user_id !== row.other_id);
  for (let i = 0; i < follows.length; i += 500) await db.insertInto('user_follows').values(follows.slice(i, i + 500)).execute();
  const authorRows = await db.selectFrom('users').selectAll().where('id', 'in', authors).execute();
  for (let i = 0; i < TOPICS; i++) {
    clock = NOW - 7 * DAY + Math.floor((i / TOPICS) * 6 * DAY);
    const id = await createTopic(t, authorRows[i % AUTHORS]!, { title: `Topic ${i + 1} of the week` });
    await db.updateTable('topics').set({ like_count: (i * 7) % 23, comment_count: (i * 5) % 11 }).where('id', '=', id).execute();
  }
  const unread = ids.filter((_, i) => i % 5 === 0).map((id) => ({ user_id: id, from_id: null, type: 'system', title: 'Welcome', content: '', quote_content: '', url: '', entity_type: '', entity_id: 0, params: '{}', event_key: null, status: 0, create_time: clock, update_time: clock }));
  for (let i = 0; i < unread.length; i += 500) await db.insertInto('messages').values(unread.slice(i, i + 500)).execute();
  console.log(`seeded ${MEMBERS} members, ${TOPICS} topics, ${follows.length} follows, ${unread.length} unread in ${seconds(seeded)} s`);

  clock = NOW;
  const first = performance.now();
  const result = await runDigests(t.ctx, clock);
  console.log(`digest run: ${MEMBERS} members, ${result.claimed} periods claimed, ${result.enqueued} mail jobs enqueued in ${seconds(first)} s`);

  const second = performance.now();
  const again = await runDigests(t.ctx, clock + 60 * 60_000);
  console.log(`second run (all claimed): ${again.claimed} claimed in ${seconds(second)} s`);

  const mails = performance.now();
  await t.jobs.drain();
  console.log(`mail jobs: ${result.enqueued} digests gathered, written and sent to .eml files in ${seconds(mails)} s`);
} finally {
  await t.close();
}
