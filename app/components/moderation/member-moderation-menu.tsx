/**
 * A moderator's menu about a member (their profile, a topic's or a comment's author): ban,
 * change the ban, lift it. Shown only to those who may ban (common/policies/can.ts, the rule
 * the server enforces), never about oneself; when opened it asks the server what this viewer
 * may do about this member (`admin/user/ban_state`: a moderator may not ban a moderator or an
 * admin) and offers exactly that.
 */
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { can } from '../../../common/policies/can';
import { moderationActions } from '../../../common/actions/moderation';
import type { BanStateView } from '../../../common/views/moderation';
import { send } from '~/lib/api';
import { useCurrentUser } from '~/lib/session';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { ShieldIcon } from '../topic/icons';
import { buttonClass } from '../ui/button';
import { ConfirmDialog } from '../ui/dialog';
import { Dropdown, DropdownItem } from '../ui/dropdown';
import { BanDialog, type BanTarget } from './ban-dialog';
import { WarnDialog } from '../safety/warn-dialog';
import { LocalDateTime } from './local-date-time';

/** The menu's entries, loaded when it opens (Radix mounts the content only while open). */
function BanEntries({ member, onBan, onUnban, onWarn }: { member: BanTarget; onBan: () => void; onUnban: () => void; onWarn: () => void }) {
  const t = useT();
  const handleApiError = useApiErrorHandler();
  const [state, setState] = useState<BanStateView | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    send(moderationActions.banState, { userId: member.id }, { signal: controller.signal }).then(setState, handleApiError);
    return () => controller.abort();
  }, [member.id, handleApiError]);
  if (!state) return <p className="px-2.5 py-2 text-sm text-zinc-500 dark:text-zinc-400">…</p>;
  return (
    <>
      {state.until !== 0 && (
        <p className="max-w-64 px-2.5 py-1.5 text-xs text-zinc-600 dark:text-zinc-400" data-testid="member-ban-state">
          {state.until === -1 ? t('ban.state.forever') : <>{t('ban.state.until')} <LocalDateTime time={state.until} /></>}
          {state.reason && <span className="block">{t('ban.state.reason', { reason: state.reason })}</span>}
        </p>
      )}
      {state.canBan && (
        <DropdownItem danger onSelect={onBan}>
          <ShieldIcon />
          {state.until === 0 ? t('ban.menu.ban') : t('ban.menu.changeBan')}
        </DropdownItem>
      )}
      {state.canUnban && <DropdownItem onSelect={onUnban}>{t('ban.menu.unban')}</DropdownItem>}
      {/* A warning, short of a ban (issue 28): for those a ban could reach, never staff. */}
      {state.canBan && <DropdownItem onSelect={onWarn}>{t('safety.warning.warn')}</DropdownItem>}
      {!state.canBan && <p className="max-w-64 px-2.5 py-2 text-sm text-zinc-600 dark:text-zinc-400">{t('ban.errors.rank')}</p>}
    </>
  );
}

export function MemberModerationMenu({ member, size = 'sm', className = '' }: { member: BanTarget; size?: 'sm' | 'xs'; className?: string }) {
  const viewer = useCurrentUser();
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const revalidator = useRevalidator();
  const [banning, setBanning] = useState(false);
  const [unbanning, setUnbanning] = useState(false);
  const [warning, setWarning] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!can(viewer, 'user:ban') || viewer?.id === member.id) return null;

  async function unban() {
    setBusy(true);
    try {
      await send(moderationActions.unban, { userId: member.id });
      toast.success(t('ban.unban.done'));
      setUnbanning(false);
      void revalidator.revalidate();
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  const trigger =
    size === 'xs' ? (
      <button type="button" className="inline-flex items-center gap-1 text-xs text-zinc-500 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100" aria-label={t('ban.menu.label')} data-testid="member-moderation">
        <ShieldIcon />
      </button>
    ) : (
      <button type="button" className={buttonClass('secondary', 'sm')} data-testid="member-moderation">
        <ShieldIcon />
        {t('ban.menu.label')}
      </button>
    );

  return (
    <span className={className}>
      <Dropdown label={member.nickname} trigger={trigger}>
        <BanEntries member={member} onBan={() => setBanning(true)} onUnban={() => setUnbanning(true)} onWarn={() => setWarning(true)} />
      </Dropdown>
      <WarnDialog member={member} open={warning} onOpenChange={setWarning} onWarned={() => void revalidator.revalidate()} />
      <BanDialog member={member} open={banning} onOpenChange={setBanning} onBanned={() => void revalidator.revalidate()} />
      <ConfirmDialog
        open={unbanning}
        onOpenChange={setUnbanning}
        title={t('ban.unban.title', { nickname: member.nickname })}
        description={t('ban.unban.description')}
        confirmLabel={t('ban.unban.confirm')}
        busy={busy}
        onConfirm={() => void unban()}
      />
    </span>
  );
}
