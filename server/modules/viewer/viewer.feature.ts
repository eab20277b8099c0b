/**
 * The viewer's parts of shared pages (issue 32, ADR 0012): no table, no fact of its own; a read
 * that gathers the reader's own parts from the features that own them.
 */
import type { Feature } from '../../kernel/feature';
import { viewerActionList } from './viewer.actions';

export const viewerFeature: Feature = {
  name: 'viewer',
  actions: viewerActionList,
};
