/** The site footer (spec §2): about and links, the language and colour-mode switches, copyright. */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LOCALES } from '../../../common/constants';
import { asPreference, COLOR_MODE_PREFERENCES, useColorMode } from '~/lib/color-mode';
import { isSupportedLocale, useSetLocale } from '~/lib/locale';
import { paths } from '~/lib/paths';
import { useRootData } from '~/lib/session';
import { ContrastIcon, GlobeIcon } from '../ui/icons';
import { useT } from '~/lib/use-t';

const SELECT =
  'h-8 rounded-md border border-zinc-300 bg-white pr-7 pl-2 text-sm text-zinc-800 focus:border-brand-600 focus:outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200';

/** A compact labelled select (the label is for screen readers; the icon says it to the eye). */
function FooterSelect({ icon, label, children }: { icon: ReactNode; label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-center gap-1.5">
      {icon}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function LanguageSwitch() {
  const t = useT();
  const { locale } = useRootData();
  const setLocale = useSetLocale();
  return (
    <FooterSelect icon={<GlobeIcon className="size-4 text-zinc-500 dark:text-zinc-400" />} label={t('site.footer.language')}>
      {(id) => (
        <select
          id={id}
          value={locale}
          data-testid="language-switch"
          onChange={(event) => {
            if (isSupportedLocale(event.target.value)) void setLocale(event.target.value);
          }}
          className={SELECT}
        >
          {LOCALES.map((value) => (
            // Each language names itself, whatever the page language.
            <option key={value} value={value} lang={value}>
              {t(`site.languages.${value}`)}
            </option>
          ))}
        </select>
      )}
    </FooterSelect>
  );
}

/** System, light or dark (the header button only flips light and dark, per spec §4). */
function ColorModeSwitch() {
  const t = useT();
  const { preference, choose } = useColorMode();
  return (
    <FooterSelect icon={<ContrastIcon className="size-4 text-zinc-500 dark:text-zinc-400" />} label={t('site.theme.label')}>
      {(id) => (
        <select
          id={id}
          // Unknown until hydrated (the server cannot read localStorage): "system" until then.
          value={preference ?? 'system'}
          data-testid="color-mode-switch"
          onChange={(event) => choose(asPreference(event.target.value))}
          className={SELECT}
        >
          {COLOR_MODE_PREFERENCES.map((value) => (
            <option key={value} value={value}>
              {t(`site.theme.${value}`)}
            </option>
          ))}
        </select>
      )}
    </FooterSelect>
  );
}

export function SiteFooter() {
  const t = useT();
  const { config } = useRootData();
  const linkClass = 'text-zinc-600 hover:text-zinc-900 hover:underline dark:text-zinc-400 dark:hover:text-zinc-100';
  return (
    <footer className="mt-12 border-t border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <p className="font-medium text-zinc-800 dark:text-zinc-200">{config.siteTitle}</p>
          <p className="text-zinc-600 dark:text-zinc-400">{config.siteDescription || t('site.footer.tagline')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
          <ul className="flex items-center gap-4">
            <li>
              <Link to={paths.about} className={linkClass}>
                {t('site.footer.about')}
              </Link>
            </li>
            <li>
              <Link to={paths.links} className={linkClass}>
                {t('site.footer.links')}
              </Link>
            </li>
            <li>
              <Link to={paths.developersApi} className={linkClass}>
                {t('site.footer.api')}
              </Link>
            </li>
          </ul>
          {/* The two switches wrap together on phones. */}
          <div className="flex items-center gap-x-4">
            <LanguageSwitch />
            <ColorModeSwitch />
          </div>
        </div>
      </div>
      <div className="border-t border-zinc-100 py-3 text-center text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        {t('site.footer.copyright', { year: new Date().getFullYear(), site: config.siteTitle })}
      </div>
    </footer>
  );
}
