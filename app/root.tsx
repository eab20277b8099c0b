/**
 * The document shell: <html lang> in the visitor's locale, the no-flash colour-mode script, i18n
 * and toast providers, the loading bar, and the root loader every page reads (`useRootData()`).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches, useRevalidator, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { siteActions } from '../common/actions/site';
import { viewerActions } from '../common/actions/viewer';
import type { ViewerParts } from '../common/views/viewer';
import { unwrap } from './components/topic/page-data.server';
import { DEFAULT_LOCALE } from '../common/constants';
import { BRAND_COLOR } from '../common/pwa';
import appCss from './app.css?url';
import thaiFont from '../node_modules/@fontsource-variable/noto-sans-thai/files/noto-sans-thai-thai-wght-normal.woff2?url';
import { ErrorPage, errorDetails, errorHeading } from './components/layout/error-page';
import { LoadingBar } from './components/layout/loading-bar';
import { COLOR_MODE_BOOTSTRAP } from './lib/color-mode';
import { ensureMemberSections, tFor, type MemberSectionsHandle } from './lib/i18n';
import { TranslationProvider } from './lib/use-t';
import './lib/load-context';
import { useOptionalRootData, type RootData } from './lib/session';
import { installStaleBuildReload } from './lib/stale-reload';
import { installEmbedFacades } from './lib/embed-facades';
import { fillViewerParts, sharedForEveryReader } from './lib/viewer-parts';
import { ToastProvider } from './lib/toast';
import { ServerLinks, ServerScripts } from './lib/server-scripts';

export function links() {
  return [
    // precedence: React then sends the stylesheet at the top of <head>, before the ~50 module
    // preloads it hoists there (it had come after them, so the browser asked for it last and the
    // first paint waited for the scripts' bytes on a slow link; issue 32).
    { rel: 'stylesheet', href: appCss, precedence: 'default' },
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    // The installable app (issue 27, server/modules/pwa): the manifest and the home-screen icon iOS reads.
    { rel: 'manifest', href: '/manifest.webmanifest' },
    { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  ];
}

export async function loader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const [config, own] = await Promise.all([context.read(siteActions.config, {}), ownPartsOf(context)]);
  return { config: unwrap(config), user: context.sessionUser, locale: context.locale, nonce: context.nonce, ...own };
}

/** What the root holds of a page rendered for nobody, or for a visitor: no reader, so nothing of theirs. */
const NOBODYS_PARTS: Omit<ViewerParts, 'user' | 'item'> = { unreadCount: 0, unreadConversations: 0, blockedIds: [], warning: null, trust: null };

/**
 * The reader's own parts (issue 28 and 32): the header's unread badges, whom they blocked (the
 * pages collapse those members' posts and comments), the warning they must acknowledge, their
 * trust level (a new member's notice above the editors). One read, the same a member's page
 * cached for everyone asks after load (`GET viewer/parts`, app/lib/viewer-parts.ts); a page
 * rendered for nobody gets none, so a member's parts never reach the shared cache. A refused read
 * shows what a visitor sees.
 */
async function ownPartsOf(context: AppLoadContext): Promise<Omit<ViewerParts, 'user' | 'item'>> {
  if (!context.user) return NOBODYS_PARTS;
  const parts = await context.read(viewerActions.parts, {});
  if (!parts.ok) return NOBODYS_PARTS;
  const { user: _user, item: _item, ...own } = parts.data;
  return own;
}

/** The root sits out the viewer fill's revalidation of a profile's own route: the read brought its parts. */
export const shouldRevalidate = sharedForEveryReader;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const siteTitle = data?.config.siteTitle || 'Sabai';
  // An error page names itself in the tab ("Page not found · Sabai"), as the page's heading does.
  const title = error === undefined || error === null ? siteTitle : `${errorHeading(errorDetails(error).status, tFor(data?.locale ?? DEFAULT_LOCALE))} · ${siteTitle}`;
  const tags = [{ title }];
  if (data?.config.siteDescription) return [...tags, { name: 'description', content: data.config.siteDescription }];
  return tags;
};

/**
 * Whether the page needs the member message sections (app/lib/locales/sections.ts): for a
 * signed-in member, or a route that asks. entry.client.tsx reads <html data-member> and loads
 * them before hydrating, so the browser renders what the server did.
 */
function useNeedsMemberSections(signedIn: boolean): boolean {
  const matches = useMatches();
  return signedIn || matches.some((match) => (match.handle as MemberSectionsHandle | undefined)?.memberSections === true);
}

/** A route's handle may say the page is HTML and CSS only (the offline page: app/routes/offline.tsx). */
interface HydrateHandle {
  hydrate?: boolean;
}

/** Whether the page gets its scripts: every page but one whose route says `hydrate: false`. */
function useHydrates(): boolean {
  return !useMatches().some((match) => (match.handle as HydrateHandle | undefined)?.hydrate === false);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useOptionalRootData();
  const locale = data?.locale ?? DEFAULT_LOCALE;
  const nonce = data?.nonce;
  const member = useNeedsMemberSections(Boolean(data?.user));
  const hydrates = useHydrates();
  useEffect(() => {
    // A member who signed in elsewhere (another tab) and navigated here: bring the texts now.
    if (member) void ensureMemberSections(locale);
  }, [member, locale]);
  return (
    // suppressHydrationWarning: the bootstrap script adds the `dark` class before React hydrates.
    <html lang={locale} data-member={member ? '' : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content={BRAND_COLOR} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: COLOR_MODE_BOOTSTRAP }} />
        <Meta />
        {import.meta.env.SSR ? <ServerLinks nonce={nonce} /> : <Links nonce={nonce} />}
        {/* Thai pages need the site's Thai face at once: fetched beside the stylesheet, not after it. */}
        {locale === 'th-TH' && <link rel="preload" href={thaiFont} as="font" type="font/woff2" crossOrigin="" />}
      </head>
      <body className="min-h-dvh">
        <TranslationProvider locale={locale}>
          <ToastProvider>{children}</ToastProvider>
        </TranslationProvider>
        {hydrates && <ScrollRestoration nonce={nonce} />}
        {/* The server writes them from what it made once per route set (lib/server-scripts.tsx); the browser hydrates them with React Router's own. */}
        {hydrates && (import.meta.env.SSR ? <ServerScripts nonce={nonce} /> : <Scripts nonce={nonce} />)}
      </body>
    </html>
  );
}

/**
 * A signed-in member may be served the page everyone reads (server/http/page-cache.ts), marked
 * `<html data-viewer="member">`: its loaders ran for nobody. Fill in the member's own parts (the
 * header user and unread badges, liked/favorited flags, their hidden content) with one small read
 * laid over the shared data (app/lib/viewer-parts.ts). Until it answers, CSS keeps the guest-only
 * controls (the sign-in button) out of sight. Then the page counts as hydrated.
 */
function useViewerParts(): void {
  const revalidator = useRevalidator();
  const root = useLoaderData<typeof loader>();
  const matches = useMatches();
  const asked = useRef(false);
  useEffect(() => {
    const element = document.documentElement;
    // Tests (and curious humans) can tell a hydrated page from server HTML.
    const ready = () => {
      if (element.dataset.viewer === 'member') element.dataset.viewer = 'ready';
      element.dataset.hydrated = 'true';
    };
    if (element.dataset.viewer !== 'member') return ready();
    if (asked.current) return;
    asked.current = true;
    fillViewerParts({ root, matches, revalidate: () => revalidator.revalidate() }).then(ready, ready);
    // Runs once per document, on the data it hydrated with: the revalidator changes identity as its state moves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

export default function App() {
  useViewerParts();
  useEffect(() => installStaleBuildReload(), []);
  useEffect(() => installEmbedFacades(), []);
  return (
    <>
      <LoadingBar />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <main id="main">
      <ErrorPage error={error} />
    </main>
  );
}
