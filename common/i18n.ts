import { DEFAULT_LOCALE, LOCALES, type Locale } from './constants';
import { resources } from './locales';
import { createTranslator, type TFunction } from './translate';

export type { TFunction };

const fixed = new Map<Locale, TFunction>();

/** A translation function for one locale (every section of both locales loaded); built once. */
export function translator(locale: Locale): TFunction {
  let t = fixed.get(locale);
  if (!t) {
    t = createTranslator(locale, resources[locale], { locale: DEFAULT_LOCALE, messages: resources[DEFAULT_LOCALE] });
    fixed.set(locale, t);
  }
  return t;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Maps a browser language tag (zh, zh-Hans, zh-TW, en-GB …) onto a supported locale. */
export function matchLocale(tag: string): Locale | null {
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split('-')[0];
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'en') return 'en-US';
  if (primary === 'th') return 'th-TH';
  return null;
}

/**
 * Locale for a request: the `locale` cookie, then Accept-Language (by q order), then the site
 * default (spec §4).
 */
export function resolveLocale(cookieValue: string | undefined, acceptLanguage: string | undefined, siteDefault: Locale): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return { tag, q: q ? Number(q.slice(2)) || 0 : 1 };
      })
      .filter((x) => x.q > 0)
      .sort((a, b) => b.q - a.q);
    for (const { tag } of ranked) {
      const match = matchLocale(tag);
      if (match) return match;
    }
  }
  return siteDefault;
}
