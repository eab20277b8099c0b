/** Check-in, scores and rankings (API.md `checkin/*`, `user/score_logs`, `user/score/rank`): the contracts of the scores feature's actions. */
import { z } from '../zod';
import { cursorQuery } from '../validation/fields';
import type { Page } from '../views/page';
import type { CheckinRankEntry, CheckinResult, CheckinState, RankedUser, ScoreLogView, ScoreSummary } from '../views/score';
import { contract, returns } from './contract';

export const scoreActions = {
  checkin: contract({
    name: 'score.checkin',
    method: 'POST',
    path: '/api/checkin/checkin',
    input: z.object({}),
    output: returns<CheckinResult>(),
    summary: "Checks the reader in for today (the site's time zone): once a day, a score and a streak.",
  }),
  checkinState: contract({
    name: 'score.checkinState',
    method: 'GET',
    path: '/api/checkin/checkin',
    input: z.object({}),
    output: returns<CheckinState>(),
    summary: "The reader's check-in state today.",
  }),
  checkinRank: contract({
    name: 'score.checkinRank',
    method: 'GET',
    path: '/api/checkin/rank',
    input: z.object({}),
    output: returns<CheckinRankEntry[]>(),
    summary: "Today's earliest check-ins.",
  }),
  logs: contract({
    name: 'score.logs',
    method: 'GET',
    path: '/api/user/score_logs',
    input: cursorQuery,
    output: returns<Page<ScoreLogView>>(),
    summary: "A page of the reader's score log, newest first.",
  }),
  rank: contract({
    name: 'score.rank',
    method: 'GET',
    path: '/api/user/score/rank',
    input: z.object({}),
    output: returns<RankedUser[]>(),
    summary: 'The members with the highest score.',
  }),
  summary: contract({
    name: 'score.summary',
    method: null,
    path: null,
    input: z.object({}),
    output: returns<ScoreSummary>(),
    summary: "The reader's score and check-in state (/user/scores).",
  }),
};
