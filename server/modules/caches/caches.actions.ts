/** The caches feature's actions (ADR 0021): GET admin/caches (moderators and admins), GET admin/system/memory (admins). */
import { cacheActions } from '../../../common/actions/caches';
import { cacheStatsViewSchema, memoryViewSchema } from '../../../common/views/caches';
import { readAction, who } from '../../kernel/actions';
import { cacheStats, memoryStats } from './caches.usecases';

export const cacheActionList = [
  readAction(cacheActions.stats, { who: who.staff('admin:access'), answer: cacheStatsViewSchema, run: cacheStats }),
  readAction(cacheActions.memory, { who: who.staff('system:inspect'), answer: memoryViewSchema, personal: true, run: memoryStats }),
];
