/**
 * Preloaded into a benchmark's server (`node --import tsx --import ./bench/count-statements.ts`)
 * when SABAI_BENCH_STATEMENTS names a file: counts every SQL statement the process executes, by
 * its text (transaction statements included: `begin`, `commit`), and writes `{ sql: count }` as
 * JSON to that file when the process exits; SIGUSR2 starts the counts again (after a warm-up). It patches the drivers, not the app, so what is
 * measured is what the server really sends: better-sqlite3's statement runs (every Kysely query
 * and transaction statement goes through one) and mysql2's `query`/`execute`.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const out = process.env.SABAI_BENCH_STATEMENTS;
if (out) {
  const require = createRequire(import.meta.url);
  const counts = new Map<string, number>();
  const count = (sql: string) => counts.set(sql, (counts.get(sql) ?? 0) + 1);

  type Method = (this: { source: string }, ...args: unknown[]) => unknown;
  const SQLite = require('better-sqlite3') as new (file: string) => { prepare(sql: string): object; close(): void };
  const probe = new SQLite(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, Method>;
  probe.close();
  for (const name of ['run', 'get', 'all', 'iterate']) {
    const original = statement[name]!;
    statement[name] = function (this: { source: string }, ...args: unknown[]) {
      count(this.source);
      return original.apply(this, args);
    };
  }

  try {
    const connection = (require('mysql2') as { Connection: { prototype: Record<string, (sql: unknown, ...rest: unknown[]) => unknown> } }).Connection.prototype;
    for (const name of ['query', 'execute']) {
      const original = connection[name]!;
      connection[name] = function (this: unknown, sql: unknown, ...rest: unknown[]) {
        count(typeof sql === 'string' ? sql : String((sql as { sql?: string }).sql));
        return original.call(this, sql, ...rest);
      };
    }
  } catch {
    // No mysql2: SQLite only.
  }

  process.on('SIGUSR2', () => counts.clear());
  process.on('exit', () => writeFileSync(out, JSON.stringify(Object.fromEntries(counts))));
}
