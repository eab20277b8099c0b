/**
 * A forum on two compiled app processes behind HAProxy, as docs/operations/two-processes.md
 * deploys it: one MariaDB or PostgreSQL database, one Redis, uploads in a local S3 bucket, and
 * each process with a data directory of its own (as on two machines). For the two-process proof
 * (tests/integration/two-processes.test.ts) and the soak and fault runs (bench/cluster.ts).
 * Needs the build (`npm run build`) and HAProxy.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultSettings } from '../../server/modules/settings/settings.schema';
import { startBalancer, type Balancer } from './balancer';
import { startServer, type E2eServer } from './e2e-server';
import { createUser, type CreatedUser } from './factories';
import { startLocalS3, type LocalS3 } from './s3-server';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from './test-app';
import { createTopic } from './topic-factories';

export const CLUSTER_REDIS_URL = 'redis://127.0.0.1:6379';

export interface ClusterOptions {
  /** Sign-ups one address may make in ten minutes (default: the site's default rule). */
  signupsPerIp?: number;
  /** Members besides the author and the reader (writers for a load). */
  members?: number;
  /** Topics of the reader's besides the two every cluster has. */
  topics?: number;
  /** Default true; false runs the processes with RATE_LIMITS=off and no comment limits (load runs). */
  rateLimits?: boolean;
}

export interface Cluster {
  t: TestApp;
  a: E2eServer;
  b: E2eServer;
  balancer: Balancer;
  s3: LocalS3;
  /** B's own data directory (A's is the installed one, `t.dataDir`). */
  dataDirB: string;
  /** The processes' environment (for a restart). */
  env: Record<string, string>;
  author: CreatedUser;
  reader: CreatedUser;
  members: CreatedUser[];
  topicId: number;
  /** A second topic of the reader's, for a test whose answers must start a new unread row (answers to one topic gather in one). */
  quietTopicId: number;
  /** Every topic id, the two above first. */
  topicIds: number[];
}

/** Installs the forum on `dialect` with its members and topics, then starts both processes and the balancer. */
export async function startCluster(dialect: 'mysql' | 'postgres', options: ClusterOptions = {}): Promise<Cluster> {
  const t = await createTestApp({ dialect });
  const now = t.ctx.clock.now();
  if (options.signupsPerIp !== undefined) {
    await writeTestSettings(t, { rateLimits: { ...defaultSettings.rateLimits, signupPerIp: { max: options.signupsPerIp, windowMs: 600_000 } } }, now);
  }
  if (options.rateLimits === false) await writeTestSettings(t, { commentLimits: NO_LIMIT }, now);
  const author = await createUser(t);
  const reader = await createUser(t);
  const members: CreatedUser[] = [];
  for (let i = 0; i < (options.members ?? 0); i += 1) members.push(await createUser(t));
  const topicId = await createTopic(t, reader.user, { title: 'Where to eat khao soi in Chiang Mai' });
  const quietTopicId = await createTopic(t, reader.user, { title: 'ร้านข้าวซอยที่เชียงใหม่' });
  const topicIds = [topicId, quietTopicId];
  for (let i = 0; i < (options.topics ?? 0); i += 1) topicIds.push(await createTopic(t, reader.user, { title: `Songkran plans in Bangkok, part ${i + 1}` }));
  await t.stop();
  // B runs as on a second machine: a data directory of its own with the same config.json (which
  // names the database), uploads in the bucket.
  const dataDirB = mkdtempSync(path.join(os.tmpdir(), 'sabai-second-'));
  copyFileSync(path.join(t.dataDir, 'config.json'), path.join(dataDirB, 'config.json'));
  const s3 = await startLocalS3();
  const env = { REDIS_URL: CLUSTER_REDIS_URL, TRUST_PROXY: '127.0.0.1', RATE_LIMITS: options.rateLimits === false ? 'off' : 'on', ...s3.env };
  const [a, b] = await Promise.all([startServer({ dataDir: t.dataDir, env }), startServer({ dataDir: dataDirB, env })]);
  const balancer = await startBalancer([
    { name: 'a', port: a.port },
    { name: 'b', port: b.port },
  ]);
  return { t, a, b, balancer, s3, dataDirB, env, author, reader, members, topicId, quietTopicId, topicIds };
}

/** Starts process A again on its port and data directory (after a kill). */
export async function restartA(c: Cluster): Promise<void> {
  c.a = await startServer({ dataDir: c.t.dataDir, port: c.a.port, env: c.env });
}

export async function stopCluster(c: Cluster): Promise<void> {
  await c.balancer.stop();
  await Promise.all([c.a.stop(), c.b.stop()]);
  await c.s3.close();
  rmSync(c.dataDirB, { recursive: true, force: true });
  await c.t.close();
}
