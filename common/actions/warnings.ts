/**
 * Formal warnings (issue 28, docs/api-additions.md): staff warn a member; the member reads their
 * oldest unacknowledged warning on every page until they acknowledge it; the back office counts
 * a page of members' warnings.
 */
import { z } from '../zod';
import { idField } from '../validation/fields';
import { warningCountsQuery, warnSchema } from '../validation/warning';
import type { WarningCount, WarningView } from '../views/warning';
import { contract, returns } from './contract';

export const warningActions = {
  warn: contract({
    name: 'warning.warn',
    method: 'POST',
    path: '/api/admin/user/warn',
    input: warnSchema,
    output: returns<WarningView>(),
    summary: 'Sends a member a formal warning with a reason (moderators and admins; staff cannot be warned). Audited; the member is told and must acknowledge it.',
  }),
  pending: contract({
    name: 'warning.pending',
    method: 'GET',
    path: '/api/user/warnings/pending',
    input: z.object({}),
    output: returns<WarningView | null>(),
    summary: 'The oldest warning the reader has not acknowledged yet, or null.',
  }),
  acknowledge: contract({
    name: 'warning.acknowledge',
    method: 'POST',
    path: '/api/user/warnings/acknowledge/:id',
    input: z.object({ id: idField }),
    output: returns<WarningView>(),
    summary: 'The reader acknowledges one of their warnings ("I understand"); audited. Acknowledging again changes nothing.',
    notFound: 'safety.errors.warningNotFound',
  }),
  counts: contract({
    name: 'warning.counts',
    method: null,
    path: null,
    input: warningCountsQuery,
    output: returns<WarningCount[]>(),
    summary: "The back office's members page: each member's warnings and how many wait for acknowledgement.",
  }),
};
