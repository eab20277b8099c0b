/** What the back office's settings and dashboard screens read (GET admin/settings, admin/dashboard). */
import type { AdminSettings } from '../validation/settings';
import type { AuditEntryView } from './moderation';

/** GET admin/settings: every editable setting, and what the server's environment fixes above them. */
export interface AdminSettingsView {
  /** The SMTP url's password, if any, is `SMTP_PASSWORD_MASK`. */
  settings: AdminSettings;
  server: {
    /** SMTP_URL is set: it is used instead of the `smtp.url` setting. */
    smtpUrlFromEnv: boolean;
    /** MAIL_FROM is set: it is used instead of `smtp.from`. */
    mailFromFromEnv: boolean;
    /** The server's image ceilings (IMAGE_MAX_*): the smaller of these and the settings applies. */
    imageMax: { width: number; height: number; megapixels: number };
  };
}

/** The about page: the settings' texts as sanitized HTML (Markdown allowed). */
export interface AboutView {
  html: string;
  contactHtml: string;
}

/** One day of the dashboard's chart, in the site's time zone. */
export interface DashboardDay {
  /** yyyy-mm-dd. */
  day: string;
  signups: number;
  posts: number;
}

/** GET admin/dashboard. */
export interface DashboardView {
  counts: {
    members: number;
    topics: number;
    articles: number;
    comments: number;
    signupsToday: number;
    postsToday: number;
    /** Topics, articles waiting for review (status 2). */
    pendingReview: number;
    /** VIP orders submitted and waiting for an admin's decision (issue 18). */
    vipOrders: number;
  };
  timeZone: string;
  /** The last 30 days, oldest first, today last. */
  days: DashboardDay[];
  /** The newest audit entries. */
  recent: AuditEntryView[];
}
