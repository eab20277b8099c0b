/**
 * The bbs-go import (issue 33) end to end: the fixture forum (tests/fixtures/bbs-go) built on the
 * local MariaDB in a database of its own, imported into each Sabai engine, and the result read
 * back through the HTTP API as a visitor and as the imported members would.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireDb } from '../../context';
import { createStorage } from '../../infra/storage';
import { MYSQL_ADMIN, testDatabases } from '../../../tests/support/databases';
import { createUser } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { storeImage } from '../uploads/uploads.api';
import { importBbsGo } from './bbs-go.import';
import { BbsGoSource } from './bbs-go.repository';
import { formatReport, type ImportReport } from './importer.report';
import { parseImportArgs } from './importer.cli';

const FIXTURE = path.resolve(import.meta.dirname, '../../../tests/fixtures/bbs-go');
const engines = await testDatabases();

/**
 * The bbs-go side always lives on the local MariaDB, whichever engine Sabai is tested on: without
 * it (outside CI, where it must be there) the import's suites are skipped, saying so.
 */
async function sourceServer(): Promise<boolean> {
  try {
    await (await mysql.createConnection({ ...MYSQL_ADMIN, connectTimeout: 2000 })).end();
    return true;
  } catch (error) {
    if (process.env.CI) throw error;
    console.warn(`[tests] skipping the bbs-go import: no MariaDB for the source forum (${error instanceof Error ? error.message : String(error)})`);
    return false;
  }
}
const withSource = await sourceServer();

interface FixtureForum {
  url: string;
  uploads: string;
  drop(): Promise<void>;
}

/** The fixture forum on the local MariaDB, and bbs-go's upload directory with one of its images. */
async function buildFixtureForum(): Promise<FixtureForum> {
  const name = `bbsgo_t_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = await mysql.createConnection({ ...MYSQL_ADMIN, multipleStatements: true });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.query(`USE \`${name}\``);
  await admin.query(readFileSync(path.join(FIXTURE, 'schema.sql'), 'utf8'));
  await admin.query(readFileSync(path.join(FIXTURE, 'rows.sql'), 'utf8'));
  await admin.end();
  const uploads = mkdtempSync(path.join(os.tmpdir(), 'bbsgo-uploads-'));
  mkdirSync(path.join(uploads, 'images/2024/01/02'), { recursive: true });
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } }).png().toBuffer();
  writeFileSync(path.join(uploads, 'images/2024/01/02/rules.png'), png);
  return {
    url: `mysql://${MYSQL_ADMIN.user}:@${MYSQL_ADMIN.host}:${MYSQL_ADMIN.port}/${name}`,
    uploads,
    drop: async () => {
      const c = await mysql.createConnection(MYSQL_ADMIN);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}

let forum: FixtureForum;
beforeAll(async () => {
  if (withSource) forum = await buildFixtureForum();
});
afterAll(async () => {
  await forum?.drop();
});

async function runImport(t: TestApp, dryRun: boolean): Promise<ImportReport> {
  const source = await BbsGoSource.open(forum.url);
  const storage = createStorage(t.config);
  try {
    return await importBbsGo(requireDb(t.ctx), {
      source,
      dryRun,
      uploads: { dir: forum.uploads },
      storeImage: async (bytes, name) => (await storeImage(t.ctx.images, storage, bytes, name, undefined, requireDb(t.ctx))).url,
      siteOrigin: null,
      trust: (await t.ctx.settings.get(requireDb(t.ctx))).trust,
      now: () => Date.now(),
    });
  } finally {
    await source.close();
  }
}

const counts = (report: ImportReport) => Object.fromEntries(Object.entries(report.counts).map(([kind, c]) => [kind, [c.read, c.imported, c.already, c.skipped]]));

/** read, imported, already imported, skipped: what the fixture's rows must give (rows.sql says why each skip). */
const FIRST_RUN = {
  user: [5, 5, 0, 0],
  node: [4, 4, 0, 0],
  tag: [3, 3, 0, 0],
  topic: [9, 6, 0, 3],
  article: [3, 3, 0, 0],
  comment: [11, 7, 0, 4],
  like: [6, 5, 0, 1],
  favorite: [4, 3, 0, 1],
  follow: [5, 4, 0, 1],
  checkin: [2, 2, 0, 0],
  scoreLog: [7, 7, 0, 0],
  message: [2, 0, 0, 2],
};

describe.skipIf(!withSource).each(engines)('importing a bbs-go forum into %s', (dialect) => {
  let t: TestApp;
  let report: ImportReport;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    // A member of the Sabai site already there: bbs-go's wangxm (any case) and alice's e-mail are taken.
    await createUser(t, { username: 'WangXM', email: 'alice@example.com', nickname: 'Resident' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a dry run reports what an import would do and writes nothing', async () => {
    const dry = await runImport(t, true);
    expect(counts(dry)).toEqual(FIRST_RUN);
    expect(dry.uploads).toMatchObject({ found: 3, copied: 2 });
    const db = requireDb(t.ctx);
    expect(await db.selectFrom('import_map').select('id').execute()).toHaveLength(0);
    expect(await db.selectFrom('users').select('id').execute()).toHaveLength(1);
    const feed = await t.get<{ results: unknown[] }>('/api/topic/topics');
    expect(feed.body.data?.results).toEqual([]);
  });

  it('imports the forum, reporting each skip and change with its reason', async () => {
    const started = Date.now();
    report = await runImport(t, false);
    // SHOW_IMPORT_REPORT=1 prints the report and the time, as the command does.
    if (process.env.SHOW_IMPORT_REPORT) process.stdout.write(`[importer] ${dialect}: imported in ${Date.now() - started} ms\n${formatReport(report)}\n`);
    expect(counts(report)).toEqual(FIRST_RUN);
    const reasons = report.skips.map((s) => `${s.kind} ${s.sourceId}: ${s.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'topic 6: deleted in bbs-go',
        'topic 7: empty content',
        'topic 8: author 99 not imported',
        'comment 8: comment on a missing topic (999)',
        'comment 9: empty content',
        'comment 10: comment on a missing topic (6)',
        'comment 11: deleted in bbs-go',
        'like 6: like of a missing topic (999)',
        'favorite 4: the same favorite twice',
        'follow 5: member 99 not imported',
      ]),
    );
    expect(report.changes.map((c) => `${c.kind} ${c.sourceId}: ${c.reason}`)).toEqual([
      'user 1: e-mail already used by a member here: imported without it',
      'user 2: username already used here: renamed with a number',
      'user 4: nickname already used here (or passing for a staff name): renamed with a number',
      'node 4: a second-level node (under 2): a node of its own here',
      'topic 9: a question: imported as a topic (no accepted answer or bounty here)',
    ]);
    expect(report.uploads.found).toBe(3);
    expect(report.uploads.copied).toBe(2);
    expect(report.uploads.unreachable.map((u) => u.url)).toEqual(['/res/uploads/images/2024/03/01/missing.jpg']);
    expect(report.indexed).toBe(6 + 3);
  });

  it('shows the topics, tweets and articles with their times, content made safe, uploads copied', async () => {
    const feed = await t.get<{ results: Array<{ id: number; title: string; type: number; createTime: number }> }>('/api/topic/topics');
    expect(feed.status).toBe(200);
    const titles = feed.body.data!.results.map((item) => item.title);
    expect(titles).toEqual(expect.arrayContaining(['Welcome to our new forum', '如何在数据库中存储中文字符', 'สวัสดีชาวโลก การเขียนโปรแกรมภาษาไทย']));
    const chinese = feed.body.data!.results.find((item) => item.title === '如何在数据库中存储中文字符')!;
    expect(chinese.createTime).toBe(1704585600000);
    const detail = await t.get<{ content: string; commentCount: number; likeCount: number; tags: Array<{ name: string }> }>(`/api/topic/${chinese.id}`);
    expect(detail.body.data!.content).toContain('请问如何在 MySQL 数据库中正确存储中文字符');
    expect(detail.body.data!.content).not.toMatch(/<script|onclick/);
    expect(detail.body.data!.commentCount).toBe(4);
    expect(detail.body.data!.likeCount).toBe(1);
    expect(detail.body.data!.tags.map((tag) => tag.name)).toEqual(['数据库']);

    const welcome = feed.body.data!.results.find((item) => item.title === 'Welcome to our new forum')!;
    const welcomeDetail = await t.get<{ content: string; likeCount: number }>(`/api/topic/${welcome.id}`);
    expect(welcomeDetail.body.data!.content).toMatch(/src="\/uploads\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.png"/);
    expect(welcomeDetail.body.data!.content).not.toContain('/res/uploads/');
    expect(welcomeDetail.body.data!.likeCount).toBe(2);

    // Tweets: in the feed, and on their author's profile tab with their picture list.
    const tweets = feed.body.data!.results.filter((item) => item.type === 1);
    expect(tweets).toHaveLength(2);
    const wang = await requireDb(t.ctx).selectFrom('users').select('id').where('username', '=', 'wangxm_2').executeTakeFirstOrThrow();
    const wangTweets = await t.get<{ results: Array<{ summary: string; imageList: Array<{ url: string }>; createTime: number }> }>('/api/topic/user_topics', { query: { userId: String(wang.id), type: '1' } });
    expect(wangTweets.body.data!.results).toHaveLength(1);
    expect(wangTweets.body.data!.results[0]).toMatchObject({ summary: '今天天气很好，一起去爬山吧！', createTime: 1704844800000 });
    // The picture could not be read: its address stays as it was, and the report says so.
    expect(wangTweets.body.data!.results[0]!.imageList).toEqual([{ url: '/res/uploads/images/2024/03/01/missing.jpg' }]);

    const articles = await t.get<{ results: Array<{ title: string }> }>('/api/article/articles');
    expect(articles.body.data!.results.map((a) => a.title).sort()).toEqual(['Migrating a forum from bbs-go', 'คู่มือการใช้งานฐานข้อมูลเบื้องต้น', '数据库索引优化指南'].sort());
  });

  it('keeps the comments in Chinese and Thai, with the replies under their comment', async () => {
    const db = requireDb(t.ctx);
    const topics = await db.selectFrom('topics').select(['id', 'title', 'type', 'content_html', 'node_id']).execute();
    const chinese = topics.find((row) => row.title === '如何在数据库中存储中文字符')!;
    const comments = await t.get<{ results: Array<{ content: string; replyCount: number; createTime: number; replies?: { results: Array<{ content: string; quote: { content: string } | null }> } }> }>('/api/comment/comments', {
      query: { entityType: 'topic', entityId: String(chinese.id) },
    });
    expect(comments.status).toBe(200);
    const items = comments.body.data!.results;
    expect(items.map((c) => c.content)).toEqual([expect.stringContaining('同意，一定要用 utf8mb4 字符集。'), expect.stringContaining('utf8mb4_unicode_ci')]);
    expect(items[0]!.replyCount).toBe(2);
    expect(items[0]!.createTime).toBe(1704600000000);
    const thai = topics.find((row) => row.title.startsWith('สวัสดีชาวโลก'))!;
    const thaiComments = await t.get<{ results: Array<{ content: string }> }>('/api/comment/comments', { query: { entityType: 'topic', entityId: String(thai.id) } });
    expect(thaiComments.body.data!.results[0]!.content).toContain('ขอบคุณมากครับ บทความนี้มีประโยชน์');
    const tweets = topics.filter((row) => row.type === 1);
    expect(tweets).toHaveLength(2);
  });

  it('finds Thai and Chinese words through search', async () => {
    const thai = await t.get<{ results: Array<{ item: { title: string } }> }>('/api/search/topic', { query: { keyword: 'โปรแกรม' } });
    expect(thai.status).toBe(200);
    expect(thai.body.data!.results.map((hit) => hit.item.title)).toContain('สวัสดีชาวโลก การเขียนโปรแกรมภาษาไทย');
    const chinese = await t.get<{ results: Array<{ item: { title: string } }> }>('/api/search/article', { query: { keyword: '索引' } });
    expect(chinese.body.data!.results.map((hit) => hit.item.title)).toContain('数据库索引优化指南');
  });

  it("shows a member's counts, follows and favorites as they were", async () => {
    const db = requireDb(t.ctx);
    const alice = await db.selectFrom('users').selectAll().where('username', '=', 'alice').executeTakeFirstOrThrow();
    const profile = await t.get<{ nickname: string; score: number; topicCount: number; articleCount: number; commentCount: number; followCount: number; fansCount: number; createTime: number }>(`/api/user/${alice.id}`);
    expect(profile.body.data).toMatchObject({ nickname: 'Alice', score: 15, topicCount: 2, articleCount: 1, commentCount: 3, followCount: 2, fansCount: 2, createTime: 1704067200000 });
    expect(alice.role).toBe('admin');
    // Their avatar, an upload of the old site, copied here.
    expect(alice.avatar).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
    const renamed = await db.selectFrom('users').select('nickname').where('username', '=', 'alice_w').executeTakeFirstOrThrow();
    expect(renamed.nickname).toBe('Alice 2');
    const fans = await t.get<{ results: Array<{ nickname: string }> }>('/api/fans/fans', { query: { userId: String(alice.id) } });
    expect(fans.body.data!.results.map((u) => u.nickname).sort()).toEqual(['สมชาย', '王小明'].sort());
    // Their trust level from their history: the likes their posts and comments received by others.
    const trust = await db.selectFrom('trust_levels').select(['level', 'likes_received']).where('user_id', '=', alice.id).executeTakeFirstOrThrow();
    expect(trust).toEqual({ level: 1, likes_received: 3 });
    const logs = await db.selectFrom('score_logs').select(['amount']).where('user_id', '=', alice.id).execute();
    expect(logs.map((l) => l.amount).reduce((a, b) => a + b, 0)).toBe(15);
  });

  it('lets an imported member sign in with their bbs-go password, then keeps a hash of its own', async () => {
    const db = requireDb(t.ctx);
    const before = await db.selectFrom('users').select(['id', 'password_hash']).where('username', '=', 'somchai').executeTakeFirstOrThrow();
    expect(before.password_hash).toMatch(/^\$2a\$10\$/);
    const wrong = await t.post('/api/login/signin', { username: 'somchai', password: 'wrong password' });
    expect(wrong.status).toBe(400);
    const signedIn = await t.post<{ token: string }>('/api/login/signin', { username: 'somchai', password: 'รหัสผ่านสมชาย1' });
    expect(signedIn.status).toBe(200);
    const after = await db.selectFrom('users').select('password_hash').where('id', '=', before.id).executeTakeFirstOrThrow();
    expect(after.password_hash).toMatch(/^\$argon2id\$/);
    const again = await t.post('/api/login/signin', { username: 'somchai@example.co.th', password: 'รหัสผ่านสมชาย1' });
    expect(again.status).toBe(200);
    const favorites = await t.get<{ results: Array<{ entityType: string }> }>('/api/user/favorites', { token: signedIn.body.data!.token });
    expect(favorites.status).toBe(200);
    expect(favorites.body.data!.results).toHaveLength(1);
  });

  it('a second run imports nothing twice', async () => {
    const second = await runImport(t, false);
    for (const [kind, [read, imported, already, skipped]] of Object.entries(counts(second))) {
      const first = FIRST_RUN[kind as keyof typeof FIRST_RUN];
      expect({ kind, read, imported, already, skipped }).toEqual({ kind, read: first[0], imported: 0, already: first[1], skipped: first[3] });
    }
    const db = requireDb(t.ctx);
    expect(await db.selectFrom('topics').select('id').execute()).toHaveLength(6);
    const profile = await db.selectFrom('users').select(['topic_count', 'fans_count']).where('username', '=', 'alice').executeTakeFirstOrThrow();
    expect(profile).toEqual({ topic_count: 2, fans_count: 2 });
  });
});

describe.skipIf(!withSource)('the import command', () => {
  /** `npm run import:bbs-go` as an operator runs it: a process of its own on a fresh SQLite site. */
  function runCommand(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = execFile(process.execPath, ['--import', 'tsx', 'server/modules/importer/import-cli.ts', ...args], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'sqlite:sabai.db', LOG_LEVEL: 'silent' },
        timeout: 120_000,
      }, (_error, stdout, stderr) => resolve({ code: child.exitCode ?? -1, stdout, stderr }));
    });
  }

  it('prints the report of a dry run, and says why when it cannot run', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sabai-import-cli-'));
    try {
      const dry = await runCommand(['--from', forum.url, '--dry-run', '--uploads', forum.uploads], dataDir);
      expect(dry.stderr).toBe('');
      expect(dry.code).toBe(0);
      expect(dry.stdout).toContain('bbs-go import — DRY RUN: nothing was written');
      expect(dry.stdout).toMatch(/^topic +9 +6 +0 +3$/m);
      expect(dry.stdout).toContain('comment 8: comment on a missing topic (999)');
      const refused = await runCommand(['--from', 'mysql://root:@127.0.0.1:3306/no_such_bbsgo_db'], dataDir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^import failed: .*no_such_bbsgo_db/m);
      const usage = await runCommand([], dataDir);
      expect(usage.code).toBe(1);
      expect(usage.stderr).toContain('--from is required');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('the import command line', () => {
  it('takes --from, --dry-run and --uploads, and refuses anything else', () => {
    expect(parseImportArgs(['--from', 'mysql://u:p@h:3306/db', '--dry-run', '--uploads', '/srv/bbs-go/uploads'])).toEqual({ from: 'mysql://u:p@h:3306/db', dryRun: true, uploads: '/srv/bbs-go/uploads' });
    expect(parseImportArgs([])).toMatch(/--from is required/);
    expect(parseImportArgs(['--from', 'postgres://h/db'])).toMatch(/mysql:\/\//);
    expect(parseImportArgs(['--from', 'mysql://h/db', '--uploads'])).toMatch(/incomplete flag --uploads/);
  });
});
