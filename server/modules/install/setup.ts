/**
 * Headless install (`npm run setup`, and `npm start` when the SABAI_* variables are set): the
 * installer's fields from command-line flags and/or the environment, run through the same
 * `installForum` as the web installer. Flags win over the environment.
 *
 *   --data-dir DIR            (env DATA_DIR, default ./data)
 *   --database-url URL        (env DATABASE_URL) sqlite:FILE | mysql://u:p@host:3306/db | postgres://…
 *   --db-type sqlite|mysql|postgres, --db-host, --db-port, --db-name, --db-user, --db-password
 *   --db-file FILE            SQLite file, relative to DATA_DIR (default sabai.db)
 *   --site-title T            (env SABAI_SITE_TITLE)
 *   --site-description D      (env SABAI_SITE_DESCRIPTION)
 *   --admin-username U        (env SABAI_ADMIN_USERNAME)
 *   --admin-password P        (env SABAI_ADMIN_PASSWORD; prefer the env: flags show in `ps`)
 *   --admin-email E           (env SABAI_ADMIN_EMAIL, optional)
 *   --language en-US|zh-CN|th-TH (env SABAI_LANGUAGE, default en-US)
 *   --public-url URL          (env PUBLIC_URL) the address members open, used for links in mails;
 *                             without it http://localhost:PORT is recorded, with a warning
 * Already installed → exit 0 ("nothing to do"), so `npm run setup && npm start` is idempotent.
 */
import { parseArgs } from 'node:util';
import type { ZodError } from 'zod';
import { DEFAULT_LOCALE, type Locale } from '../../../common/constants';
import { isLocale, translator } from '../../../common/i18n';
import { installSchema, installWithFixedDbSchema } from '../../../common/validation/install';
import { issueMessages } from '../../../common/validation/issues';
import { loadConfig, localSiteUrl, parseDatabaseUrl, type DbConfig } from '../../config';
import { AppError } from '../../infra/errors';
import { systemClock } from '../../infra/clock';
import { describeDatabase, driverReason, installForum, installRequestOf, resolveDbConfig } from './install.service';

export const SETUP_OPTIONS = {
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  'db-type': { type: 'string' },
  'db-host': { type: 'string' },
  'db-port': { type: 'string' },
  'db-name': { type: 'string' },
  'db-user': { type: 'string' },
  'db-password': { type: 'string' },
  'db-file': { type: 'string' },
  'site-title': { type: 'string' },
  'site-description': { type: 'string' },
  'admin-username': { type: 'string' },
  'admin-password': { type: 'string' },
  'admin-email': { type: 'string' },
  language: { type: 'string' },
  'public-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** True when the environment alone holds enough to install (used by `npm start`). */
export function hasSetupEnv(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.SABAI_ADMIN_USERNAME && env.SABAI_ADMIN_PASSWORD && env.SABAI_SITE_TITLE);
}

export interface SetupIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const USAGE_OPTIONS = Object.keys(SETUP_OPTIONS)
  .map((name) => `--${name}`)
  .join(' ');

/** Runs a headless install; answers the process exit code (0 installed or already, 1 failed). */
export async function runSetup(argv: string[], env: NodeJS.ProcessEnv, io: SetupIo): Promise<number> {
  let flags;
  try {
    flags = parseArgs({ args: argv, options: SETUP_OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${translator('en-US')('install.cli.usage')}\n  ${USAGE_OPTIONS}`);
    return 1;
  }
  const languageRaw = flags.language ?? env.SABAI_LANGUAGE;
  const outputLocale: Locale = isLocale(languageRaw) ? languageRaw : DEFAULT_LOCALE;
  const t = translator(outputLocale);
  if (flags.help) {
    io.out(`${t('install.cli.usage')}\n  ${USAGE_OPTIONS}`);
    return 0;
  }

  let config;
  try {
    config = loadConfig({ ...env, ...(flags['data-dir'] ? { DATA_DIR: flags['data-dir'] } : {}), NODE_ENV: 'production' });
  } catch (error) {
    io.err(t('install.errors.failed', { reason: error instanceof Error ? error.message : String(error) }));
    return 1;
  }
  if (config.installed) {
    io.out(t('install.cli.alreadyInstalled', { dataDir: config.dataDir }));
    return 0;
  }

  const siteUrl = recordedSiteUrl(flags['public-url'] ?? config.publicUrl, config.port);
  if (!siteUrl.ok) {
    io.err(t('install.cli.publicUrlInvalid', { value: siteUrl.value }));
    return 1;
  }
  // Mail links are built from this address, never from a request's Host header.
  if (siteUrl.fallback) io.err(t('install.cli.publicUrlDefault', { url: siteUrl.url }));

  const dbFlags = flags['database-url'] ?? flags['db-type'] ?? flags['db-host'] ?? flags['db-name'] ?? flags['db-file'];
  if (env.DATABASE_URL && dbFlags !== undefined) {
    io.err(t('install.cli.databaseConflict'));
    return 1;
  }
  const fields = {
    siteTitle: flags['site-title'] ?? env.SABAI_SITE_TITLE,
    siteDescription: flags['site-description'] ?? env.SABAI_SITE_DESCRIPTION,
    adminUsername: flags['admin-username'] ?? env.SABAI_ADMIN_USERNAME,
    adminPassword: flags['admin-password'] ?? env.SABAI_ADMIN_PASSWORD,
    adminPasswordConfirm: flags['admin-password'] ?? env.SABAI_ADMIN_PASSWORD,
    adminEmail: flags['admin-email'] ?? env.SABAI_ADMIN_EMAIL,
    language: languageRaw,
  };

  let database: DbConfig;
  let input;
  try {
    if (flags['database-url'] || (config.database && !flags['db-type'])) {
      database = flags['database-url'] ? parseDatabaseUrl(flags['database-url'], config.dataDir) : (config.database as DbConfig);
      const parsed = installWithFixedDbSchema.safeParse(fields);
      if (!parsed.success) return printInvalid(parsed.error, t, io);
      input = parsed.data;
    } else {
      const db = {
        type: flags['db-type'] ?? 'sqlite',
        host: flags['db-host'],
        port: flags['db-port'],
        database: flags['db-type'] === 'sqlite' || !flags['db-type'] ? flags['db-file'] : flags['db-name'],
        username: flags['db-user'],
        password: flags['db-password'],
      };
      const parsed = installSchema.safeParse({ ...fields, db });
      if (!parsed.success) return printInvalid(parsed.error, t, io);
      input = parsed.data;
      database = resolveDbConfig(parsed.data.db, config.dataDir);
    }
  } catch (error) {
    io.err(t('install.errors.failed', { reason: error instanceof Error ? error.message : String(error) }));
    return 1;
  }

  try {
    const outcome = await installForum(
      installRequestOf(input, database, siteUrl.url),
      { dataDir: config.dataDir, now: () => systemClock.now(), onProgress: (step) => io.out(`… ${t(`install.progress.${step}`)}`) },
    );
    await outcome.db.destroy();
    const where = describeDatabase(database);
    io.out(
      outcome.adopted
        ? t('install.cli.adopted', { database: where, username: input.adminUsername })
        : t('install.cli.installed', { database: where, username: input.adminUsername, language: input.language }),
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.status >= 500 && error.cause !== undefined) {
      // The web answer hides the cause in the log; here the operator is the reader.
      io.err(t('install.errors.failed', { reason: driverReason(error.cause) }));
    } else if (error instanceof AppError) {
      io.err(t(error.messageKey, error.params));
      for (const [field, ref] of Object.entries(error.fields ?? {})) io.err(`  ${field}: ${typeof ref === 'string' ? t(ref) : t(ref.key, ref.params)}`);
    } else {
      io.err(t('install.errors.failed', { reason: error instanceof Error ? error.message : String(error) }));
    }
    return 1;
  }
}

/** The site address to record: an http(s) URL without a trailing slash, else this machine's. */
export function recordedSiteUrl(
  value: string | null | undefined,
  port: number,
): { ok: true; url: string; fallback: boolean } | { ok: false; value: string } {
  if (!value) return { ok: true, url: localSiteUrl(port), fallback: true };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, value };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, value };
  return { ok: true, url: `${url.origin}${url.pathname}`.replace(/\/+$/, ''), fallback: false };
}

function printInvalid(error: ZodError, t: ReturnType<typeof translator>, io: SetupIo): number {
  io.err(t('install.progress.failed'));
  for (const [field, message] of Object.entries(issueMessages(error))) io.err(`  ${flagFor(field)}: ${t(message.key, message.params)}`);
  return 1;
}

/** Names the flag a form field comes from, so the operator knows what to fix. */
function flagFor(field: string): string {
  const map: Record<string, string> = {
    siteTitle: '--site-title',
    siteDescription: '--site-description',
    adminUsername: '--admin-username',
    adminPassword: '--admin-password',
    adminPasswordConfirm: '--admin-password',
    adminEmail: '--admin-email',
    language: '--language',
    db: '--db-type',
    'db.type': '--db-type',
    'db.host': '--db-host',
    'db.port': '--db-port',
    'db.database': '--db-name',
    'db.username': '--db-user',
    'db.password': '--db-password',
  };
  return Object.hasOwn(map, field) ? map[field]! : field;
}
