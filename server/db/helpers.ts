/** Small dialect-neutral helpers every repository uses. */
import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { dialectOf } from './database';
import type { DB } from './schema';

export type TableWithId = { [K in keyof DB]: DB[K] extends { id: unknown } ? K : never }[keyof DB];

/** The rows of `table` with these ids (each once, in no particular order). */
export async function findRowsByIds<T extends TableWithId>(db: Kysely<DB>, table: T, ids: readonly number[]): Promise<Selectable<DB[T]>[]> {
  if (ids.length === 0) return [];
  // Kysely cannot narrow a generic table name to its columns; every TableWithId has `id`.
  const rows = await db
    .selectFrom(table as TableWithId)
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows as Selectable<DB[T]>[];
}

/**
 * Inserts one row and answers its generated id. SQLite and PostgreSQL use RETURNING; MySQL
 * reports the id on the result.
 */
export async function insertReturningId<T extends TableWithId>(db: Kysely<DB>, table: T, values: Insertable<DB[T]>): Promise<number> {
  // Kysely cannot narrow a generic table name to its columns; the values are typed by the caller's T.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see the line above
  const query = db.insertInto(table).values(values as any);
  if (dialectOf(db) === 'mysql') {
    const result = await query.executeTakeFirstOrThrow();
    return Number(result.insertId);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- `id` exists on every TableWithId
  const row = await (query as any).returning('id').executeTakeFirstOrThrow();
  return Number((row as { id: number }).id);
}

/**
 * Runs a single-row read locked until the transaction ends (MySQL, PostgreSQL): a concurrent edit
 * or delete waits there and then reads the state this one leaves. SQLite has one writer at a time
 * and no row locks.
 */
export function lockedRead<R>(db: Kysely<DB>, query: { forUpdate(): { executeTakeFirst(): Promise<R> }; executeTakeFirst(): Promise<R> }): Promise<R> {
  return dialectOf(db) === 'sqlite' ? query.executeTakeFirst() : query.forUpdate().executeTakeFirst();
}

/**
 * `text` as a LIKE pattern matching it anywhere, case-blind with `lower(column)`: `!` escapes the
 * wildcards (a backslash is read differently by the three engines' string literals).
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** Row timestamps for an insert. */
export function stamps(now: number): { create_time: number; update_time: number } {
  return { create_time: now, update_time: now };
}

/** True when the error is a unique-constraint violation, on any of the three engines. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: string; errno?: number };
  return (
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    e.code === 'ER_DUP_ENTRY' ||
    e.errno === 1062 ||
    e.code === '23505'
  );
}

/**
 * `column` (epoch ms) divided into whole buckets of `sizeMs`, as an integer on every engine:
 * SQLite and PostgreSQL divide integers as integers, MySQL needs DIV. For counts per period
 * (the dashboard's days are made of 15-minute buckets, exact in any time zone).
 */
export function timeBucket(db: Kysely<DB>, column: string, sizeMs: number): RawBuilder<number> {
  const size = Math.trunc(sizeMs);
  return dialectOf(db) === 'mysql' ? sql<number>`${sql.ref(column)} div ${sql.lit(size)}` : sql<number>`${sql.ref(column)} / ${sql.lit(size)}`;
}

/** True when the error is a foreign-key violation (a row still referenced), on any of the three engines. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: string; errno?: number; message?: string };
  // SQLite reports an ON DELETE RESTRICT refusal as a trigger constraint, with this message.
  const sqliteRestrict = e.code === 'SQLITE_CONSTRAINT_TRIGGER' && typeof e.message === 'string' && e.message.includes('FOREIGN KEY');
  return e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || sqliteRestrict || e.code === 'ER_ROW_IS_REFERENCED_2' || e.errno === 1451 || e.code === '23503';
}
