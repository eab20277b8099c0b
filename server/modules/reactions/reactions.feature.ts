/**
 * Likes and favorites: the actions and the favorites list. The first like or favorite of an item
 * by a member tells its author; a reaction's count shows on the item's page and the lists.
 */
import type { Feature } from '../../kernel/feature';
import { contentPageTags, dropPages } from '../../kernel/page-tags';
import { notify } from '../messages/messages.api';
import { reactionsActionList } from './reactions.actions';
import { forgetFavoritesOf } from './reactions.service';

export const reactionsFeature: Feature = {
  name: 'reactions',
  actions: reactionsActionList,
  setup(ctx) {
    // An erased member (issue 29): their favorites go, the items' counts with them.
    ctx.events.onWrite('user.erased', 'reactions', ({ userId }, scope) => forgetFavoritesOf(scope, userId));

    // Taking it back and giving it again tells nothing new (the event key names the member and item).
    ctx.events.onWrite('reaction.changed', 'reactions', async ({ reaction, on, actorId, item }, scope) => {
      if (!on) return;
      await notify(scope, {
        to: item.ownerId,
        from: actorId,
        type: reaction,
        title: item.title,
        quote: item.excerpt,
        url: item.url,
        entity: { type: item.type, id: item.id },
        eventKey: `${reaction}:${item.type}:${item.id}:${actorId}`,
      });
    });
    ctx.events.onCommit('reaction.changed', 'reactions', ({ item }, app) => dropPages(app, contentPageTags(item)));
  },
};
