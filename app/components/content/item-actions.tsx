/**
 * The action bar under an item (a topic, an article): like and favorite with the reader's own
 * state (POST like/like|unlike, favorite/add|delete), the author's edit and delete, and the
 * moderators' menu, whose kind-specific entries (recommend, sticky) the kind passes in. Each
 * changes the page at once; a delete asks first, then leaves the page.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import type { CommentEntityType } from '~/components/comment/types';
import { compactNumber } from '~/components/topic/badges';
import { EditIcon, HeartIcon, StarIcon, TrashIcon } from '~/components/topic/icons';
import { Button, ButtonLink } from '~/components/ui/button';
import { useConfirm } from '~/components/ui/confirm';
import { useHydrated } from '~/lib/use-hydrated';
import { ApiError, send } from '~/lib/api';
import { CONTENT_STATUS } from '../../../common/constants';
import type { SessionUser } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { ErrorCode } from '../../../common/errors';
import { MemberModerationMenu, ReportButton } from '~/components/viewer-only-parts';
import { can } from '../../../common/policies/can';
import { ModeratorMenuFace } from './moderator-menu-face';

/*
 * The action contracts (and zod with them) load when a button is pressed, not with the page: a
 * reader's first visit carries only what renders and hydrates the bar (issue 32, ADR 0034).
 */
const reactionContracts = () => import('../../../common/actions/reactions').then((m) => m.reactionActions);
const topicContracts = () => import('../../../common/actions/topics').then((m) => m.topicActions);
const articleContracts = () => import('../../../common/actions/articles').then((m) => m.articleActions);

/** The moderators' menu: its own chunk (Radix's dropdown, the comment rules and their dialog), for moderators only. */
const ModeratorMenu = lazy(() => import('./moderator-menu'));

/** What the bar needs of an item: its id, author, status and the reader's reactions. */
export interface ActionableItem {
  id: number;
  user: { id: number; nickname: string } | null;
  status: number;
  liked: boolean;
  likeCount: number;
  favorited: boolean;
}

/** State seeded by the loader's value, reset whenever the loader sends a newer one. */
export function useSeededState<S, V>(value: V, seed: (value: V) => S) {
  const [seen, setSeen] = useState(value);
  const [state, setState] = useState(() => seed(value));
  if (seen !== value) {
    setSeen(value);
    setState(seed(value));
  }
  return [state, setState] as const;
}

/** One action at a time: `busy` names it; errors go to the API error handler. */
export function useActionRunner() {
  const handleApiError = useApiErrorHandler();
  const [busy, setBusy] = useState<string | null>(null);
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
  return { busy, run };
}

export type ActionRunner = ReturnType<typeof useActionRunner>;

const REACTION = 'inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors disabled:opacity-60';
const REACTION_OFF =
  'border-zinc-300 bg-white text-zinc-700 hover:border-zinc-400 hover:text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:border-zinc-600 dark:hover:text-white';

const reactionsOf = (item: ActionableItem) => ({ liked: item.liked, likeCount: item.likeCount, favorited: item.favorited });

function ReactionButtons({ kind, item, user, runner }: { kind: CommentEntityType; item: ActionableItem; user: SessionUser | null; runner: ActionRunner }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [state, setState] = useSeededState(item, reactionsOf);
  const target = { entityType: kind, entityId: item.id };

  /** Anonymous readers get the spec's "please sign in" and go to sign-in afterwards. */
  function requireSignIn(): boolean {
    if (user) return true;
    handleApiError(new ApiError(401, ErrorCode.NotSignedIn, t('site.api.pleaseSignIn')));
    return false;
  }

  const toggleLike = () =>
    requireSignIn() &&
    void runner.run('like', async () => {
      const actions = await reactionContracts();
      const answer = await send(state.liked ? actions.unlike : actions.like, target);
      setState((s) => ({ ...s, liked: answer.liked, likeCount: answer.likeCount }));
      if (answer.liked) toast.success(t('topicUi.detail.likeSuccess'));
    });

  const toggleFavorite = () =>
    requireSignIn() &&
    void runner.run('favorite', async () => {
      const actions = await reactionContracts();
      const answer = await send(state.favorited ? actions.unfavorite : actions.favorite, target);
      setState((s) => ({ ...s, favorited: answer.favorited }));
      toast.success(answer.favorited ? t('topicUi.detail.favoriteSuccess') : t('topicUi.detail.unfavoriteSuccess'));
    });

  const likeLabel = state.liked ? t('topicUi.detail.unlike') : t('topicUi.detail.like');
  const favoriteLabel = state.favorited ? t('topicUi.detail.unfavorite') : t('topicUi.detail.favorite');
  return (
    <>
      <button
        type="button"
        onClick={toggleLike}
        disabled={runner.busy === 'like'}
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
        disabled={runner.busy === 'favorite'}
        aria-pressed={user ? state.favorited : undefined}
        className={`${REACTION} ${state.favorited ? 'border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-300' : REACTION_OFF}`}
        data-testid="favorite-button"
      >
        <StarIcon className="size-[1.125rem]" filled={state.favorited} />
        {state.favorited ? t('topicUi.detail.favorited') : favoriteLabel}
      </button>
    </>
  );
}

/** Each kind's delete call: its declared action. */
const DELETE_CALL: Record<CommentEntityType, (id: number) => Promise<unknown>> = {
  topic: async (id) => send((await topicContracts()).delete, { id }),
  article: async (id) => send((await articleContracts()).delete, { id }),
};

/** Each kind's delete: the confirmation in its words, the toast after it, where the reader goes then. */
const DELETE: Record<CommentEntityType, { title: string; body: string; done: string; then: string }> = {
  topic: { title: 'moderation.deleteTitle', body: 'moderation.deleteBody', done: 'moderation.deleted', then: '/' },
  article: { title: 'articleEdit.moderation.deleteTitle', body: 'articleEdit.moderation.deleteBody', done: 'articleEdit.moderation.deleted', then: '/articles' },
};

export type ItemFlag = 'recommend' | 'sticky';

/** Each kind's moderator flags: its declared actions (articles have no sticky). */
const FLAG_CALL: Record<CommentEntityType, (id: number, flag: ItemFlag, on: boolean) => Promise<unknown>> = {
  topic: async (id, flag, on) => {
    const actions = await topicContracts();
    return flag === 'recommend' ? send(actions.recommend, { id, recommend: on }) : send(actions.sticky, { id, sticky: on });
  },
  article: async (id, _flag, on) => send((await articleContracts()).recommend, { id, recommend: on }),
};

/**
 * A moderator's flag on an item: POST {kind}/{flag}/{id} `{[flag]: on}` (API.md), the toast, and
 * the page's loaders again so every list position and count is fresh.
 */
export function useFlagSetter<V>(kind: CommentEntityType, id: number, runner: ActionRunner, onAnswer: (answer: V) => void) {
  const t = useT();
  const toast = useToast();
  const revalidator = useRevalidator();
  return (flag: ItemFlag, on: boolean) =>
    runner.run(flag, async () => {
      // The kind's own view (a topic, an article): the caller names it, as the kind it passed.
      onAnswer((await FLAG_CALL[kind](id, flag, on)) as V);
      toast.success(t(`moderation.${flag}${on ? 'On' : 'Off'}`));
      void revalidator.revalidate();
    });
}

/** One of a kind's own entries in the moderators' menu (recommend, sticky): data, so the menu's chunk renders it. */
export interface ModeratorEntry {
  key: string;
  icon: ReactNode;
  label: string;
  onSelect: () => void;
}

export interface ItemActionsProps {
  kind: CommentEntityType;
  item: ActionableItem & { commentsLocked: boolean; slowModeSeconds: number };
  user: SessionUser | null;
  runner: ActionRunner;
  /** The kind's own moderator entries (recommend, sticky), above the comment rules and the menu's delete. */
  moderatorEntries?: readonly ModeratorEntry[];
  /** Dialogs the kind's entries open (their confirmations). */
  children?: ReactNode;
}

export function ItemActions({ kind, item, user, runner, moderatorEntries = [], children }: ItemActionsProps) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [confirm, confirmDialog] = useConfirm();
  // A click on the moderators' menu before its chunk is in opens it once it is. The menu mounts
  // only once the page is hydrated, as the header's do (layout/site-header.tsx): drawn by the
  // server, its trigger would be dead HTML until the chunk came.
  const [menuPending, setMenuPending] = useState(false);
  const hydrated = useHydrated();
  const moderator = can(user, 'content:moderate');
  const author = user !== null && item.user?.id === user.id;
  // A deleted item is shown to its author and moderators but takes no reaction, and only a
  // moderator may still edit it (the server answers 404 to everyone else).
  const closed = item.status === CONTENT_STATUS.deleted;
  const menuBusy = runner.busy !== null && runner.busy !== 'like' && runner.busy !== 'favorite';
  const menuStandIn = <ModeratorMenuFace busy={menuBusy} aria-haspopup="menu" onPointerDown={() => setMenuPending(true)} onClick={() => setMenuPending(true)} />;

  async function remove() {
    const text = DELETE[kind];
    const ok = await confirm({ title: t(text.title), description: t(text.body), confirmLabel: t('moderation.delete'), danger: true });
    if (!ok) return;
    await runner.run('delete', async () => {
      try {
        await DELETE_CALL[kind](item.id);
      } catch (error) {
        if (error instanceof ApiError && error.errorCode !== ErrorCode.NotSignedIn) {
          toast.error(`${t('moderation.deleteFailed')}: ${error.message}`);
          return;
        }
        throw error;
      }
      toast.success(t(text.done));
      navigate(text.then, { replace: true });
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid={`${kind}-actions`}>
      {!closed && <ReactionButtons kind={kind} item={item} user={user} runner={runner} />}
      <div className="ml-auto flex items-center gap-1.5">
        {((author && !closed) || moderator) && (
          <ButtonLink to={`/${kind}/edit/${item.id}`} variant="ghost" size="sm" data-testid={`edit-${kind}`} state={{ from: location.pathname }}>
            <EditIcon />
            {t('topicUi.detail.edit')}
          </ButtonLink>
        )}
        {author && !moderator && !closed && (
          <Button variant="ghost" size="sm" onClick={() => void remove()} loading={runner.busy === 'delete'} data-testid={`delete-${kind}`} className="text-red-700 dark:text-red-400">
            <TrashIcon />
            {t('moderation.delete')}
          </Button>
        )}
        {!author && !closed && <ReportButton target={{ type: kind, id: item.id, authorId: item.user?.id ?? null }} />}
        {moderator && item.user && <MemberModerationMenu member={item.user} />}
        {moderator && (
          <Suspense fallback={menuStandIn}>
            {hydrated ? (
              <ModeratorMenu kind={kind} item={item} entries={moderatorEntries} onDelete={closed ? undefined : () => void remove()} busy={menuBusy} defaultOpen={menuPending} />
            ) : (
              menuStandIn
            )}
          </Suspense>
        )}
      </div>
      {confirmDialog}
      {children}
    </div>
  );
}

