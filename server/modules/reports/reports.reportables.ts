/**
 * The reportable types this feature registers for the features that hold no registration of
 * their own yet (kernel/reportables.ts): topics (and tweets, which are topics) and articles
 * through the content kinds and the publishing core, comments through the comments feature, and
 * members. A feature that owns a new type (conversation messages) registers it in its own setup.
 */
import { CONTENT_STATUS } from '../../../common/constants';
import type { AppContext } from '../../context';
import type { ContentHead } from '../../kernel/kinds';
import type { ReportableType, ReportedItem } from '../../kernel/reportables';
import { deleteComment, lockedComment } from '../comments/comments.api';
import { lockedPostRef, setPostStatus } from '../publishing/publishing.api';
import { findUserById } from '../users/users.api';

function itemOf(head: ContentHead): ReportedItem {
  return { authorId: head.ownerId, title: head.title, excerpt: head.excerpt, url: head.url, status: head.status };
}

/** A kind's item, seen as its kind's readers see it (a pending post: its author and staff). */
function kindReportable(ctx: AppContext, type: 'topic' | 'article' | 'comment'): Omit<ReportableType, 'removals' | 'remove'> {
  return {
    type,
    async load(db, id) {
      const head = await ctx.kinds.get(type)?.load(db, id);
      return head ? itemOf(head) : undefined;
    },
    async visibleTo(db, id, _item, viewer) {
      const kind = ctx.kinds.get(type);
      const head = await kind?.load(db, id);
      if (!kind || !head) return false;
      // A comment of a deleted post is as gone as its post.
      if (head.rootHead && head.rootHead.status === CONTENT_STATUS.deleted) return false;
      return kind.visible(head, viewer);
    },
  };
}

function postReportable(ctx: AppContext, type: 'topic' | 'article'): ReportableType {
  return {
    ...kindReportable(ctx, type),
    removals: ['delete', 'hide'],
    async remove(scope, id, removal, actor) {
      const post = await lockedPostRef(scope, type, id);
      if (!post) return;
      await setPostStatus(scope, post, removal === 'delete' ? CONTENT_STATUS.deleted : CONTENT_STATUS.hidden, actor);
    },
  };
}

/** Comments are deleted (with their replies); hiding one comment is not a state comments have. */
function commentReportable(ctx: AppContext): ReportableType {
  return {
    ...kindReportable(ctx, 'comment'),
    removals: ['delete'],
    async remove(scope, id, _removal, actor) {
      const row = await lockedComment(scope.db, id);
      if (row) await deleteComment(scope, row, actor);
    },
  };
}

/** A member: reported for what they do (a profile, a pattern); staff ban them or dismiss. */
const memberReportable: ReportableType = {
  type: 'user',
  async load(db, id) {
    const user = await findUserById(db, id);
    if (!user) return undefined;
    return { authorId: user.id, title: user.nickname, excerpt: user.signature, url: `/user/${user.id}`, status: user.status === 0 ? CONTENT_STATUS.published : CONTENT_STATUS.deleted };
  },
  visibleTo: () => Promise.resolve(true),
  removals: [],
};

export function registerReportables(ctx: AppContext): void {
  ctx.reportables.register(postReportable(ctx, 'topic'));
  ctx.reportables.register(postReportable(ctx, 'article'));
  ctx.reportables.register(commentReportable(ctx));
  ctx.reportables.register(memberReportable);
}
