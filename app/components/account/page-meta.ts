/**
 * `<title>` for the account pages: "<page> · <site title>" in the visitor's locale, read from
 * the root loader's data (no loader of their own is needed for it). Meta functions also run in
 * the browser, so this uses ~/lib/i18n (the visitor's locale is registered there before
 * hydration and before a language switch), never common/i18n, which bundles every locale.
 */
import type { MetaDescriptor, MetaFunction } from 'react-router';
import { DEFAULT_LOCALE } from '../../../common/constants';
import { tFor } from '~/lib/i18n';
import type { RootData } from '~/lib/session';

export function accountMeta(titleKey: string): MetaFunction {
  return ({ matches }): MetaDescriptor[] => {
    const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
    const title = tFor(root?.locale ?? DEFAULT_LOCALE)(titleKey);
    return [{ title: root ? `${title} · ${root.config.siteTitle}` : title }, { name: 'robots', content: 'noindex' }];
  };
}
