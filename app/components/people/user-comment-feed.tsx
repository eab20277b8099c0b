/**
 * A member's comments on their profile (`/user/{id}/comments`): each under the title of the post
 * it belongs to (a link to the comment on that page), with its time, sanitized content, pictures
 * and counts; newest first, "Load more" by keyset cursor (../content/keyset-feed.tsx).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UserCommentView } from '../../../common/views/comment';
import { KeysetFeed, type FeedSource, type KeysetPage } from '~/components/content/keyset-feed';
import { compactNumber } from '~/components/topic/badges';
import { CommentIcon, HeartIcon } from '~/components/topic/icons';
import { ImageGrid } from '~/components/topic/image-grid';
import { TopicTime } from '~/components/topic/time';
import { useT } from '~/lib/use-t';

export type UserCommentPage = KeysetPage<UserCommentView>;

/** Which kind of post the comment is on, in the reader's words. */
const KIND_LABEL: Record<string, string> = { topic: 'profileTabs.comments.onTopic', article: 'profileTabs.comments.onArticle' };

export function UserCommentItem({ comment }: { comment: UserCommentView }) {
  const t = useT();
  const { item } = comment;
  const titleId = `user-comment-${comment.id}-on`;
  return (
    <article className="px-4 py-4 sm:px-5" aria-labelledby={titleId} data-testid="user-comment" data-comment-id={comment.id}>
      <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm text-zinc-600 dark:text-zinc-400" id={titleId}>
        <span>{t(KIND_LABEL[item.type] ?? 'profileTabs.comments.onTopic')}</span>
        <Link to={item.url} className="min-w-0 font-medium break-words text-zinc-900 hover:underline dark:text-zinc-50" data-testid="user-comment-item">
          {item.title || t('topicUi.item.imageOnly')}
        </Link>
        <span aria-hidden="true">·</span>
        <TopicTime time={comment.createTime} className="text-xs text-zinc-500 dark:text-zinc-400" />
        {comment.parentId !== null && (
          <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{t('profileTabs.comments.reply')}</span>
        )}
      </p>
      {/* Sanitized on the server when it was written (content.service renderHtml). */}
      <div className="rich-text mt-2 line-clamp-6 text-[0.9375rem] break-words" data-testid="user-comment-content" dangerouslySetInnerHTML={{ __html: comment.content }} />
      <ImageGrid images={comment.imageList} className="mt-2" />
      <p className="mt-2 flex items-center gap-4 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
        <span className="inline-flex items-center gap-1">
          <HeartIcon className="size-3.5" aria-hidden="true" />
          {t('commentUi.item.likes', { count: comment.likeCount, formatted: compactNumber(comment.likeCount) })}
        </span>
        {comment.parentId === null && comment.replyCount > 0 && (
          <span className="inline-flex items-center gap-1">
            <CommentIcon className="size-3.5" aria-hidden="true" />
            {t('profileTabs.comments.replies', { count: comment.replyCount, formatted: compactNumber(comment.replyCount) })}
          </span>
        )}
      </p>
    </article>
  );
}

export function UserCommentFeed({ page, source, empty, label }: { page: UserCommentPage; source: FeedSource; empty: ReactNode; label: string }) {
  return <KeysetFeed<UserCommentView> page={page} source={source} empty={empty} label={label} testId="user-comment-list" renderItem={(comment) => <UserCommentItem comment={comment} />} />;
}
