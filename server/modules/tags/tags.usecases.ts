/** The tag use cases, as the JSON routes (`tag/{id}`) and the page loaders (tag pages) read them. */
import type { TagView } from '../../../common/views/tag';
import { requireDb, type AppContext } from '../../context';
import { presentTag } from './tags.presenter';
import { findPublicTag } from './tags.service';

/** A public tag, or null. */
export async function publicTag(ctx: AppContext, id: number): Promise<TagView | null> {
  const tag = await findPublicTag(requireDb(ctx), id);
  return tag ? presentTag(tag) : null;
}
