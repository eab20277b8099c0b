/**
 * The new member's notice (issue 28, ADR 0027): at trust level 0 a member's next posts wait for a
 * moderator and a post carries at most a few links and pictures. Told quietly where they write
 * (the editors, above the comment box) and on their settings pages, with the site's numbers.
 *
 * It comes from the reader's own data (the root loader's `trust`, read for the member: on a page
 * rendered for nobody it is null and the member's revalidation brings it), never from a shared
 * render. Nothing shows at level 1 and up, for staff, or for visitors.
 */
import type { TrustState } from '../../../common/views/defences';
import { SproutIcon } from '~/components/ui/icons';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

/** What a level-0 member is told, sentence by sentence (none: nothing holds them back). */
export function useNewMemberSentences(trust: TrustState | null): string[] {
  const t = useT();
  if (!trust || trust.level !== 0 || trust.maxLinks === null) return [];
  const sentences: string[] = [];
  if (trust.reviewedPostsLeft > 0) sentences.push(t('defences.trust.notice.review', { count: trust.reviewedPostsLeft }));
  sentences.push(trust.maxLinks === 0 ? t('defences.trust.notice.noLinks') : t('defences.trust.notice.links', { count: trust.maxLinks }));
  sentences.push(t('defences.trust.notice.lifts'));
  return sentences;
}

/** `compact`: a slimmer line above the comment box. */
export function NewMemberNotice({ compact = false, className = '' }: { compact?: boolean; className?: string }) {
  const t = useT();
  const sentences = useNewMemberSentences(useRootData().trust);
  if (sentences.length === 0) return null;
  return (
    <div
      role="note"
      className={`border-brand-200 bg-brand-50/70 dark:border-brand-900/70 dark:bg-brand-950/30 flex gap-2.5 rounded-xl border text-zinc-700 dark:text-zinc-300 ${compact ? 'px-3 py-2 text-[0.8125rem]' : 'px-4 py-3 text-sm'} ${className}`}
      data-testid="new-member-notice"
    >
      <SproutIcon className="text-brand-700 dark:text-brand-300 mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 leading-relaxed">
        <strong className="text-brand-800 dark:text-brand-200 me-1.5 font-semibold">{t('defences.trust.notice.label')}</strong>
        {sentences.map((sentence) => (
          // A gap between sentences, but none after a Chinese full stop (it carries its own space).
          <span key={sentence} className="me-1 last:me-0 [&:lang(zh)]:me-0">
            {sentence}
          </span>
        ))}
      </p>
    </div>
  );
}
