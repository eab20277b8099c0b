/**
 * The account-data actions (ADR 0021): a member's own data. A ban closes none of them: the right
 * to a copy of one's data and to its erasure does not depend on one's standing on the forum.
 */
import { accountDataActions } from '../../../common/actions/account-data';
import { accountDataViewSchema, accountDeletionViewSchema, accountExportViewSchema } from '../../../common/views/account-data';
import type { RateRule } from '../../infra/rate-limiter';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { accountData, askForDeletion, askForExport, cancelOwnDeletion, checkPassword, downloadArchive } from './account-data.usecases';

const OWN_DATA = 'one’s own data: a ban does not take away the right to a copy of it or to its erasure';

/** Archive requests: the service allows one a day; this bounds a loop hammering the refusal. */
export const EXPORT_REQUEST_RULE: RateRule = { name: 'account:export', max: 5, windowMs: 60 * 60_000 };
/** Erasure requests check a password: as many tries as a sign-in's. */
export const DELETION_REQUEST_RULE: RateRule = { name: 'account:delete', max: 10, windowMs: 15 * 60_000 };
/** Download links are 32 random bytes; this only blunts guessing loops from one address. */
export const DOWNLOAD_RULE: RateRule = { name: 'account:download', max: 30, windowMs: 60 * 60_000 };

export const accountDataActionList = [
  readAction(accountDataActions.status, { who: who.reader(), personal: true, answer: accountDataViewSchema, run: accountData }),
  writeAction(accountDataActions.requestExport, { who: who.member(OWN_DATA), limit: limit.perUser(EXPORT_REQUEST_RULE), answer: accountExportViewSchema, run: askForExport }),
  readAction(accountDataActions.download, { who: who.anyone(), limit: limit.perIp(DOWNLOAD_RULE), personal: true, answer: { media: 'application/zip' }, run: downloadArchive }),
  writeAction(accountDataActions.requestDeletion, {
    who: who.member(OWN_DATA),
    limit: limit.perUser(DELETION_REQUEST_RULE),
    prepare: checkPassword,
    answer: accountDeletionViewSchema,
    run: askForDeletion,
  }),
  writeAction(accountDataActions.cancelDeletion, {
    who: who.member(OWN_DATA),
    limit: limit.none('deletes one of one’s own rows: nothing piles up'),
    answer: accountDeletionViewSchema,
    run: cancelOwnDeletion,
  }),
];
