/** The server's caches in figures (issue 32): GET admin/caches. Read-only. */
import type { Feature } from '../../kernel/feature';
import { cacheActionList } from './caches.actions';

export const cachesFeature: Feature = {
  name: 'caches',
  actions: cacheActionList,
};
