/** The installer's use cases, one function per action (install.actions.ts declares who may call each). */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { installActions } from '../../../common/actions/install';
import type { InstallDbInput } from '../../../common/validation/install';
import type { ConnectionTested, Installed, InstallStatus } from '../../../common/views/install';
import type { DbConfig } from '../../config';
import type { AppContext } from '../../context';
import { errors } from '../../infra/errors';
import type { ReadCall } from '../../kernel/actions';
import { installForum, installRequestOf, isAllowedWebSqliteFile, resolveDbConfig, testConnection } from './install.service';

type Input<K extends keyof typeof installActions> = ParsedInputOf<(typeof installActions)[K]>;

/** The form's database, refusing SQLite files outside DATA_DIR (the web is not a shell). */
function webDbConfig(input: InstallDbInput, ctx: AppContext): DbConfig {
  const config = resolveDbConfig(input, ctx.config.dataDir);
  if (config.type === 'sqlite' && !isAllowedWebSqliteFile(config.file, ctx.config.dataDir)) {
    throw errors.validation({ 'db.database': 'install.validation.sqlitePathInvalid' });
  }
  return config;
}

/**
 * The database to install into: DATABASE_URL's (or a pre-written config.json's), which fixes it
 * and makes the form's ignored; else the form's, which it must then name.
 */
function databaseOf(ctx: AppContext, db: InstallDbInput | undefined): DbConfig {
  if (ctx.config.database) return ctx.config.database;
  if (!db) throw errors.validation({ db: 'install.validation.dbIncomplete' });
  return webDbConfig(db, ctx);
}

/** GET install/status. `databaseFixed`: the operator set the database (DATABASE_URL); the page skips that step. */
export async function installStatus({ ctx }: ReadCall<Input<'status'>, undefined>): Promise<InstallStatus> {
  return { installed: ctx.state.installed, databaseFixed: ctx.config.database !== null, databaseType: ctx.config.database?.type ?? null };
}

/** POST install/test_db_connection: connects for real and creates nothing. */
export async function testDbConnection({ ctx, input }: ReadCall<Input<'testDbConnection'>, undefined>): Promise<ConnectionTested> {
  await testConnection(webDbConfig(input, ctx));
  return { ok: true };
}

/**
 * POST install/install: the forum installed, and live at once. The site's address is PUBLIC_URL,
 * else the one the installer was reached through (recorded as the `siteUrl` setting).
 */
export async function installTheForum({ ctx, input, requestedOrigin }: ReadCall<Input<'install'>, undefined>): Promise<Installed> {
  const database = databaseOf(ctx, input.db);
  const siteUrl = ctx.config.publicUrl ?? requestedOrigin?.();
  const outcome = await installForum(
    installRequestOf(input, database, siteUrl),
    {
      dataDir: ctx.config.dataDir,
      now: () => ctx.clock.now(),
      log: ctx.log,
      isInstalled: () => ctx.state.installed,
      activate: ({ db }) => {
        ctx.state.db = db;
        ctx.state.installed = true;
        // As after a restart: the database names the forum (its Redis namespace among others).
        ctx.config.database = database;
        ctx.settings.invalidate();
        ctx.config.publicUrl ??= siteUrl ?? null;
      },
    },
  );
  return { installed: true, adopted: outcome.adopted };
}
