/** Tags: routes (autocomplete, tag pages' data) and each tag's published topic and article counts (inside the write's transaction). */
import type { Feature } from '../../features';
import { HANDLER_ORDER } from '../../kernel/events';
import { tagPages } from './tags.pages';
import { tagDeltas } from '../../kernel/placement';
import { bumpTagCounts } from './tags.repository';
import { tagRoutes } from './tags.routes';

export const tagsFeature: Feature = {
  name: 'tags',
  api: tagRoutes,
  pages: tagPages,
  setup(ctx) {
    ctx.events.onWrite('content.placementChanged', 'tags', async ({ kind, before, after }, { db, now }) => {
      const { removed, added } = tagDeltas(before, after);
      await bumpTagCounts(db, kind, removed, -1, now);
      await bumpTagCounts(db, kind, added, 1, now);
    }, { order: HANDLER_ORDER.tagRows });
  },
};
