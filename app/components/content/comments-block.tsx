/** The comment section under an item's page, reachable as `#comments` (the same for every kind). */
import { CommentSection } from '~/components/comment/comment-section';
import type { CommentEntityType, Page, ShownComment } from '~/components/comment/types';
import { useT } from '~/lib/use-t';

export function CommentsBlock({ entityType, entityId, initial, commentCount }: { entityType: CommentEntityType; entityId: number; initial: Page<ShownComment>; commentCount: number }) {
  const t = useT();
  return (
    <section id="comments" aria-label={t('topicUi.detail.comments', { count: commentCount })} className="mt-6 scroll-mt-20" data-testid="comments-slot">
      <CommentSection entityType={entityType} entityId={entityId} initial={initial} commentCount={commentCount} />
    </section>
  );
}
