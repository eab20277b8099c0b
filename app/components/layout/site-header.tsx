/**
 * The site header (spec §2): logo and title, configured nav links, search box, create menu,
 * message notice, colour-mode toggle, account menu or sign-in button. Below 768 px the nav and
 * the search box move into a panel opened by the burger button.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useRootData, type SiteConfig } from '~/lib/session';
import { useUnreadCount } from '~/lib/use-unread-count';
import { useUnreadConversations } from '~/lib/conversation-events';
import { CloseIcon, MenuIcon } from '../ui/icons';

// Radix menus only for signed-in visitors: a separate chunk, never part of an anonymous load.
const CreateMenu = lazy(() => import('./header-menus').then((m) => ({ default: m.CreateMenu })));
const UserMenu = lazy(() => import('./header-menus').then((m) => ({ default: m.UserMenu })));
import { ColorModeToggle, CreateButtonFace, createItems, ConversationNotice, MessageNotice, navTarget, SignInButton, UserButtonFace } from './header-parts';
import { SearchBox } from './search-box';
import { useT } from '~/lib/use-t';
import { useHydrated } from '~/lib/use-hydrated';

type NavItem = SiteConfig['siteNavs'][number];

function NavLinkItem({ item, className }: { item: NavItem; className: string }) {
  const target = navTarget(item.url);
  if (target === 'external') {
    return (
      <a href={item.url} className={className} target="_blank" rel="noopener noreferrer">
        {item.title}
      </a>
    );
  }
  if (target === 'internal') {
    return (
      <Link to={item.url} className={className}>
        {item.title}
      </Link>
    );
  }
  return <span className={className}>{item.title}</span>;
}

function SiteLogo({ config }: { config: SiteConfig }) {
  return (
    // A long title gives way first (ellipsis; the full text stays in the tooltip and the link's name).
    <Link to="/" title={config.siteTitle} className="flex min-w-0 shrink-[4] items-center gap-2 rounded-md font-semibold text-zinc-900 dark:text-zinc-50" data-testid="site-logo">
      {config.siteLogo ? (
        <img src={config.siteLogo} alt="" width={28} height={28} className="size-7 shrink-0 rounded-md object-contain" />
      ) : (
        <span aria-hidden="true" className="bg-brand-700 grid size-7 shrink-0 place-items-center rounded-lg text-sm font-bold text-white">
          {(config.siteTitle.trim()[0] ?? 'S').toUpperCase()}
        </span>
      )}
      <span className="min-w-0 truncate text-base">{config.siteTitle}</span>
    </Link>
  );
}

export function SiteHeader() {
  const t = useT();
  const { config, user, unreadCount, unreadConversations } = useRootData();
  // A banned member is not offered Create (the ban notice above the page says why and until when).
  const banned = (user?.forbidden.until ?? 0) !== 0;
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(location.pathname);
  // A header menu clicked while its lazy chunk still loads: it opens once loaded. The stand-in
  // takes the press as the menu does (Radix opens on pointerdown, not click): when the menu
  // replaced it between the press and the release, the click landed on a trigger that ignores
  // clicks and the press on a stand-in that waited for one, and the menu never opened (the
  // create menu's journey, under load).
  const [pendingMenu, setPendingMenu] = useState<'create' | 'user' | null>(null);
  // The menus are mounted only once the page is hydrated; the server and the hydrating render
  // draw their stand-ins. Rendered on the server, a menu's trigger was dead HTML until its chunk
  // came (a Suspense boundary waiting for its code hydrates only then) and a click on it was
  // lost, or the boundary was thrown away and drawn again, closed, when the header updated
  // before it hydrated (the create menu's journey under load, issue 33's quarantine).
  const hydrated = useHydrated();
  // Live: Server-Sent Events (polling fallback) while signed in.
  const liveUnread = useUnreadCount(unreadCount, user?.id ?? null);
  const liveConversations = useUnreadConversations(unreadConversations, user?.id ?? null);

  // Any navigation closes the mobile menu (state derived from the path, no effect needed).
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const navs = config.siteNavs;
  const createStandIn = <CreateButtonFace aria-haspopup="menu" onPointerDown={() => setPendingMenu('create')} onClick={() => setPendingMenu('create')} />;
  const userStandIn = (member: NonNullable<typeof user>) => (
    <UserButtonFace user={member} aria-haspopup="menu" onPointerDown={() => setPendingMenu('user')} onClick={() => setPendingMenu('user')} />
  );
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75 dark:border-zinc-800 dark:bg-zinc-900/90 dark:supports-[backdrop-filter]:bg-zinc-900/75">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
        <button
          type="button"
          className="-ml-1.5 inline-flex h-9 w-9 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 md:hidden dark:text-zinc-200 dark:hover:bg-zinc-800"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? t('site.header.closeMenu') : t('site.header.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
          data-testid="burger"
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <SiteLogo config={config} />
        {navs.length > 0 && (
          <nav aria-label={t('site.header.mainNav')} className="hidden min-w-0 md:block">
            <ul className="flex items-center gap-1">
              {navs.map((item) => (
                <li key={`${item.title}|${item.url}`}>
                  <NavLinkItem
                    item={item}
                    className="rounded-md px-2.5 py-1.5 text-sm text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white"
                  />
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="flex-1" />
        <SearchBox className="hidden w-56 md:block lg:w-64" />
        <div className="flex items-center gap-1.5">
          {user && !banned && createItems(config.modules).length > 0 && (
            <Suspense fallback={createStandIn}>{hydrated ? <CreateMenu modules={config.modules} defaultOpen={pendingMenu === 'create'} /> : createStandIn}</Suspense>
          )}
          {user && <ConversationNotice count={liveConversations} />}
          {user && <MessageNotice count={liveUnread} />}
          <ColorModeToggle />
          {user ? (
            <Suspense fallback={userStandIn(user)}>{hydrated ? <UserMenu user={user} defaultOpen={pendingMenu === 'user'} /> : userStandIn(user)}</Suspense>
          ) : (
            <SignInButton />
          )}
        </div>
      </div>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-zinc-200 px-4 pt-3 pb-4 md:hidden dark:border-zinc-800" data-testid="mobile-menu">
        <SearchBox onNavigate={() => setMenuOpen(false)} />
        {navs.length > 0 && (
          <nav aria-label={t('site.header.mainNav')} className="mt-3">
            <ul className="flex flex-col">
              {navs.map((item) => (
                <li key={`${item.title}|${item.url}`}>
                  <NavLinkItem
                    item={item}
                    className="block rounded-md px-2 py-2.5 text-base text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800"
                  />
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </header>
  );
}
