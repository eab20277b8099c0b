/** The words slice of `context.site`: the back office's list (`/admin/words`). */
import type { AppContext } from '../../context';
import { pageRead, type PageSlice } from '../../kernel/pages';
import { listWords } from './words.usecases';

export function wordsPages(ctx: AppContext): PageSlice {
  return { admin: { words: pageRead(ctx, listWords) } };
}
