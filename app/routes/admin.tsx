/**
 * `/admin`: the back office's layout (issue 16), for moderators and admins. Signed-out visitors
 * go to sign-in and come back; other members get the 403 page. Its texts (ADMIN_SECTIONS) come
 * with this layout's data, in the reader's locale, so no other page carries them. The navigation
 * lists only the screens that exist and the reader may open (settings: admins); later screens add
 * their line to `NAV`, with the action (common/policies/can.ts) that opens it.
 */
import { Outlet, useLoaderData, useRouteError, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { resources, type Messages } from '../../common/locales';
import { translator } from '../../common/i18n';
import { can, type Action } from '../../common/policies/can';
import { staffViewer } from '~/components/admin/admin-data.server';
import { ErrorPage, errorDetails, errorHeading } from '~/components/layout/error-page';
import { DEFAULT_LOCALE, type Locale } from '../../common/constants';
import { tFor } from '~/lib/i18n';
import { SectionLayout } from '~/components/layout/section-layout';
import { SiteFrame } from '~/components/layout/site-frame';
import { ADMIN_SECTIONS } from '~/lib/locales/sections';
import { paths } from '~/lib/paths';
import { useCurrentUser, useRootData } from '~/lib/session';
import { TranslationProvider, useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  staffViewer(context, request);
  const all = resources[context.locale];
  const messages: Messages = Object.fromEntries(ADMIN_SECTIONS.map((section) => [section, all[section] ?? {}]));
  return { messages, title: String(translator(context.locale)('admin.title')) };
}

/** A key of the layout's sections (`adminSite.nav.tags`), looked up in its data; null when absent. */
function lookup(messages: Messages | undefined, key: string): string | null {
  let node: Messages | string | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : null;
}

/**
 * Each screen names itself in the tab ("Reports · Admin · Site"), by its line in NAV (the
 * longest path that leads to it; the reports screen by its own title); a refusal (403) or another
 * error names the error, as the root's error page does.
 */
export const meta: MetaFunction<typeof loader> = ({ data, error, location, matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as { locale?: Locale; config?: { siteTitle?: string } } | undefined;
  const siteTitle = root?.config?.siteTitle || 'Sabai';
  const robots = { name: 'robots', content: 'noindex' };
  if (error !== undefined && error !== null) return [{ title: `${errorHeading(errorDetails(error).status, tFor(root?.locale ?? DEFAULT_LOCALE))} · ${siteTitle}` }, robots];
  const path = location.pathname.replace(/\/+$/, '') || paths.admin;
  const screen = path === paths.adminReports ? 'adminReports.title' : [...NAV].filter((item) => path === item.to || (item.to !== paths.admin && path.startsWith(`${item.to}/`))).sort((a, b) => b.to.length - a.to.length)[0]?.key;
  const page = screen ? lookup(data?.messages, screen) : null;
  const admin = data?.title ?? 'Admin';
  return [{ title: [page, admin, siteTitle].filter(Boolean).join(' · ') }, robots];
};

/** The screens, each for whom it is: a moderator is not shown the admins' screens. */
const NAV: ReadonlyArray<{ to: string; key: string; action: Action }> = [
  { to: paths.admin, key: 'admin.nav.dashboard', action: 'admin:access' },
  { to: paths.adminReview, key: 'admin.nav.review', action: 'admin:access' },
  { to: paths.adminContent, key: 'admin.nav.content', action: 'admin:access' },
  { to: paths.adminUsers, key: 'admin.nav.users', action: 'user:list' },
  { to: paths.adminBans, key: 'admin.nav.bans', action: 'admin:access' },
  { to: paths.adminWords, key: 'admin.nav.words', action: 'words:read' },
  { to: paths.adminAudit, key: 'admin.nav.audit', action: 'admin:access' },
  { to: paths.adminNodes, key: 'adminSite.nav.nodes', action: 'site:manage' },
  { to: paths.adminTags, key: 'adminSite.nav.tags', action: 'site:manage' },
  { to: paths.adminLinks, key: 'adminSite.nav.links', action: 'site:manage' },
  { to: paths.adminNotices, key: 'adminSite.nav.notices', action: 'site:manage' },
  { to: paths.adminSettings, key: 'admin.nav.settings', action: 'settings:update' },
  { to: paths.adminVip, key: 'adminVip.nav', action: 'vip:manage' },
  { to: paths.adminJobs, key: 'adminJobs.nav', action: 'jobs:manage' },
  { to: paths.adminBackups, key: 'adminBackups.nav', action: 'backups:manage' },
  { to: paths.adminIpBans, key: 'adminDefences.nav', action: 'ipBans:manage' },
];

function BackOffice() {
  const t = useT();
  const user = useCurrentUser();
  const items = NAV.filter((item) => can(user, item.action)).map((item) => ({ to: item.to, label: t(item.key) }));
  return (
    <SectionLayout title={t('admin.title')} items={items}>
      <Outlet />
    </SectionLayout>
  );
}

export default function AdminLayout() {
  const { messages } = useLoaderData<typeof loader>();
  const { locale } = useRootData();
  return (
    <SiteFrame>
      <TranslationProvider locale={locale} sections={messages}>
        <BackOffice />
      </TranslationProvider>
    </SiteFrame>
  );
}

export function ErrorBoundary() {
  return (
    <SiteFrame>
      <ErrorPage error={useRouteError()} />
    </SiteFrame>
  );
}
