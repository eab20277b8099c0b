/**
 * The VIP badge beside a member's name (profile, author card, comments) while their membership
 * is valid: `vip.active` is computed by the server from the expiry when the user is presented,
 * so an ended membership loses it with no job having run.
 */
import { useT } from '~/lib/use-t';

export function VipBadge({ vip, testId = 'vip-badge', size = 'sm' }: { vip: { active: boolean }; testId?: string; size?: 'sm' | 'xs' }) {
  const t = useT();
  if (!vip.active) return null;
  const padding = size === 'xs' ? 'px-1.5 text-[0.6875rem] leading-4' : 'px-2 py-0.5 text-xs';
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full bg-amber-100 font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100 ${padding}`}
      data-testid={testId}
    >
      {t('people.vip')}
    </span>
  );
}
