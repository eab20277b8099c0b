/**
 * The SOURCE side of the bbs-go import (issue 33, ADR 0042): read-only SQL on a bbs-go MySQL or
 * MariaDB database, in bbs-go's own names (GORM, table prefix `t_`, singular). Only this file
 * knows bbs-go's schema; the rows leave it as plain objects for `bbs-go.import.ts`. Rows are
 * read in id order, a batch at a time, so a large forum never sits in memory at once.
 */
import mysql, { type Pool, type RowDataPacket } from 'mysql2/promise';

export interface BbsGoUser {
  id: number;
  username: string | null;
  email: string | null;
  email_verified: number;
  nickname: string | null;
  avatar: string | null;
  password: string | null;
  home_page: string | null;
  description: string | null;
  score: number;
  status: number;
  roles: string | null;
  forbidden_end_time: number;
  create_time: number | null;
  update_time: number | null;
}

export interface BbsGoNode {
  id: number;
  parent_id: number;
  name: string | null;
  description: string | null;
  logo: string | null;
  sort_no: number | null;
  status: number;
  create_time: number | null;
}

export interface BbsGoTag {
  id: number;
  name: string;
  status: number;
  create_time: number | null;
}

export interface BbsGoTopic {
  id: number;
  type: number;
  node_id: number;
  user_id: number;
  title: string | null;
  content_type: string | null;
  content: string | null;
  image_list: string | null;
  hide_content: string | null;
  recommend: number;
  recommend_time: number;
  sticky: number;
  sticky_time: number;
  view_count: number;
  status: number | null;
  user_agent: string | null;
  ip: string | null;
  create_time: number | null;
}

export interface BbsGoArticle {
  id: number;
  user_id: number | null;
  title: string;
  summary: string | null;
  content: string;
  content_type: string;
  cover: string | null;
  status: number | null;
  ip: string | null;
  view_count: number;
  create_time: number | null;
  update_time: number | null;
}

export interface BbsGoComment {
  id: number;
  user_id: number;
  entity_type: string;
  entity_id: number;
  content: string;
  image_list: string | null;
  content_type: string;
  quote_id: number;
  user_agent: string | null;
  ip: string | null;
  status: number | null;
  create_time: number | null;
}

/** t_user_like and t_favorite. */
export interface BbsGoReaction {
  id: number;
  user_id: number;
  entity_type: string;
  entity_id: number;
  create_time: number | null;
}

export interface BbsGoFollow {
  id: number;
  user_id: number;
  other_id: number;
  create_time: number;
}

export interface BbsGoCheckin {
  id: number;
  user_id: number;
  latest_day_name: number;
  consecutive_days: number;
  update_time: number | null;
}

export interface BbsGoScoreLog {
  id: number;
  user_id: number | null;
  source_type: string | null;
  source_id: string | null;
  type: number | null;
  score: number | null;
  create_time: number | null;
}

export interface BbsGoMessage {
  id: number;
  user_id: number;
}

/** A post's tag link (t_topic_tag, t_article_tag). */
export interface BbsGoTagLink {
  item_id: number;
  tag_id: number;
}

/** What the importer reads, table by table: each a batch after an id. */
export interface BbsGoTables {
  users: BbsGoUser;
  nodes: BbsGoNode;
  tags: BbsGoTag;
  topics: BbsGoTopic;
  articles: BbsGoArticle;
  comments: BbsGoComment;
  likes: BbsGoReaction;
  favorites: BbsGoReaction;
  follows: BbsGoFollow;
  checkins: BbsGoCheckin;
  scoreLogs: BbsGoScoreLog;
  messages: BbsGoMessage;
}

/**
 * The columns read per table (bbs-go's names; the node table and the topic's node column are
 * named after the release). Only what the import maps: secrets such as session tokens stay.
 */
function selects(nodeTable: string, nodeColumn: string): Record<keyof BbsGoTables, string> {
  return {
    users: 'select id, username, email, email_verified, nickname, avatar, password, home_page, description, score, status, roles, forbidden_end_time, create_time, update_time from t_user',
    nodes: `select id, ${nodeTable === 't_category' ? 'parent_id' : '0 as parent_id'}, name, description, logo, sort_no, status, create_time from ${nodeTable}`,
    tags: 'select id, name, status, create_time from t_tag',
    topics: `select id, type, ${nodeColumn} as node_id, user_id, title, content_type, content, image_list, hide_content, recommend, recommend_time, sticky, sticky_time, view_count, status, user_agent, ip, create_time from t_topic`,
    articles: 'select id, user_id, title, summary, content, content_type, cover, status, ip, view_count, create_time, update_time from t_article',
    comments: 'select id, user_id, entity_type, entity_id, content, image_list, content_type, quote_id, user_agent, ip, status, create_time from t_comment',
    likes: 'select id, user_id, entity_type, entity_id, create_time from t_user_like',
    favorites: 'select id, user_id, entity_type, entity_id, create_time from t_favorite',
    follows: 'select id, user_id, other_id, create_time from t_user_follow',
    checkins: 'select id, user_id, latest_day_name, consecutive_days, update_time from t_check_in',
    scoreLogs: 'select id, user_id, source_type, source_id, type, score, create_time from t_user_score_log',
    messages: 'select id, user_id from t_message',
  };
}

export class BbsGoSource {
  private constructor(
    private readonly pool: Pool,
    private readonly sql: Record<keyof BbsGoTables, string>,
    private readonly present: ReadonlySet<string>,
  ) {}

  /** Connects to `mysql://user:pass@host:port/db` and finds which release's table names it has. */
  static async open(url: string): Promise<BbsGoSource> {
    const parsed = new URL(url);
    if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') throw new Error(`--from must be a mysql:// address, not ${parsed.protocol}`);
    const pool = mysql.createPool({
      host: parsed.hostname,
      port: parsed.port ? Number(parsed.port) : 3306,
      user: decodeURIComponent(parsed.username),
      password: decodeURIComponent(parsed.password),
      database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
      charset: 'utf8mb4',
      connectionLimit: 2,
      // bigint ids and times as numbers: bbs-go's are far below 2^53.
      supportBigNumbers: true,
      bigNumberStrings: false,
    });
    try {
      const [rows] = await pool.query<RowDataPacket[]>('select table_name as name from information_schema.tables where table_schema = database()');
      const present = new Set(rows.map((row) => String(row.name ?? row.NAME ?? row.TABLE_NAME)));
      if (!present.has('t_user') || !present.has('t_topic')) throw new Error('this database has no bbs-go tables (t_user, t_topic)');
      const nodeTable = present.has('t_category') ? 't_category' : 't_topic_node';
      const [columns] = await pool.query<RowDataPacket[]>("select column_name as name from information_schema.columns where table_schema = database() and table_name = 't_topic'");
      const nodeColumn = columns.some((row) => String(row.name ?? row.NAME ?? row.COLUMN_NAME) === 'category_id') ? 'category_id' : 'node_id';
      return new BbsGoSource(pool, selects(nodeTable, nodeColumn), present);
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  /** Whether the source has the table a kind is read from (older releases lack some). */
  has(kind: keyof BbsGoTables): boolean {
    const table = /from (\w+)/.exec(this.sql[kind])?.[1] ?? '';
    return this.present.has(table);
  }

  /** The next `limit` rows of a table after id `afterId`, in id order. */
  async batch<K extends keyof BbsGoTables>(kind: K, afterId: number, limit: number): Promise<Array<BbsGoTables[K]>> {
    if (!this.has(kind)) return [];
    const [rows] = await this.pool.query<RowDataPacket[]>(`${this.sql[kind]} where id > ? order by id limit ?`, [afterId, limit]);
    return rows.map((row) => normalize(row) as unknown as BbsGoTables[K]);
  }

  /** Every row of a table, batch by batch. */
  async *rows<K extends keyof BbsGoTables>(kind: K, batch = 500): AsyncGenerator<BbsGoTables[K]> {
    let after = 0;
    for (;;) {
      const rows = await this.batch(kind, after, batch);
      if (rows.length === 0) return;
      for (const row of rows) yield row;
      after = (rows.at(-1) as { id: number }).id;
    }
  }

  /** A post's tag links (bbs-go marks removed links with status 1). */
  async tagLinks(kind: 'topic' | 'article', itemIds: readonly number[]): Promise<BbsGoTagLink[]> {
    if (itemIds.length === 0) return [];
    const table = kind === 'topic' ? 't_topic_tag' : 't_article_tag';
    if (!this.present.has(table)) return [];
    const [rows] = await this.pool.query<RowDataPacket[]>(`select ${kind}_id as item_id, tag_id from ${table} where status = 0 and ${kind}_id in (?) order by id`, [itemIds]);
    return rows.map((row) => ({ item_id: Number(row.item_id), tag_id: Number(row.tag_id) }));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** mysql2 answers bigint columns as number or string and tinyint(1) as number: numbers throughout. */
function normalize(row: RowDataPacket): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = typeof value === 'bigint' ? Number(value) : value;
  return out;
}
