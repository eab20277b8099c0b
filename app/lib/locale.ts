/**
 * Language switch (spec §4): the `locale` cookie, 365 days, then re-run the loaders so the
 * page re-renders in the new language (the root loader reads the cookie through the server's
 * locale hook). No full reload needed.
 */
import { useCallback } from 'react';
import { useRevalidator } from 'react-router';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS, LOCALES, type Locale } from '../../common/constants';
import { ensureLocale } from './i18n';

/** A supported locale, or the default. (Not common/i18n's isLocale: that module bundles every locale.) */
export function asLocale(value: unknown): Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value) ? (value as Locale) : DEFAULT_LOCALE;
}

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function localeCookie(locale: Locale, secure: boolean): string {
  const maxAge = LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function useSetLocale(): (locale: Locale) => Promise<void> {
  const revalidator = useRevalidator();
  return useCallback(
    async (locale: Locale) => {
      await ensureLocale(locale);
      document.cookie = localeCookie(locale, window.location.protocol === 'https:');
      await revalidator.revalidate();
    },
    [revalidator],
  );
}
