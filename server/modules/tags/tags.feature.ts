/** Tags: the tag actions (list, one tag, autocomplete, the back office's), and each tag's published topic and article counts (inside the write's transaction). */
import type { Feature } from '../../kernel/feature';
import { HANDLER_ORDER } from '../../kernel/events';
import { tagDeltas } from '../../kernel/placement';
import { tagsActionList } from './tags.actions';
import { bumpTagCounts } from './tags.repository';

export const tagsFeature: Feature = {
  name: 'tags',
  actions: tagsActionList,
  setup(ctx) {
    ctx.events.onWrite('content.placementChanged', 'tags', async ({ kind, before, after }, { db, now }) => {
      const { removed, added } = tagDeltas(before, after);
      await bumpTagCounts(db, kind, removed, -1, now);
      await bumpTagCounts(db, kind, added, 1, now);
    }, { order: HANDLER_ORDER.tagRows });
  },
};
