/** The tags' slice of `context.site` (the tag page's header, the back office's tag table). */
import type { AppContext } from '../../context';
import { pageRead, type PageSlice } from '../../kernel/pages';
import { adminTags, publicTag } from './tags.usecases';

export function tagPages(ctx: AppContext): PageSlice {
  return { topics: { tag: (id) => publicTag(ctx, id) }, adminSite: { tags: pageRead(ctx, adminTags) } };
}
