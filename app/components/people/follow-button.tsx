/**
 * Follow / Following for one member (POST fans/follow, fans/unfollow): on a profile, the author
 * card of a topic or an article, and each row of the fans and followed lists. Hidden on one's own
 * card. A signed-out click says "please sign in" and goes to sign-in, as a like does. When the
 * page does not know the reader's state (the author card comes from a page cached for everyone),
 * it is asked once after hydration (GET fans/isfollowed).
 */
import { useEffect, useState } from 'react';
import type { FollowState } from '../../../common/views/follow';
import { ErrorCode } from '../../../common/errors';
import { Button } from '~/components/ui/button';
import { UserCheckIcon, UserPlusIcon } from '~/components/ui/icons';
import { ApiError, send } from '~/lib/api';
import { useRootData } from '~/lib/session';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

export interface FollowButtonProps {
  user: { id: number; nickname: string };
  /** The reader's state when the page knows it; undefined: asked after hydration. */
  followed?: boolean;
  /** The answer of each toggle (the new state and the member's follower count). */
  onChange?: (state: FollowState) => void;
  size?: 'sm' | 'md';
  className?: string;
}

/** The follow contracts (and zod) load when the button is used or asks, not with the page (issue 32). */
const followContracts = () => import('../../../common/actions/follows').then((m) => m.followActions);

/**
 * The reader's follow state: the last toggle's answer while the page's own value is unchanged,
 * else the page's value, else (unknown to the page) what the server said once hydrated.
 */
function useFollowState(userId: number, known: boolean | undefined, signedIn: boolean) {
  const [asked, setAsked] = useState<boolean | null>(null);
  const [toggled, setToggled] = useState<{ base: boolean | undefined; value: boolean } | null>(null);
  useEffect(() => {
    if (known !== undefined || !signedIn) return;
    const controller = new AbortController();
    followContracts()
      .then((actions) => send(actions.isFollowed, { userId }, { signal: controller.signal }))
      .then((answer) => setAsked(answer.followed))
      // The button stays "Follow": a toggle then answers the true state.
      .catch(() => undefined);
    return () => controller.abort();
  }, [userId, known, signedIn]);
  const followed = toggled && toggled.base === known ? toggled.value : (known ?? asked ?? false);
  const setFollowed = (value: boolean) => setToggled({ base: known, value });
  return [followed, setFollowed] as const;
}

export function FollowButton({ user, followed: known, onChange, size = 'sm', className = '' }: FollowButtonProps) {
  const t = useT();
  const { user: viewer } = useRootData();
  const handleApiError = useApiErrorHandler();
  const [followed, setFollowed] = useFollowState(user.id, known, viewer !== null);
  const [busy, setBusy] = useState(false);
  if (viewer?.id === user.id) return null;

  async function toggle() {
    if (!viewer) {
      handleApiError(new ApiError(401, ErrorCode.NotSignedIn, t('site.api.pleaseSignIn')));
      return;
    }
    setBusy(true);
    try {
      const actions = await followContracts();
      const answer = await send(followed ? actions.unfollow : actions.follow, { userId: user.id });
      setFollowed(answer.followed);
      onChange?.(answer);
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      type="button"
      variant={followed ? 'secondary' : 'primary'}
      size={size}
      loading={busy}
      onClick={() => void toggle()}
      title={followed ? t('follow.unfollowName', { name: user.nickname }) : undefined}
      className={className}
      data-testid="follow-button"
      data-followed={followed ? 'true' : 'false'}
    >
      {followed ? <UserCheckIcon className="size-4" /> : <UserPlusIcon className="size-4" />}
      {followed ? t('follow.following') : t('follow.follow')}
      {/* In a list of buttons each names its member for screen readers. */}
      <span className="sr-only"> {user.nickname}</span>
    </Button>
  );
}
