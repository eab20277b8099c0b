/** The caches feature's action (ADR 0021): GET admin/caches, moderators and admins. */
import { cacheActions } from '../../../common/actions/caches';
import { cacheStatsViewSchema } from '../../../common/views/caches';
import { readAction, who } from '../../kernel/actions';
import { cacheStats } from './caches.usecases';

export const cacheActionList = [readAction(cacheActions.stats, { who: who.staff('admin:access'), answer: cacheStatsViewSchema, run: cacheStats })];
