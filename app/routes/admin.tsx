/**
 * `/admin`: the back office's layout (issue 16), for moderators and admins. Signed-out visitors
 * go to sign-in and come back; other members get the 403 page. Its texts (the `admin` section
 * and every other ADMIN_SECTIONS section, e.g. `adminVip`) come with this layout's data, in the
 * reader's locale, so no other page carries them. The navigation lists only the screens that
 * exist and the reader's role opens; later screens add their line to `NAV`.
 */
import { Outlet, useLoaderData, useRouteError, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { resources, type Messages } from '../../common/locales';
import { translator } from '../../common/i18n';
import { staffViewer } from '~/components/admin/admin-data.server';
import { ErrorPage } from '~/components/layout/error-page';
import { SectionLayout } from '~/components/layout/section-layout';
import { SiteFrame } from '~/components/layout/site-frame';
import { paths } from '~/lib/paths';
import { useCurrentUser, useRootData } from '~/lib/session';
import { ADMIN_SECTIONS } from '~/lib/locales/sections';
import { canByRole, type StaffAction } from '../../common/policy';
import { TranslationProvider, useT } from '~/lib/use-t';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  staffViewer(context, request);
  const messages: Messages = {};
  for (const section of ADMIN_SECTIONS) messages[section] = resources[context.locale][section]!;
  return { messages, title: String(translator(context.locale)('admin.title')) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Admin' }, { name: 'robots', content: 'noindex' }];

/** The screens, each with the role rule that opens it (a moderator sees no link to an admin's 403). */
const NAV: ReadonlyArray<{ to: string; key: string; action: StaffAction }> = [
  { to: paths.adminBans, key: 'admin.nav.bans', action: 'admin:access' },
  { to: paths.adminAudit, key: 'admin.nav.audit', action: 'admin:access' },
  { to: paths.adminVip, key: 'adminVip.nav', action: 'vip:manage' },
];

function BackOffice() {
  const t = useT();
  const user = useCurrentUser();
  const items = NAV.filter((item) => canByRole(user, item.action)).map((item) => ({ to: item.to, label: t(item.key) }));
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
