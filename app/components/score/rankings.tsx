/**
 * The rankings: members by score, and today's earliest check-ins. /user/scores renders them from
 * its loader; the home side column (a page shared by every reader and cached for minutes) asks the
 * API after load instead, whose short cache the server drops whenever a score or a check-in moves.
 */
import { useEffect, useRef, useState, type Ref } from 'react';
import { Link } from 'react-router';
import type { CheckinRankEntry, RankedUser } from '../../../common/views/score';
import { TopicTime } from '~/components/topic/time';
import { Card } from '~/components/ui/card';
import { Avatar } from '~/components/user/avatar';
import { send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';
import { CalendarCheckIcon, TrophyIcon } from './icons';

const POSITION = 'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold tabular-nums';
const MEDALS = ['bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100', 'bg-zinc-200 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100', 'bg-orange-100 text-orange-900 dark:bg-orange-900 dark:text-orange-100'];

function Position({ index }: { index: number }) {
  const t = useT();
  return (
    <span className={`${POSITION} ${MEDALS[index] ?? 'text-zinc-500 dark:text-zinc-400'}`} aria-label={t('score.rank.position', { n: index + 1 })}>
      {index + 1}
    </span>
  );
}

function Member({ user }: { user: RankedUser }) {
  return (
    <Link to={paths.user(user.id)} className="hover:text-brand-700 dark:hover:text-brand-300 flex min-w-0 items-center gap-2 text-sm text-zinc-800 hover:underline dark:text-zinc-200">
      <Avatar user={user} size={24} />
      <span className="truncate">{user.nickname}</span>
    </Link>
  );
}

export function ScoreRankCard({ users, limit, more = false, cardRef }: { users: RankedUser[] | null; limit?: number; more?: boolean; cardRef?: Ref<HTMLDivElement> }) {
  const t = useT();
  const shown = users && limit ? users.slice(0, limit) : users;
  return (
    <Card className="p-4" data-testid="score-rank" ref={cardRef}>
      <div className="flex items-center justify-between gap-2">
        <h2 className="inline-flex items-center gap-1.5 text-sm font-semibold text-zinc-900 dark:text-zinc-50">
          <TrophyIcon className="size-4 text-amber-600 dark:text-amber-400" />
          {t('score.rank.title')}
        </h2>
        {more && (
          <Link to={`${paths.scores}#ranking`} className="text-brand-700 dark:text-brand-300 text-xs hover:underline">
            {t('score.rank.more')}
          </Link>
        )}
      </div>
      {shown === null ? (
        <div className="mt-3 h-24 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" aria-hidden="true" />
      ) : shown.length === 0 ? (
        <p className="mt-1.5 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{t('score.rank.empty')}</p>
      ) : (
        <ol className="mt-3 space-y-2.5">
          {shown.map((user, index) => (
            <li key={user.id} className="flex items-center gap-2" data-testid="score-rank-entry">
              <Position index={index} />
              <Member user={user} />
              <span className="ml-auto shrink-0 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">{t('score.rank.points', { count: user.score })}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function CheckinRankCard({ entries, limit }: { entries: CheckinRankEntry[] | null; limit?: number }) {
  const t = useT();
  const shown = entries && limit ? entries.slice(0, limit) : entries;
  return (
    <Card className="p-4" data-testid="checkin-rank">
      <h2 className="inline-flex items-center gap-1.5 text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        <CalendarCheckIcon className="size-4 text-emerald-600 dark:text-emerald-400" />
        {t('score.rank.today')}
      </h2>
      {shown === null ? (
        <div className="mt-3 h-16 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" aria-hidden="true" />
      ) : shown.length === 0 ? (
        <p className="mt-1.5 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{t('score.rank.todayEmpty')}</p>
      ) : (
        <ol className="mt-3 space-y-2.5">
          {shown.map((entry, index) => (
            <li key={entry.user.id} className="flex items-center gap-2" data-testid="checkin-rank-entry">
              <Position index={index} />
              <Member user={entry.user} />
              <TopicTime time={entry.time} className="ml-auto shrink-0 text-xs text-zinc-600 dark:text-zinc-400" />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/**
 * The home side column's rankings, asked for after load (see the file's note) once the column
 * comes near the screen: on a phone it sits below the feed, so a first visit that does not scroll
 * loads neither the answers nor the score contracts (imported then: they bring zod, ADR 0034).
 */
export function HomeRankings() {
  const [users, setUsers] = useState<RankedUser[] | null>(null);
  const [entries, setEntries] = useState<CheckinRankEntry[] | null>(null);
  const anchor = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const load = async () => {
      const { scoreActions } = await import('../../../common/actions/scores');
      if (signal.aborted) return;
      // A failed side column is not worth a toast: it shows as empty.
      send(scoreActions.rank, {}, { signal }).then(setUsers, () => !signal.aborted && setUsers([]));
      send(scoreActions.checkinRank, {}, { signal }).then(setEntries, () => !signal.aborted && setEntries([]));
    };
    const element = anchor.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      void load().catch(() => !signal.aborted && (setUsers([]), setEntries([])));
      return () => controller.abort();
    }
    const observer = new IntersectionObserver(
      (seen) => {
        if (!seen.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load().catch(() => !signal.aborted && (setUsers([]), setEntries([])));
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      controller.abort();
    };
  }, []);
  return (
    <>
      <ScoreRankCard users={users} limit={5} more cardRef={anchor} />
      <CheckinRankCard entries={entries} limit={5} />
    </>
  );
}
