/** The tags' slice of `context.site` (the tag page's header). */
import type { AppContext } from '../../context';
import type { PageSlice } from '../../kernel/pages';
import { publicTag } from './tags.usecases';

export function tagPages(ctx: AppContext): PageSlice {
  return { topics: { tag: (id) => publicTag(ctx, id) } };
}
