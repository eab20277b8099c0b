/**
 * The signed-in header menus (Radix DropdownMenu and Dialog). Loaded lazily by site-header.tsx:
 * anonymous visitors never download them.
 */
import { authActions } from '../../../common/actions/auth';
import { useState } from 'react';
import { send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useSiteConfig, type SessionUser, type SiteConfig } from '~/lib/session';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { ConfirmDialog } from '../ui/dialog';
import { Dropdown, DropdownItem, DropdownLink, DropdownSeparator } from '../ui/dropdown';
import { CreateButtonFace, createItems, UserButtonFace } from './header-parts';
import { useT } from '~/lib/use-t';
import { can } from '../../../common/policies/can';

export function CreateMenu({ modules, defaultOpen }: { modules: SiteConfig['modules']; defaultOpen?: boolean }) {
  const t = useT();
  const items = createItems(modules);
  if (items.length === 0) return null;
  return (
    <Dropdown
      label={t('site.header.createMenu')}
      defaultOpen={defaultOpen}
      trigger={<CreateButtonFace />}
    >
      {items.map((item) => (
        <DropdownLink key={item.to} to={item.to}>
          {t(item.labelKey)}
        </DropdownLink>
      ))}
    </Dropdown>
  );
}

export function UserMenu({ user, defaultOpen }: { user: SessionUser; defaultOpen?: boolean }) {
  const t = useT();
  const handleApiError = useApiErrorHandler();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const vipEnabled = useSiteConfig().vip.enabled;

  async function logout() {
    setBusy(true);
    try {
      await send(authActions.signOut, {});
      // A full navigation: every loader (and the header) must forget the user. No success toast:
      // it would die with this page (spec §4: "signs out and goes home"; the header shows it).
      window.location.assign('/');
    } catch (error) {
      setBusy(false);
      setConfirming(false);
      handleApiError(error);
    }
  }

  return (
    <>
      <Dropdown
        label={user.nickname}
        defaultOpen={defaultOpen}
        trigger={<UserButtonFace user={user} />}
      >
        <DropdownLink to={paths.user(user.id)}>{t('site.header.profile')}</DropdownLink>
        <DropdownLink to={paths.scores}>{t('score.nav.scores')}</DropdownLink>
        <DropdownLink to={paths.favorites}>{t('site.header.favorites')}</DropdownLink>
        <DropdownLink to={paths.editProfile}>{t('site.header.editProfile')}</DropdownLink>
        {/* Membership only while the site sells VIP (the page would only say it is off). */}
        {vipEnabled && <DropdownLink to={paths.membership}>{t('site.header.membership')}</DropdownLink>}
        {can(user, 'admin:access') && (
          <>
            <DropdownSeparator />
            <DropdownLink to={paths.admin}>{t('ban.staff.backOffice')}</DropdownLink>
          </>
        )}
        <DropdownSeparator />
        <DropdownItem onSelect={() => setConfirming(true)}>{t('site.header.logout')}</DropdownItem>
      </Dropdown>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('site.header.logoutTitle')}
        description={t('site.header.logoutConfirm')}
        confirmLabel={t('site.header.logout')}
        busy={busy}
        onConfirm={() => void logout()}
      />
    </>
  );
}
