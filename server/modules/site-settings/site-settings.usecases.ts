/**
 * The settings use cases (issue 17), shared by the JSON routes (/api/admin/settings…) and the
 * back-office and about pages: read every editable setting, change some (one transaction, then
 * `settings.changed`, whose handlers drop the settings, feed and page caches in every process
 * and write the audit row), send a test mail through the configured server, and the about page.
 */
import { adminSettingsSchema, SMTP_PASSWORD_MASK, type AdminSettings, type AdminSettingsUpdate } from '../../../common/validation/settings';
import { translator } from '../../../common/i18n';
import type { AboutView, AdminSettingsView } from '../../../common/views/settings';
import { requireDb, type AppContext } from '../../context';
import { errors } from '../../infra/errors';
import { createStorage } from '../../infra/storage';
import type { Caller, ViewerContext } from '../../kernel/caller';
import { runWrite } from '../../kernel/write';
import { authorize } from '../../policy/permissions';
import { mailTarget } from '../auth/auth.api';
import { renderHtml } from '../content/content.api';
import { storedImageUrl } from '../uploads/uploads.api';
import type { Settings } from '../settings/settings.api';
import { aboutTexts, writeSettings } from '../settings/settings.api';

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

function editable(settings: Settings): AdminSettings {
  const picked = adminSettingsSchema.parse({ ...settings, ...aboutTexts(settings) });
  return { ...picked, smtp: { ...picked.smtp, url: maskSmtpUrl(picked.smtp.url) } };
}

/** GET admin/settings (admins). */
export async function adminSettings(ctx: AppContext, viewer: ViewerContext): Promise<AdminSettingsView> {
  authorize(viewer.viewer, 'settings:update');
  const settings = await ctx.settings.get(requireDb(ctx));
  const { images } = ctx.config;
  return {
    settings: editable(settings),
    server: {
      smtpUrlFromEnv: Boolean(ctx.config.smtpUrl),
      mailFromFromEnv: Boolean(ctx.config.mailFrom),
      imageMax: { width: images.maxWidth, height: images.maxHeight, megapixels: images.maxMegapixels },
    },
  };
}

/**
 * POST admin/settings: writes the keys sent (already parsed with `adminSettingsUpdateSchema`) in
 * one transaction. A logo must be an image this site stored (400 on `siteLogo` otherwise).
 */
export async function updateSettings(ctx: AppContext, caller: Caller, input: AdminSettingsUpdate): Promise<AdminSettingsView> {
  const actor = caller.viewer;
  authorize(actor, 'settings:update');
  const db = requireDb(ctx);
  const values: Partial<Settings> = { ...input };
  if (input.siteLogo) {
    const stored = await storedImageUrl(input.siteLogo, createStorage(ctx.config), ctx.config);
    if (stored === null) throw errors.validation({ siteLogo: 'adminSettings.validation.logo' });
    values.siteLogo = stored;
  }
  if (input.smtp) values.smtp = { ...input.smtp, url: unmaskSmtpUrl(input.smtp.url, (await ctx.settings.get(db)).smtp.url) };
  const keys = Object.keys(values);
  if (keys.length > 0) {
    await runWrite(ctx, async (scope) => {
      await writeSettings(scope.db, values, scope.now);
      await scope.emit('settings.changed', { keys, actor: { id: actor.id, moderator: true, ip: caller.origin.ip } });
    });
  }
  return adminSettings(ctx, caller);
}

/**
 * POST admin/settings/test_mail: one message through the mail server the site uses now (SMTP_URL,
 * else the `smtp` setting, else an .eml file), to `to` or the admin's own address. A refused
 * delivery is 502 with the server's reason, so a wrong password or port shows at once.
 */
export async function sendTestMail(ctx: AppContext, caller: Caller, input: { to: string }): Promise<{ to: string }> {
  const actor = caller.viewer;
  authorize(actor, 'settings:update');
  const settings = await ctx.settings.get(requireDb(ctx));
  const to = input.to || actor.email;
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

/** The /about page: the about text and the contact section, Markdown rendered and sanitized. */
export async function aboutPage(ctx: AppContext): Promise<AboutView> {
  const settings = await ctx.settings.get(ctx.state.installed ? ctx.state.db : null);
  const texts = aboutTexts(settings);
  return { html: renderHtml(texts.aboutContent, 'markdown'), contactHtml: renderHtml(texts.contact, 'markdown') };
}
