/**
 * The backups' actions (ADR 0021, 0040): admins only (`backups:manage`): an archive holds every
 * member's password hash and the site's secrets.
 */
import { backupActions } from '../../../common/actions/backups';
import { backupRemovedSchema, backupSettingsViewSchema, backupsViewSchema, backupStoreTestResultSchema, backupViewSchema } from '../../../common/views/backups';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { backupsOverview, deleteBackup, downloadBackup, saveBackupSettings, startBackup, testBackupStore } from './backups.usecases';

const ADMINS_BUTTON = 'an admin’s button: one backup runs at a time (a second is refused while one runs), and retention bounds the archives kept';

export const backupsActionList = [
  readAction(backupActions.list, { who: who.staff('backups:manage'), answer: backupsViewSchema, personal: true, run: backupsOverview }),
  writeAction(backupActions.saveSettings, { who: who.staff('backups:manage'), limit: limit.none('an admin’s form: one settings row rewritten'), answer: backupSettingsViewSchema, run: saveBackupSettings }),
  writeAction(backupActions.start, { who: who.staff('backups:manage'), limit: limit.none(ADMINS_BUTTON), answer: backupViewSchema, run: startBackup }),
  // A POST whose only write is the probe object in the bucket, deleted at once.
  readAction(backupActions.testStore, { who: who.staff('backups:manage'), limit: limit.none('an admin’s button: one probe object per click, to check the bucket'), answer: backupStoreTestResultSchema, run: testBackupStore }),
  writeAction(backupActions.remove, { who: who.staff('backups:manage'), limit: limit.none('an admin’s button: deletes one archive'), answer: backupRemovedSchema, run: deleteBackup }),
  readAction(backupActions.download, { who: who.staff('backups:manage'), personal: true, answer: { media: 'application/gzip' }, run: downloadBackup }),
];
