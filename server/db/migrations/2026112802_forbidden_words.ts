/**
 * Forbidden words (issue 16): the list moves from the `forbiddenWords` setting to a table the
 * words feature owns, one row per word or regular expression with its action.
 *   forbidden_words.pattern     a word (stored NFKC + lower case) or a regular expression's source
 *   forbidden_words.kind        'word' | 'regex'
 *   forbidden_words.action      'review' (the post waits for a moderator) | 'refuse' (400)
 *   forbidden_words_uq          (kind, pattern)  one row per pattern
 * The words of the old setting become 'word' rows with the action 'review' (what they did), and
 * the setting's row goes. Frozen: never edit.
 */
import { dialectOf } from '../database';
import { reference, tableOptions, withId, withTimes, type AnyDb } from './ddl';

export async function up(db: AnyDb): Promise<void> {
  await tableOptions(
    db,
    withTimes(
      withId(db, db.schema.createTable('forbidden_words'))
        .addColumn('pattern', 'varchar(200)', (c) => c.notNull())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('action', 'varchar(8)', (c) => c.notNull())
        .addColumn('created_by', 'bigint', (c) => reference('users', 'set null')(c)),
    ),
  ).execute();
  await db.schema.createIndex('forbidden_words_uq').on('forbidden_words').unique().columns(['kind', 'pattern']).execute();

  const row = (await db.selectFrom('settings').select('value').where('key', '=', 'forbiddenWords').executeTakeFirst()) as { value: string } | undefined;
  if (!row) return;
  let words: unknown = [];
  try {
    words = JSON.parse(row.value);
  } catch {
    // An unreadable setting held no words the site could use.
  }
  const now = Date.now();
  const seen = new Set<string>();
  for (const word of Array.isArray(words) ? words : []) {
    if (typeof word !== 'string') continue;
    const pattern = word.normalize('NFKC').toLowerCase().trim().slice(0, 200);
    if (pattern === '' || seen.has(pattern)) continue;
    seen.add(pattern);
    await db.insertInto('forbidden_words').values({ pattern, kind: 'word', action: 'review', created_by: null, create_time: now, update_time: now }).execute();
  }
  await db.deleteFrom('settings').where('key', '=', 'forbiddenWords').execute();
}

export async function down(db: AnyDb): Promise<void> {
  const rows = (await db.selectFrom('forbidden_words').select('pattern').where('kind', '=', 'word').execute()) as Array<{ pattern: string }>;
  if (rows.length > 0) {
    const now = Date.now();
    const value = JSON.stringify(rows.map((r) => r.pattern.slice(0, 64)));
    await db.insertInto('settings').values({ key: 'forbiddenWords', value, create_time: now, update_time: now }).execute();
  }
  // MySQL names the table in DROP INDEX; SQLite and PostgreSQL refuse it.
  const drop = db.schema.dropIndex('forbidden_words_uq');
  await (dialectOf(db) === 'mysql' ? drop.on('forbidden_words') : drop).execute();
  await db.schema.dropTable('forbidden_words').ifExists().execute();
}
