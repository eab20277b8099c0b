/**
 * The account-data use cases, one function per action (account-data.actions.ts declares who may
 * call each — the signed-in member, for their own data; the download, whoever holds the link).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { accountDataActions } from '../../../common/actions/account-data';
import type { AccountDataView, AccountDeletionView, AccountExportView } from '../../../common/views/account-data';
import { errors } from '../../infra/errors';
import type { MediaAnswer, ReadCall, WriteCall } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import { exportJob, deletionMailJob } from './account-data.jobs';
import { accountDataOf, cancelDeletion, checkDeletionPassword, requestExport, scheduleDeletion, spendLink } from './account-data.service';

type Input<K extends keyof typeof accountDataActions> = ParsedInputOf<(typeof accountDataActions)[K]>;

/** GET account/data. */
export function accountData({ db, caller, settings }: ReadCall<Input<'status'>, undefined>): Promise<AccountDataView> {
  return accountDataOf(db, memberOf(caller), settings.accountDeletion.content, caller.now);
}

/** POST account/export: the request recorded, the archive's job enqueued with it. */
export async function askForExport({ scope, caller }: WriteCall<Input<'requestExport'>, undefined>): Promise<AccountExportView> {
  const { exportId, view } = await requestExport(scope, memberOf(caller).id, caller.locale);
  await scope.enqueue(exportJob, { exportId });
  return view;
}

/** GET account/export/:token: the archive, once; 404 for a link unknown, used or expired. */
export async function downloadArchive({ ctx, db, caller, input }: ReadCall<Input<'download'>, undefined>): Promise<MediaAnswer> {
  const spent = await spendLink(ctx, db, input.token, caller.now);
  if (!spent) throw errors.notFound('accountData.errors.linkInvalid');
  const size = await stat(spent.file).then((file) => file.size, () => null);
  if (size === null) throw errors.notFound('accountData.errors.linkInvalid');
  const day = new Date(spent.row.create_time).toISOString().slice(0, 10);
  return {
    type: 'application/zip',
    headers: { 'content-disposition': `attachment; filename="my-data-${day}.zip"`, 'content-length': size, 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' },
    body: createReadStream(spent.file),
  };
}

/** POST account/delete: the password checked before the transaction (`prepare`). */
export async function checkPassword({ caller, input }: ReadCall<Input<'requestDeletion'>, undefined>): Promise<void> {
  await checkDeletionPassword(memberOf(caller), input.password);
}

export async function askForDeletion({ scope, caller }: WriteCall<Input<'requestDeletion'>, undefined, void>): Promise<AccountDeletionView> {
  const userId = memberOf(caller).id;
  const due = await scheduleDeletion(scope, userId);
  await scope.enqueue(deletionMailJob, { userId, due, locale: caller.locale });
  return { deletionTime: due };
}

/** POST account/delete/cancel. */
export async function cancelOwnDeletion({ scope, caller }: WriteCall<Input<'cancelDeletion'>, undefined>): Promise<AccountDeletionView> {
  await cancelDeletion(scope.db, memberOf(caller).id);
  return { deletionTime: null };
}
