/** Comments and replies: the comment content kind, the actions, and hiding a forever-banned member's comments. */
import type { Feature } from '../../kernel/feature';
import { commentsActionList } from './comments.actions';
import { commentKind } from './comments.kind';
import { eraseMemberComments, moveMemberComments } from './comments.service';
import { notifyEach, type NotifyInput } from '../messages/messages.api';
import { contentPageTags, dropPages } from '../../kernel/page-tags';

export const commentsFeature: Feature = {
  name: 'comments',
  actions: commentsActionList,
  setup(ctx) {
    // An erased member (issue 29): their comments removed when the site says so; their IP records cleared either way.
    ctx.events.onWrite('user.erased', 'comments', ({ userId, content }, scope) => eraseMemberComments(scope, userId, content === 'remove', { id: userId, moderator: false, ip: '' }));
    ctx.kinds.register(commentKind(ctx.kinds));
    // A forever ban may hide the member's comments; lifting it (or a ban that does not hide) shows them again.
    ctx.events.onWrite('user.banned', 'comments', async ({ user, hideContent, actor }, scope) => {
      await moveMemberComments(scope, user.id, hideContent, actor);
    });
    ctx.events.onWrite('user.unbanned', 'comments', async ({ user, actor }, scope) => {
      await moveMemberComments(scope, user.id, false, actor);
    });
    // A comment tells the author of the comment it replies to, and the item's author (once each).
    ctx.events.onWrite('comment.created', 'comments', async ({ id, authorId, item, repliedTo, text }, scope) => {
      // `about`: comments on one item gather in one row of the author's notifications while unread.
      const message = { from: authorId, title: item.title, content: text, url: `${item.url}#comment-${id}`, entity: { type: 'comment', id }, about: { type: item.type, id: item.id }, eventKey: `comment:${id}` };
      const messages: NotifyInput[] = [];
      if (repliedTo) messages.push({ ...message, to: repliedTo.userId, type: 'comment_reply', quote: repliedTo.text });
      // `on`: the kind commented on, so the title says "your article" where it was one.
      if (item.ownerId !== repliedTo?.userId) messages.push({ ...message, to: item.ownerId, type: 'topic_comment', quote: item.excerpt, params: { on: item.type } });
      // Both in one turn: their recipients' choices are read once.
      await notifyEach(scope, messages);
    });
    // The item's page (its count, the new comment), its root's and the lists (last activity).
    ctx.events.onCommit('comment.created', 'comments', ({ item }, app) => dropPages(app, contentPageTags(item)));
  },
};
