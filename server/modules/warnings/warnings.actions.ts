/**
 * The warnings feature's actions (ADR 0021): staff warn (audited, nothing piles up but rows staff
 * chose to write), the member reads and acknowledges (a ban must not keep the banner up forever).
 */
import { z } from 'zod';
import { warningActions } from '../../../common/actions/warnings';
import { pendingWarningSchema, warningCountSchema, warningViewSchema } from '../../../common/views/warning';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { acknowledge, counts, pending, warn } from './warnings.usecases';

export const warningsActionList = [
  writeAction(warningActions.warn, {
    who: who.staff('user:warn'),
    limit: limit.none('moderators and admins only, each warning audited'),
    answer: warningViewSchema,
    run: warn,
  }),
  readAction(warningActions.pending, { who: who.reader(), answer: pendingWarningSchema, run: pending }),
  writeAction(warningActions.acknowledge, {
    who: who.member('a banned member must still be able to acknowledge a warning: the banner waits for it on every page'),
    limit: limit.none('one row per warning, changed once; a repeat changes nothing'),
    answer: warningViewSchema,
    run: acknowledge,
  }),
  readAction(warningActions.counts, { who: who.staff('user:warn'), answer: z.array(warningCountSchema), run: counts }),
];
