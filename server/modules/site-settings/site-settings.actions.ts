/**
 * The site-settings feature's actions (ADR 0021): the back office's settings screen, admins only
 * (`settings:update`, before the body's field errors), and the about page's texts, anyone's.
 */
import { siteSettingsActions } from '../../../common/actions/site-settings';
import { aboutViewSchema, adminSettingsViewSchema, agreementViewSchema, storageTestResultSchema } from '../../../common/views/settings';
import { z } from 'zod';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { aboutPage, adminSettings, agreementPage, presentSettings, sendTestMail, testStorage, updateSettings } from './site-settings.usecases';

export const siteSettingsActionList = [
  readAction(siteSettingsActions.read, { who: who.staff('settings:update'), answer: adminSettingsViewSchema, run: adminSettings }),
  writeAction(siteSettingsActions.update, {
    who: who.staff('settings:update'),
    limit: limit.none('an admin’s change of the settings, audited; nothing piles up'),
    answer: adminSettingsViewSchema,
    run: updateSettings,
    present: presentSettings,
  }),
  // A POST that writes nothing: the mail goes out with no transaction open.
  readAction(siteSettingsActions.testMail, {
    who: who.staff('settings:update'),
    limit: limit.none('admins only: one mail per click, to check the mail server'),
    answer: z.strictObject({ to: z.string() }),
    run: sendTestMail,
  }),
  // A POST whose only write is the probe object in the bucket, deleted at once.
  readAction(siteSettingsActions.testStorage, {
    who: who.staff('settings:update'),
    limit: limit.none('admins only: one probe object per click, to check the bucket'),
    answer: storageTestResultSchema,
    run: testStorage,
  }),
  readAction(siteSettingsActions.about, { who: who.anyone(), answer: aboutViewSchema, run: aboutPage }),
  readAction(siteSettingsActions.agreement, { who: who.anyone(), answer: agreementViewSchema, run: agreementPage }),
];
