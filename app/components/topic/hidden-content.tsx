/**
 * Hidden content (spec §2, §6): the author, moderators and anyone who has commented see it; the
 * others see a "reply to see" block. The HTML was sanitized by the server when it was written.
 */
import { useLocation } from 'react-router';
import { ButtonLink } from '~/components/ui/button';
import { signInPath } from '~/lib/paths';
import { LockIcon } from './icons';
import type { HiddenContentView } from './types';
import { useT } from '~/lib/use-t';

export function HiddenContent({ hidden, signedIn }: { hidden: HiddenContentView; signedIn: boolean }) {
  const t = useT();
  const location = useLocation();
  if (!hidden.exists) return null;
  if (hidden.show) {
    return (
      <section
        aria-labelledby="hidden-content-heading"
        className="border-brand-300 bg-brand-50/60 dark:border-brand-800 dark:bg-brand-950/30 mt-6 rounded-xl border border-dashed p-4"
        data-testid="hidden-content"
      >
        <h2 id="hidden-content-heading" className="text-brand-900 dark:text-brand-200 mb-2 flex items-center gap-1.5 text-sm font-semibold">
          <LockIcon className="size-4" />
          {t('topicUi.hidden.title')}
        </h2>
        {/* Sanitized on write by the server's allow-list (content pipeline); never raw input. */}
        <div className="rich-text text-[0.9375rem]" dangerouslySetInnerHTML={{ __html: hidden.content }} />
      </section>
    );
  }
  return (
    <section
      aria-labelledby="hidden-content-heading"
      className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 bg-zinc-50 px-4 py-6 text-center dark:border-zinc-700 dark:bg-zinc-900/60"
      data-testid="hidden-content-locked"
    >
      <span aria-hidden="true" className="grid size-10 place-items-center rounded-full bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
        <LockIcon className="size-5" />
      </span>
      <h2 id="hidden-content-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {t('topicUi.hidden.lockedTitle')}
      </h2>
      <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{signedIn ? t('topicUi.hidden.lockedMember') : t('topicUi.hidden.lockedVisitor')}</p>
      {signedIn ? (
        <ButtonLink to="#comments" variant="secondary" size="sm">
          {t('topicUi.hidden.reply')}
        </ButtonLink>
      ) : (
        <ButtonLink to={signInPath(location.pathname)} variant="secondary" size="sm">
          {t('site.header.signIn')}
        </ButtonLink>
      )}
    </section>
  );
}
