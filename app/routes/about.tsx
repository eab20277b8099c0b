/**
 * About `/about` (spec §1, §2; issue 17): the site's about text and contact section from the
 * settings (the back office edits them; Markdown, rendered and sanitized on the server). Until an
 * admin writes their own, the default seeded at install (in the installer's language) shows.
 */
import { useLoaderData, type AppLoadContext, type MetaFunction } from 'react-router';
import { siteSettingsActions } from '../../common/actions/site-settings';
import { unwrap } from '~/components/topic/page-data.server';
import { Card } from '~/components/ui/card';
import type { RootData } from '~/lib/session';
import { DEFAULT_LOCALE } from '../../common/constants';
import { tFor } from '~/lib/i18n';
import { useT } from '~/lib/use-t';

export async function loader({ context }: { context: AppLoadContext }) {
  return { about: unwrap(await context.read(siteSettingsActions.about, {})) };
}

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  const locale = root?.locale ?? DEFAULT_LOCALE;
  return [{ title: `${tFor(locale)('site.about.title')} · ${root?.config.siteTitle || 'Sabai'}` }];
};

export default function About() {
  const t = useT();
  const { about } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t('site.about.title')}</h1>
      <Card className="mt-5 p-6">
        <div className="rich-text text-[0.9375rem] leading-7 break-words text-zinc-700 dark:text-zinc-300" data-testid="about-content" dangerouslySetInnerHTML={{ __html: about.html }} />
      </Card>
      <section aria-labelledby="contact-heading" className="mt-8">
        <h2 id="contact-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {t('site.about.contact')}
        </h2>
        <Card className="mt-3 p-6">
          <div className="rich-text text-[0.9375rem] leading-7 break-words text-zinc-700 dark:text-zinc-300" data-testid="about-contact" dangerouslySetInnerHTML={{ __html: about.contactHtml }} />
        </Card>
      </section>
    </div>
  );
}
