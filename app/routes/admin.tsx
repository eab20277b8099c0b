/**
 * `/admin`: the back office's layout (issue 16), for moderators and admins. Signed-out visitors
 * go to sign-in and come back; other members get the 403 page. Its texts (the `admin` section)
 * come with this layout's data, in the reader's locale, so no other page carries them. The
 * navigation lists only the screens that exist; later screens add their line to `NAV`.
 */
import { Outlet, useLoaderData, useRouteError, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { resources, type Messages } from '../../common/locales';
import { translator } from '../../common/i18n';
import { canByRole } from '../../common/policy';
import { staffViewer } from '~/components/admin/admin-data.server';
import { ErrorPage } from '~/components/layout/error-page';
import { SectionLayout } from '~/components/layout/section-layout';
import { SiteFrame } from '~/components/layout/site-frame';
import { paths } from '~/lib/paths';
import { useRootData } from '~/lib/session';
import { TranslationProvider, useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  staffViewer(context, request);
  const messages = resources[context.locale];
  return {
    messages: { admin: messages.admin, adminSite: messages.adminSite } as Messages,
    title: String(translator(context.locale)('admin.title')),
    // The site-content screens (nodes, tags, links, notices) are the admins'; moderators do not see them.
    manageSite: canByRole(context.sessionUser, 'site:manage'),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Admin' }, { name: 'robots', content: 'noindex' }];

const NAV: ReadonlyArray<{ to: string; key: string; adminOnly?: true }> = [
  { to: paths.adminBans, key: 'admin.nav.bans' },
  { to: paths.adminAudit, key: 'admin.nav.audit' },
  { to: paths.adminNodes, key: 'adminSite.nav.nodes', adminOnly: true },
  { to: paths.adminTags, key: 'adminSite.nav.tags', adminOnly: true },
  { to: paths.adminLinks, key: 'adminSite.nav.links', adminOnly: true },
  { to: paths.adminNotices, key: 'adminSite.nav.notices', adminOnly: true },
];

function BackOffice({ manageSite }: { manageSite: boolean }) {
  const t = useT();
  const items = NAV.filter((item) => manageSite || !item.adminOnly).map((item) => ({ to: item.to, label: t(item.key) }));
  return (
    <SectionLayout title={t('admin.title')} items={items}>
      <Outlet />
    </SectionLayout>
  );
}

export default function AdminLayout() {
  const { messages, manageSite } = useLoaderData<typeof loader>();
  const { locale } = useRootData();
  return (
    <SiteFrame>
      <TranslationProvider locale={locale} sections={messages}>
        <BackOffice manageSite={manageSite} />
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
