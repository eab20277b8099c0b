/**
 * Forbidden words for tests: replaces the whole list (words as the admin form takes them, stored
 * as the words feature stores them) and drops the app's cached list, so the next write sees it.
 */
import { wordSchema, type WordInput } from '../../common/validation/words';
import { requireDb } from '../../server/context';
import { storedValues } from '../../server/modules/words/words.service';
import type { TestApp } from './test-app';

export type WordSpec = string | Partial<WordInput> & { pattern: string };

export async function setForbiddenWords(t: TestApp, words: readonly WordSpec[]): Promise<void> {
  const db = requireDb(t.ctx);
  await db.deleteFrom('forbidden_words').execute();
  const now = t.ctx.clock.now();
  for (const word of words) {
    const input = wordSchema.parse(typeof word === 'string' ? { pattern: word, kind: 'word', action: 'review' } : { kind: 'word', action: 'review', ...word });
    await db.insertInto('forbidden_words').values({ ...storedValues(input), created_by: null, create_time: now, update_time: now }).execute();
  }
  t.ctx.words.invalidate();
}
