/**
 * The back office's settings (docs/api-additions.md "Settings and dashboard", admins) and the
 * about page's texts: the contracts of the site-settings feature's actions.
 */
import { z } from '../zod';
import { adminSettingsUpdateSchema, testMailSchema, testStorageSchema } from '../validation/settings';
import type { AboutView, AdminSettingsView, AgreementView, StorageTestResult } from '../views/settings';
import { contract, returns } from './contract';

export const siteSettingsActions = {
  read: contract({
    name: 'siteSettings.read',
    method: 'GET',
    path: '/api/admin/settings',
    input: z.object({}),
    output: returns<AdminSettingsView>(),
    summary: 'Every editable setting (the SMTP password masked) and what the server’s environment fixes above them.',
  }),
  update: contract({
    name: 'siteSettings.update',
    method: 'POST',
    path: '/api/admin/settings',
    input: adminSettingsUpdateSchema,
    output: returns<AdminSettingsView>(),
    summary: 'Writes the settings sent, in one transaction; every process reads them at once.',
  }),
  testMail: contract({
    name: 'siteSettings.testMail',
    method: 'POST',
    path: '/api/admin/settings/test_mail',
    input: testMailSchema,
    output: returns<{ to: string }>(),
    summary: 'Sends one mail through the mail server in use, to the address given or the admin’s own.',
  }),
  testStorage: contract({
    name: 'siteSettings.testStorage',
    method: 'POST',
    path: '/api/admin/settings/test_storage',
    input: testStorageSchema,
    output: returns<StorageTestResult>(),
    summary: 'Writes, reads back and deletes a probe object in the bucket the form describes (saved or not); a failure is 502 with the reason translated.',
  }),
  about: contract({
    name: 'siteSettings.about',
    method: null,
    path: null,
    input: z.object({}),
    output: returns<AboutView>(),
    summary: 'The about page: the about text and the contact section, Markdown rendered and sanitized.',
  }),
  agreement: contract({
    name: 'siteSettings.agreement',
    method: null,
    path: null,
    input: z.object({}),
    output: returns<AgreementView>(),
    summary: 'The user agreement page (issue 29): the agreement, Markdown rendered and sanitized; a default text in the reader’s language until an admin writes one.',
  }),
};
