/**
 * `/install` (spec §2, empty layout): the first-run installer. The install gate serves it only
 * before installation (afterwards it redirects to `/`); the loader redirects too, for spellings
 * and data requests the gate lets through. It tells the page whether the server's
 * configuration already fixed the database (DATABASE_URL), as `install/status` does.
 */
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import { redirect, useLoaderData } from 'react-router';
import type { Locale } from '../../common/constants';
import { translator } from '../../common/i18n';
import { resources, type Messages } from '../../common/locales';
import { Installer } from '~/components/install/installer';
import { useRootData } from '~/lib/session';
import { TranslationProvider } from '~/lib/use-t';
import '~/lib/load-context';

export async function loader({ context }: LoaderFunctionArgs) {
  const { installed, fixedDbType } = context.site.installState();
  if (installed) throw redirect('/');
  const locale: Locale = context.locale;
  const { install, installUi } = resources[locale];
  return {
    fixedDbType,
    title: translator(locale)('install.title'),
    // The installer's own texts are not in the locale chunk every visitor downloads (see
    // app/lib/locales/en-US.ts): they come with this page's data, in the page's locale.
    messages: { install, installUi } as Messages,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Install' }, { name: 'robots', content: 'noindex' }];

export default function InstallPage() {
  const { fixedDbType, messages } = useLoaderData<typeof loader>();
  const { locale } = useRootData();
  return (
    <TranslationProvider locale={locale} sections={messages}>
      <Installer fixedDbType={fixedDbType} initialLocale={locale} />
    </TranslationProvider>
  );
}
