/** The server's caches and memory in figures (issue 32): GET admin/caches, GET admin/system/memory. Read-only. */
import type { Feature } from '../../kernel/feature';
import { cacheActionList } from './caches.actions';

export const cachesFeature: Feature = {
  name: 'caches',
  actions: cacheActionList,
};
