/** Tags: routes (autocomplete, tag pages' data) and each tag's published-topic count (inside the write's transaction). */
import type { Feature } from '../../features';
import { tagPages } from './tags.pages';
import { tagDeltas } from '../../kernel/placement';
import { bumpTagTopicCounts } from './tags.repository';
import { tagRoutes } from './tags.routes';

export const tagsFeature: Feature = {
  name: 'tags',
  api: tagRoutes,
  pages: tagPages,
  setup(ctx) {
    ctx.events.onWrite('topic.placementChanged', 'tags', async ({ before, after }, { db, now }) => {
      const { removed, added } = tagDeltas(before, after);
      await bumpTagTopicCounts(db, removed, -1, now);
      await bumpTagTopicCounts(db, added, 1, now);
    });
  },
};
