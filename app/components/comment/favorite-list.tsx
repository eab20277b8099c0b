/**
 * The favorites of /user/favorites: each topic or article with its title (for a tweet, its
 * author), summary, author, node (or "Article"), comment count and when it was saved, a link to it
 * and a remove button (POST favorite/delete). "Load more" pages by cursor through GET user/favorites.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { CommentIcon, StarIcon, TrashIcon } from '~/components/topic/icons';
import { TopicTime } from '~/components/topic/time';
import { Button, ButtonLink } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { Avatar } from '~/components/user/avatar';
import { send } from '~/lib/api';
import { reactionActions } from '../../../common/actions/reactions';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { TOPIC_TYPES, type FavoriteType } from '../../../common/constants';
import type { FavoriteView, Page } from './types';
import type { TFunction } from '~/lib/i18n';
import { useT } from '~/lib/use-t';
import { useNewestFirstList } from './use-newest-first-list';

/** What a saved item shows, whatever its kind. */
interface Saved {
  title: string;
  summary: string;
  href: string;
  user: FavoriteTopic['user'];
  /** Where it lives: a topic's node, or "Article". */
  place: string | null;
  commentCount: number;
}

type FavoriteTopic = NonNullable<FavoriteView['topic']>;

function savedOf(favorite: FavoriteView, t: TFunction): Saved | null {
  const { topic, article } = favorite;
  if (topic) {
    const tweet = topic.type === TOPIC_TYPES.tweet;
    const title = tweet || !topic.title ? t('ucenter.favorites.tweet', { name: topic.user?.nickname ?? '' }) : topic.title;
    return { title, summary: topic.summary, href: `/topic/${topic.id}`, user: topic.user, place: topic.node?.name ?? null, commentCount: topic.commentCount };
  }
  if (article) return { title: article.title, summary: article.summary, href: `/article/${article.id}`, user: article.user, place: t('articleUi.item.badge'), commentCount: article.commentCount };
  return null;
}

function FavoriteItem({ favorite, onRemove, removing }: { favorite: FavoriteView; onRemove: () => void; removing: boolean }) {
  const t = useT();
  const saved = savedOf(favorite, t);
  if (!saved) return null;
  const { title } = saved;
  return (
    <li className="flex gap-3 px-4 py-4 sm:px-5" data-testid="favorite" data-entity-type={favorite.entityType} data-entity-id={favorite.entityId}>
      <div className="min-w-0 flex-1">
        <h2 className="text-base leading-6 font-semibold break-words text-zinc-900 dark:text-zinc-50">
          <Link to={saved.href} className="hover:text-brand-700 dark:hover:text-brand-300 hover:underline" data-testid="favorite-link">
            {title}
          </Link>
        </h2>
        {saved.summary && <p className="mt-1 line-clamp-2 text-sm break-words text-zinc-700 dark:text-zinc-300">{saved.summary}</p>}
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
          {saved.user && (
            <span className="inline-flex items-center gap-1.5">
              <Avatar user={saved.user} size={20} />
              {saved.user.nickname}
            </span>
          )}
          {saved.place && <span>{saved.place}</span>}
          <span className="inline-flex items-center gap-1">
            <CommentIcon className="size-3.5" />
            {t('ucenter.favorites.comments', { count: saved.commentCount })}
          </span>
          <span className="inline-flex items-center gap-1">
            <StarIcon className="size-3.5" />
            <span>{t('ucenter.favorites.savedAt')}</span>
            <TopicTime time={favorite.createTime} />
          </span>
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={onRemove}
        loading={removing}
        aria-label={t('ucenter.favorites.removeLabel', { title })}
        className="self-start text-zinc-600 hover:text-red-700 dark:text-zinc-400 dark:hover:text-red-400"
        data-testid="favorite-remove"
      >
        {!removing && <TrashIcon className="size-4" />}
        <span className="hidden sm:inline">{t('ucenter.favorites.remove')}</span>
      </Button>
    </li>
  );
}

/** What a favorite is of: the list holds topics and articles only (FAVORITE_TYPES). */
function kindOf(favorite: FavoriteView): FavoriteType {
  return favorite.entityType === 'article' ? 'article' : 'topic';
}

export function FavoriteList({ initial }: { initial: Page<FavoriteView> }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const { list, setList, loading, loadMore } = useNewestFirstList<FavoriteView>(initial, reactionActions.favorites);
  const [removing, setRemoving] = useState<number | null>(null);

  async function remove(favorite: FavoriteView) {
    if (removing !== null) return;
    setRemoving(favorite.id);
    try {
      await send(reactionActions.unfavorite, { entityType: kindOf(favorite), entityId: favorite.entityId });
      setList((l) => ({ ...l, results: l.results.filter((f) => f.id !== favorite.id) }));
      toast.success(t('ucenter.favorites.removed'));
    } catch (error) {
      handleApiError(error);
    } finally {
      setRemoving(null);
    }
  }

  if (list.results.length === 0 && !list.hasMore) {
    return (
      <Card>
        <EmptyState
          icon={<StarIcon className="size-6" />}
          title={t('ucenter.favorites.empty')}
          action={
            <ButtonLink to="/topics" variant="secondary">
              {t('ucenter.favorites.browse')}
            </ButtonLink>
          }
        >
          {t('ucenter.favorites.emptyBody')}
        </EmptyState>
      </Card>
    );
  }
  return (
    <>
      {list.results.length > 0 && (
        <Card>
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="favorite-list">
            {list.results.map((favorite) => (
              <FavoriteItem key={favorite.id} favorite={favorite} removing={removing === favorite.id} onRemove={() => void remove(favorite)} />
            ))}
          </ul>
        </Card>
      )}
      {list.hasMore && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void loadMore()} loading={loading} data-testid="favorites-more">
            {t('ucenter.favorites.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
