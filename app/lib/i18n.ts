/**
 * Translation in React, one function per locale, from the same common/locales JSON the server
 * uses, through the same translator (common/translate.ts).
 *
 * The browser downloads only the visitor's locale (one chunk per locale, made from every
 * `common/locales/<locale>/*.json` section by ./locales/*.ts), before hydration
 * (entry.client.tsx) and before a language switch (`ensureLocale`). The server registers all
 * locales at start (entry.server.tsx). SSR and hydration therefore render identical text.
 *
 * In components: `useT()` (./use-t.ts). Outside React (meta functions, api.ts):
 * `tFor(locale)('site.x')`.
 */
import { DEFAULT_LOCALE, type Locale } from '../../common/constants';
import type { Messages } from '../../common/locales';
import { createTranslator, type TFunction } from '../../common/translate';

export type { TFunction };

const registry = new Map<Locale, Messages>();
const translators = new Map<Locale, TFunction>();

export function registerLocale(locale: Locale, messages: Messages): void {
  registry.set(locale, messages);
  translators.clear(); // a newly registered default locale is every other locale's fallback
}

/** The locale's translation function (keys stand for themselves until its messages are registered). */
export function tFor(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    const fallback = registry.get(DEFAULT_LOCALE);
    t = createTranslator(locale, registry.get(locale) ?? {}, fallback ? { locale: DEFAULT_LOCALE, messages: fallback } : undefined);
    if (registry.has(locale)) translators.set(locale, t);
  }
  return t;
}

/**
 * The locale's translation function with extra sections that one route sends with its data (the
 * installer's), for that route's subtree. Not cached: the caller memoizes it.
 */
export function tWithSections(locale: Locale, sections: Messages): TFunction {
  const fallback = registry.get(DEFAULT_LOCALE);
  return createTranslator(locale, { ...(registry.get(locale) ?? {}), ...sections }, fallback ? { locale: DEFAULT_LOCALE, messages: fallback } : undefined);
}

/** Browser: fetches a locale's messages once (a lazily loaded chunk) and registers them. */
export async function ensureLocale(locale: Locale): Promise<void> {
  if (registry.has(locale)) return;
  const module = locale === 'zh-CN' ? await import('./locales/zh-CN') : await import('./locales/en-US');
  registerLocale(locale, module.default);
}
