/**
 * The counter columns shared features (likes, favorites, comments) move on any content kind's
 * table, named by the kind's declaration: one column by a delta, never below zero, in the
 * caller's transaction.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { ContentKind, CounterColumn } from './kinds';

export async function bumpCounter(db: Kysely<DB>, table: ContentKind['table'], column: CounterColumn, id: number, delta: number): Promise<void> {
  if (delta === 0) return;
  const col = sql.ref(column);
  await sql`update ${sql.table(table)} set ${col} = case when ${col} + ${delta} < 0 then 0 else ${col} + ${delta} end where id = ${id}`.execute(db);
}

export async function readCounter(db: Kysely<DB>, table: ContentKind['table'], column: CounterColumn, id: number): Promise<number> {
  const result = await sql<{ n: number }>`select ${sql.ref(column)} as n from ${sql.table(table)} where id = ${id}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}
