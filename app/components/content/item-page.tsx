/**
 * The frame of an item's page (a topic, an article): the review or deleted notice its author
 * and moderators see, the item's card, the comment section exactly alike for every kind, and a
 * side column about the author.
 */
import type { ReactNode } from 'react';
import type { CommentEntityType, Page, ShownComment } from '~/components/comment/types';
import { RenderNowProvider } from '~/components/topic/time';
import { useT } from '~/lib/use-t';
import { CONTENT_STATUS } from '../../../common/constants';
import { BlockedCollapse } from '~/components/safety/blocked-collapse';
import { CommentsBlock } from './comments-block';
import { StatusNotice } from './status-notice';

/** Each kind names itself in its notices. */
const NOTICE: Record<CommentEntityType, { pending: string; deleted: string }> = {
  topic: { pending: 'topicUi.detail.pendingBody', deleted: 'topicUi.detail.deletedBody' },
  article: { pending: 'articleUi.detail.pendingBody', deleted: 'articleUi.detail.deletedBody' },
};

export interface ItemPageProps {
  kind: CommentEntityType;
  item: { id: number; status: number; commentCount: number; commentsLocked: boolean; slowModeSeconds: number; user: { id: number; nickname: string } | null };
  comments: Page<ShownComment>;
  /** The reader's likes among those comments, once known (a member served the shared page: app/lib/viewer-parts.ts). */
  ownLikes?: readonly number[] | null;
  /** The server's render time (stable relative times through hydration). */
  now: number;
  aside: ReactNode;
  /** The item's card. */
  children: ReactNode;
}

export function ItemPage({ kind, item, comments, ownLikes = null, now, aside, children }: ItemPageProps) {
  const t = useT();
  return (
    <RenderNowProvider now={now}>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          <StatusNotice status={item.status} pendingTitle={t('topicUi.detail.pendingTitle')} pendingBody={t(NOTICE[kind].pending)} deletedBody={t(NOTICE[kind].deleted)} />
          {/* Collapsed for a reader who blocked the author (issue 28): their own data, after hydration. */}
          <BlockedCollapse author={item.user}>{children}</BlockedCollapse>
          <CommentsBlock
            entityType={kind}
            entityId={item.id}
            initial={comments}
            commentCount={item.commentCount}
            closed={item.status === CONTENT_STATUS.deleted}
            rules={{ locked: item.commentsLocked, slowModeSeconds: item.slowModeSeconds }}
            ownLikes={ownLikes}
          />
        </div>
        <aside className="space-y-4" aria-label={t('topicUi.author.label')}>
          {aside}
        </aside>
      </div>
    </RenderNowProvider>
  );
}
