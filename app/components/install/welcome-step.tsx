/** Installer step "welcome": what the installer will do and what it needs. */
import { useT } from '~/lib/use-t';

export function WelcomeStep() {
  const t = useT();
  return (
    <div className="space-y-3 text-sm leading-6 text-zinc-700 dark:text-zinc-300">
      <p>{t('install.welcome.intro')}</p>
      <p>{t('install.welcome.requirements')}</p>
    </div>
  );
}
