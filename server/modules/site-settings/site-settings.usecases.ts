/**
 * The site-settings use cases (issue 17), one function per action (site-settings.actions.ts
 * declares who may call each: admins, but for the about page): read every editable setting,
 * change some (inside the action's transaction, then `settings.changed`, whose handlers drop the
 * settings, feed and page caches in every process and write the audit row), send a test mail
 * through the configured server, and the about page.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { siteSettingsActions } from '../../../common/actions/site-settings';
import { adminSettingsSchema, SMS_API_KEY_MASK, SMTP_PASSWORD_MASK, STORAGE_SECRET_MASK, type AdminSettings } from '../../../common/validation/settings';
import { translator } from '../../../common/i18n';
import type { AboutView, AdminSettingsView, AgreementView, StorageTestResult } from '../../../common/views/settings';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { ReadCall, SiteSettings, WriteCall } from '../../kernel/actions';
import { actorOf, memberOf } from '../../kernel/caller';
import { mailTarget } from '../../infra/mail';
import { renderHtml } from '../content/content.api';
import { s3SettingsOf, siteStorage, STORAGE_SECRET, storedImageUrl } from '../uploads/uploads.api';
import { probeBucket } from './storage-probe';
import type { Settings } from '../settings/settings.api';
import { aboutTexts, agreementText, existingSiteSecret, removeSiteSecret, SMS_API_KEY_SECRET, storeSiteSecret, writeSettings } from '../settings/settings.api';

type Input<K extends keyof typeof siteSettingsActions> = ParsedInputOf<(typeof siteSettingsActions)[K]>;

/** The SMTP url with its password replaced by the mask (the form never holds the real one). */
export function maskSmtpUrl(url: string): string {
  if (!url) return url;
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = SMTP_PASSWORD_MASK;
    return parsed.toString();
  } catch {
    return '';
  }
}

/** A url sent back with the mask keeps the stored password (same user and host); any other url is taken as sent. */
function unmaskSmtpUrl(sent: string, stored: string): string {
  let parsed: URL;
  try {
    parsed = new URL(sent);
  } catch {
    return sent;
  }
  if (decodeURIComponent(parsed.password) !== SMTP_PASSWORD_MASK) return sent;
  try {
    const before = new URL(stored);
    if (before.username === parsed.username && before.host === parsed.host) {
      parsed.password = before.password;
      return parsed.toString();
    }
  } catch {
    // No stored url to take a password from: the mask is not a password.
  }
  parsed.password = '';
  return parsed.toString();
}

function editable(settings: Settings, smsKeySet: boolean, storageSecretSet: boolean): AdminSettings {
  const picked = adminSettingsSchema.parse({ ...settings, ...aboutTexts(settings), smsApiKey: smsKeySet ? SMS_API_KEY_MASK : '', storageSecretKey: storageSecretSet ? STORAGE_SECRET_MASK : '' });
  return { ...picked, smtp: { ...picked.smtp, url: maskSmtpUrl(picked.smtp.url) } };
}

/** What the settings screen reads: the editable settings and the server's own limits above them. */
async function settingsView(ctx: AppContext, db: Kysely<DB>, settings: SiteSettings): Promise<AdminSettingsView> {
  const { images } = ctx.config;
  const smsKeySet = (await existingSiteSecret(db, SMS_API_KEY_SECRET)) !== null;
  const storageSecretSet = (await existingSiteSecret(db, STORAGE_SECRET)) !== null;
  return {
    settings: editable(settings, smsKeySet, storageSecretSet),
    server: {
      smtpUrlFromEnv: Boolean(ctx.config.smtpUrl),
      mailFromFromEnv: Boolean(ctx.config.mailFrom),
      storageFromEnv: ctx.config.s3 !== null,
      imageMax: { width: images.maxWidth, height: images.maxHeight, megapixels: images.maxMegapixels },
    },
  };
}

/** GET admin/settings. */
export async function adminSettings({ ctx, db, settings }: ReadCall<Input<'read'>, undefined>): Promise<AdminSettingsView> {
  return settingsView(ctx, db, settings);
}

/**
 * POST admin/settings, inside the transaction: writes the keys sent. A logo must be an image
 * this site stored (400 on `siteLogo` otherwise); a masked SMTP password keeps the stored one.
 */
export async function updateSettings({ ctx, scope, caller, input, settings }: WriteCall<Input<'update'>, undefined>): Promise<void> {
  const { smsApiKey, storageSecretKey, ...rest } = input;
  const values: Partial<Settings> = { ...rest };
  if (input.siteLogo) {
    const stored = await storedImageUrl(input.siteLogo, await siteStorage(ctx, scope.db), ctx.config);
    if (stored === null) throw errors.validation({ siteLogo: 'adminSettings.validation.logo' });
    values.siteLogo = stored;
  }
  if (input.smtp) values.smtp = { ...input.smtp, url: unmaskSmtpUrl(input.smtp.url, settings.smtp.url) };
  const keys: string[] = Object.keys(values);
  // The SMS provider's key lives in the site secrets: the mask sent back keeps it, '' removes it.
  if (smsApiKey !== undefined && smsApiKey !== SMS_API_KEY_MASK) {
    if (smsApiKey === '') await removeSiteSecret(scope.db, SMS_API_KEY_SECRET);
    else await storeSiteSecret(scope.db, SMS_API_KEY_SECRET, smsApiKey, scope.now);
    keys.push('smsApiKey');
  }
  // The bucket's secret key likewise (write-only: the form only ever holds the mask).
  if (storageSecretKey !== undefined && storageSecretKey !== STORAGE_SECRET_MASK) {
    if (storageSecretKey === '') await removeSiteSecret(scope.db, STORAGE_SECRET);
    else await storeSiteSecret(scope.db, STORAGE_SECRET, storageSecretKey, scope.now);
    keys.push('storageSecretKey');
  }
  if (keys.length === 0) return;
  await writeSettings(scope.db, values, scope.now);
  await scope.emit('settings.changed', { keys, actor: actorOf(caller) });
}

/** After the commit: the settings as every process now reads them (the cache was dropped). */
export async function presentSettings({ ctx, db }: ReadCall<Input<'update'>, undefined>): Promise<AdminSettingsView> {
  return settingsView(ctx, db, await ctx.settings.get(db));
}

/**
 * POST admin/settings/test_mail: one message through the mail server the site uses now (SMTP_URL,
 * else the `smtp` setting, else an .eml file), to `to` or the admin's own address. A refused
 * delivery is 502 with the server's reason, so a wrong password or port shows at once.
 */
export async function sendTestMail({ ctx, caller, input, settings }: ReadCall<Input<'testMail'>, undefined>): Promise<{ to: string }> {
  const to = input.to || memberOf(caller).email;
  if (!to) throw errors.validation({ to: 'adminSettings.validation.testMailTo' });
  const t = translator(caller.locale);
  const params = { site: settings.siteTitle };
  try {
    await ctx.mailer.send({ to, subject: String(t('adminSettings.mail.testSubject', params)), text: String(t('adminSettings.mail.testBody', params)) }, mailTarget(ctx.config, settings));
  } catch (error) {
    ctx.log.warn({ err: error }, 'test mail refused');
    const reason = error instanceof Error ? error.message.slice(0, 200) : String(error);
    throw errors.other(502, 'adminSettings.mail.testFailed', { reason });
  }
  return { to };
}

/**
 * POST admin/settings/test_storage: the form's bucket (the mask or an empty key: the stored
 * secret) gets a probe object written, read back and deleted. A failure is 502 with the step and
 * the reason in the admin's language, and the service's own words.
 */
export async function testStorage({ ctx, db, caller, input }: ReadCall<Input<'testStorage'>, undefined>): Promise<StorageTestResult> {
  if (input.storage.driver !== 's3') throw errors.validation({ 'storage.driver': 'objectStorage.validation.testNeedsS3' });
  const sent = input.storageSecretKey;
  const secret = sent === '' || sent === STORAGE_SECRET_MASK ? ((await existingSiteSecret(db, STORAGE_SECRET)) ?? '') : sent;
  const outcome = await probeBucket(s3SettingsOf(input.storage, secret));
  if (outcome.ok) return { bucket: input.storage.bucket, ms: outcome.ms };
  ctx.log.warn({ step: outcome.step, reason: outcome.detail }, 'storage test failed');
  const t = translator(caller.locale);
  throw errors.other(502, 'objectStorage.test.failed', { step: String(t(`objectStorage.test.step.${outcome.step}`)), reason: String(t(outcome.reasonKey)), detail: outcome.detail });
}

/** The /about page: the about text and the contact section, Markdown rendered and sanitized. */
export async function aboutPage({ settings }: ReadCall<Input<'about'>, undefined>): Promise<AboutView> {
  const texts = aboutTexts(settings);
  return { html: renderHtml(texts.aboutContent, 'markdown'), contactHtml: renderHtml(texts.contact, 'markdown') };
}

/** The /agreement page (issue 29): the user agreement, Markdown rendered and sanitized; the default text of the reader's language when none is written. */
export async function agreementPage({ settings, caller }: ReadCall<Input<'agreement'>, undefined>): Promise<AgreementView> {
  return { html: renderHtml(agreementText(settings, caller.locale), 'markdown') };
}
