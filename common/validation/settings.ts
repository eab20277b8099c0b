/**
 * The site settings an administrator edits (`/admin/settings`, POST admin/settings): each field's
 * rules, shared by the server's settings schema (server/modules/settings/settings.schema.ts,
 * which adds the defaults and the keys nobody edits here) and the back office's form (the same
 * zod rules through react-hook-form), so both refuse the same values with the same message on
 * the same field. Messages are keys of the `adminSettings` section.
 *
 * `SETTINGS_SECTIONS` groups the editable keys into the form's tabs; a feature with settings of
 * its own adds its keys to `editableSettingFields` (and a tab, or its own screen that posts them).
 */
import { z } from '../zod';
import { LIMITS, LOCALES } from '../constants';
import { challengeSettingsSchema, trustSettingsSchema } from './defences';
import { ADDRESS_CHARACTERS_MESSAGE, isCleanAddress } from './address';
import { integerField } from './fields';

/**
 * A header nav link goes to a path of this site (`/topics`; not `//host` or `/\host`, which
 * browsers read as another host) or to an http(s) address. Nothing else (`javascript:`,
 * `data:`…) is accepted; the header also renders any other value as plain text. No control,
 * whitespace or invisible character anywhere (`isCleanAddress`): `/\t/evil.example` is another host.
 */
export const NAV_URL = /^(\/(?![/\\])|https?:\/\/)/i;

/** At most this many header links (the header has room for a handful; the mobile menu lists them). */
export const SITE_NAVS_MAX = 12;
export const NAV_TITLE_MAX = 32;
export const NAV_URL_MAX = 512;

export const navSchema = z.object({
  title: z.string({ error: 'adminSettings.validation.navTitle' }).trim().min(1, 'adminSettings.validation.navTitle').max(NAV_TITLE_MAX, 'adminSettings.validation.navTitle'),
  url: z
    .string({ error: 'adminSettings.validation.navUrl' })
    .refine(isCleanAddress, ADDRESS_CHARACTERS_MESSAGE)
    .max(NAV_URL_MAX, 'adminSettings.validation.navUrl')
    .regex(NAV_URL, 'adminSettings.validation.navUrl'),
});

/** An IANA time zone name the runtime knows (`Asia/Bangkok`); the check-in day follows it. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

const scoreAmount = integerField(-1000).pipe(z.number().max(1000, 'adminSettings.validation.scoreRange'));

/**
 * What each cause earns (a negative amount takes score away). A reversal (the content deleted, a
 * like taken back) takes back what was earned, never below zero unless `allowNegative`.
 */
export const scoreRulesSchema = z.object({
  checkin: scoreAmount.default(1),
  topic: scoreAmount.default(5),
  article: scoreAmount.default(10),
  comment: scoreAmount.default(1),
  likeReceived: scoreAmount.default(1),
  allowNegative: z.boolean().default(false),
});

/** A limit: at most `max` in `windowMs` (max 0 switches the rule off). */
export const rateRule = z.object({
  max: integerField(0).pipe(z.number().max(1_000_000, 'adminSettings.validation.rateMax')),
  windowMs: integerField(1000).pipe(z.number().max(31 * 24 * 3_600_000, 'adminSettings.validation.rateWindow')),
});
export type RateRuleValue = z.infer<typeof rateRule>;

const settingCount = (min: number, max: number) => integerField(min).pipe(z.number().max(max, 'validation.invalid'));

/**
 * The `reportLimits` site setting (issue 28): reports per member, and the pause for a member whose
 * reports keep being dismissed (`dismissed` of their last `ofLast` resolved reports within
 * `withinDays` days → no reporting for `pauseDays` days; `dismissed` 0 turns it off).
 */
export const reportSettingsSchema = z.object({
  perUser: rateRule.default({ max: 20, windowMs: 60 * 60_000 }),
  dismissed: settingCount(0, 100).default(3),
  ofLast: settingCount(1, 100).default(5),
  withinDays: settingCount(1, 365).default(30),
  pauseDays: settingCount(1, 365).default(7),
});
export type ReportSettings = z.output<typeof reportSettingsSchema>;

export const timeZoneField = z.string().trim().max(64, 'score.validation.timeZoneInvalid').refine(isTimeZone, { message: 'score.validation.timeZoneInvalid' });

/**
 * Upload limits the admin may lower, never raise past what the server allows: the file size up
 * to the built-in 5 MB, the dimensions up to IMAGE_MAX_WIDTH/HEIGHT/MEGAPIXELS (the smaller
 * applies), and uploads per member.
 */
export const UPLOAD_MB_MAX = Math.floor(LIMITS.uploadMaxBytes / (1024 * 1024));
export const uploadLimitsSchema = z.object({
  maxMb: integerField(1).pipe(z.number().max(UPLOAD_MB_MAX, 'adminSettings.validation.uploadMb')).default(UPLOAD_MB_MAX),
  maxWidth: integerField(16).pipe(z.number().max(100_000, 'adminSettings.validation.dimension')).default(20_000),
  maxHeight: integerField(16).pipe(z.number().max(100_000, 'adminSettings.validation.dimension')).default(20_000),
  maxMegapixels: integerField(1).pipe(z.number().max(1000, 'adminSettings.validation.megapixels')).default(50),
  /** Uploads per member: pasting a dozen screenshots at once is normal, hundreds are not. */
  perUser: rateRule.default({ max: 60, windowMs: 10 * 60_000 }),
});

/** The SMTP server of outgoing mail (SMTP_URL, when set, wins): `smtp://` or `smtps://`, or '' for .eml files. */
export const SMTP_URL = /^smtps?:\/\/[^\s]+$/i;
export const smtpSchema = z.object({
  url: z
    .string()
    .trim()
    .refine(isCleanAddress, ADDRESS_CHARACTERS_MESSAGE)
    .max(512, 'adminSettings.validation.smtpUrl')
    .refine((url) => url === '' || SMTP_URL.test(url), 'adminSettings.validation.smtpUrl'),
  from: z.string().trim().max(256, 'adminSettings.validation.mailFrom').refine((from) => from === '' || /^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>$/.test(from), 'adminSettings.validation.mailFrom'),
});

/**
 * What becomes of a member's posts when their account is erased (issue 29, ADR 0039): kept under
 * "Deleted member", or removed. Their personal data is erased either way.
 */
export const ACCOUNT_DELETION_CONTENT = ['keep', 'remove'] as const;
export type AccountDeletionContent = (typeof ACCOUNT_DELETION_CONTENT)[number];
export const accountDeletionSchema = z.object({ content: z.enum(ACCOUNT_DELETION_CONTENT, { error: 'accountData.validation.content' }) });

/**
 * The HTTP SMS provider (issue 29): where and how a code's message is sent. `{{phone}}`,
 * `{{code}}`, `{{site}}`, `{{message}}` and `{{apiKey}}` are filled in the url, the headers (one
 * `Name: value` a line) and the body; an empty url means "write each SMS to DATA_DIR/sms/".
 */
export const smsProviderSchema = z.object({
  url: z
    .string()
    .trim()
    .refine(isCleanAddress, ADDRESS_CHARACTERS_MESSAGE)
    .max(1024, 'phoneSignIn.validation.providerUrl')
    .refine((url) => url === '' || /^https?:\/\/[^\s]+$/i.test(url), 'phoneSignIn.validation.providerUrl'),
  method: z.enum(['POST', 'GET', 'PUT'], { error: 'validation.invalid' }),
  headers: z.string().max(2000, 'phoneSignIn.validation.providerHeaders').refine((text) => text.split('\n').every((line) => line.trim() === '' || /^[A-Za-z0-9-]+:/.test(line.trim())), 'phoneSignIn.validation.providerHeaders'),
  body: z.string().max(4000, 'phoneSignIn.validation.providerBody'),
});
export type SmsProvider = z.output<typeof smsProviderSchema>;
export const SMS_PROVIDER_DEFAULT: SmsProvider = { url: '', method: 'POST', headers: 'Content-Type: application/json', body: '{"to":"{{phone}}","text":"{{message}}"}' };
/** The SMS API key never leaves the server: GET answers this in its place, and POST keeps the stored one when it comes back. */
export const SMS_API_KEY_MASK = '********';

/**
 * Where uploads are kept (issue 33, ADR 0041): the local disk, or an S3-compatible bucket. The
 * secret key is a site secret (`storageSecretKey`, masked like the SMS key); S3_BUCKET in the
 * environment overrides all of this.
 */
const httpAddress = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(512, message)
    .refine(isCleanAddress, ADDRESS_CHARACTERS_MESSAGE)
    .refine((url) => url === '' || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(url), message);
export const storageSettingsSchema = z
  .object({
    driver: z.enum(['local', 's3'], { error: 'validation.invalid' }),
    /** S3's rule (3–63 of a–z, 0–9, '.', '-'), which R2, MinIO, OSS and COS (`name-appid`) names all follow. */
    bucket: z
      .string({ error: 'objectStorage.validation.bucket' })
      .trim()
      .refine((name) => name === '' || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name), 'objectStorage.validation.bucket'),
    region: z
      .string({ error: 'objectStorage.validation.region' })
      .trim()
      .refine((region) => /^[A-Za-z0-9-]{0,64}$/.test(region), 'objectStorage.validation.region'),
    endpoint: httpAddress('objectStorage.validation.endpoint'),
    accessKeyId: z.string({ error: 'objectStorage.validation.accessKeyId' }).trim().max(256, 'objectStorage.validation.accessKeyId'),
    forcePathStyle: z.boolean(),
    publicUrl: httpAddress('objectStorage.validation.publicUrl'),
    signedUrls: z.boolean(),
  })
  .refine((storage) => storage.driver === 'local' || storage.bucket !== '', { path: ['bucket'], message: 'objectStorage.validation.bucket' });
export type StorageSettings = z.output<typeof storageSettingsSchema>;
export const STORAGE_DEFAULT: StorageSettings = { driver: 'local', bucket: '', region: '', endpoint: '', accessKeyId: '', forcePathStyle: false, publicUrl: '', signedUrls: false };
/** The bucket's secret key never leaves the server: GET answers this in its place, and POST keeps the stored one when it comes back. */
export const STORAGE_SECRET_MASK = '********';

/** Words: trimmed, none empty, no repeats. */
function wordList(max: number, wordMax: number, message: string) {
  return z
    .array(z.string().trim().min(1, message).max(wordMax, message), { error: message })
    .max(max, message)
    .transform((words) => [...new Set(words)]);
}

const text = (max: number, message: string) => z.string({ error: message }).max(max, message);

/** The form's fields (the admin's view of them: the stored settings carry the same keys). */
export const editableSettingFields = {
  siteTitle: z.string({ error: 'adminSettings.validation.siteTitle' }).trim().min(1, 'adminSettings.validation.siteTitle').max(64, 'adminSettings.validation.siteTitle'),
  siteDescription: text(512, 'adminSettings.validation.siteDescription').trim(),
  siteKeywords: wordList(20, 32, 'adminSettings.validation.keywords'),
  /** '' or an image this site stored (`/uploads/…`); the server checks the file exists. */
  siteLogo: text(512, 'adminSettings.validation.logo')
    .trim()
    .refine(isCleanAddress, ADDRESS_CHARACTERS_MESSAGE)
    .refine((url) => url === '' || url.startsWith('/uploads/'), 'adminSettings.validation.logo'),
  siteNavs: z.array(navSchema, { error: 'adminSettings.validation.navs' }).max(SITE_NAVS_MAX, 'adminSettings.validation.navs'),
  siteNotice: text(1000, 'adminSettings.validation.siteNotice').trim(),
  language: z.enum(LOCALES, { error: 'validation.invalid' }),
  recommendTags: wordList(20, 32, 'adminSettings.validation.recommendTags'),
  tokenExpireDays: integerField(1).pipe(z.number().max(365, 'adminSettings.validation.tokenExpireDays')),
  modules: z.object({ tweet: z.boolean(), topic: z.boolean(), article: z.boolean() }),
  aboutContent: text(20_000, 'adminSettings.validation.aboutContent'),
  contact: text(5_000, 'adminSettings.validation.contact'),
  topicReview: z.boolean(),
  articleReview: z.boolean(),
  commentNeedsVerifiedEmail: z.boolean(),
  timeZone: timeZoneField,
  scoreRules: scoreRulesSchema,
  rateLimits: z.object({
    signinPerIp: rateRule,
    signinPerAccount: rateRule,
    signinAttackAlert: rateRule,
    signupPerIp: rateRule,
    mailPerIp: rateRule,
    linkCheckPerIp: rateRule,
    tagAutocomplete: rateRule,
    feedPerIp: rateRule,
    smsPerIp: rateRule,
    smsPerNumber: rateRule,
    phoneSigninPerIp: rateRule,
  }),
  postLimits: z.object({ perUser: rateRule, perIp: rateRule }),
  commentLimits: z.object({ perUser: rateRule, perIp: rateRule }),
  reactionLimits: z.object({ perUser: rateRule }),
  checkinLimits: z.object({ perUser: rateRule }),
  uploadLimits: uploadLimitsSchema,
  reportLimits: reportSettingsSchema,
  smtp: smtpSchema,
  /** The SMS provider of phone sign-in codes (issue 29); an empty url writes them to DATA_DIR/sms/. */
  sms: smsProviderSchema,
  /** The provider's API key, kept in the site secrets (never in the settings): the mask stands for the stored one. */
  smsApiKey: text(512, 'phoneSignIn.validation.apiKey').trim(),
  /** Where uploads are kept: the local disk or an S3-compatible bucket (ADR 0041). */
  storage: storageSettingsSchema,
  /** The bucket's secret access key, kept in the site secrets: the mask stands for the stored one. */
  storageSecretKey: z.string({ error: 'objectStorage.validation.secretKey' }).max(512, 'objectStorage.validation.secretKey'),
  /** The user agreement (Markdown) a phone sign-in and a sign-up accept; empty shows the default text. */
  userAgreement: text(50_000, 'phoneSignIn.validation.agreement'),
  /** Defences (issue 28): the proof-of-work challenge's switch, trust levels' thresholds. */
  challenge: challengeSettingsSchema,
  trust: trustSettingsSchema,
  /** Moderators and admins must set up a second factor (TOTP or a passkey) before the back office (issue 29). */
  requireStaffTwoFactor: z.boolean(),
  /** A member's erasure (issue 29): their posts kept under "Deleted member" or removed. */
  accountDeletion: accountDeletionSchema,
};

export type EditableSettingKey = keyof typeof editableSettingFields;

/** The whole form (every tab), as GET admin/settings answers it. */
export const adminSettingsSchema = z.object(editableSettingFields);
export type AdminSettings = z.output<typeof adminSettingsSchema>;
export type AdminSettingsInput = z.input<typeof adminSettingsSchema>;

/**
 * POST admin/settings: any of the editable keys (a tab sends its own); any other key is refused
 * by its name. Strict, so the check is zod's own walk of the body's keys against the shape's
 * (a Set of own names): an inherited name (`constructor`, `toString`) is unknown like any other,
 * and `__proto__`, which a loose object drops from its output before any refinement sees it, is
 * named too.
 */
export const adminSettingsUpdateSchema = z
  .strictObject(editableSettingFields, { error: (issue) => (issue.code === 'unrecognized_keys' ? 'adminSettings.validation.unknownKey' : undefined) })
  .partial()
  .transform((value) => value as Partial<AdminSettings>);
export type AdminSettingsUpdate = z.output<typeof adminSettingsUpdateSchema>;

/** The form's tabs and the keys each saves. */
export const SETTINGS_SECTIONS = {
  site: ['siteTitle', 'siteDescription', 'siteKeywords', 'siteLogo', 'language', 'siteNotice', 'recommendTags', 'tokenExpireDays'],
  navigation: ['siteNavs'],
  modules: ['modules', 'topicReview', 'articleReview', 'commentNeedsVerifiedEmail', 'accountDeletion'],
  about: ['aboutContent', 'contact', 'userAgreement'],
  scores: ['timeZone', 'scoreRules'],
  limits: ['rateLimits', 'postLimits', 'commentLimits', 'reactionLimits', 'checkinLimits', 'reportLimits'],
  uploads: ['uploadLimits', 'storage', 'storageSecretKey'],
  mail: ['smtp', 'sms', 'smsApiKey'],
  defences: ['challenge', 'trust', 'requireStaffTwoFactor'],
} as const satisfies Record<string, readonly EditableSettingKey[]>;
export type SettingsSection = keyof typeof SETTINGS_SECTIONS;

/** POST admin/settings/test_mail: to the given address, or the admin's own when empty. */
export const testMailSchema = z.object({
  to: z
    .string({ error: 'adminSettings.validation.testMailTo' })
    .trim()
    .max(254, 'adminSettings.validation.testMailTo')
    .refine((to) => to === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to), 'adminSettings.validation.testMailTo')
    .default(''),
});

/** POST admin/settings/test_storage: the storage form's values as they are (saved or not); the mask stands for the stored secret. */
export const testStorageSchema = z.object({
  storage: storageSettingsSchema,
  storageSecretKey: z.string({ error: 'objectStorage.validation.secretKey' }).max(512, 'objectStorage.validation.secretKey').default(''),
});

/** The SMTP password never leaves the server: GET answers this in its place, and POST keeps the stored one when it comes back. */
export const SMTP_PASSWORD_MASK = '********';
