/**
 * `/redirect?url=…` (spec §2): the interstitial every outbound link in user content passes
 * through (the server's sanitizer rewrites them). It shows where the link goes and a link to
 * continue; a malformed target, or one whose scheme spec §5 does not allow for links (http,
 * https, ftp, ftps, mailto, tel, callto, sms, cid, xmpp), gets an error instead of a link.
 * Nothing navigates automatically: the reader decides.
 */
import { data, Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { tFor } from '~/lib/i18n';
import { useRootData, type RootData } from '~/lib/session';
import { DEFAULT_LOCALE } from '../../common/constants';
import { parseLinkTarget } from '../../common/rich-text/policy';
import { useT } from '~/lib/use-t';

type RedirectTarget = { ok: true; url: string; host: string } | { ok: false; reason: 'missing' | 'invalid' };

/**
 * Decides whether the target may be offered; pure, so the page and tests agree. The URL is
 * parsed once, safely: input the parser refuses is 'invalid', never an exception (a 500).
 */
export function redirectTarget(raw: string | null): RedirectTarget {
  const url = raw?.trim() ?? '';
  if (!url) return { ok: false, reason: 'missing' };
  const parsed = url.length > 2048 ? null : parseLinkTarget(url);
  if (!parsed) return { ok: false, reason: 'invalid' };
  // What the continue button names: the host, or for mailto:, tel: and the like the address itself.
  return { ok: true, url: parsed.href, host: parsed.host || parsed.href };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const target = redirectTarget(new URL(request.url).searchParams.get('url'));
  // A bad target is the link's fault, not the server's: 400 tells crawlers not to follow.
  return data(target, { status: target.ok ? 200 : 400, headers: { 'x-robots-tag': 'noindex, nofollow' } });
}

export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  const t = tFor(root?.locale ?? DEFAULT_LOCALE);
  const site = root?.config.siteTitle || 'Sabai';
  return [{ title: `${t('redirect.title', { site })} · ${site}` }, { name: 'robots', content: 'noindex, nofollow' }];
};

export default function RedirectPage() {
  const target = useLoaderData<typeof loader>();
  const t = useT();
  const { config } = useRootData();

  if (!target.ok) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <Card className="space-y-4 p-6" role="alert">
          <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('redirect.invalidTitle')}</h1>
          <p className="text-zinc-700 dark:text-zinc-300">{t(target.reason === 'missing' ? 'redirect.missing' : 'redirect.invalid')}</p>
          <Link to="/" className={buttonClass('secondary')}>
            {t('redirect.home')}
          </Link>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <Card className="space-y-4 p-6">
        <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('redirect.title', { site: config.siteTitle })}</h1>
        <p className="text-zinc-700 dark:text-zinc-300">{t('redirect.lead')}</p>
        <p className="break-all rounded-md bg-zinc-100 px-3 py-2 font-mono text-sm text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200" data-testid="redirect-target">
          {target.url}
        </p>
        <div className="flex flex-wrap gap-3">
          <a href={target.url} rel="noopener noreferrer nofollow" className={buttonClass('primary')}>
            {t('redirect.continue')} · {target.host}
          </a>
          <Link to="/" className={buttonClass('ghost')}>
            {t('redirect.home')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
