/**
 * Translation in components: the root provides the page locale's translation function
 * (`TranslationProvider`), and every component takes it with `useT()`. A language switch
 * provides another function, so every translated part re-renders.
 */
import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { Locale } from '../../common/constants';
import type { Messages } from '../../common/locales';
import { messagesVersion, subscribeMessages, tFor, tWithSections, type TFunction } from './i18n';

/** Without a provider (a component rendered alone), keys stand for their text. */
const keysOnly: TFunction = (key) => key;

const TranslationContext = createContext<TFunction>(keysOnly);

/** `sections`: message sections a route sends with its data, added for its subtree. */
export function TranslationProvider({ locale, sections, children }: { locale: Locale; sections?: Messages; children: ReactNode }) {
  // A newly arrived chunk (the member sections after sign-in) gives a new function: text that
  // showed keys re-renders translated.
  const version = useSyncExternalStore(subscribeMessages, messagesVersion, messagesVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is read through tFor's registry, which the hook cannot see
  const t = useMemo(() => (sections ? tWithSections(locale, sections) : tFor(locale)), [locale, sections, version]);
  return createElement(TranslationContext, { value: t }, children);
}

export function useT(): TFunction {
  return useContext(TranslationContext);
}
