/**
 * Block / Unblock one member (POST user/block, user/unblock; issue 28): on their profile and the
 * author card. Blocking asks first (what it does); unblocking is one click. The state is the
 * reader's own (`blockedIds` of the root data), refreshed after each toggle. Hidden for visitors
 * and on one's own card; staff cannot be blocked: the server's refusal is shown as a toast.
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { blockActions } from '../../../common/actions/blocks';
import { Button } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/dialog';
import { send } from '~/lib/api';
import { useRootData } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { useIsBlocked } from './blocked-collapse';

export function BlockButton({ user, className = '', size = 'sm' }: { user: { id: number; nickname: string }; className?: string; size?: 'sm' | 'md' }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const revalidator = useRevalidator();
  const { user: viewer } = useRootData();
  const blocked = useIsBlocked(user.id);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!viewer || viewer.id === user.id) return null;

  async function toggle(on: boolean) {
    setBusy(true);
    try {
      await send(on ? blockActions.block : blockActions.unblock, { userId: user.id });
      await revalidator.revalidate();
      toast.success(t(on ? 'safety.block.blocked' : 'safety.block.unblocked', { name: user.nickname }));
      setAsking(false);
    } catch (error) {
      setAsking(false);
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        type="button"
        variant={blocked ? 'secondary' : 'ghost'}
        size={size}
        className={className}
        loading={busy && !asking}
        onClick={() => (blocked ? void toggle(false) : setAsking(true))}
        aria-label={t(blocked ? 'safety.block.unblockName' : 'safety.block.blockName', { name: user.nickname })}
        data-testid={blocked ? 'unblock-button' : 'block-button'}
      >
        {t(blocked ? 'safety.block.unblock' : 'safety.block.block')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('safety.block.confirmTitle', { name: user.nickname })}
        description={t('safety.block.confirmBody')}
        confirmLabel={t('safety.block.block')}
        danger
        busy={busy}
        onConfirm={() => void toggle(true)}
      />
    </>
  );
}
