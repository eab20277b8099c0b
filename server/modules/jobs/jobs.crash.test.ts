/**
 * The outbox against a SIGKILL (issue 26): the real server, as a child process, answers 200
 * replies to 200 members' comments (four at a time) — each reply owes its member a mail — while the mail server
 * holds its "accepted" (a slow server: the processes' workers are stuck mid-send); the process is
 * SIGKILLed right after the 200th answer, started again, and the mail server let go. Every member
 * must get their mail, and none a second, different one: a mail whose acceptance the killed
 * process never heard of is sent again with the same Message-ID (the honest edge; its raw count
 * is reported), and only a mail the killed process was sending may be repeated.
 *
 * - SQLite, one process (the embedded runner): the restart takes the waiting rows and, once
 *   their claims run out, the rows the killed process held.
 * - MariaDB with Redis (BullMQ), two processes: the writes go to A, which is killed; A is started
 *   again beside B, and both take jobs (each process signs its mails with its own From); the jobs
 *   A was running are run again once BullMQ sees them stalled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createUser } from '../../../tests/support/factories';
import { createComment } from '../../../tests/support/comment-factories';
import { testDatabases } from '../../../tests/support/databases';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../tests/support/mail';
import { startSourceServer, type ServerProcess } from '../../../tests/support/server-process';
import { createTopic } from '../../../tests/support/topic-factories';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import { createDatabase } from '../../db/database';
import type { DbConfig } from '../../config';
import { bullPrefix } from './jobs.bullmq';

const MEMBERS = 200;
const WORKERS = 4;
const REDIS_URL = 'redis://127.0.0.1:6379';
const SUBJECT = 'wrote to you on';

interface Forum {
  t: TestApp;
  token: string;
  /** The member's comment each reply answers, and the member's address. */
  targets: Array<{ commentId: number; email: string }>;
}

/** An installed forum with a replier and 200 members who asked for reply mails, each with a comment. */
async function seedForum(dialect: 'sqlite' | 'mysql'): Promise<Forum> {
  const t = await createTestApp({ dialect });
  const now = t.ctx.clock.now();
  await writeTestSettings(t, { commentLimits: NO_LIMIT }, now);
  const replier = await createUser(t, { password: null });
  const topicId = await createTopic(t, replier.user);
  const db = requireDb(t.ctx);
  const targets: Forum['targets'] = [];
  const seedOne = async () => {
    const member = await createUser(t, { password: null });
    targets.push({ commentId: await createComment(t, member.user, { entityId: topicId, content: `Comment by ${member.user.id}` }), email: member.email! });
  };
  // Four at a time: the seeding is not what is measured, and the write path queues or retries the rest.
  for (let i = 0; i < MEMBERS; i += 4) await Promise.all([0, 1, 2, 3].map(seedOne));
  // Every member but the replier takes replies by e-mail (a choice: replies are not mailed by default).
  const members = await db.selectFrom('users').select('id').where('id', '<>', replier.user.id).execute();
  await db.insertInto('notification_prefs').values(members.map(({ id }) => ({ user_id: id, kind: 'reply', channel: 'email', enabled: 1, create_time: now, update_time: now }))).execute();
  // The seeding's own jobs (messages to the topic's author, who wants no mail) are not this test's.
  await db.deleteFrom('jobs').execute();
  await t.stop();
  return { t, token: replier.token, targets };
}

/** The 200 replies, four at a time (as a busy forum's members post); resolves once all 200 were answered 200. */
async function reply(server: ServerProcess, forum: Forum): Promise<void> {
  const queue = [...forum.targets.entries()];
  const post = async ([index, target]: [number, Forum['targets'][number]]) => {
    const res = await fetch(`${server.url}/api/comment/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user-token': forum.token },
      body: JSON.stringify({ entityType: 'comment', entityId: target.commentId, content: `Reply ${index}` }),
    });
    if (res.status !== 200) throw new Error(`reply ${index}: ${res.status} ${await res.text()}`);
  };
  await Promise.all(
    [1, 2, 3, 4].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await post(next);
    }),
  );
}

async function waitFor(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Jobs not yet done, read from the forum's database (its schema is the server's: no migration here). */
async function unfinishedJobs(config: DbConfig): Promise<number> {
  const db = createDatabase(config);
  try {
    return (await db.selectFrom('jobs').select('id').where('status', '<>', 'done').execute()).length;
  } finally {
    await db.destroy();
  }
}

interface Figures {
  expected: number;
  delivered: number;
  messageIds: number;
  raw: number;
  resent: number;
}

/** What the mail server holds: per recipient, one Message-ID however often it came. */
function checkMails(mails: readonly ReceivedMail[], forum: Forum, killedFrom: string): Figures {
  const replies = mails.filter((mail) => mail.subject.includes(SUBJECT));
  const byRecipient = new Map<string, ReceivedMail[]>();
  for (const mail of replies) for (const to of mail.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail]);
  expect([...byRecipient.keys()].sort()).toEqual(forum.targets.map((target) => target.email.toLowerCase()).sort());
  for (const [to, copies] of byRecipient) {
    // Never a second, different mail: a copy sent again is the same message.
    expect(new Set(copies.map((mail) => mail.messageId)).size, `${to} got distinct mails`).toBe(1);
    expect(copies[0]!.messageId).toMatch(/^<job-\d+\.[0-9a-f]{16}@localhost>$/);
    // A repeat only of what the killed process was sending when it died.
    if (copies.length > 1) expect(copies[0]!.from, `${to}: a repeat of a mail the killed process was not sending`).toContain(killedFrom);
  }
  const messageIds = new Set(replies.map((mail) => mail.messageId)).size;
  expect(messageIds).toBe(MEMBERS);
  return { expected: MEMBERS, delivered: byRecipient.size, messageIds, raw: replies.length, resent: replies.length - messageIds };
}

function report(label: string, figures: Figures): void {
  console.warn(`[jobs SIGKILL ${label}] mails expected ${figures.expected}, delivered ${figures.delivered}, distinct Message-IDs ${figures.messageIds}, raw ${figures.raw} (resent with the same Message-ID: ${figures.resent})`);
}

const engines = await testDatabases();

describe.runIf(engines.includes('sqlite'))('SIGKILL after 200 acknowledged replies: every mail arrives once [sqlite, one process]', () => {
  let forum: Forum;
  let smtp: TestSmtpServer;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    [forum, smtp] = await Promise.all([seedForum('sqlite'), startSmtpServer()]);
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.kill();
    smtp?.holdReplies(false);
    await smtp?.close();
    await forum?.t.close();
  });

  it('delivers each member’s mail once, by recipient and by Message-ID', async () => {
    const env = (from: string) => ({ SMTP_URL: smtp.url, MAIL_FROM: from, JOB_WORKERS: String(WORKERS), JOB_LEASE_MS: '2000' });
    smtp.holdReplies(true);
    const first = await startSourceServer({ dataDir: forum.t.dataDir, env: env('Killed <killed@example.com>') });
    servers.push(first);
    await reply(first, forum);
    await first.kill();
    const heldAtKill = smtp.mails.length;
    expect(heldAtKill).toBeLessThanOrEqual(WORKERS);

    const second = await startSourceServer({ dataDir: forum.t.dataDir, env: env('Restarted <restarted@example.com>') });
    servers.push(second);
    smtp.holdReplies(false);
    await waitFor('every reply mail', async () => (await unfinishedJobs(forum.t.database.config)) === 0);
    const figures = checkMails(smtp.mails, forum, 'killed@example.com');
    expect(figures.resent).toBe(heldAtKill);
    report('sqlite', figures);
  }, 120_000);
});

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return true;
  } catch {
    if (process.env.CI) throw new Error('Redis is required in CI');
    return false;
  } finally {
    probe.disconnect();
  }
}

describe.runIf(engines.includes('mysql') && (await redisReachable()))('SIGKILL after 200 acknowledged replies: every mail arrives once [MariaDB + Redis, two processes]', () => {
  let forum: Forum;
  let smtp: TestSmtpServer;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    [forum, smtp] = await Promise.all([seedForum('mysql'), startSmtpServer()]);
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.kill();
    smtp?.holdReplies(false);
    await smtp?.close();
    if (forum) {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${bullPrefix(forum.t.config)}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await forum.t.close();
    }
  });

  it('delivers each member’s mail once, both processes taking jobs', async () => {
    const env = (from: string) => ({ SMTP_URL: smtp.url, MAIL_FROM: from, REDIS_URL, JOB_WORKERS: String(WORKERS), JOB_LEASE_MS: '2000' });
    smtp.holdReplies(true);
    const [a, b] = await Promise.all([
      startSourceServer({ dataDir: forum.t.dataDir, env: env('Killed <killed@example.com>') }),
      startSourceServer({ dataDir: forum.t.dataDir, env: env('Other <other@example.com>') }),
    ]);
    servers.push(a, b);
    await reply(a, forum);
    await a.kill();
    const heldAtKill = smtp.mails.length;
    expect(heldAtKill).toBeLessThanOrEqual(2 * WORKERS);

    const restarted = await startSourceServer({ dataDir: forum.t.dataDir, env: env('Restarted <restarted@example.com>') });
    servers.push(restarted);
    smtp.holdReplies(false);
    await waitFor('every reply mail', async () => (await unfinishedJobs(forum.t.database.config)) === 0);
    const figures = checkMails(smtp.mails, forum, 'killed@example.com');
    // Only the killed process's mails in flight may come again.
    expect(figures.resent).toBeLessThanOrEqual(WORKERS);
    const senders = new Set(smtp.mails.map((mail) => /<([^>]+)>/.exec(mail.from)?.[1]));
    expect(senders.has('other@example.com') && senders.has('restarted@example.com'), [...senders].join(', ')).toBe(true);
    report('MariaDB + Redis', figures);
  }, 120_000);
});
