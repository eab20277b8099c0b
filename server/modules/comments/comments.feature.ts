/** Comments and replies: the comment content kind, the actions, and hiding a forever-banned member's comments. */
import type { Feature } from '../../features';
import { commentsActionList } from './comments.actions';
import { commentKind } from './comments.kind';
import { moveMemberComments } from './comments.service';

export const commentsFeature: Feature = {
  name: 'comments',
  actions: commentsActionList,
  setup(ctx) {
    ctx.kinds.register(commentKind(ctx.kinds));
    // A forever ban may hide the member's comments; lifting it (or a ban that does not hide) shows them again.
    ctx.events.onWrite('user.banned', 'comments', async ({ user, hideContent, actor }, scope) => {
      await moveMemberComments(scope, user.id, hideContent, actor);
    });
    ctx.events.onWrite('user.unbanned', 'comments', async ({ user, actor }, scope) => {
      await moveMemberComments(scope, user.id, false, actor);
    });
  },
};
