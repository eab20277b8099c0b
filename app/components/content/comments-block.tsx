/** The comment section under an item's page, reachable as `#comments` (the same for every kind). */
import { CommentSection } from '~/components/comment/comment-section';
import type { CommentRules } from '~/components/safety/comment-rules';
import type { CommentEntityType, Page, ShownComment } from '~/components/comment/types';
import { useT } from '~/lib/use-t';

/** `closed`: a deleted item, still shown to its author and moderators, takes no new comment. */
export function CommentsBlock({
  entityType,
  entityId,
  initial,
  commentCount,
  closed = false,
  rules,
  ownLikes,
}: {
  entityType: CommentEntityType;
  entityId: number;
  initial: Page<ShownComment>;
  commentCount: number;
  closed?: boolean;
  /** A moderator's lock and slow mode (issue 28). */
  rules?: CommentRules;
  /** The reader's likes among the first comments, once known (./item-page.tsx). */
  ownLikes?: readonly number[] | null;
}) {
  const t = useT();
  return (
    <section id="comments" aria-label={t('topicUi.detail.comments', { count: commentCount })} className="mt-6 scroll-mt-20" data-testid="comments-slot">
      <CommentSection entityType={entityType} entityId={entityId} initial={initial} commentCount={commentCount} closed={closed} rules={rules} ownLikes={ownLikes} />
    </section>
  );
}
