/**
 * Hot queries built once: a repository declares a query with named slots where its values go,
 * Kysely builds and compiles it on its first run on each engine, and every later run sends the
 * same SQL text with the new values. Building and compiling a query with Kysely costs tens of
 * microseconds (about a fifth of a reply's CPU went there, issue 32), while the SQL of such a
 * query never changes; on SQLite the same text also finds its prepared statement in the
 * statement cache (db/database.ts).
 *
 *   const trustOf = prepared((db, p: { userId: number }) =>
 *     db.selectFrom('trust_levels').select(['level', 'locked']).where('user_id', '=', p.userId));
 *   const row = await trustOf.first(db, { userId });
 *
 * Only for queries whose shape does not depend on the values: a slot stands for one value, so no
 * list (`in` with an array) and no value that decides a clause (an optional filter, an
 * `undefined` column). Values that are the same on every run (a status) may stay literal. The
 * builder runs once per engine with slots instead of values; a slot that did not end up as a
 * parameter of the compiled query (Kysely read it instead of binding it) is refused there.
 */
import type { Compilable, CompiledQuery, Insertable, Kysely, QueryResult } from 'kysely';
import type { DbType } from '../config';
import { dialectOf } from './database';
import type { TableWithId } from './helpers';
import type { DB } from './schema';

/** Where a value goes: what the builder is given instead of the value, found among the compiled parameters. */
class Slot {
  constructor(readonly name: string) {}
}

interface Compiled<O> {
  query: CompiledQuery<O>;
  /** Per parameter of the compiled SQL: the slot's name, or null for a value fixed in the query. */
  slots: ReadonlyArray<string | null>;
}

export interface Prepared<P, O> {
  /** Every row the query answers. */
  rows(db: Kysely<DB>, values: P): Promise<O[]>;
  /** The first row, or undefined. */
  first(db: Kysely<DB>, values: P): Promise<O | undefined>;
  /** The driver's result (rows changed, the inserted id on MySQL). */
  run(db: Kysely<DB>, values: P): Promise<QueryResult<O>>;
}

function compile<P, O>(db: Kysely<DB>, build: (db: Kysely<DB>, values: P) => Compilable<O>): Compiled<O> {
  const named = new Set<string>();
  const slots = new Proxy(
    {},
    {
      get(_target, name) {
        if (typeof name !== 'string') return undefined;
        named.add(name);
        return new Slot(name);
      },
    },
  );
  // The builder sees slots where its values would be: Kysely keeps each as a parameter of the query.
  const query = build(db, slots as P).compile();
  const order = query.parameters.map((value) => (value instanceof Slot ? value.name : null));
  const bound = new Set(order.filter((name): name is string => name !== null));
  const lost = [...named].filter((name) => !bound.has(name));
  if (lost.length > 0) throw new Error(`prepared query: ${lost.join(', ')} not bound as parameters of: ${query.sql}`);
  return { query, slots: order };
}

/** A query built and compiled once per engine, run with new values each time (see the file's comment). */
export function prepared<P extends object, O>(build: (db: Kysely<DB>, values: P) => Compilable<O>): Prepared<P, O> {
  const byEngine = new Map<DbType, Compiled<O>>();
  const execute = (db: Kysely<DB>, values: P): Promise<QueryResult<O>> => {
    const engine = dialectOf(db);
    let compiled = byEngine.get(engine);
    if (!compiled) {
      compiled = compile(db, build);
      byEngine.set(engine, compiled);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((fixed, i) => {
      const name = slots[i];
      if (name === null || name === undefined) return fixed;
      const value = (values as Record<string, unknown>)[name];
      // An undefined value would silently change the statement's meaning on some drivers.
      if (value === undefined) throw new Error(`prepared query: no value for ${name} in: ${query.sql}`);
      return value;
    });
    return db.executeQuery<O>({ query: query.query, queryId: query.queryId, sql: query.sql, parameters });
  };
  return {
    rows: async (db, values) => (await execute(db, values)).rows,
    first: async (db, values) => (await execute(db, values)).rows[0],
    run: execute,
  };
}

/**
 * A hot insert of one row into a table with an id, built once per engine (as `prepared`):
 * answers the new row's id (RETURNING on SQLite and PostgreSQL, the result's id on MySQL). Every
 * run gives every column of `columns`, and no other (a missing column would leave its default
 * out of the statement's shape; an extra one would be dropped unseen).
 */
export function preparedInsert<T extends TableWithId>(table: T, columns: ReadonlyArray<keyof Insertable<DB[T]> & string>): (db: Kysely<DB>, values: Insertable<DB[T]>) => Promise<number> {
  const insert = prepared((db, p: Record<string, unknown>) => {
    // Kysely cannot narrow a generic table name to its columns; the values are typed by the caller's T.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see the line above
    const query = db.insertInto(table).values(Object.fromEntries(columns.map((column) => [column, p[column]])) as any);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- `id` exists on every TableWithId
    return (dialectOf(db) === 'mysql' ? query : (query as any).returning('id')) as Compilable<{ id?: number }>;
  });
  return async (db, values) => {
    if (Object.keys(values).length !== columns.length) throw new Error(`prepared insert into ${table}: columns ${Object.keys(values).join(', ')} where ${columns.join(', ')} were declared`);
    const result = await insert.run(db, values as Record<string, unknown>);
    return Number(dialectOf(db) === 'mysql' ? result.insertId : result.rows[0]?.id);
  };
}
