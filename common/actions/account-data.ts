/**
 * A member's own data (issue 29, Thailand's PDPA; ADR 0039): a copy of it as an archive, and the
 * erasure of their account after a grace period.
 */
import { z } from '../zod';
import { deletionRequestSchema, exportTokenSchema } from '../validation/account-data';
import type { AccountDataView, AccountDeletionView, AccountExportView } from '../views/account-data';
import { contract, returns } from './contract';

export const accountDataActions = {
  status: contract({
    name: 'accountData.status',
    method: 'GET',
    path: '/api/account/data',
    input: z.object({}),
    output: returns<AccountDataView>(),
    summary: 'The reader’s newest archive of their data and their scheduled erasure, if any.',
  }),
  requestExport: contract({
    name: 'accountData.requestExport',
    method: 'POST',
    path: '/api/account/export',
    input: z.object({}),
    output: returns<AccountExportView>(),
    summary: 'Asks for an archive of the reader’s data (one a day): built by a job, then a link that works once, for 24 hours, is mailed and sent as a site message.',
  }),
  download: contract({
    name: 'accountData.download',
    method: 'GET',
    path: '/api/account/export/:token',
    input: exportTokenSchema,
    output: returns<string>(),
    summary: 'The archive (application/zip) of a link from the mail: works once, within 24 hours of being ready.',
    media: 'application/zip',
  }),
  requestDeletion: contract({
    name: 'accountData.requestDeletion',
    method: 'POST',
    path: '/api/account/delete',
    input: deletionRequestSchema,
    output: returns<AccountDeletionView>(),
    summary: 'Schedules the erasure of the reader’s account in 7 days (the password again, when the account has one, and `confirm: true`). Signing in meanwhile cancels it.',
  }),
  cancelDeletion: contract({
    name: 'accountData.cancelDeletion',
    method: 'POST',
    path: '/api/account/delete/cancel',
    input: z.object({}),
    output: returns<AccountDeletionView>(),
    summary: 'Cancels the reader’s scheduled erasure.',
  }),
};
