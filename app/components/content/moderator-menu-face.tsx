/**
 * The moderators' menu button as it looks: the trigger of the menu (./moderator-menu.tsx), and
 * its stand-in while that chunk loads (a click on it then opens the menu once it is in).
 */
import type { ComponentProps } from 'react';
import { ShieldIcon } from '~/components/topic/icons';
import { buttonClass } from '~/components/ui/button';
import { useT } from '~/lib/use-t';

export function ModeratorMenuFace({ busy, ...props }: ComponentProps<'button'> & { busy: boolean }) {
  const t = useT();
  return (
    <button type="button" className={buttonClass('secondary', 'sm')} data-testid="moderate-menu" aria-busy={busy} {...props}>
      <ShieldIcon />
      {t('moderation.menu')}
    </button>
  );
}
