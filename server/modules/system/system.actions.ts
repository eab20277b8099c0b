/** The system feature's action (ADR 0021, 0036): the process's memory figures, admins only. */
import { systemActions } from '../../../common/actions/system';
import { memoryViewSchema } from '../../../common/views/system';
import { readAction, who } from '../../kernel/actions';
import { memoryFigures } from './system.usecases';

// `jobs:manage` is the operators' permission (admins): the process's internals, like its jobs.
export const systemActionList = [readAction(systemActions.memory, { who: who.staff('jobs:manage'), answer: memoryViewSchema, personal: true, run: memoryFigures })];
