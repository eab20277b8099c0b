/**
 * The sign-in providers' buttons (issue 29, ADR 0035), for the sign-in and sign-up pages and the
 * connections page: one link per provider switched on, to the round trip's start (a full page
 * navigation: the provider's page is another site). Each in its brand's colour: LINE #06C755,
 * Google white with its four-colour G, GitHub #24292f, WeChat #07C160. The label on LINE's and
 * WeChat's green is near-black rather than their white: white on those greens is 2.3:1, below
 * WCAG's 4.5:1 for text (the logo keeps white: logos are exempt).
 */
import type { ReactNode } from 'react';
import type { ProviderId } from '../../../common/validation/identities';
import type { EnabledProviderView } from '../../../common/views/identities';
import { useT } from '~/lib/use-t';

/** The start of a provider's round trip, returning to `redirect` (a same-site path). */
export function providerStartUrl(provider: ProviderId, redirect?: string | null): string {
  return `/api/login/provider/${provider}/start${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
}

const STYLE: Record<ProviderId, string> = {
  line: 'bg-[#06C755] text-[#03140a] hover:bg-[#05b34c] border-transparent',
  google: 'bg-white text-[#1f1f1f] border-[#747775] hover:bg-zinc-50',
  github: 'bg-[#24292f] text-white border-transparent hover:bg-[#32383f]',
  wechat: 'bg-[#07C160] text-[#03140a] hover:bg-[#06ad56] border-transparent',
  oidc: 'bg-white text-zinc-900 border-zinc-400 hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-50 dark:border-zinc-500 dark:hover:bg-zinc-800',
};

function GoogleG() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
      <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
    </svg>
  );
}

function Glyph({ provider }: { provider: ProviderId }): ReactNode {
  if (provider === 'google') return <GoogleG />;
  const letter = { line: 'L', github: 'G', wechat: 'W', oidc: 'ID' }[provider];
  const tone = provider === 'github' ? 'bg-white text-[#24292f]' : provider === 'oidc' ? 'bg-zinc-700 text-white dark:bg-zinc-300 dark:text-zinc-900' : 'bg-white text-[#06A046]';
  return (
    <span aria-hidden="true" className={`inline-flex size-5 items-center justify-center rounded-md text-[10px] font-bold ${tone}`}>
      {letter}
    </span>
  );
}

export function ProviderButton({ provider, label, href }: { provider: ProviderId; label: string; href: string }) {
  return (
    <a
      href={href}
      className={`flex h-11 w-full items-center justify-center gap-2 rounded-lg border px-4 text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none ${STYLE[provider]}`}
      data-testid={`provider-${provider}`}
    >
      <Glyph provider={provider} />
      <span>{label}</span>
    </a>
  );
}

/** The enabled providers' buttons under an "or" divider; nothing when none is switched on. */
export function ProviderButtons({ providers, redirect }: { providers: readonly EnabledProviderView[]; redirect?: string | null }) {
  const t = useT();
  if (providers.length === 0) return null;
  return (
    <nav aria-label={t('signInProviders.buttonsLabel')} className="mt-6 space-y-3">
      <div className="flex items-center gap-3 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-700" />
        {t('signInProviders.or')}
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-700" />
      </div>
      {providers.map((provider) => (
        <ProviderButton key={provider.id} provider={provider.id} label={t('signInProviders.continueWith', { name: provider.name })} href={providerStartUrl(provider.id, redirect)} />
      ))}
    </nav>
  );
}

const ERROR_CODES = ['state', 'cancelled', 'provider', 'disabled', 'taken'] as const;

/** The message of a failed round trip (`?error=<code>` on the page it came back to), or null. */
export function useProviderError(code: string | null): string | null {
  const t = useT();
  if (!code || !(ERROR_CODES as readonly string[]).includes(code)) return null;
  return t(`signInProviders.signinErrors.${code}`);
}
