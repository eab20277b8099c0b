/**
 * @-mentions and quotes (issue 27): the editor's member lookup, and — as in-transaction listeners
 * of the writes that publish or change a post or comment — its mentions resolved, its stored HTML
 * decorated, and the members it mentions or quotes told (mentions.service.ts has the rules).
 */
import { CONTENT_STATUS } from '../../../common/constants';
import type { Feature } from '../../kernel/feature';
import { mentionsActionList } from './mentions.actions';
import { processItemMentions } from './mentions.service';

const published = (status: number): boolean => status === CONTENT_STATUS.published;

export const mentionsFeature: Feature = {
  name: 'mentions',
  actions: mentionsActionList,
  setup(ctx) {
    // A post written or edited: decorated always, told only when it is out (not held for review).
    ctx.events.onWrite('topic.created', 'mentions', ({ id, status }, scope) => processItemMentions(scope, { type: 'topic', id, published: published(status) }));
    ctx.events.onWrite('topic.edited', 'mentions', ({ id, status }, scope) => processItemMentions(scope, { type: 'topic', id, published: published(status) }));
    ctx.events.onWrite('article.created', 'mentions', ({ id, status }, scope) => processItemMentions(scope, { type: 'article', id, published: published(status) }));
    ctx.events.onWrite('article.edited', 'mentions', ({ id, status }, scope) => processItemMentions(scope, { type: 'article', id, published: published(status) }));
    // A held or hidden post coming out (approved, restored, shown again): now its members are told.
    // Comments come out through `comment.created` (recorded after an approval too).
    ctx.events.onWrite('content.statusChanged', 'mentions', async ({ head, to }, scope) => {
      if (to !== CONTENT_STATUS.published || head.type === 'comment') return;
      await processItemMentions(scope, { type: head.type, id: head.id, published: true });
    });
    // A comment out: the item's author and the member replied to are told by the comments
    // feature already, so a quote of theirs tells them nothing more.
    ctx.events.onWrite('comment.created', 'mentions', ({ id, item, repliedTo, html }, scope) =>
      processItemMentions(scope, { type: 'comment', id, html, published: true, toldAlready: [item.ownerId, ...(repliedTo ? [repliedTo.userId] : [])] }),
    );
  },
};
