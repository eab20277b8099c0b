/** Light header controls (no Radix): message notice, colour toggle, sign-in button, create-menu items. */
import { Link, useLocation } from 'react-router';
import { UI_TIMING } from '../../../common/constants';
import { isCleanAddress } from '../../../common/validation/address';
import { useColorMode } from '~/lib/color-mode';
import { paths, signInPath } from '~/lib/paths';
import type { SessionUser, SiteConfig } from '~/lib/session';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { buttonClass, ButtonLink } from '../ui/button';
import { BellIcon, ChatIcon, MoonIcon, PlusIcon, SunIcon } from '../ui/icons';
import { useT } from '~/lib/use-t';
import { Avatar } from '../user/avatar';

export const ICON_BUTTON =
  'relative inline-flex h-9 w-9 items-center justify-center rounded-full text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white';

export interface CreateItem {
  to: string;
  labelKey: string;
}

/** Only the content types whose module is on (spec §2). */
export function createItems(modules: SiteConfig['modules']): CreateItem[] {
  const items: CreateItem[] = [];
  if (modules.tweet) items.push({ to: paths.createTweet, labelKey: 'site.header.createTweet' });
  if (modules.topic) items.push({ to: paths.createTopic, labelKey: 'site.header.createTopic' });
  if (modules.article) items.push({ to: paths.createArticle, labelKey: 'site.header.createArticle' });
  return items;
}

/**
 * Where a configured nav link goes: a path of this site (client-side navigation), an http(s)
 * address (a new tab), or nowhere (null: rendered as text). The settings schema accepts only the
 * first two (server/modules/settings/settings.schema.ts NAV_URL); this is the same rule, again,
 * at the place where a URL becomes an href (with the address rule: no tab or newline to drop).
 */
export function navTarget(url: string): 'internal' | 'external' | null {
  if (!isCleanAddress(url)) return null;
  if (/^\/(?![/\\])/.test(url)) return 'internal';
  if (/^https?:\/\//i.test(url)) return 'external';
  return null;
}

/** '9+' above nine (spec §9). */
export function badgeText(count: number): string {
  return count > UI_TIMING.messageBadgeMax ? `${UI_TIMING.messageBadgeMax}+` : String(count);
}

export function MessageNotice({ count }: { count: number }) {
  const t = useT();
  const label = count > 0 ? `${t('site.header.messages')}: ${t('site.header.unreadMessages', { count })}` : t('site.header.messages');
  return (
    <Link to={paths.messages} className={ICON_BUTTON} aria-label={label} data-testid="message-notice">
      <BellIcon className={`size-5 ${count > 0 ? 'animate-notice-flash' : ''}`} />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-[1.125rem] rounded-full bg-red-600 px-1 text-center text-[0.6875rem] leading-[1.125rem] font-semibold text-white"
        >
          {badgeText(count)}
        </span>
      )}
    </Link>
  );
}

/** Private messages (issue 28): the conversations with unread messages, muted ones left out. */
export function ConversationNotice({ count }: { count: number }) {
  const t = useT();
  const label = count > 0 ? `${t('conversation.header.label')}: ${t('conversation.header.unread', { count })}` : t('conversation.header.label');
  return (
    <Link to={paths.conversations} className={ICON_BUTTON} aria-label={label} data-testid="conversation-notice">
      <ChatIcon className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-[1.125rem] rounded-full bg-red-600 px-1 text-center text-[0.6875rem] leading-[1.125rem] font-semibold text-white"
          data-testid="conversation-badge"
        >
          {badgeText(count)}
        </span>
      )}
    </Link>
  );
}

export function ColorModeToggle() {
  const t = useT();
  const { dark, toggle } = useColorMode();
  return (
    <button
      type="button"
      onClick={toggle}
      className={ICON_BUTTON}
      aria-label={dark ? t('site.header.toLight') : t('site.header.toDark')}
      data-testid="color-mode-toggle"
    >
      {/* Both icons render; CSS shows the right one, so the server needs no knowledge of the mode. */}
      <MoonIcon className="size-5 dark:hidden" />
      <SunIcon className="hidden size-5 dark:block" />
    </button>
  );
}

export function SignInButton() {
  const t = useT();
  const location = useLocation();
  return (
    <ButtonLink to={signInPath(location.pathname + location.search)} variant="secondary" size="sm" data-testid="sign-in-button" data-guest-only="">
      {t('site.header.signIn')}
    </ButtonLink>
  );
}

/**
 * The create button's face, shared by the real menu trigger (header-menus.tsx, loaded lazily)
 * and the header's stand-in while that chunk loads: a header re-rendered during hydration drops
 * the server's copy of a still-loading lazy part, and the button would blink out without it. A
 * click on the stand-in opens the menu once it has loaded (site-header.tsx).
 */
export const CreateButtonFace = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(function CreateButtonFace(props, ref) {
  const t = useT();
  return (
    <button ref={ref} type="button" className={buttonClass('primary', 'sm', 'pr-3.5 pl-2.5')} data-testid="create-menu" {...props}>
      <PlusIcon className="size-4" />
      <span className="hidden sm:inline">{t('site.header.create')}</span>
      <span className="sr-only sm:hidden">{t('site.header.createMenu')}</span>
    </button>
  );
});

/** The account menu button's face (an avatar), shared like CreateButtonFace. */
export const UserButtonFace = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { user: SessionUser }>(function UserButtonFace(
  { user, ...props },
  ref,
) {
  const t = useT();
  return (
    <button ref={ref} type="button" className="rounded-full" aria-label={t('site.header.userMenu', { name: user.nickname })} data-testid="user-menu" {...props}>
      <Avatar user={user} size={35} />
    </button>
  );
});
