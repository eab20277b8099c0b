/**
 * The comment section of a topic (or article) page (issue 6 item 6). The first page comes
 * server-rendered from the page's loader; "load more" pages by cursor through comment/comments.
 * Signed-in readers get the comment box; anonymous ones a sign-in prompt. After a comment the
 * page's loaders run again, so hidden content unlocks and the counts are fresh. A message link
 * (`#comment-<id>`) lands on its comment: pages and reply lists load until it is found, then it
 * scrolls into view and is highlighted.
 */
import { CommentRulesNotice, NO_RULES, type CommentRules } from '~/components/safety/comment-rules';
import { isModerator } from '../../../common/policy';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { can } from '../../../common/policies/can';
import { Button, ButtonLink } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { useConfirm } from '~/components/ui/confirm';
import { ApiError, send } from '~/lib/api';
import { signInPath, paths } from '~/lib/paths';
import { useRootData } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { ErrorCode } from '../../../common/errors';
import type { CommentBoxHandle } from './comment-box';
import { CommentBox, commentContracts, MemberTools } from './lazy-comment-box';
import { PushPrompt } from '~/components/viewer-only-parts';
import { CommentThread, type ThreadActions } from './comment-thread';
import { commentIdFromHash, mergeById, type CommentEntityType, type Page, type ShownComment } from './types';
import { useOwnLikes, withLikes } from './own-likes';
import { useT } from '~/lib/use-t';
import { BannedPanel, useBanUntil } from '~/components/moderation/ban-notice';

export interface CommentSectionProps {
  entityType: CommentEntityType;
  entityId: number;
  /** The first page, from the page's loader. */
  initial: Page<ShownComment>;
  commentCount: number;
  /** The item takes no new comments (a deleted topic): its comments are shown without a box. */
  closed?: boolean;
  /** A moderator's lock and slow mode (issue 28): a locked item shows its notice instead of the box (staff keep the box). */
  rules?: CommentRules;
  /** Of the first page's comments and replies, those the reader liked, once known (a member served the shared page). */
  ownLikes?: readonly number[] | null;
}

/** Pages fetched automatically while looking for a linked comment. */
const SEEK_PAGES_MAX = 10;

interface ListState {
  key: string;
  comments: ShownComment[];
  cursor: string;
  hasMore: boolean;
}

function listOf(key: string, page: Page<ShownComment>): ListState {
  return { key, comments: page.results, cursor: page.cursor, hasMore: page.hasMore };
}

export function CommentSection({ entityType, entityId, initial, commentCount, closed = false, rules = NO_RULES, ownLikes = null }: CommentSectionProps) {
  const t = useT();
  const { user, locale } = useRootData();
  // Staff comment on a locked item, and at their own pace (the server exempts them too).
  const lockedForReader = rules.locked && !isModerator(user);
  const location = useLocation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const handleApiError = useApiErrorHandler();
  const [confirm, confirmDialog] = useConfirm();
  // The list belongs to this item in this language: reset only when the item or the language
  // changes (a revalidation after a comment must not drop the pages already loaded; a language
  // switch must, since what the server wrote in the comments — their IP locations — is in the
  // old language, while the topic above them comes back in the new one).
  const key = `${entityType}:${entityId}:${locale}`;
  const [list, setList] = useState(() => listOf(key, initial));
  if (list.key !== key) setList(listOf(key, initial));
  useOwnLikes(ownLikes, (liked) => setList((l) => ({ ...l, comments: withLikes(l.comments, liked) })));
  const [loading, setLoading] = useState(false);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const boxRef = useRef<CommentBoxHandle>(null);
  const banUntil = useBanUntil();
  const replyBoxRef = useRef<CommentBoxHandle>(null);

  const loadMore = useCallback(async () => {
    if (loading || !list.hasMore) return;
    setLoading(true);
    try {
      const page = await send((await commentContracts()).list, { entityType, entityId, cursor: list.cursor });
      setList((l) => (l.key === key ? { ...l, comments: mergeById(l.comments, page.results), cursor: page.cursor, hasMore: page.hasMore } : l));
    } catch (error) {
      handleApiError(error);
    } finally {
      setLoading(false);
    }
  }, [loading, list.hasMore, list.cursor, entityType, entityId, key, handleApiError]);

  // Land on `#comment-<id>`: find it, else load pages (then reply lists) until it shows up.
  const targetId = commentIdFromHash(location.hash);
  const seekRef = useRef({ hash: '', pages: 0 });
  const [seekRepliesFor, setSeekRepliesFor] = useState('');
  const [repliesLoaded, setRepliesLoaded] = useState(0);
  useEffect(() => {
    if (targetId === null || highlightId === targetId) return;
    if (seekRef.current.hash !== location.hash) seekRef.current = { hash: location.hash, pages: 0 };
    const frame = requestAnimationFrame(() => {
      const element = document.getElementById(`comment-${targetId}`);
      if (element) {
        element.scrollIntoView({ block: 'center' });
        setHighlightId(targetId);
        return;
      }
      if (list.hasMore && seekRef.current.pages < SEEK_PAGES_MAX) {
        if (!loading) {
          seekRef.current.pages += 1;
          void loadMore();
        }
        return;
      }
      setSeekRepliesFor(location.hash);
    });
    return () => cancelAnimationFrame(frame);
  }, [targetId, highlightId, location.hash, list, loading, loadMore, repliesLoaded]);

  /** Anonymous readers: the spec's "please sign in", then sign-in and back. */
  const requireSignIn = useCallback(() => {
    if (user) return true;
    handleApiError(new ApiError(401, ErrorCode.NotSignedIn, t('site.api.pleaseSignIn')));
    return false;
  }, [user, handleApiError, t]);

  async function remove(comment: ShownComment): Promise<boolean> {
    const ok = await confirm({
      title: t('commentUi.item.deleteTitle'),
      description: comment.parentId === null ? t('commentUi.item.deleteBody') : t('commentUi.item.deleteReplyBody'),
      confirmLabel: t('commentUi.item.delete'),
      danger: true,
    });
    if (!ok) return false;
    try {
      await send((await commentContracts()).delete, { id: comment.id });
    } catch (error) {
      handleApiError(error);
      return false;
    }
    toast.success(t('commentUi.item.deleted'));
    void revalidator.revalidate();
    return true;
  }

  const actions: ThreadActions = {
    highlightId,
    replyTo,
    setReplyTo,
    canDelete: (comment) => can(user, 'content:delete', { userId: comment.user?.id }),
    remove,
    requireSignIn,
    // Hidden content unlocks and the counts move: run the page's loaders again.
    onReplyPosted: () => void revalidator.revalidate(),
    closed,
    locked: lockedForReader,
    ownLikes,
  };

  // A comment just posted is brought into view once React has committed it (not in a frame
  // scheduled beside the state update, which can run before the commit and find nothing), and
  // again after the page's loaders come back and may move what is above it.
  const reveal = useRef<{ id: number; reloading: boolean } | null>(null);
  useEffect(() => {
    const target = reveal.current;
    if (!target) return;
    document.getElementById(`comment-${target.id}`)?.scrollIntoView({ block: 'nearest' });
    if (revalidator.state === 'loading') target.reloading = true;
    else if (target.reloading) reveal.current = null;
  }, [list, revalidator.state]);

  function posted(comment: ShownComment) {
    // The new comment is the newest: it goes at the end even while later pages are not loaded
    // yet (they slot in before it, by id, when they come), so its author always sees it.
    setList((l) => ({ ...l, comments: mergeById(l.comments, [{ ...comment, replies: [] }]) }));
    reveal.current = { id: comment.id, reloading: false };
    void revalidator.revalidate();
  }

  const here = location.pathname + location.search;
  return (
    <Card className="px-5 py-6 sm:px-8" data-testid="comment-section">
      <h2 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50" data-testid="comment-count">
        {t('commentUi.section.title')}
        <span className="ml-2 text-sm font-normal text-zinc-600 tabular-nums dark:text-zinc-400">{t('commentUi.section.count', { count: commentCount })}</span>
      </h2>

      <div className="mt-4">
        <CommentRulesNotice kind={entityType} rules={rules} />
        {closed ? (
          <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-4 text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300" data-testid="comments-closed">
            {t('commentUi.section.closed')}
          </p>
        ) : lockedForReader ? null : user ? (
          <>
          {/* A quote goes into the reply being written, else into the comment box. */}
          {/* A new member's limits (issue 28), from their own data, and the "Quote" button. */}
          <MemberTools itemPath={`/${entityType}/${entityId}`} onQuote={(quote) => (replyBoxRef.current ?? boxRef.current)?.insertQuote(quote)} />
          {/* A banned member is told why instead of being offered an editor the server would refuse. */}
          {banUntil !== 0 ? (
            <BannedPanel what="comment" />
          ) : (
            <CommentBox
              ref={boxRef}
              target={{ entityType, entityId }}
              label={t('commentUi.box.label')}
              placeholder={t('commentUi.box.placeholder')}
              submitLabel={t('commentUi.box.submit')}
              onPosted={posted}
            />
          )}
          </>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center sm:flex-row sm:justify-between sm:text-left dark:border-zinc-700" data-testid="comment-signin">
            <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('commentUi.box.signInPrompt')}</p>
            <div className="flex gap-2">
              <ButtonLink to={paths.signUp} variant="ghost" size="sm">
                {t('commentUi.box.signUp')}
              </ButtonLink>
              <ButtonLink to={signInPath(here)} size="sm">
                {t('commentUi.box.signIn')}
              </ButtonLink>
            </div>
          </div>
        )}
        {/* After a member's first comment or reply here: the offer of push notifications, once. */}
        {user && <PushPrompt />}
      </div>

      {list.comments.length === 0 ? (
        // A locked item invites no first comment: its notice above says why.
        rules.locked ? null : <p className="mt-6 border-t border-zinc-200 pt-6 text-center text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400" data-testid="comments-empty">
          {t('commentUi.section.empty')}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-zinc-200 border-t border-zinc-200 pt-5 dark:divide-zinc-800 dark:border-zinc-800" data-testid="comment-list">
          {list.comments.map((comment) => (
            <CommentThread
              key={comment.id}
              comment={comment}
              actions={actions}
              replyBoxRef={replyBoxRef}
              seekReplies={seekRepliesFor !== '' && seekRepliesFor === location.hash && highlightId !== targetId}
              onRepliesLoaded={() => setRepliesLoaded((n) => n + 1)}
              onRemoved={() => setList((l) => ({ ...l, comments: l.comments.filter((c) => c.id !== comment.id) }))}
            />
          ))}
        </ul>
      )}

      {list.hasMore && (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={() => void loadMore()} loading={loading} data-testid="comments-more">
            {t('commentUi.section.loadMore')}
          </Button>
        </div>
      )}
      {confirmDialog}
    </Card>
  );
}
