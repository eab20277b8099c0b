/**
 * Column types that differ between SQLite, MySQL and PostgreSQL, for migrations. Migrations are
 * frozen in time, so these helpers are too: never change what an existing helper emits; add a
 * new one instead.
 */
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import { dialectOf } from '../database';

// Migrations are written against Kysely<any> (DESIGN convention 3): they must not follow the
// current schema types, which describe the latest state only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AnyDb = Kysely<any>;

/** Auto-increment integer primary key named `id`. */
export function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  switch (dialectOf(db)) {
    case 'sqlite':
      return table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    case 'mysql':
      return table.addColumn('id', 'bigint', (c) => c.primaryKey().autoIncrement());
    case 'postgres':
      return table.addColumn('id', 'bigserial', (c) => c.primaryKey());
  }
}

/** `create_time` and `update_time`, epoch milliseconds. */
export function withTimes<T extends string, C extends string>(table: CreateTableBuilder<T, C>): CreateTableBuilder<T, C | 'create_time' | 'update_time'> {
  return table.addColumn('create_time', 'bigint', (c) => c.notNull()).addColumn('update_time', 'bigint', (c) => c.notNull());
}

/** A text column able to hold a long document (MySQL TEXT stops at 64 KB). */
export function longText(db: AnyDb): 'text' | ReturnType<typeof sql.raw> {
  return dialectOf(db) === 'mysql' ? sql.raw('mediumtext') : 'text';
}

/** A foreign key column to another table's id. */
export function reference(target: string, onDelete: 'cascade' | 'set null' | 'restrict' = 'cascade') {
  return (c: ColumnDefinitionBuilder) => c.references(`${target}.id`).onDelete(onDelete);
}

/** InnoDB + utf8mb4 on MySQL; nothing elsewhere. */
export function tableOptions<T extends string, C extends string>(db: AnyDb, table: CreateTableBuilder<T, C>): CreateTableBuilder<T, C> {
  return dialectOf(db) === 'mysql' ? table.modifyEnd(sql`engine=InnoDB default charset=utf8mb4 collate=utf8mb4_unicode_ci`) : table;
}

/**
 * The columns a post kind's table shares with every other (added with articles; topics' own
 * migration spells the same columns out): status, the recommend switch, counters, last activity
 * and where the post came from. Frozen like every helper here.
 */
export function withPostColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('recommend', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('recommend_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('favorite_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_comment_time', 'bigint', (c) => c.notNull())
    .addColumn('last_comment_user_id', 'bigint', (c) => reference('users', 'set null')(c))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip_country', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip_region', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''));
}

/**
 * A tagged kind's link table, `<kind>_tags (<kind>_id, tag_id)`, unique per pair and indexed by tag
 * for the kind's tag feed: the one shape the tag queries serve every kind with
 * (modules/tags/tags.repository.ts). Added with articles; topic_tags predates it. Frozen.
 */
export async function createTagLinks(db: AnyDb, kind: string, itemTable: string): Promise<void> {
  const table = `${kind}_tags`;
  const item = `${kind}_id`;
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable(table))
        .addColumn(item, 'bigint', (c) => reference(itemTable)(c.notNull()))
        .addColumn('tag_id', 'bigint', (c) => reference('tags')(c.notNull())),
    ),
  ).execute();
  await db.schema.createIndex(`${table}_pair_uq`).on(table).unique().columns([item, 'tag_id']).execute();
  await db.schema.createIndex(`${table}_tag_idx`).on(table).columns(['tag_id', item]).execute();
}
