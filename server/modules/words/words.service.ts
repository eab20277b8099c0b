/**
 * The forbidden words' rules (issue 16): a word is stored width- and case-folded, a pattern as
 * written (NFKC); a pattern must compile, must not repeat a repeating group, and must finish on
 * hostile inputs within PROBE_TIMEOUT_MS in the worker before it is saved. Neither may match
 * everything (issue 30: the empty text, or most everyday sentences of a language: `tooBroad`).
 * Each change records `words.changed` (the audit row, the screen's cache).
 */
import type { Kysely } from 'kysely';
import { breadthProbes, foldText, tooBroad, WORD_LIMITS, type WordInput, type WordAction, type WordKind } from '../../../common/validation/words';
import type { WordView } from '../../../common/views/words';
import type { DB, ForbiddenWordRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/helpers';
import { errors } from '../../infra/errors';
import type { Actor, WriteScope } from '../../kernel/events';
import type { WordScreen } from './words.screen';
import { countWords, deleteWord, findWordById, findWordByPattern, findWordsPage, insertWord, updateWord, type WordValues } from './words.repository';

/** How long a new pattern may take on the hostile inputs before it is refused as too slow. */
export const PROBE_TIMEOUT_MS = 200;

export function presentWord(row: ForbiddenWordRow): WordView {
  return { id: row.id, pattern: row.pattern, kind: row.kind as WordKind, action: row.action as WordAction, createTime: row.create_time, updateTime: row.update_time };
}

/** The stored form: a word folded (so a post's folded text is searched for it as is), a pattern NFKC. */
export function storedValues(input: WordInput): WordValues {
  const pattern = input.kind === 'word' ? foldText(input.pattern).trim() : input.pattern.normalize('NFKC');
  return { pattern, kind: input.kind, action: input.action };
}

/**
 * Checks what needs running the pattern, before any transaction (the probe worker, at most
 * PROBE_TIMEOUT_MS): 400 naming `pattern` when a regular expression is too slow on hostile
 * inputs, or when the word or pattern matches the empty text or most everyday sentences of a
 * language (it would hold every post). A word is a substring: tried here, in microseconds.
 */
export async function assertUsable(screen: WordScreen, values: WordValues): Promise<void> {
  const probes = breadthProbes();
  let matches: (text: string) => boolean = (text) => text.includes(values.pattern);
  if (values.kind === 'regex') {
    const found = await screen.probePattern(values.pattern, probes, PROBE_TIMEOUT_MS);
    if (!found) throw errors.validation({ pattern: 'adminWords.validation.regexSlow' });
    const matched = new Set(probes.filter((_, i) => found[i]));
    matches = (text) => matched.has(text);
  }
  const broad = tooBroad(matches);
  if (broad?.problem === 'matchesEmpty') throw errors.validation({ pattern: 'adminWords.validation.matchesEmpty' });
  if (broad) throw errors.validation({ pattern: { key: 'adminWords.validation.matchesEveryday', params: { example: broad.example } } });
}

async function assertUnique(db: Kysely<DB>, values: WordValues, exceptId: number | null): Promise<void> {
  const existing = await findWordByPattern(db, values.kind, values.pattern);
  if (existing && existing.id !== exceptId) throw errors.validation({ pattern: 'adminWords.validation.duplicate' });
}

function refOf(row: ForbiddenWordRow | ({ id: number } & WordValues)) {
  return { id: row.id, pattern: row.pattern, kind: row.kind, action: row.action };
}

export async function createWord(scope: WriteScope, values: WordValues, actor: Actor): Promise<WordView> {
  await assertUnique(scope.db, values, null);
  if ((await countWords(scope.db)) >= WORD_LIMITS.countMax) throw errors.validation({ pattern: { key: 'adminWords.validation.tooMany', params: { max: WORD_LIMITS.countMax } } });
  let id: number;
  try {
    id = await insertWord(scope.db, values, actor.id, scope.now);
  } catch (error) {
    // Two admins adding the same word at once: the unique key keeps one.
    if (isUniqueViolation(error)) throw errors.validation({ pattern: 'adminWords.validation.duplicate' });
    throw error;
  }
  await scope.emit('words.changed', { change: 'create', word: refOf({ id, ...values }), before: null, actor });
  return { id, ...values, kind: values.kind as WordKind, action: values.action as WordAction, createTime: scope.now, updateTime: scope.now };
}

export async function changeWord(scope: WriteScope, id: number, values: WordValues, actor: Actor): Promise<WordView> {
  const row = await findWordById(scope.db, id);
  if (!row) throw errors.notFound('adminWords.errors.notFound');
  await assertUnique(scope.db, values, id);
  await updateWord(scope.db, id, values, scope.now);
  await scope.emit('words.changed', { change: 'update', word: refOf({ id, ...values }), before: { pattern: row.pattern, kind: row.kind, action: row.action }, actor });
  return presentWord({ ...row, ...values, update_time: scope.now });
}

export async function removeWord(scope: WriteScope, id: number, actor: Actor): Promise<void> {
  const row = await findWordById(scope.db, id);
  if (!row || !(await deleteWord(scope.db, id))) throw errors.notFound('adminWords.errors.notFound');
  await scope.emit('words.changed', { change: 'delete', word: refOf(row), before: null, actor });
}

export async function wordsPage(db: Kysely<DB>, needle: string | undefined, offset: number, limit: number): Promise<{ rows: ForbiddenWordRow[]; total: number }> {
  const [rows, total] = await Promise.all([findWordsPage(db, needle, offset, limit), countWords(db, needle)]);
  return { rows, total };
}
