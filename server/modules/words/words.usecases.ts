/**
 * The forbidden words' use cases (issue 16), shared by `/api/admin/words*` and `/admin/words`:
 * moderators and admins read the list, admins change it (common/policies/can.ts `words:*`).
 */
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import type { WordInput, WordsQuery } from '../../../common/validation/words';
import type { OffsetPage } from '../../../common/views/moderation';
import type { WordView } from '../../../common/views/words';
import { requireDb, type AppContext } from '../../context';
import type { Caller, ViewerContext } from '../../kernel/caller';
import { runWrite } from '../../kernel/write';
import { authorize } from '../../policy/permissions';
import { assertFast, changeWord, createWord, presentWord, removeWord, storedValues, wordsPage } from './words.service';

function actorOf(caller: Caller) {
  return { id: caller.viewer!.id, moderator: true, ip: caller.origin.ip };
}

/** GET admin/words: newest first, optionally those containing `q`. */
export async function listWords(ctx: AppContext, viewer: ViewerContext, query: WordsQuery): Promise<OffsetPage<WordView>> {
  authorize(viewer.viewer, 'words:read');
  const { rows, total } = await wordsPage(requireDb(ctx), query.q || undefined, (query.page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE);
  return { results: rows.map(presentWord), total, page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

/** POST admin/words/create. */
export async function addWord(ctx: AppContext, caller: Caller, input: WordInput): Promise<WordView> {
  authorize(caller.viewer, 'words:manage');
  const values = storedValues(input);
  await assertFast(ctx.words, values);
  return runWrite(ctx, (scope) => createWord(scope, values, actorOf(caller)), { now: caller.now });
}

/** POST admin/words/update. */
export async function editWord(ctx: AppContext, caller: Caller, id: number, input: WordInput): Promise<WordView> {
  authorize(caller.viewer, 'words:manage');
  const values = storedValues(input);
  await assertFast(ctx.words, values);
  return runWrite(ctx, (scope) => changeWord(scope, id, values, actorOf(caller)), { now: caller.now });
}

/** POST admin/words/delete. */
export async function deleteWord(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  authorize(caller.viewer, 'words:manage');
  await runWrite(ctx, (scope) => removeWord(scope, id, actorOf(caller)), { now: caller.now });
}
