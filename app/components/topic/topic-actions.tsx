/**
 * The topic page's buttons: like and favorite with the reader's own state (POST like/like|unlike,
 * favorite/add|delete), the author's edit and delete, and the moderators' recommend, sticky and
 * delete. Each changes the page at once; the loaders then re-run so every count is fresh.
 */
import { useState } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { Button, ButtonLink, buttonClass } from '~/components/ui/button';
import { useConfirm } from '~/components/ui/dialog';
import { Dropdown, DropdownItem, DropdownSeparator } from '~/components/ui/dropdown';
import { api, ApiError } from '~/lib/api';
import type { SessionUser } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { CONTENT_STATUS } from '../../../common/constants';
import { ErrorCode } from '../../../common/errors';
import { compactNumber } from './badges';
import { EditIcon, HeartIcon, PinIcon, ShieldIcon, SparkIcon, StarIcon, TrashIcon } from './icons';
import type { TopicView } from './types';
import { useT } from '~/lib/use-t';

export function isModeratorUser(user: Pick<SessionUser, 'role'> | null): boolean {
  return user?.role === 'admin' || user?.role === 'moderator';
}

interface Reactions {
  topicId: number;
  liked: boolean;
  likeCount: number;
  favorited: boolean;
  sticky: boolean;
  recommend: boolean;
}

function reactionsOf(topic: TopicView): Reactions {
  return { topicId: topic.id, liked: topic.liked, likeCount: topic.likeCount, favorited: topic.favorited, sticky: topic.sticky, recommend: topic.recommend };
}

/** Local state seeded by the loader's topic, reset whenever the loader sends a newer one. */
function useTopicState(topic: TopicView) {
  const [seen, setSeen] = useState(topic);
  const [state, setState] = useState(() => reactionsOf(topic));
  if (seen !== topic) {
    setSeen(topic);
    setState(reactionsOf(topic));
  }
  return [state, setState] as const;
}

const REACTION = 'inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors disabled:opacity-60';
const REACTION_OFF =
  'border-zinc-300 bg-white text-zinc-700 hover:border-zinc-400 hover:text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:border-zinc-600 dark:hover:text-white';

export function TopicActions({ topic, user, onStateChange }: { topic: TopicView; user: SessionUser | null; onStateChange?: (flags: { sticky: boolean; recommend: boolean }) => void }) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const handleApiError = useApiErrorHandler();
  const [confirm, confirmDialog] = useConfirm();
  const [state, setState] = useTopicState(topic);
  const [busy, setBusy] = useState<string | null>(null);
  const moderator = isModeratorUser(user);
  const author = user !== null && topic.user?.id === user.id;
  // A deleted topic is shown to its author and moderators but takes no reaction, and only a
  // moderator may still edit it (the server answers 404 to everyone else).
  const closed = topic.status === CONTENT_STATUS.deleted;

  /** Anonymous readers get the spec's "please sign in" and go to sign-in afterwards. */
  function requireSignIn(): boolean {
    if (user) return true;
    handleApiError(new ApiError(401, ErrorCode.NotSignedIn, t('site.api.pleaseSignIn')));
    return false;
  }

  async function run(key: string, work: () => Promise<void>) {
    if (busy) return;
    setBusy(key);
    try {
      await work();
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(null);
    }
  }

  const toggleLike = () =>
    requireSignIn() &&
    void run('like', async () => {
      const next = !state.liked;
      const answer = await api<{ liked: boolean; likeCount: number }>(next ? '/api/like/like' : '/api/like/unlike', {
        method: 'POST',
        body: { entityType: 'topic', entityId: topic.id },
      });
      setState((s) => ({ ...s, liked: answer.liked, likeCount: answer.likeCount }));
      if (answer.liked) toast.success(t('topicUi.detail.likeSuccess'));
    });

  const toggleFavorite = () =>
    requireSignIn() &&
    void run('favorite', async () => {
      const next = !state.favorited;
      const answer = await api<{ favorited: boolean }>(next ? '/api/favorite/add' : '/api/favorite/delete', {
        method: 'POST',
        body: { entityType: 'topic', entityId: topic.id },
      });
      setState((s) => ({ ...s, favorited: answer.favorited }));
      toast.success(answer.favorited ? t('topicUi.detail.favoriteSuccess') : t('topicUi.detail.unfavoriteSuccess'));
    });

  const setFlag = (flag: 'sticky' | 'recommend', on: boolean) =>
    void run(flag, async () => {
      const answer = await api<TopicView>(`/api/topic/${flag}/${topic.id}`, { method: 'POST', body: { [flag]: on } });
      setState((s) => ({ ...s, sticky: answer.sticky, recommend: answer.recommend }));
      onStateChange?.({ sticky: answer.sticky, recommend: answer.recommend });
      const key = flag === 'sticky' ? (on ? 'stickyOn' : 'stickyOff') : on ? 'recommendOn' : 'recommendOff';
      toast.success(t(`moderation.${key}`));
      void revalidator.revalidate();
    });

  async function remove() {
    const ok = await confirm({
      title: t('moderation.deleteTitle'),
      description: t('moderation.deleteBody'),
      confirmLabel: t('moderation.delete'),
      danger: true,
    });
    if (!ok) return;
    await run('delete', async () => {
      try {
        await api(`/api/topic/delete/${topic.id}`, { method: 'POST' });
      } catch (error) {
        if (error instanceof ApiError && error.errorCode !== ErrorCode.NotSignedIn) {
          toast.error(`${t('moderation.deleteFailed')}: ${error.message}`);
          return;
        }
        throw error;
      }
      toast.success(t('moderation.deleted'));
      navigate('/', { replace: true });
    });
  }

  const likeLabel = state.liked ? t('topicUi.detail.unlike') : t('topicUi.detail.like');
  const favoriteLabel = state.favorited ? t('topicUi.detail.unfavorite') : t('topicUi.detail.favorite');
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="topic-actions">
      <button
        type="button"
        onClick={toggleLike}
        disabled={closed || busy === 'like'}
        aria-pressed={user ? state.liked : undefined}
        aria-label={`${likeLabel} (${t('topicUi.item.likes', { count: state.likeCount })})`}
        className={`${REACTION} ${state.liked ? 'border-rose-300 bg-rose-50 text-rose-700 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-300' : REACTION_OFF}`}
        data-testid="like-button"
      >
        <HeartIcon className="size-[1.125rem]" filled={state.liked} />
        <span aria-hidden="true">{state.liked ? t('topicUi.detail.liked') : t('topicUi.detail.like')}</span>
        <span aria-hidden="true" className="tabular-nums opacity-80">
          {compactNumber(state.likeCount)}
        </span>
      </button>
      <button
        type="button"
        onClick={toggleFavorite}
        disabled={closed || busy === 'favorite'}
        aria-pressed={user ? state.favorited : undefined}
        className={`${REACTION} ${state.favorited ? 'border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-300' : REACTION_OFF}`}
        data-testid="favorite-button"
      >
        <StarIcon className="size-[1.125rem]" filled={state.favorited} />
        {state.favorited ? t('topicUi.detail.favorited') : favoriteLabel}
      </button>

      <div className="ml-auto flex items-center gap-1.5">
        {((author && !closed) || moderator) && (
          <ButtonLink to={`/topic/edit/${topic.id}`} variant="ghost" size="sm" data-testid="edit-topic" state={{ from: location.pathname }}>
            <EditIcon />
            {t('topicUi.detail.edit')}
          </ButtonLink>
        )}
        {author && !moderator && !closed && (
          <Button variant="ghost" size="sm" onClick={() => void remove()} loading={busy === 'delete'} data-testid="delete-topic" className="text-red-700 dark:text-red-400">
            <TrashIcon />
            {t('moderation.delete')}
          </Button>
        )}
        {moderator && (
          <Dropdown
            label={t('moderation.menu')}
            trigger={
              <button type="button" className={buttonClass('secondary', 'sm')} data-testid="moderate-menu" aria-busy={busy !== null && busy !== 'like' && busy !== 'favorite'}>
                <ShieldIcon />
                {t('moderation.menu')}
              </button>
            }
          >
            <DropdownItem onSelect={() => setFlag('recommend', !state.recommend)}>
              <SparkIcon />
              {state.recommend ? t('moderation.unrecommend') : t('moderation.recommend')}
            </DropdownItem>
            <DropdownItem onSelect={() => setFlag('sticky', !state.sticky)}>
              <PinIcon />
              {state.sticky ? t('moderation.unsticky') : t('moderation.sticky')}
            </DropdownItem>
            {!closed && (
              <>
                <DropdownSeparator />
                <DropdownItem danger onSelect={() => void remove()}>
                  <TrashIcon />
                  {t('moderation.delete')}
                </DropdownItem>
              </>
            )}
          </Dropdown>
        )}
      </div>
      {confirmDialog}
    </div>
  );
}
