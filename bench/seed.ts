/**
 * Bulk seed for benchmarks: users, nodes, tags, topics (with tags, sticky and recommended ones)
 * and comments (top-level and replies), with every counter in step (user topic/comment counts,
 * node and tag topic counts, topic comment counts and last-comment time/user, reply counts).
 *
 *   npx tsx bench/seed.ts [--data-dir DIR] [--topics 100000] [--comments 1000000] [--users 1000]
 *
 * Without --data-dir it makes a temporary DATA_DIR with a SQLite database and an installed
 * config.json, and prints its path (point DATA_DIR at it to run the server on the seeded forum).
 * DATABASE_URL selects MySQL or PostgreSQL instead. The database must not hold topics yet.
 *
 * Speed: multi-row INSERTs (rows per statement sized to the engine's parameter limit) inside
 * one transaction per chunk of topics, explicit ids (so comments and links need no read-back),
 * counters computed in memory and written once at the end; on SQLite, synchronous=OFF and a
 * large page cache while seeding.
 */
import { newUserValues } from '../server/modules/users/users.service';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Insertable } from 'kysely';
import { loadConfig, parseDatabaseUrl, writePersistedConfig, type DbConfig } from '../server/config';
import { dialectOf, type Database } from '../server/db/database';
import { openDatabase } from '../server/db/open';
import type { ArticlesTable, CommentsTable, DB, TopicsTable } from '../server/db/schema';
import { hashPassword } from '../server/modules/auth/password';

export const BENCH_PASSWORD = 'bench-password-1';

export interface SeedOptions {
  topics: number;
  comments: number;
  users: number;
  nodes?: number;
  tags?: number;
  /** Epoch ms of "now": topics spread over the year before it. */
  now?: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  users: number;
  topics: number;
  comments: number;
  tags: number;
  nodes: number;
  /** A user id that can sign in with BENCH_PASSWORD (e-mail `bench1@example.com`). */
  firstUserId: number;
  seconds: number;
}

/** Deterministic PRNG (mulberry32): the same seed makes the same forum. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'sabai thailand bangkok chiang mai phuket market street food visa condo rent scooter beach island temple festival songkran rainy season mango sticky rice tuk tuk bts mrt skytrain expat language lesson hospital insurance bank account coffee cowork night train border run'.split(
    ' ',
  );

function sentence(random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i += 1) out.push(WORDS[Math.floor(random() * WORDS.length)]!);
  const text = out.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Rows per INSERT so that rows × columns stays under the engine's bound-parameter limit. */
function rowsPerInsert(db: Database, columns: number): number {
  const limit = dialectOf(db) === 'sqlite' ? 32_000 : dialectOf(db) === 'postgres' ? 65_000 : 60_000;
  return Math.max(1, Math.min(1000, Math.floor(limit / columns)));
}

async function insertMany<T extends keyof DB>(db: Database, table: T, rows: Array<Insertable<DB[T]>>): Promise<void> {
  if (rows.length === 0) return;
  const size = rowsPerInsert(db, Object.keys(rows[0]!).length);
  for (let i = 0; i < rows.length; i += size) {
    // Kysely cannot relate a generic table name to its row type; rows are typed by the caller's T.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see the line above
    await db.insertInto(table).values(rows.slice(i, i + size) as any).execute();
  }
}

/** PostgreSQL sequences do not move for explicit ids: set them past the seeded rows. */
async function fixSequences(db: Database, tables: string[]): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 1))`.execute(db);
  }
}

export async function seed(db: Database, options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const random = prng(42);
  const now = options.now ?? Date.now();
  const yearAgo = now - 365 * 86_400_000;
  const nodeCount = options.nodes ?? 8;
  const tagCount = options.tags ?? 500;
  const sqlite = dialectOf(db) === 'sqlite';

  const existing = await db.selectFrom('topics').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) throw new Error('seed: the database already holds topics; seed a fresh one');
  if (sqlite) {
    await sql`pragma synchronous = OFF`.execute(db);
    await sql`pragma cache_size = -262144`.execute(db);
    await sql`pragma temp_store = MEMORY`.execute(db);
  }

  // Users: one password hash shared by all (argon2 is slow on purpose).
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const maxUser = await db.selectFrom('users').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
  const firstUserId = Number(maxUser?.max ?? 0) + 1;
  const userIds: number[] = [];
  const userRows: Array<Insertable<DB['users']>> = [];
  for (let i = 0; i < options.users; i += 1) {
    const id = firstUserId + i;
    userIds.push(id);
    userRows.push({
      id,
      ...newUserValues(
        {
          email: `bench${i + 1}@example.com`,
          email_verified: 1,
          nickname: `Bencher ${i + 1}`,
          signature: sentence(random, 5),
          password_hash: passwordHash,
          role: i === 0 ? 'moderator' : 'member',
          score: Math.floor(random() * 1000),
        },
        yearAgo,
      ),
      create_time: yearAgo - (options.users - i) * 60_000,
    });
  }
  await db.transaction().execute((trx) => insertMany(trx, 'users', userRows));
  log(`users: ${options.users}`);

  // Nodes (the migration's default node is kept as the first) and tags.
  const nodeIds = [(await db.selectFrom('nodes').select('id').orderBy('id').executeTakeFirstOrThrow()).id];
  for (let i = 1; i < nodeCount; i += 1) {
    const id = nodeIds[0]! + i;
    nodeIds.push(id);
    await db
      .insertInto('nodes')
      .values({ id, name: `Node ${i + 1}`, description: sentence(random, 8), logo: '', sort_no: i, in_nav: 1, topic_count: 0, status: 0, create_time: yearAgo, update_time: yearAgo })
      .execute();
  }
  const tagRows = Array.from({ length: tagCount }, (_, i) => ({
    id: i + 1,
    name: `tag-${i + 1}-${WORDS[i % WORDS.length]}`,
    description: '',
    logo: '',
    topic_count: 0,
    article_count: 0,
    status: 0,
    create_time: yearAgo,
    update_time: yearAgo,
  }));
  await db.transaction().execute((trx) => insertMany(trx, 'tags', tagRows));
  log(`nodes: ${nodeCount}, tags: ${tagCount}`);

  const userTopics = new Map<number, number>();
  const userComments = new Map<number, number>();
  const nodeTopics = new Map<number, number>();
  const tagTopics = new Map<number, number>();
  const add = (map: Map<number, number>, key: number, n = 1) => map.set(key, (map.get(key) ?? 0) + n);

  const commentsPerTopic = options.topics > 0 ? options.comments / options.topics : 0;
  let commentsLeft = options.comments;
  let commentId = 0;
  let linkId = 0;
  const CHUNK = 2000;
  for (let start = 0; start < options.topics; start += CHUNK) {
    const end = Math.min(options.topics, start + CHUNK);
    const topics: Array<Insertable<TopicsTable>> = [];
    const comments: Array<Insertable<CommentsTable>> = [];
    const links: Array<Insertable<DB['topic_tags']>> = [];
    for (let i = start; i < end; i += 1) {
      const id = i + 1;
      const userId = userIds[Math.floor(Math.pow(random(), 2) * userIds.length)]!;
      const nodeId = nodeIds[Math.floor(random() * nodeIds.length)]!;
      const created = yearAgo + Math.floor(((i + random()) / options.topics) * (now - yearAgo - 3_600_000));
      const tweet = random() < 0.2;
      const title = tweet ? '' : sentence(random, 4 + Math.floor(random() * 6));
      const body = sentence(random, 30 + Math.floor(random() * 40));
      // Comments: skewed counts averaging commentsPerTopic; the last topic takes what is left.
      let n = i === options.topics - 1 ? commentsLeft : Math.min(commentsLeft, Math.floor(random() * random() * 4 * commentsPerTopic));
      if (n < 0) n = 0;
      commentsLeft -= n;
      let lastTime = created;
      let lastUser: number | null = null;
      let topLevel: Array<{ id: number; index: number }> = [];
      for (let c = 0; c < n; c += 1) {
        commentId += 1;
        const cUser = userIds[Math.floor(random() * userIds.length)]!;
        const time = Math.min(now - 1000, lastTime + 1000 + Math.floor(random() * 3_600_000));
        const isReply = topLevel.length > 0 && random() < 0.1;
        const parent = isReply ? topLevel[Math.floor(random() * topLevel.length)]! : null;
        const text = sentence(random, 8 + Math.floor(random() * 15));
        comments.push({
          id: commentId,
          entity_type: 'topic',
          entity_id: id,
          user_id: cUser,
          parent_id: parent ? parent.id : null,
          quote_id: null,
          content: text,
          content_type: 'text',
          content_html: `<p>${text}</p>`,
          image_list: '[]',
          like_count: 0,
          reply_count: 0,
          status: 0,
          ip: '',
          ip_country: '',
          ip_region: '',
          user_agent: '',
          create_time: time,
          update_time: time,
        });
        if (parent) {
          const row = comments[parent.index]!;
          row.reply_count = (row.reply_count ?? 0) + 1;
        } else topLevel.push({ id: commentId, index: comments.length - 1 });
        add(userComments, cUser);
        lastTime = time;
        lastUser = cUser;
      }
      topLevel = [];
      const recommend = random() < 0.01;
      const sticky = i >= options.topics - 3;
      topics.push({
        id,
        type: tweet ? 1 : 0,
        node_id: nodeId,
        user_id: userId,
        title,
        content: `<p>${body}</p>`,
        content_type: 'html',
        content_html: `<p>${body}</p>`,
        summary: body.length > 200 ? body.slice(0, 199) + '…' : body,
        image_list: '[]',
        hide_content: '',
        hide_content_html: '',
        status: 0,
        sticky: sticky ? 1 : 0,
        sticky_time: sticky ? created : 0,
        recommend: recommend ? 1 : 0,
        recommend_time: recommend ? created : 0,
        view_count: Math.floor(random() * 5000),
        comment_count: n,
        like_count: 0,
        favorite_count: 0,
        last_comment_time: lastTime,
        last_comment_user_id: lastUser,
        ip: '',
        ip_country: '',
        ip_region: '',
        user_agent: '',
        create_time: created,
        update_time: created,
      });
      add(userTopics, userId);
      add(nodeTopics, nodeId);
      const tags = new Set<number>();
      const tagN = Math.floor(random() * 4);
      while (tags.size < tagN) tags.add(tagRows[Math.floor(Math.pow(random(), 3) * tagRows.length)]!.id);
      for (const tagId of tags) {
        linkId += 1;
        links.push({ id: linkId, topic_id: id, tag_id: tagId, create_time: created, update_time: created });
        add(tagTopics, tagId);
      }
    }
    await db.transaction().execute(async (trx) => {
      await insertMany(trx, 'topics', topics);
      await insertMany(trx, 'topic_tags', links);
      await insertMany(trx, 'comments', comments);
    });
    log(`topics ${end}/${options.topics}, comments ${commentId}/${options.comments} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }

  await db.transaction().execute(async (trx) => {
    for (const id of userIds) {
      await trx
        .updateTable('users')
        .set({ topic_count: userTopics.get(id) ?? 0, comment_count: userComments.get(id) ?? 0 })
        .where('id', '=', id)
        .execute();
    }
    for (const id of nodeIds) await trx.updateTable('nodes').set({ topic_count: nodeTopics.get(id) ?? 0 }).where('id', '=', id).execute();
    for (const tag of tagRows) await trx.updateTable('tags').set({ topic_count: tagTopics.get(tag.id) ?? 0 }).where('id', '=', tag.id).execute();
  });
  await fixSequences(db, ['users', 'nodes', 'tags', 'topics', 'topic_tags', 'comments']);
  if (sqlite) {
    await sql`pragma synchronous = NORMAL`.execute(db);
    await sql`analyze`.execute(db);
  }
  const seconds = (Date.now() - started) / 1000;
  return { users: options.users, topics: options.topics, comments: commentId, tags: tagCount, nodes: nodeCount, firstUserId, seconds };
}

/**
 * Articles for a forum `seed` made (issue 12): `count` long posts by its members, newest last, each
 * with a few of its tags and skewed comment counts averaging `comments / count`, with the member,
 * tag and article counters in step. Run after `seed`, on a database without articles.
 */
export async function seedArticles(db: Database, options: { count: number; comments: number; now?: number }): Promise<{ articles: number; comments: number }> {
  const random = prng(7);
  const now = options.now ?? Date.now();
  const yearAgo = now - 365 * 86_400_000;
  const userIds = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
  const tagIds = (await db.selectFrom('tags').select('id').orderBy('id').execute()).map((t) => t.id);
  let commentId = Number((await db.selectFrom('comments').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst())?.max ?? 0);
  const articles: Array<Insertable<ArticlesTable>> = [];
  const comments: Array<Insertable<CommentsTable>> = [];
  const links: Array<Insertable<DB['article_tags']>> = [];
  const userArticles = new Map<number, number>();
  const tagArticles = new Map<number, number>();
  const add = (map: Map<number, number>, key: number) => map.set(key, (map.get(key) ?? 0) + 1);
  for (let i = 0; i < options.count; i += 1) {
    const id = i + 1;
    const userId = userIds[Math.floor(Math.pow(random(), 2) * userIds.length)]!;
    const created = yearAgo + Math.floor(((i + random()) / options.count) * (now - yearAgo - 3_600_000));
    const paragraphs = Array.from({ length: 6 + Math.floor(random() * 6) }, () => `<p>${sentence(random, 40 + Math.floor(random() * 40))}</p>`).join('');
    const n = Math.floor(random() * random() * 4 * (options.comments / Math.max(1, options.count)));
    let last = created;
    for (let c = 0; c < n; c += 1) {
      commentId += 1;
      last = Math.min(now - 1000, last + 1000 + Math.floor(random() * 3_600_000));
      const text = sentence(random, 8 + Math.floor(random() * 15));
      const author = userIds[Math.floor(random() * userIds.length)]!;
      comments.push({ id: commentId, entity_type: 'article', entity_id: id, user_id: author, parent_id: null, quote_id: null, content: text, content_type: 'text', content_html: `<p>${text}</p>`, image_list: '[]', like_count: 0, reply_count: 0, status: 0, ip: '', ip_country: '', ip_region: '', user_agent: '', create_time: last, update_time: last });
    }
    const summary = sentence(random, 30);
    articles.push({ id, user_id: userId, title: sentence(random, 5 + Math.floor(random() * 6)), summary, summary_auto: 0, content: paragraphs, content_type: 'html', content_html: paragraphs, cover: '', status: 0, recommend: 0, recommend_time: 0, view_count: Math.floor(random() * 5000), comment_count: n, like_count: 0, favorite_count: 0, last_comment_time: last, last_comment_user_id: null, ip: '', ip_country: '', ip_region: '', user_agent: '', create_time: created, update_time: created });
    add(userArticles, userId);
    for (const tagId of new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => tagIds[Math.floor(Math.pow(random(), 3) * tagIds.length)]!))) {
      links.push({ id: links.length + 1, article_id: id, tag_id: tagId, create_time: created, update_time: created });
      add(tagArticles, tagId);
    }
  }
  await db.transaction().execute(async (trx) => {
    await insertMany(trx, 'articles', articles);
    await insertMany(trx, 'article_tags', links);
    await insertMany(trx, 'comments', comments);
    for (const [id, n] of userArticles) await trx.updateTable('users').set({ article_count: n }).where('id', '=', id).execute();
    for (const [id, n] of tagArticles) await trx.updateTable('tags').set({ article_count: n }).where('id', '=', id).execute();
  });
  await fixSequences(db, ['articles', 'article_tags', 'comments']);
  return { articles: options.count, comments: comments.length };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

/** Opens (and migrates) the bench database: DATABASE_URL, else SQLite in `dataDir`, marked installed. */
export async function openBenchDatabase(dataDir: string): Promise<{ db: Database; config: DbConfig }> {
  const env = loadConfig({ ...process.env, DATA_DIR: dataDir });
  const config: DbConfig = process.env.DATABASE_URL ? parseDatabaseUrl(process.env.DATABASE_URL, dataDir) : (env.database ?? { type: 'sqlite', file: path.join(dataDir, 'sabai.db') });
  const db = await openDatabase(config);
  writePersistedConfig(dataDir, { installed: true, installedAt: Date.now(), database: config });
  return { db, config };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = arg('data-dir') ?? mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-'));
  const { db, config } = await openBenchDatabase(dataDir);
  try {
    const result = await seed(db, {
      topics: Number(arg('topics') ?? 100_000),
      comments: Number(arg('comments') ?? 1_000_000),
      users: Number(arg('users') ?? 1000),
      log: (line) => console.log(line),
    });
    console.log(
      `seeded ${config.type} in ${result.seconds.toFixed(1)} s: ${result.users} users, ${result.nodes} nodes, ${result.tags} tags, ${result.topics} topics, ${result.comments} comments`,
    );
    console.log(`DATA_DIR=${dataDir}`);
  } finally {
    await db.destroy();
  }
}
