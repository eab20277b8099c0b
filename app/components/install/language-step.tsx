/**
 * Installer step "language": the site's default language. Choosing one also switches the
 * installer itself (through the `locale` cookie, like the site's language switch), so the
 * remaining steps and the server's messages speak it too.
 */
import { LOCALES, type Locale } from '../../../common/constants';
import { isSupportedLocale } from '~/lib/locale';
import { ChoiceCard } from './choice-card';
import { useT } from '~/lib/use-t';

const LABEL: Record<Locale, string> = { 'en-US': 'install.language.enUS', 'zh-CN': 'install.language.zhCN', 'th-TH': 'install.language.thTH' };

export function LanguageStep({ language, onChange }: { language: Locale; onChange: (locale: Locale) => void }) {
  const t = useT();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('install.language.label')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {LOCALES.map((locale) => (
          <ChoiceCard
            key={locale}
            name="language"
            value={locale}
            checked={language === locale}
            onSelect={(value) => {
              if (isSupportedLocale(value)) onChange(value);
            }}
            // Each language names itself, so a visitor can find theirs whatever is shown now.
            title={<span lang={locale}>{t(LABEL[locale])}</span>}
            description={locale}
          />
        ))}
      </div>
    </fieldset>
  );
}
