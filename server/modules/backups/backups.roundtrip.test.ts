/**
 * Backups and restores (issue 33, ADR 0040) on real databases:
 *   - round trips on each engine and across engines (SQLite → PostgreSQL, SQLite → MariaDB):
 *     the restored forum answers the API as the source did (topic list, a topic, its comments,
 *     a profile, a search hit, the site's settings), every table's count and checksum matches
 *     the manifest, and the uploads come back byte for byte;
 *   - a backup taken while topics are being written is one instant (counters agree with rows);
 *   - a target with members, an archive that was changed, and an archive newer than the code
 *     are refused, with nothing written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create as createTar, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbType } from '../../config';
import pg from 'pg';
import { createTestDatabase, PG_ADMIN, testDatabases, type TestDatabase } from '../../../tests/support/databases';
import { createComment, createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { STORAGE_DEFAULT } from '../../../common/validation/settings';
import { requireDb } from '../../context';
import { prepareBackup, type BackupManifest } from './backups.archive';
import { backupFileName, writeFileAtomically } from './backups.file';
import { RestoreRefused, restoreBackup, type RestoreReport } from './backups.restore';

const START = 1_950_000_000_000;
const engines = await testDatabases();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'sabai-backups-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const UPLOAD = { key: 'ab/cd/abcd1234.png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 255]) };

/** Takes a backup of `t` into a file; answers its path and manifest. */
async function backUp(t: TestApp, options: { pageRows?: number } = {}): Promise<{ file: string; manifest: BackupManifest }> {
  const backup = await prepareBackup({ database: t.database.config, dataDir: t.dataDir, workDir: tmp, now: t.ctx.clock.now(), ...options });
  const file = path.join(mkdtempSync(path.join(tmp, 'out-')), backupFileName(t.ctx.clock.now()));
  try {
    await writeFileAtomically(file, backup.stream);
  } finally {
    await backup.cleanup();
  }
  return { file, manifest: backup.manifest };
}

interface Forum {
  t: TestApp;
  member: CreatedUser;
  topicId: number;
}

/** A small forum with Thai and Chinese text, a comment, an upload and a changed setting. */
async function seedForum(dialect: DbType, clock: () => number): Promise<Forum> {
  const t = await createTestApp({ dialect, clock: { now: clock } });
  await writeTestSettings(t, { postLimits: NO_LIMIT, siteTitle: 'ฟอรั่มสบาย 论坛' }, clock());
  t.ctx.settings.invalidate();
  const member = await createUser(t, { nickname: 'สมชาย 小明', username: 'somchai' });
  const other = await createUser(t, { nickname: 'Other' });
  const topicId = await createTopic(t, member.user, { title: 'Mangosteen harvest ฤดูมังคุด', content: '<p>The mangosteen season 山竹 starts in May.</p>' });
  for (let i = 0; i < 5; i++) await createTopic(t, other.user, { title: `Other topic ${i}`, content: `<p>Body ${i} 'quoted' "double" \\ back</p>` });
  await createComment(t, other.user, { entityId: topicId, content: '<p>Lovely — อร่อย!</p>' });
  await t.jobs.drain();
  mkdirSync(path.join(t.dataDir, 'uploads', 'ab', 'cd'), { recursive: true });
  writeFileSync(path.join(t.dataDir, 'uploads', UPLOAD.key), UPLOAD.bytes);
  return { t, member, topicId };
}

/** What an anonymous reader gets from the API: the answers a restore must keep. */
async function answers(t: TestApp, forum: { member: CreatedUser; topicId: number }): Promise<Record<string, unknown>> {
  const read = async (url: string, query: Record<string, string> = {}) => {
    const res = await t.get(url, { query, remoteAddress: '10.33.0.1' });
    expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  return {
    topics: await read('/api/topic/topics'),
    topic: await read(`/api/topic/${forum.topicId}`),
    comments: await read('/api/comment/comments', { entityType: 'topic', entityId: String(forum.topicId) }),
    profile: await read(`/api/user/${forum.member.user.id}`),
    search: await read('/api/search/topic', { keyword: 'mangosteen' }),
    configs: await read('/api/config/configs'),
  };
}

/** Restores `file` into a fresh database of `dialect` and a fresh data directory. */
async function restoreInto(dialect: DbType, file: string, now: number): Promise<{ report: RestoreReport; database: TestDatabase; dataDir: string }> {
  const database = await createTestDatabase(dialect);
  const dataDir = mkdtempSync(path.join(tmp, 'data-'));
  const report = await restoreBackup({ archive: file, database: database.config, dataDir, now });
  return { report, database, dataDir };
}

const pairs: Array<[DbType, DbType]> = [...engines.map((e): [DbType, DbType] => [e, e]), ...(['postgres', 'mysql'] as const).filter((e) => engines.includes(e)).map((e): [DbType, DbType] => ['sqlite', e])];

describe('backup and restore round trips', () => {
  const sources = new Map<DbType, { forum: Forum; file: string; manifest: BackupManifest; before: Record<string, unknown> }>();
  const clock = START;

  beforeAll(async () => {
    for (const source of new Set(pairs.map(([s]) => s))) {
      const forum = await seedForum(source, () => clock);
      const { file, manifest } = await backUp(forum.t);
      const before = await answers(forum.t, forum);
      sources.set(source, { forum, file, manifest, before });
    }
  }, 180_000);
  afterAll(async () => {
    for (const { forum } of sources.values()) await forum.t.close();
  });

  for (const [source, target] of pairs) {
    // A restore creates a database and migrates it twice: MariaDB's DDL is slow on a busy machine.
    it(`${source} → ${target}: same answers, same checksums, same uploads`, { timeout: 120_000 }, async () => {
      const { forum, file, manifest, before } = sources.get(source)!;
      expect(manifest.engine).toBe(source);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const { report, database, dataDir } = await restoreInto(target, file, clock);
      const restored = await createTestApp({ dialect: target, clock: { now: () => clock }, reuse: { dataDir, database } });
      try {
        expect(report.tables.filter((row) => !row.ok)).toEqual([]);
        expect(report.ok).toBe(true);
        expect(report.tables.find((row) => row.table === 'topics')!.rows).toBe(6);
        expect(readFileSync(path.join(dataDir, 'uploads', UPLOAD.key))).toEqual(UPLOAD.bytes);
        expect(await answers(restored, forum)).toEqual(before);
        // The next ids follow the loaded ones (sequences and AUTO_INCREMENT set past them).
        const next = await createTopic(restored, forum.member.user, { title: 'After the move', content: '<p>new</p>' });
        expect(next).toBeGreaterThan(forum.topicId + 5);
      } finally {
        await restored.close();
      }
    });
  }
});

describe.runIf(engines.includes('postgres'))('restore onto PostgreSQL as the database’s owner, not a superuser', () => {
  it('loads parents first without session_replication_role, and every table matches', { timeout: 120_000 }, async () => {
    const forum = await seedForum('sqlite', () => START);
    const name = `sabai_t_owner_${Date.now().toString(36)}`;
    const admin = new pg.Client(PG_ADMIN);
    await admin.connect();
    try {
      await admin.query(`create role ${name} login`);
      await admin.query(`create database ${name} owner ${name}`);
      const { file } = await backUp(forum.t);
      const report = await restoreBackup({
        archive: file,
        database: { type: 'postgres', host: PG_ADMIN.host, port: PG_ADMIN.port, database: name, username: name, password: '' },
        dataDir: mkdtempSync(path.join(tmp, 'data-')),
        now: START,
      });
      expect(report.tables.filter((row) => !row.ok)).toEqual([]);
      expect(report.ok).toBe(true);
    } finally {
      await forum.t.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`drop role if exists ${name}`);
      await admin.end();
    }
  });
});

for (const dialect of engines) {
  describe(`backup safety [${dialect}]`, () => {
    let forum: Forum;
    let clock = START;
    beforeAll(async () => {
      forum = await seedForum(dialect, () => clock);
    });
    afterAll(async () => {
      await forum.t.close();
    });

    it('is one instant while topics are being written (each author’s count agrees with the rows)', async () => {
      const t = forum.t;
      let writing = true;
      const writer = (async () => {
        let written = 0;
        while (writing) {
          clock += 1000;
          await createTopic(t, forum.member.user, { title: `Written during the backup ${written}`, content: '<p>x</p>' });
          written += 1;
          // SQLite's writes resolve as microtasks only: let the backup's file I/O run between them.
          await new Promise((resolve) => setImmediate(resolve));
        }
        return written;
      })();
      // Pages of two rows: hundreds of reads, between which the writer commits.
      const { file, manifest } = await backUp(t, { pageRows: 2 });
      writing = false;
      const written = await writer;
      expect(written).toBeGreaterThan(0);
      const unpacked = mkdtempSync(path.join(tmp, 'unpacked-'));
      await extract({ file, cwd: unpacked });
      const table = (name: string) => {
        const info = manifest.tables.find((x) => x.name === name)!;
        const lines = readFileSync(path.join(unpacked, info.file), 'utf8').split('\n').filter(Boolean);
        return lines.map((line) => Object.fromEntries(info.columns.map((column, i) => [column, (JSON.parse(line) as unknown[])[i]])));
      };
      const topics = table('topics');
      const users = table('users');
      expect(manifest.tables.find((x) => x.name === 'topics')!.rows).toBe(topics.length);
      for (const user of users) {
        const rows = topics.filter((topic) => topic.user_id === user.id && topic.status === 0).length;
        expect(user.topic_count, `user ${String(user.id)}`).toBe(rows);
      }
      const documents = table('search_documents').filter((d) => d.kind === 'topic').length;
      expect(documents).toBe(topics.filter((topic) => topic.status === 0).length);
    });

    it('names the bucket uploads are kept in when the settings say so (its files are not in the archive)', async () => {
      expect((await backUp(forum.t)).manifest.uploads.bucket).toBeUndefined();
      await writeTestSettings(forum.t, { storage: { ...STORAGE_DEFAULT, driver: 's3', bucket: 'forum-files' } }, clock);
      try {
        const { manifest } = await backUp(forum.t);
        expect(manifest.uploads).toEqual({ files: 1, bytes: UPLOAD.bytes.length, bucket: 'forum-files' });
      } finally {
        await writeTestSettings(forum.t, { storage: STORAGE_DEFAULT }, clock);
      }
    });

    it('refuses a target with members, and writes nothing to it', async () => {
      const { file } = await backUp(forum.t);
      const db = requireDb(forum.t.ctx);
      const before = await db.selectFrom('topics').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const refused = restoreBackup({ archive: file, database: forum.t.database.config, dataDir: mkdtempSync(path.join(tmp, 'data-')), now: clock });
      await expect(refused).rejects.toBeInstanceOf(RestoreRefused);
      await expect(refused).rejects.toThrow(/not empty/);
      const after = await db.selectFrom('topics').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('refuses a changed archive, naming the table, and one newer than the code', async () => {
      const { file, manifest } = await backUp(forum.t);
      const unpacked = mkdtempSync(path.join(tmp, 'tamper-'));
      await extract({ file, cwd: unpacked });
      const users = manifest.tables.find((x) => x.name === 'users')!;
      const usersFile = path.join(unpacked, users.file);
      writeFileSync(usersFile, readFileSync(usersFile, 'utf8').replace('somchai', 'mallory'));
      const repack = async (name: string) => {
        const out = path.join(tmp, name);
        await createTar({ gzip: true, cwd: unpacked, file: out, portable: true }, ['manifest.json', 'tables', 'uploads']);
        return out;
      };
      const tampered = await repack(`tampered-${dialect}.tar.gz`);
      const target = await createTestDatabase(dialect);
      try {
        const refusal = await restoreBackup({ archive: tampered, database: target.config, dataDir: mkdtempSync(path.join(tmp, 'data-')), now: clock }).catch((error: unknown) => error);
        expect(refusal).toBeInstanceOf(RestoreRefused);
        expect((refusal as RestoreRefused).message).toMatch(/does not match its manifest.*users/);
        expect((refusal as RestoreRefused).comparison.map((row) => row.table)).toEqual(['users']);

        writeFileSync(usersFile, readFileSync(usersFile, 'utf8').replace('mallory', 'somchai'));
        writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify({ ...manifest, schemaVersion: '2099010101_future' }));
        const future = await repack(`future-${dialect}.tar.gz`);
        await expect(restoreBackup({ archive: future, database: target.config, dataDir: mkdtempSync(path.join(tmp, 'data-')), now: clock })).rejects.toThrow(/2099010101_future is unknown to this code/);
      } finally {
        await target.drop();
      }
    });
  });
}
