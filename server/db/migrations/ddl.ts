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
