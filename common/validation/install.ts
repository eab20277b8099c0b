/**
 * The installer form (spec §5 "Installer"), shared by the browser form and `install/install`.
 * Every message is an i18n key of the `install` section, so the same schema gives translated
 * messages on both sides. Field errors are keyed by path: `db.host`, `siteTitle`, …
 */
import { z } from '../zod';
import { DEFAULT_LOCALE, LIMITS, LOCALES, USERNAME_PATTERN } from '../constants';

export const DB_TYPES = ['sqlite', 'mysql', 'postgres'] as const;
export type InstallDbType = (typeof DB_TYPES)[number];

/** Default ports the form pre-fills (the spec still requires a port for server databases). */
export const DEFAULT_DB_PORTS: Record<Exclude<InstallDbType, 'sqlite'>, number> = { mysql: 3306, postgres: 5432 };

/** The SQLite file created under DATA_DIR when the form leaves the name empty. */
export const DEFAULT_SQLITE_FILE = 'sabai.db';

const M = {
  dbIncomplete: 'install.validation.dbIncomplete',
  dbType: 'install.validation.dbTypeInvalid',
  port: 'install.validation.portInvalid',
  siteTitle: 'install.validation.siteTitleRequired',
  siteTitleTooLong: 'install.validation.siteTitleTooLong',
  siteDescriptionTooLong: 'install.validation.siteDescriptionTooLong',
  adminUsername: 'install.validation.adminUsernameRequired',
  adminUsernameInvalid: 'install.validation.adminUsernameInvalid',
  adminPassword: 'install.validation.adminPasswordRequired',
  adminPasswordTooShort: 'install.validation.adminPasswordTooShort',
  adminPasswordTooLong: 'install.validation.adminPasswordTooLong',
  adminPasswordConfirm: 'install.validation.adminPasswordConfirmRequired',
  mismatch: 'install.validation.passwordMismatch',
  adminEmail: 'install.validation.adminEmailInvalid',
  language: 'install.validation.languageInvalid',
} as const;

/** Absent, null and blank all mean "not given" (form-encoded bodies send empty strings). */
const blankToUndefined = (value: unknown) => (value === null || value === undefined || (typeof value === 'string' && value.trim() === '') ? undefined : value);

const optionalText = (message: string, max = 255) => z.preprocess(blankToUndefined, z.string({ error: message }).trim().max(max, message).optional());

/**
 * `{type, host, port, database, username, password?}`. For SQLite only `database` matters: an
 * optional file name or path (relative to DATA_DIR; empty = DATA_DIR/sabai.db). For MySQL and
 * PostgreSQL host, port, database and username are required.
 */
export const installDbSchema = z
  .object({
    type: z.enum(DB_TYPES, { error: M.dbType }),
    host: optionalText(M.dbIncomplete),
    port: z.preprocess(blankToUndefined, z.coerce.number({ error: M.port }).int(M.port).min(1, M.port).max(65535, M.port).optional()),
    database: optionalText(M.dbIncomplete, 1024),
    username: optionalText(M.dbIncomplete),
    password: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string({ error: M.dbIncomplete }).max(255, M.dbIncomplete)),
  }, { error: M.dbIncomplete })
  .superRefine((db, ctx) => {
    if (db.type === 'sqlite') return;
    for (const field of ['host', 'port', 'database', 'username'] as const) {
      if (db[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: M.dbIncomplete });
    }
  });
export type InstallDbInput = z.output<typeof installDbSchema>;

/** Site, admin and language: everything but the database (the page validates it step by step). */
export const installSiteSchema = z.object({
  siteTitle: z.string({ error: M.siteTitle }).trim().min(1, M.siteTitle).max(LIMITS.siteTitleMax, M.siteTitleTooLong),
  siteDescription: z.preprocess((v) => v ?? '', z.string({ error: M.siteDescriptionTooLong }).trim().max(LIMITS.siteDescriptionMax, M.siteDescriptionTooLong)),
});

export const installAdminSchema = z
  .object({
    adminUsername: z
      .string({ error: M.adminUsername })
      .trim()
      .min(1, M.adminUsername)
      // The member rule's length messages (common/validation/account.ts), before the pattern's.
      .min(LIMITS.usernameMin, 'validation.usernameTooShort')
      .max(LIMITS.usernameMax, 'validation.usernameTooLong')
      .regex(USERNAME_PATTERN, M.adminUsernameInvalid),
    adminPassword: z
      .string({ error: M.adminPassword })
      .min(1, M.adminPassword)
      .min(LIMITS.passwordMin, M.adminPasswordTooShort)
      .max(LIMITS.passwordMax, M.adminPasswordTooLong),
    adminPasswordConfirm: z.string({ error: M.adminPasswordConfirm }).min(1, M.adminPasswordConfirm),
    /** Optional; when given the admin can receive mail (it still needs verifying). */
    adminEmail: z.preprocess(blankToUndefined, z.string({ error: M.adminEmail }).trim().max(LIMITS.emailMax, M.adminEmail).pipe(z.email({ error: M.adminEmail })).optional()),
  })
  // A missing password or confirmation already has its own message.
  .refine((v) => !v.adminPassword || !v.adminPasswordConfirm || v.adminPassword === v.adminPasswordConfirm, {
    path: ['adminPasswordConfirm'],
    message: M.mismatch,
  });

export const installLanguageSchema = z.object({
  language: z.preprocess(blankToUndefined, z.enum(LOCALES, { error: M.language }).default(DEFAULT_LOCALE)),
});

/** The whole `install/install` body. */
export const installSchema = z
  .object({ db: installDbSchema })
  .and(installSiteSchema)
  .and(installAdminSchema)
  .and(installLanguageSchema);
export type InstallInput = z.output<typeof installSchema>;

/** The body when the operator fixed the database (DATABASE_URL): `db` may be left out. */
export const installWithFixedDbSchema = z
  .object({ db: z.unknown().optional() })
  .and(installSiteSchema)
  .and(installAdminSchema)
  .and(installLanguageSchema);

/**
 * The `install/install` body as the route reads it: `db` is checked when sent, and required
 * unless the operator fixed the database (DATABASE_URL), which only the server knows.
 */
export const installRequestSchema = z
  .object({ db: installDbSchema.optional() })
  .and(installSiteSchema)
  .and(installAdminSchema)
  .and(installLanguageSchema);
export type InstallRequestInput = z.output<typeof installRequestSchema>;
