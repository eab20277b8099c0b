/**
 * `/agreement` (issue 29): the user agreement from the settings (the back office edits it;
 * Markdown, rendered and sanitized on the server), or a default text in the reader's language.
 * Linked from the phone sign-in form's checkbox and from sign-up.
 */
import { useLoaderData, type AppLoadContext, type MetaFunction } from 'react-router';
import { siteSettingsActions } from '../../common/actions/site-settings';
import { DEFAULT_LOCALE } from '../../common/constants';
import { unwrap } from '~/components/topic/page-data.server';
import { Card } from '~/components/ui/card';
import { tFor } from '~/lib/i18n';
import type { RootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

export async function loader({ context }: { context: AppLoadContext }) {
  return { agreement: unwrap(await context.read(siteSettingsActions.agreement, {})) };
}

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  const locale = root?.locale ?? DEFAULT_LOCALE;
  return [{ title: `${tFor(locale)('phoneSignIn.agreement.title')} · ${root?.config.siteTitle || 'Sabai'}` }];
};

export default function Agreement() {
  const t = useT();
  const { agreement } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{t('phoneSignIn.agreement.title')}</h1>
      <Card className="mt-5 p-6">
        <div className="rich-text text-[0.9375rem] leading-7 break-words text-zinc-700 dark:text-zinc-300" data-testid="agreement-content" dangerouslySetInnerHTML={{ __html: agreement.html }} />
      </Card>
    </div>
  );
}
