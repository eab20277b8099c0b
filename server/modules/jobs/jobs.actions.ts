/**
 * The jobs feature's actions (ADR 0021, 0022): the back office's view of jobs after commit and
 * its retry buttons, admins only (`jobs:manage`).
 */
import { jobActions } from '../../../common/actions/jobs';
import { jobsRetriedSchema, jobsViewSchema, jobViewSchema } from '../../../common/views/jobs';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { jobsOverview, retryAllFailed, retryJob } from './jobs.usecases';

const ADMINS_BUTTON = 'an admin’s button: a retry moves failed rows back to wait, and a failed job can only be retried once before it runs';

export const jobsActionList = [
  readAction(jobActions.list, { who: who.staff('jobs:manage'), answer: jobsViewSchema, personal: true, run: jobsOverview }),
  writeAction(jobActions.retry, { who: who.staff('jobs:manage'), limit: limit.none(ADMINS_BUTTON), answer: jobViewSchema, run: retryJob }),
  writeAction(jobActions.retryFailed, { who: who.staff('jobs:manage'), limit: limit.none(ADMINS_BUTTON), answer: jobsRetriedSchema, run: retryAllFailed }),
];
