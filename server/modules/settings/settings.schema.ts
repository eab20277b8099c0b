/**
 * Every site setting with its type and default. Stored one row per key in `settings` (JSON
 * value); unknown or invalid stored values fall back to the default, so a bad row never breaks
 * the site. Features add their keys here.
 */
import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../../../common/constants';
import { DEFAULT_SITE_TIME_ZONE } from '../../../common/site-time';
import { accountDeletionSchema, navSchema, rateRule, reportSettingsSchema, scoreRulesSchema, SMS_PROVIDER_DEFAULT, smsProviderSchema, smtpSchema, STORAGE_DEFAULT, storageSettingsSchema, timeZoneField, uploadLimitsSchema } from '../../../common/validation/settings';
import { vipSettingsStored } from '../../../common/validation/vip';
import { challengeSettingsSchema, trustSettingsSchema } from '../../../common/validation/defences';
import { signInProvidersSettingsSchema } from '../../../common/validation/identities';
import { backupSettingsSchema } from '../../../common/validation/backups';

// The field rules live in common/validation/settings.ts (the back office's form uses them too).
export { isTimeZone, NAV_URL } from '../../../common/validation/settings';

export const settingsSchema = z.object({
  language: z.enum(LOCALES).default(DEFAULT_LOCALE),
  siteTitle: z.string().default('Sabai'),
  /**
   * The site's public address for absolute links (mails, RSS, sitemaps). Recorded by the
   * installer from the address the admin installed through; PUBLIC_URL overrides it. Never
   * taken from a later request's Host header, which the sender controls.
   */
  siteUrl: z.string().default(''),
  siteDescription: z.string().default(''),
  siteKeywords: z.array(z.string()).default([]),
  siteLogo: z.string().default(''),
  siteNavs: z.array(navSchema).default([]),
  siteNotice: z.string().default(''),
  modules: z.object({ tweet: z.boolean(), topic: z.boolean(), article: z.boolean() }).default({ tweet: true, topic: true, article: true }),
  aboutContent: z.string().default(''),
  contact: z.string().default(''),
  recommendTags: z.array(z.string()).default([]),
  tokenExpireDays: z.number().int().min(1).max(365).default(30),
  /** VIP membership (issue 18): the switch, the TRC20 wallet, prices, order expiry, explorer link, order limit. */
  vip: vipSettingsStored.prefault({}),
  /** Outgoing mail when SMTP_URL is not set; empty url means "write .eml files". */
  smtp: smtpSchema.default({ url: '', from: '' }),
  /** The HTTP SMS provider of phone codes (issue 29); an empty url writes each SMS to DATA_DIR/sms/. Its API key is a site secret. */
  sms: smsProviderSchema.default(SMS_PROVIDER_DEFAULT),
  /** Where uploads are kept (ADR 0041); the bucket's secret key is a site secret. S3_BUCKET overrides it. */
  storage: storageSettingsSchema.default(STORAGE_DEFAULT),
  /** The user agreement (Markdown); empty shows the default text of the reader's language. */
  userAgreement: z.string().default(''),
  /**
   * Abuse limits per route family (DESIGN security model). max 0 disables a rule. Each rule has
   * its own default, so a stored object written before a rule existed still reads.
   */
  rateLimits: z
    .object({
      /** Failed sign-ins from one IP, across accounts. */
      signinPerIp: rateRule.default({ max: 30, windowMs: 15 * 60_000 }),
      /**
       * Failed sign-ins on one account from one IP: after three, each attempt waits longer; past
       * max that IP gets 429 for that account. Other IPs (the owner's) are never slowed by it.
       */
      signinPerAccount: rateRule.default({ max: 10, windowMs: 15 * 60_000 }),
      /** Failed sign-ins on one account from anywhere that make it "under attack": its owner is mailed once per window. */
      signinAttackAlert: rateRule.default({ max: 20, windowMs: 60 * 60_000 }),
      signupPerIp: rateRule.default({ max: 10, windowMs: 60 * 60_000 }),
      mailPerIp: rateRule.default({ max: 5, windowMs: 60 * 60_000 }),
      /** Failed e-mail verification and password-reset link checks from one IP. */
      linkCheckPerIp: rateRule.default({ max: 20, windowMs: 60 * 60_000 }),
      /** Tag autocomplete requests per member (or per IP when signed out): one per keystroke pause. */
      tagAutocomplete: rateRule.default({ max: 300, windowMs: 5 * 60_000 }),
      /** Feed and list reads (topics, comments, replies, tags) per IP: generous, for scrapers and loops, not readers. */
      feedPerIp: rateRule.default({ max: 600, windowMs: 60_000 }),
      /** SMS codes asked for from one IP (phone sign-in and binding). */
      smsPerIp: rateRule.default({ max: 10, windowMs: 60 * 60_000 }),
      /** SMS codes sent to one number (besides the one-a-minute cool-down). */
      smsPerNumber: rateRule.default({ max: 5, windowMs: 60 * 60_000 }),
      /** Failed phone sign-ins from one IP (wrong or expired codes). */
      phoneSigninPerIp: rateRule.default({ max: 30, windowMs: 15 * 60_000 }),
    })
    .prefault({}),
  /** The site's time zone (IANA name): the day a check-in counts for, and when "today" starts. */
  timeZone: timeZoneField.default(DEFAULT_SITE_TIME_ZONE),
  /** Score rules (issue 14); each has its own default, so a stored object missing a rule still reads. */
  scoreRules: scoreRulesSchema.prefault({}),
  /** Check-in clicks per member: a day has one check-in, so this only blunts hammering. max 0 disables the rule. */
  checkinLimits: z.object({ perUser: rateRule }).default({ perUser: { max: 20, windowMs: 60_000 } }),
  /** Every new topic by a member waits for a moderator. */
  topicReview: z.boolean().default(false),
  /** Every new article by a member waits for a moderator (forbidden words, modules/words, hold any post whatever this says). */
  articleReview: z.boolean().default(false),
  /** Posting limits, counted apart for topics and for articles; moderators and admins are exempt. max 0 disables a rule. */
  postLimits: z
    .object({ perUser: rateRule, perIp: rateRule })
    .default({ perUser: { max: 10, windowMs: 60 * 60_000 }, perIp: { max: 30, windowMs: 60 * 60_000 } }),
  /** Commenting needs a verified e-mail (posting topics always does). */
  commentNeedsVerifiedEmail: z.boolean().default(false),
  /** Moderators and admins must have a second factor (TOTP or a passkey) before staff actions answer them (issue 29). */
  requireStaffTwoFactor: z.boolean().default(false),
  /** Comment limits; moderators and admins are exempt. max 0 disables a rule. */
  commentLimits: z
    .object({ perUser: rateRule, perIp: rateRule })
    .default({ perUser: { max: 30, windowMs: 10 * 60_000 }, perIp: { max: 120, windowMs: 10 * 60_000 } }),
  /** Like/unlike and favorite/unfavorite clicks per user. max 0 disables the rule. */
  reactionLimits: z.object({ perUser: rateRule }).default({ perUser: { max: 300, windowMs: 10 * 60_000 } }),
  /** Upload size, dimensions (within the server's IMAGE_MAX_* ceilings) and uploads per member; each has its own default. */
  uploadLimits: uploadLimitsSchema.prefault({}),
  /**
   * Reports by members (issue 28): reports per member, and the pause for a member whose reports
   * staff keep dismissing — `dismissed` of their last `ofLast` resolved reports within
   * `withinDays` days stop them reporting for `pauseDays` days after the last of those. Each has
   * its own default; `dismissed` 0 turns the pause off.
   */
  reportLimits: reportSettingsSchema.prefault({}),
  /** Trust levels (issue 28): the thresholds, and what a new member (level 0) may do. */
  trust: trustSettingsSchema.prefault({}),
  /** The proof-of-work challenge on sign-up and password reset requests (issue 28). */
  challenge: challengeSettingsSchema.prefault({}),
  /** Sign-in providers (issue 29, ADR 0035): each one's switch, client id and addresses; the client secrets are site secrets. */
  signInProviders: signInProvidersSettingsSchema.prefault({}),
  /** A member's erasure (issue 29, ADR 0039): 'keep' their posts under "Deleted member", or 'remove' them. */
  accountDeletion: accountDeletionSchema.default({ content: 'keep' }),
  /** Whole-forum backups (issue 33, ADR 0040): the schedule (site time zone) and how many archives to keep. */
  backups: backupSettingsSchema.prefault({}),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

export const defaultSettings: Settings = settingsSchema.parse({});
