/**
 * Comments as a content kind: likeable (not favoritable, not commentable: replies are comments
 * of the same item). A comment's head carries its item's, for visibility and messages.
 */
import { CONTENT_STATUS } from '../../../common/constants';
import type { ContentKind, KindRegistry } from '../../kernel/kinds';
import { htmlToText, shortText } from '../content/content.api';
import { findCommentById, replaceCommentHtml } from './comments.repository';

const EXCERPT_MAX = 160;

export function commentKind(kinds: KindRegistry): ContentKind {
  return {
    type: 'comment',
    table: 'comments',
    likes: true,
    async load(db, id) {
      const row = await findCommentById(db, id);
      if (!row) return undefined;
      const rootKind = kinds.commentable(row.entity_type);
      const rootHead = rootKind ? await rootKind.load(db, row.entity_id) : undefined;
      if (!rootHead) return undefined;
      return {
        type: 'comment',
        id: row.id,
        ownerId: row.user_id,
        status: row.status,
        title: rootHead.title,
        excerpt: shortText(htmlToText(row.content_html), EXCERPT_MAX),
        url: `${rootHead.url}#comment-${row.id}`,
        root: rootHead.root,
        rootHead,
      };
    },
    body: {
      read: async (db, id) => (await findCommentById(db, id))?.content_html,
      rewrite: replaceCommentHtml,
    },
    visible(head, viewer) {
      if (head.status !== CONTENT_STATUS.published || !head.rootHead) return false;
      const rootKind = kinds.commentable(head.rootHead.type);
      return rootKind !== undefined && rootKind.visible(head.rootHead, viewer);
    },
  };
}
