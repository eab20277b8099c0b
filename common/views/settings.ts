/** What the back office's settings and dashboard screens read (GET admin/settings, admin/dashboard). */
import { z } from '../zod';
import { adminSettingsSchema } from '../validation/settings';
import { auditEntryViewSchema } from './moderation';

/** GET admin/settings: every editable setting, and what the server's environment fixes above them. */
export const adminSettingsViewSchema = z.strictObject({
  /** The SMTP url's password, if any, is `SMTP_PASSWORD_MASK`. */
  settings: adminSettingsSchema,
  server: z.strictObject({
    /** SMTP_URL is set: it is used instead of the `smtp.url` setting. */
    smtpUrlFromEnv: z.boolean(),
    /** MAIL_FROM is set: it is used instead of `smtp.from`. */
    mailFromFromEnv: z.boolean(),
    /** S3_BUCKET is set: uploads go to that bucket whatever the `storage` setting says. */
    storageFromEnv: z.boolean(),
    /** The server's image ceilings (IMAGE_MAX_*): the smaller of these and the settings applies. */
    imageMax: z.strictObject({ width: z.number(), height: z.number(), megapixels: z.number() }),
  }),
}).meta({ id: 'AdminSettingsView' });
export type AdminSettingsView = z.infer<typeof adminSettingsViewSchema>;

/** POST admin/settings/test_storage: the probe's round trip took this long. */
export const storageTestResultSchema = z.strictObject({ bucket: z.string(), ms: z.number() }).meta({ id: 'StorageTestResult' });
export type StorageTestResult = z.infer<typeof storageTestResultSchema>;

/** The about page: the settings' texts as sanitized HTML (Markdown allowed). */
export const aboutViewSchema = z.strictObject({ html: z.string(), contactHtml: z.string() }).meta({ id: 'AboutView' });
export type AboutView = z.infer<typeof aboutViewSchema>;

/** The /agreement page (issue 29): the user agreement, rendered. */
export const agreementViewSchema = z.strictObject({ html: z.string() }).meta({ id: 'AgreementView' });
export type AgreementView = z.infer<typeof agreementViewSchema>;

/** One day of the dashboard's chart, in the site's time zone. */
export const dashboardDaySchema = z.strictObject({
  /** yyyy-mm-dd. */
  day: z.string(),
  signups: z.number(),
  posts: z.number(),
}).meta({ id: 'DashboardDay' });
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/** GET admin/dashboard. */
export const dashboardViewSchema = z.strictObject({
  counts: z.strictObject({
    members: z.number(),
    topics: z.number(),
    articles: z.number(),
    comments: z.number(),
    signupsToday: z.number(),
    postsToday: z.number(),
    /** Topics, articles and comments waiting for review (status 2). */
    pendingReview: z.number(),
    /** VIP orders submitted and waiting for an admin's decision (issue 18). */
    vipOrders: z.number(),
  }),
  timeZone: z.string(),
  /** The last 30 days, oldest first, today last. */
  days: z.array(dashboardDaySchema),
  /** The newest audit entries. */
  recent: z.array(auditEntryViewSchema),
}).meta({ id: 'DashboardView' });
export type DashboardView = z.infer<typeof dashboardViewSchema>;
