/**
 * The score log of /user/scores: each change with its time, the reason in the reader's language,
 * the signed amount and a link to the item it came from (none for a check-in or a deleted item).
 * "Load more" pages by cursor through GET user/score_logs.
 */
import { Link } from 'react-router';
import { scoreActions } from '../../../common/actions/scores';
import type { Page } from '../../../common/views/page';
import type { ScoreLogView } from '../../../common/views/score';
import { TopicTime } from '~/components/topic/time';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { useT } from '~/lib/use-t';
import { TrophyIcon } from './icons';
import { useNewestFirstList } from '~/components/comment/use-newest-first-list';

function Amount({ amount }: { amount: number }) {
  const positive = amount > 0;
  return (
    <span className={`shrink-0 text-sm font-semibold tabular-nums ${positive ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`} data-testid="score-log-amount">
      {positive ? `+${amount}` : `−${Math.abs(amount)}`}
    </span>
  );
}

function LogEntry({ entry }: { entry: ScoreLogView }) {
  const t = useT();
  return (
    <li className="flex items-center gap-3 px-4 py-3 sm:px-5" data-testid="score-log-entry" data-type={entry.type}>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-zinc-900 dark:text-zinc-100">
          {entry.reason}
          {entry.sourceUrl && (
            <>
              {' · '}
              <Link to={entry.sourceUrl} className="text-brand-700 dark:text-brand-300 hover:underline" data-testid="score-log-link">
                {t('score.page.view')}
              </Link>
            </>
          )}
        </p>
        <TopicTime time={entry.createTime} className="text-xs text-zinc-600 dark:text-zinc-400" />
      </div>
      <Amount amount={entry.amount} />
    </li>
  );
}

export function ScoreLog({ initial }: { initial: Page<ScoreLogView> }) {
  const t = useT();
  const { list, loading, loadMore } = useNewestFirstList<ScoreLogView>(initial, scoreActions.logs);

  if (list.results.length === 0) {
    return (
      <Card>
        <EmptyState icon={<TrophyIcon className="size-6" />} title={t('score.page.logEmpty')}>
          {t('score.page.logEmptyBody')}
        </EmptyState>
      </Card>
    );
  }
  return (
    <>
      <Card>
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="score-log">
          {list.results.map((entry) => (
            <LogEntry key={entry.id} entry={entry} />
          ))}
        </ul>
      </Card>
      {list.hasMore && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void loadMore()} loading={loading} data-testid="score-log-more">
            {t('score.page.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
