/**
 * `/user/scores` (spec §2, ucenter layout, sign-in required): the reader's score and check-in
 * streak with the check-in card, the score log with "Load more", and the rankings (score, and
 * today's earliest check-ins) as the page's own section (#ranking).
 */
import {
  useLoaderData,
  useRevalidator,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "react-router";
import { accountMeta } from "~/components/account/page-meta";
import { unwrapResult } from "~/components/comment/ucenter-data.server";
import { CheckinCard } from "~/components/score/checkin-card";
import { FlameIcon, TrophyIcon } from "~/components/score/icons";
import { CheckinRankCard, ScoreRankCard } from "~/components/score/rankings";
import { ScoreLog } from "~/components/score/score-log";
import { UcenterPage } from "~/components/comment/ucenter-page";
import { Card } from "~/components/ui/card";
import { requireUser } from "~/lib/auth.server";
import { scoreActions } from "../../common/actions/scores";
import { useT } from "~/lib/use-t";

export const meta = accountMeta("score.page.title");

export async function loader({
  context,
  request,
}: LoaderFunctionArgs<AppLoadContext>) {
  requireUser(context, request);
  const [summary, page, rank, checkins] = await Promise.all([
    context.read(scoreActions.summary, {}),
    context.read(scoreActions.logs, {}),
    context.read(scoreActions.rank, {}),
    context.read(scoreActions.checkinRank, {}),
  ]);
  return {
    summary: unwrapResult(summary),
    page: unwrapResult(page),
    rank: unwrapResult(rank),
    checkins: unwrapResult(checkins),
    now: context.site.now(),
  };
}

function Figure({
  label,
  value,
  icon,
  testId,
}: {
  label: string;
  value: string;
  icon: React.ReactNode;
  testId: string;
}) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300 inline-flex size-10 shrink-0 items-center justify-center rounded-xl">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{label}</p>
        <p
          className="text-xl font-semibold text-zinc-900 tabular-nums dark:text-zinc-50"
          data-testid={testId}
        >
          {value}
        </p>
      </div>
    </Card>
  );
}

export default function ScoresPage() {
  const t = useT();
  const { summary, page, rank, checkins, now } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  return (
    <UcenterPage
      title={t("score.page.title")}
      description={t("score.page.description")}
      now={now}
    >
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-3">
        <Figure
          label={t("score.page.score")}
          value={String(summary.score)}
          icon={<TrophyIcon className="size-5" />}
          testId="score-total"
        />
        <Figure
          label={t("score.page.streak")}
          value={t("score.page.days", {
            count: summary.checkin.consecutiveDays,
          })}
          icon={<FlameIcon className="size-5" />}
          testId="score-streak"
        />
        {/* A check-in moves the score, the log and the rankings: read them all again. */}
        <div className="col-span-2 lg:col-span-1">
          <CheckinCard
            key={`${summary.checkin.checkedInToday}`}
            initial={summary.checkin}
            onCheckedIn={() => void revalidator.revalidate()}
          />
        </div>
      </div>
      <section aria-labelledby="score-log-title" className="space-y-3">
        <h2
          id="score-log-title"
          className="text-base font-semibold text-zinc-900 dark:text-zinc-50"
        >
          {t("score.page.log")}
        </h2>
        <ScoreLog initial={page} />
      </section>
      <section
        id="ranking"
        aria-label={t("score.rank.label")}
        className="grid scroll-mt-20 gap-4 md:grid-cols-2"
      >
        <ScoreRankCard users={rank} />
        <CheckinRankCard entries={checkins} />
      </section>
    </UcenterPage>
  );
}
