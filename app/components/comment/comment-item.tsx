/**
 * One comment (issue 6 item 6): avatar, nickname, relative time, IP location, the quoted reply
 * it answers, its sanitized content and pictures, and its actions: like with the reader's state
 * and count, reply, delete (author or moderator). `id="comment-<id>"` is the anchor message
 * links land on.
 */
import { BlockedCollapse } from '~/components/safety/blocked-collapse';
import { useState } from 'react';
import { compactNumber } from '~/components/topic/badges';
import { CommentIcon, HeartIcon, MapPinIcon, TrashIcon } from '~/components/topic/icons';
import { ImageGrid } from '~/components/topic/image-grid';
import { useRichTextLightbox } from '~/components/lightbox/use-lightbox';
import { TopicTime } from '~/components/topic/time';
import { Avatar } from '~/components/user/avatar';
import { UserHandle } from '~/components/user/user-handle';
import { VipBadge } from '~/components/user/vip-badge';
import { send } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import type { ShownComment } from './types';
import { useT } from '~/lib/use-t';
import { MemberModerationMenu, ReportButton } from '~/components/viewer-only-parts';

export interface CommentItemProps {
  comment: ShownComment;
  /** Replies are drawn smaller, inside their comment's thread. */
  reply?: boolean;
  highlighted: boolean;
  canDelete: boolean;
  /** Opens the reply box under this comment (anonymous readers are asked to sign in first). */
  onReply: () => void;
  onDelete: () => void;
  /** Anonymous readers: like and reply ask them to sign in first. */
  requireSignIn: () => boolean;
  replying: boolean;
  /** Its item takes no more comments or likes: the actions are not offered. */
  closed?: boolean;
  /** Its item is locked (issue 28): no reply is offered; likes stay. */
  locked?: boolean;
}

const ACTION =
  'inline-flex h-8 items-center gap-1.5 rounded-full px-2.5 text-[0.8125rem] font-medium text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-60 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/** A comment, collapsed for a reader who blocked its author (issue 28). */
export function CommentItem(props: CommentItemProps) {
  return (
    <BlockedCollapse author={props.comment.user}>
      <CommentItemBody {...props} />
    </BlockedCollapse>
  );
}

function CommentItemBody({ comment, reply = false, highlighted, canDelete, onReply, onDelete, requireSignIn, replying, closed = false, locked = false }: CommentItemProps) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [seen, setSeen] = useState(comment);
  const [like, setLike] = useState({ liked: comment.liked, count: comment.likeCount });
  const [busy, setBusy] = useState(false);
  const { ref: contentRef, viewer: contentViewer } = useRichTextLightbox(comment.content);
  if (seen !== comment) {
    setSeen(comment);
    setLike({ liked: comment.liked, count: comment.likeCount });
  }
  const author = comment.user;
  const name = author?.nickname ?? t('commentUi.item.unknownUser');
  const headingId = `comment-${comment.id}-by`;

  async function toggleLike() {
    if (busy || !requireSignIn()) return;
    setBusy(true);
    try {
      // The contract (and zod) loads with the first like, not with the page (issue 32).
      const { reactionActions } = await import('../../../common/actions/reactions');
      const answer = await send(like.liked ? reactionActions.unlike : reactionActions.like, { entityType: 'comment', entityId: comment.id });
      setLike({ liked: answer.liked, count: answer.likeCount });
      if (answer.liked) toast.success(t('comment.success.like'));
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  const likeLabel = `${like.liked ? t('commentUi.item.unlike') : t('commentUi.item.like')} (${t('commentUi.item.likes', { count: like.count })})`;
  return (
    <article
      id={`comment-${comment.id}`}
      aria-labelledby={headingId}
      className={`flex scroll-mt-24 gap-3 rounded-lg transition-shadow duration-700 ${highlighted ? 'ring-brand-500 bg-brand-50/50 dark:bg-brand-950/30 ring-2 ring-offset-4 ring-offset-white dark:ring-offset-zinc-900' : ''}`}
      data-testid={reply ? 'reply' : 'comment'}
      data-comment-id={comment.id}
    >
      {author ? (
        <a href={`/user/${author.id}`} className="shrink-0 self-start rounded-full" tabIndex={-1} aria-hidden="true">
          <Avatar user={author} size={reply ? 30 : 40} />
        </a>
      ) : (
        <span aria-hidden="true" className={`shrink-0 rounded-full bg-zinc-200 dark:bg-zinc-700 ${reply ? 'size-[30px]' : 'size-10'}`} />
      )}
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center gap-x-2.5 gap-y-0.5 text-sm">
          <h3 id={headingId} className="font-semibold text-zinc-900 dark:text-zinc-100">
            {author ? (
              <a href={`/user/${author.id}`} className="hover:underline">
                {name}
              </a>
            ) : (
              name
            )}
          </h3>
          {author && <VipBadge vip={author.vip} size="xs" />}
          <UserHandle username={author?.username} />
          <TopicTime time={comment.createTime} className="text-zinc-600 dark:text-zinc-400" />
          {comment.ipLocation && (
            <span className="inline-flex items-center gap-1 text-zinc-600 dark:text-zinc-400" data-testid="comment-ip">
              <MapPinIcon className="size-3.5" />
              <span className="sr-only">{t('commentUi.item.ipLocation')}</span>
              {comment.ipLocation.label}
            </span>
          )}
        </header>
        {comment.quote && (
          <blockquote className="mt-2 rounded-md border-l-4 border-zinc-300 bg-zinc-50 px-3 py-1.5 text-sm text-zinc-700 dark:border-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-300" data-testid="comment-quote">
            {comment.quote.deleted ? (
              <span className="italic">{t('commentUi.item.quoteDeleted')}</span>
            ) : (
              <>
                {comment.quote.user && (
                  <a href={`#comment-${comment.quote.id}`} className="font-medium text-zinc-900 hover:underline dark:text-zinc-100">
                    @{comment.quote.user.nickname}
                  </a>
                )}{' '}
                <span className="break-words">{comment.quote.content}</span>
              </>
            )}
          </blockquote>
        )}
        {/* Sanitized by the server's allow-list on write (content pipeline); never raw input. */}
        <div
          className="rich-text mt-1.5 text-[0.9375rem] break-words"
          data-testid="comment-content"
          // What the quote button quotes (quote and reply): whose words, and which comment.
          data-quote-author={author?.nickname}
          data-quote-comment={comment.id}
          ref={contentRef}
          dangerouslySetInnerHTML={{ __html: comment.content }}
        />
        {contentViewer}
        <ImageGrid images={comment.imageList} className="mt-2" />
        <div className="-ml-2.5 mt-1.5 flex flex-wrap items-center gap-0.5" role="group" aria-label={t('commentUi.item.actions')}>
          <button
            type="button"
            onClick={() => void toggleLike()}
            disabled={busy || closed}
            aria-pressed={like.liked}
            aria-label={likeLabel}
            className={`${ACTION} ${like.liked ? 'text-rose-700 dark:text-rose-400' : ''}`}
            data-testid="comment-like"
          >
            <HeartIcon className="size-4" filled={like.liked} />
            <span aria-hidden="true" className="tabular-nums">
              {like.count > 0 ? compactNumber(like.count) : t('commentUi.item.like')}
            </span>
          </button>
          {!closed && !locked && (
            <button
              type="button"
              onClick={() => requireSignIn() && onReply()}
              aria-expanded={replying}
              className={ACTION}
              data-testid="comment-reply"
            >
              <CommentIcon className="size-4" />
              {t('commentUi.item.reply')}
            </button>
          )}
          {canDelete && (
            <button type="button" onClick={onDelete} className={`${ACTION} hover:text-red-700 dark:hover:text-red-400`} data-testid="comment-delete">
              <TrashIcon className="size-4" />
              {t('commentUi.item.delete')}
            </button>
          )}
          {!closed && <ReportButton target={{ type: 'comment', id: comment.id, authorId: author?.id ?? null }} look="action" />}
          {author && <MemberModerationMenu member={author} size="xs" className="inline-flex px-2.5" />}
        </div>
      </div>
    </article>
  );
}
