/**
 * One held post or comment in the review queue: a checkbox for bulk decisions, its title and page
 * (a comment: the post it is on, linked at the comment), author,
 * when it was posted, why it was held, its stored HTML (sanitized by the server when written,
 * shown as is in a bounded box), and its own approve and reject buttons.
 */
import { Link } from 'react-router';
import type { ReviewItemView } from '../../../common/views/review';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';
import { Button } from '../ui/button';

function HeldBecause({ item }: { item: ReviewItemView }) {
  const t = useT();
  const tone = item.reason === 'forbiddenWord' ? 'bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200' : 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200';
  return (
    <p className={`inline-flex rounded-md px-2 py-1 text-xs font-medium ${tone}`} data-testid="review-reason">
      <span className="sr-only">{t('adminReview.heldBecause')}: </span>
      {t(`adminReview.reasons.${item.reason}`, { words: item.words.join(', ') })}
    </p>
  );
}

export function ReviewItem({
  item,
  selected,
  onSelect,
  onApprove,
  onReject,
}: {
  item: ReviewItemView;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const t = useT();
  const headingId = `review-${item.kind}-${item.id}`;
  const title = item.on ? t(`adminReview.commentOn.${item.on}`, { title: item.title }) : item.title;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900" data-testid="review-item" data-id={item.id}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={t('adminReview.select', { title })}
          className="accent-brand-600 mt-1 size-4 shrink-0"
          data-testid="review-select"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <h2 id={headingId} className="text-base font-semibold break-words text-zinc-900 dark:text-zinc-50">
            <Link to={item.url} className="hover:underline">
              {title}
            </Link>
          </h2>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
            <Link to={paths.user(item.author.id)} className="text-brand-700 dark:text-brand-300 font-medium hover:underline">
              {t('adminReview.by', { nickname: item.author.nickname })}
            </Link>
            <span>
              {t('adminReview.posted')} <LocalDateTime time={item.createTime} />
            </span>
          </p>
          <HeldBecause item={item} />
          <div
            className="rich-text max-h-64 overflow-y-auto rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm break-words dark:border-zinc-800 dark:bg-zinc-950"
            aria-label={t('adminReview.content')}
            role="region"
            tabIndex={0}
            data-testid="review-content"
            dangerouslySetInnerHTML={{ __html: item.contentHtml }}
          />
          <div className="flex flex-wrap gap-2 pt-1">
            <Button size="sm" onClick={onApprove} data-testid="review-approve">
              {t('adminReview.approve')}
            </Button>
            <Button size="sm" variant="secondary" onClick={onReject} data-testid="review-reject">
              {t('adminReview.reject')}
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}
