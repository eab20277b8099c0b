/**
 * The reader's own parts of a page everyone reads (issue 32, ADR 0012): one small read after the
 * shared HTML, instead of running the page's loaders again for the member.
 */
import { viewerPartsQuery } from '../validation/viewer';
import type { ViewerParts } from '../views/viewer';
import { contract, returns } from './contract';

export const viewerActions = {
  parts: contract({
    name: 'viewer.parts',
    method: 'GET',
    path: '/api/viewer/parts',
    input: viewerPartsQuery,
    output: returns<ViewerParts>(),
    summary:
      "The reader's own parts of a shared page: who they are, their unread counts, blocked members, pending warning and trust level; with an item, whether they liked and favorited it, which of the listed comments they liked, and a topic's hidden content for them. Counts no view.",
  }),
};
