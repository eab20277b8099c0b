/** The process's own figures for operators (issue 32): GET admin/system/memory. Read-only. */
import type { Feature } from '../../kernel/feature';
import { systemActionList } from './system.actions';

export const systemFeature: Feature = {
  name: 'system',
  actions: systemActionList,
};
