/**
 * `/admin`: the back office's layout (issue 16), for moderators and admins. Signed-out visitors
 * go to sign-in and come back; other members get the 403 page. Its texts (ADMIN_SECTIONS)
 * come with this layout's data, in the reader's locale, so no other page carries them. The
 * navigation lists only the screens that exist; later screens add their line to `NAV`.
 */
import { Outlet, useLoaderData, useRouteError, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { resources, type Messages } from '../../common/locales';
import { translator } from '../../common/i18n';
import { staffViewer } from '~/components/admin/admin-data.server';
import { ErrorPage } from '~/components/layout/error-page';
import { SectionLayout } from '~/components/layout/section-layout';
import { SiteFrame } from '~/components/layout/site-frame';
import { ADMIN_SECTIONS } from '~/lib/locales/sections';
import { paths } from '~/lib/paths';
import { useRootData } from '~/lib/session';
import { TranslationProvider, useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  staffViewer(context, request);
  const sections = resources[context.locale];
  return { messages: Object.fromEntries(ADMIN_SECTIONS.map((name) => [name, sections[name]!])) as Messages, title: String(translator(context.locale)('admin.title')) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Admin' }, { name: 'robots', content: 'noindex' }];

const NAV = [
  { to: paths.adminUsers, key: 'admin.nav.users' },
  { to: paths.adminBans, key: 'admin.nav.bans' },
  { to: paths.adminWords, key: 'admin.nav.words' },
  { to: paths.adminAudit, key: 'admin.nav.audit' },
] as const;

function BackOffice() {
  const t = useT();
  return (
    <SectionLayout title={t('admin.title')} items={NAV.map((item) => ({ to: item.to, label: t(item.key) }))}>
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
