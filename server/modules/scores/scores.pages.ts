/** The scores' slice of `context.site`: `/user/scores` and the home side column's rankings. */
import type { AppContext } from '../../context';
import { attemptForPage, pageRead, pageViewerContext, type PageSlice } from '../../kernel/pages';
import { scoreLogs, scoreRanking, scoreSummary, todayCheckins } from './scores.usecases';

export function scorePages(ctx: AppContext): PageSlice {
  return {
    scores: {
      summary: pageRead(ctx, scoreSummary),
      logs: (viewer, params) => attemptForPage(viewer, () => scoreLogs(ctx, pageViewerContext(ctx, viewer), params)),
      rank: () => scoreRanking(ctx, { now: ctx.clock.now() }),
      checkinRank: () => todayCheckins(ctx, { now: ctx.clock.now() }),
    },
  };
}
