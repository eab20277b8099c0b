/**
 * The forbidden words' use cases (issue 16), one function per action (words.actions.ts declares
 * who may call each: moderators and admins read the list, admins change it). Writes run inside
 * the action's transaction; a regular expression's time on hostile inputs was checked before it
 * opened (the declaration's guard).
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { wordActions } from '../../../common/actions/words';
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import type { z } from 'zod';
import type { WordInput } from '../../../common/validation/words';
import type { OffsetPage } from '../../../common/views/moderation';
import type { WordDeleted, WordView } from '../../../common/views/words';
import type { Guard, ReadCall, WriteCall } from '../../kernel/actions';
import { actorOf } from '../../kernel/caller';
import { assertUsable, changeWord, createWord, presentWord, removeWord, storedValues, wordsPage } from './words.service';

type Input<K extends keyof typeof wordActions> = ParsedInputOf<(typeof wordActions)[K]>;

/**
 * A regular expression must finish on hostile inputs within the probe's time, and no word or
 * pattern may match everything (400 naming `pattern`). The probe runs in a worker for up to
 * 200 ms (a few ms for a sound pattern), so it runs before the write's
 * transaction opens (a guard, not a step of the write: on SQLite an open transaction holds the
 * one connection every request waits for). A body the input step will refuse (`input`: the
 * action's own schema) is left to it, so its field errors come first as they always did.
 */
export function patternIsUsable(input: z.ZodType<WordInput>): Guard {
  return async (ctx, _settings, raw) => {
    const parsed = input.safeParse(raw);
    if (parsed.success) await assertUsable(ctx.words, storedValues(parsed.data));
  };
}

/**
 * GET admin/words: newest first, optionally those containing `q`. Starts the worker that checks a
 * new pattern, which an admin's save from this list will need: its start (half a second on a busy
 * machine) is not paid by the save.
 */
export async function listWords({ ctx, db, input }: ReadCall<Input<'list'>, undefined>): Promise<OffsetPage<WordView>> {
  ctx.words.warmProbes();
  const { rows, total } = await wordsPage(db, input.q || undefined, (input.page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE);
  return { results: rows.map(presentWord), total, page: input.page, pageSize: ADMIN_PAGE_SIZE };
}

/** POST admin/words/create. */
export function addWord({ scope, caller, input }: WriteCall<Input<'create'>, undefined>): Promise<WordView> {
  return createWord(scope, storedValues(input), actorOf(caller));
}

/** POST admin/words/update. */
export function editWord({ scope, caller, input }: WriteCall<Input<'update'>, undefined>): Promise<WordView> {
  const { id, ...word } = input;
  return changeWord(scope, id, storedValues(word), actorOf(caller));
}

/** POST admin/words/delete. */
export async function deleteWord({ scope, caller, input }: WriteCall<Input<'delete'>, undefined>): Promise<WordDeleted> {
  await removeWord(scope, input.id, actorOf(caller));
  return { deleted: true };
}
