/**
 * The scores feature's actions (ADR 0021): who may call each, its limit, its answer and the use
 * case it runs. Routes and the pages' reads are made from these; nothing else decides.
 */
import { scoreActions } from '../../../common/actions/scores';
import { pageOf } from '../../../common/views/page';
import { checkinRankEntrySchema, checkinResultSchema, checkinStateSchema, rankedUserSchema, scoreLogViewSchema, scoreSummarySchema } from '../../../common/views/score';
import { z } from 'zod';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { checkin, checkinState, scoreLogs, scoreRanking, scoreSummary, todayCheckins } from './scores.usecases';

export const scoresActionList = [
  writeAction(scoreActions.checkin, {
    who: who.writer(),
    // A few clicks a minute per member (setting `checkinLimits`), a refused one (409: already
    // checked in today) included; moderators click freely. The day's unique key is the rule.
    limit: limit.perUser((settings) => ({ name: 'checkin:user', ...settings.checkinLimits.perUser }), { staffExempt: true }),
    answer: checkinResultSchema,
    run: checkin,
  }),
  readAction(scoreActions.checkinState, { who: who.reader(), answer: checkinStateSchema, run: checkinState }),
  readAction(scoreActions.checkinRank, { who: who.anyone(), answer: z.array(checkinRankEntrySchema), run: todayCheckins }),
  readAction(scoreActions.logs, { who: who.reader(), answer: pageOf(scoreLogViewSchema), run: scoreLogs }),
  readAction(scoreActions.rank, { who: who.anyone(), answer: z.array(rankedUserSchema), run: scoreRanking }),
  readAction(scoreActions.summary, { who: who.reader(), answer: scoreSummarySchema, run: scoreSummary }),
];
