/**
 * About `/about` (spec §1, §2): the site's about text (settings `aboutContent`, shown as plain
 * paragraphs) and a contact section. Without a configured text, a default in the visitor's
 * language describes the community.
 */
import type { MetaFunction } from 'react-router';
import { Card } from '~/components/ui/card';
import { useRootData, type RootData } from '~/lib/session';
import { DEFAULT_LOCALE } from '../../common/constants';
import { tFor } from '~/lib/i18n';
import { useT } from '~/lib/use-t';

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  const locale = root?.locale ?? DEFAULT_LOCALE;
  return [{ title: `${tFor(locale)('site.about.title')} · ${root?.config.siteTitle || 'Sabai'}` }];
};

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i} className="whitespace-pre-line">
            {p}
          </p>
        ))}
    </>
  );
}

export default function About() {
  const t = useT();
  const { config } = useRootData();
  const text = config.aboutContent.trim() || t('site.about.default', { site: config.siteTitle });
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t('site.about.title')}</h1>
      <Card className="mt-5 space-y-4 p-6 text-[0.9375rem] leading-7 text-zinc-700 dark:text-zinc-300">
        <Paragraphs text={text} />
      </Card>
      <section aria-labelledby="contact-heading" className="mt-8">
        <h2 id="contact-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {t('site.about.contact')}
        </h2>
        <Card className="mt-3 space-y-3 p-6 text-[0.9375rem] leading-7 text-zinc-700 dark:text-zinc-300">
          <Paragraphs text={config.contact.trim() || t('site.about.contactDefault')} />
        </Card>
      </section>
    </div>
  );
}
