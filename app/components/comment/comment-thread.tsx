/**
 * A top-level comment with its replies: the first ones arrive with the comment (≤ 3), "show N
 * more replies" pages the rest through comment/replies, a reply box opens under the thread,
 * and a reply posted here joins the list at once.
 */
import { useEffect, useRef, useState } from 'react';
import { COMMENT_LIMITS } from '../../../common/constants';
import { Spinner } from '~/components/ui/spinner';
import { send } from '~/lib/api';
import { useApiErrorHandler } from '~/lib/use-api-error';
import type { CommentBoxHandle } from './comment-box';
import { CommentBox, commentContracts } from './lazy-comment-box';
import { CommentItem } from './comment-item';
import { mergeById, type ShownComment } from './types';
import { useOwnLikes, withLikes } from './own-likes';
import { useT } from '~/lib/use-t';

export interface ThreadActions {
  highlightId: number | null;
  replyTo: number | null;
  setReplyTo: (id: number | null) => void;
  canDelete: (comment: ShownComment) => boolean;
  /** Asks, deletes, and answers whether it was deleted. */
  remove: (comment: ShownComment) => Promise<boolean>;
  requireSignIn: () => boolean;
  onReplyPosted: () => void;
  /** The item takes no new comments or likes (a deleted topic its author and moderators still read). */
  closed: boolean;
  /** The item is locked for the reader (issue 28): no reply is offered. */
  locked?: boolean;
  /** Of the first comments and their replies, those the reader liked, once known (a member on the shared page). */
  ownLikes?: readonly number[] | null;
}

interface RepliesState {
  list: ShownComment[];
  count: number;
  /** Whether comment/replies has been asked (the preview came with the comment). */
  fetched: boolean;
  cursor: string;
  hasMore: boolean;
}

function repliesOf(comment: ShownComment): RepliesState {
  return { list: comment.replies ?? [], count: comment.replyCount, fetched: false, cursor: '', hasMore: false };
}

export interface CommentThreadProps {
  comment: ShownComment;
  actions: ThreadActions;
  /** Looking for a linked reply that is not shown: load this thread's other replies. */
  seekReplies: boolean;
  onRepliesLoaded?: () => void;
  onRemoved: () => void;
  /** The reply box, when open here: a quoted selection goes into the reply being written. */
  replyBoxRef?: React.Ref<CommentBoxHandle>;
}

export function CommentThread({ comment, actions, seekReplies, onRepliesLoaded, onRemoved, replyBoxRef }: CommentThreadProps) {
  const t = useT();
  const handleApiError = useApiErrorHandler();
  const [replies, setReplies] = useState(() => repliesOf(comment));
  useOwnLikes(actions.ownLikes, (liked) => setReplies((r) => ({ ...r, list: withLikes(r.list, liked) })));
  const [loading, setLoading] = useState(false);
  const hidden = Math.max(0, replies.count - replies.list.length);
  const replyTarget = actions.replyTo === null ? null : actions.replyTo === comment.id ? comment : (replies.list.find((r) => r.id === actions.replyTo) ?? null);

  async function loadMore() {
    if (loading) return;
    setLoading(true);
    try {
      const page = await send((await commentContracts()).replies, { commentId: comment.id, cursor: replies.fetched ? replies.cursor : undefined });
      setReplies((r) => ({ ...r, list: mergeById(r.list, page.results), fetched: true, cursor: page.cursor, hasMore: page.hasMore }));
      onRepliesLoaded?.();
    } catch (error) {
      handleApiError(error);
    } finally {
      setLoading(false);
    }
  }

  // A message link to a reply that is not shown yet: open the rest of this thread once.
  const sought = useRef(false);
  useEffect(() => {
    if (!seekReplies || sought.current || hidden === 0) return;
    sought.current = true;
    void loadMore();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per seek request; loadMore reads fresh state
  }, [seekReplies, hidden]);

  async function removeReply(reply: ShownComment) {
    if (!(await actions.remove(reply))) return;
    setReplies((r) => ({ ...r, list: r.list.filter((x) => x.id !== reply.id), count: Math.max(0, r.count - 1) }));
  }

  async function removeSelf() {
    if (await actions.remove(comment)) onRemoved();
  }

  const showMore = hidden > 0 && (!replies.fetched || replies.hasMore);
  return (
    <li className="py-5 first:pt-0 last:pb-0" data-testid="comment-thread">
      <CommentItem
        comment={comment}
        highlighted={actions.highlightId === comment.id}
        canDelete={actions.canDelete(comment)}
        onReply={() => actions.setReplyTo(actions.replyTo === comment.id ? null : comment.id)}
        onDelete={() => void removeSelf()}
        requireSignIn={actions.requireSignIn}
        closed={actions.closed}
        locked={actions.locked}
        replying={actions.replyTo === comment.id}
      />
      {(replies.list.length > 0 || showMore || replyTarget) && (
        <div className="mt-3 ml-3 space-y-4 border-l-2 border-zinc-100 pl-3 sm:ml-[3.25rem] sm:pl-4 dark:border-zinc-800">
          {replies.list.length > 0 && (
            <ul className="space-y-4" aria-label={t('commentUi.item.replies', { count: replies.count })}>
              {replies.list.map((reply) => (
                <li key={reply.id}>
                  <CommentItem
                    comment={reply}
                    reply
                    highlighted={actions.highlightId === reply.id}
                    canDelete={actions.canDelete(reply)}
                    onReply={() => actions.setReplyTo(actions.replyTo === reply.id ? null : reply.id)}
                    onDelete={() => void removeReply(reply)}
                    requireSignIn={actions.requireSignIn}
                    closed={actions.closed}
                    locked={actions.locked}
                    replying={actions.replyTo === reply.id}
                  />
                </li>
              ))}
            </ul>
          )}
          {showMore && (
            <button
              type="button"
              onClick={() => void loadMore()}
              disabled={loading}
              className="text-brand-700 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200 inline-flex items-center gap-2 text-sm font-medium hover:underline"
              data-testid="more-replies"
            >
              {loading && <Spinner size="sm" />}
              {t('commentUi.item.moreReplies', { count: hidden })}
            </button>
          )}
          {replyTarget && (
            <CommentBox
              ref={replyBoxRef}
              key={replyTarget.id}
              target={{ entityType: 'comment', entityId: replyTarget.id }}
              quote={{ name: replyTarget.user?.nickname ?? t('commentUi.item.unknownUser'), text: plainText(replyTarget.content) }}
              label={t('commentUi.box.replyLabel', { name: replyTarget.user?.nickname ?? t('commentUi.item.unknownUser') })}
              placeholder={t('commentUi.box.replyPlaceholder')}
              submitLabel={t('commentUi.box.submitReply')}
              autoFocus
              onCancel={() => actions.setReplyTo(null)}
              onPosted={(posted) => {
                setReplies((r) => ({ ...r, list: mergeById(r.list, [posted]), count: r.count + 1 }));
                actions.setReplyTo(null);
                actions.onReplyPosted();
              }}
            />
          )}
        </div>
      )}
    </li>
  );
}

/** The quoted text of sanitized HTML, for the reply box (the browser parses it inertly). */
function plainText(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length > COMMENT_LIMITS.quoteMax ? `${collapsed.slice(0, COMMENT_LIMITS.quoteMax)}…` : collapsed;
}
