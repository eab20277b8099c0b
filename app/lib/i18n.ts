/**
 * Translation in React, one function per locale, from the same common/locales JSON the server
 * uses, through the same translator (common/translate.ts).
 *
 * The browser downloads only the visitor's locale, before hydration (entry.client.tsx) and
 * before a language switch (`ensureLocale`): its core chunk, plus its member chunk once the
 * visitor is a signed-in member (`ensureMemberSections`; ./locales/sections.ts lists what goes
 * where). The server registers every section of every locale at start (entry.server.tsx), and
 * the root marks <html data-member> when the page needs the member sections, so SSR and
 * hydration render identical text.
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

/** Messages arrive in parts (core, member): a provider re-renders when one arrives. */
let version = 0;
const listeners = new Set<() => void>();

/** Adds message sections to a locale (sections already registered are replaced). */
export function registerLocale(locale: Locale, messages: Messages): void {
  registry.set(locale, { ...registry.get(locale), ...messages });
  translators.clear(); // a newly registered default locale is every other locale's fallback
  version += 1;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the registry's version and its change notifications. */
export function messagesVersion(): number {
  return version;
}
export function subscribeMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
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

/** Each locale's chunks, as literal imports so the bundler splits one chunk per locale. */
const CORE_CHUNKS: Record<Locale, () => Promise<{ default: Messages }>> = {
  'en-US': () => import('./locales/en-US'),
  'zh-CN': () => import('./locales/zh-CN'),
  'th-TH': () => import('./locales/th-TH'),
};
const MEMBER_CHUNKS: Record<Locale, () => Promise<{ default: Messages }>> = {
  'en-US': () => import('./locales/en-US.member'),
  'zh-CN': () => import('./locales/zh-CN.member'),
  'th-TH': () => import('./locales/th-TH.member'),
};

const loaded = new Set<string>();
/** Once a member's sections were asked for, a language switch brings the new locale's too. */
let memberWanted = false;

/** Fetches one chunk once (lazily loaded) and registers its sections. */
async function loadChunk(locale: Locale, part: 'core' | 'member'): Promise<void> {
  const id = `${locale}:${part}`;
  if (loaded.has(id)) return;
  const module = part === 'core' ? await CORE_CHUNKS[locale]() : await MEMBER_CHUNKS[locale]();
  registerLocale(locale, module.default);
  loaded.add(id);
}

/** Browser: the locale's core messages, and its member messages if a member is signed in. */
export async function ensureLocale(locale: Locale): Promise<void> {
  await Promise.all([loadChunk(locale, 'core'), memberWanted ? loadChunk(locale, 'member') : undefined]);
}

/** A route whose page shows member texts to anyone (the test-only editor page) says so in its `handle`. */
export interface MemberSectionsHandle {
  memberSections?: boolean;
}

/** Browser: the sections only members see (settings, editors, user centre, moderation). */
export async function ensureMemberSections(locale: Locale): Promise<void> {
  memberWanted = true;
  await loadChunk(locale, 'member');
}

