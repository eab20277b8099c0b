/**
 * Installer API (API.md "Site and installer"). The core gate already limits the API to
 * config/configs and install/* before install, and answers 403 for install/* after it; each
 * route refuses on its own too (defence in depth: these routes open connections to hosts the
 * caller names), and the install itself re-checks under its lock, so concurrent requests
 * cannot both install.
 */
import type { FastifyPluginAsync } from 'fastify';
import { installDbSchema, installSchema, installWithFixedDbSchema } from '../../../common/validation/install';
import type { DbConfig } from '../../config';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { errors } from '../../infra/errors';
import { parseInput } from '../../kernel/input';
import { clientKey, type RateRule } from '../../infra/rate-limiter';
import { installForum, isAllowedWebSqliteFile, resolveDbConfig, testConnection } from './install.service';

/**
 * Both calls open connections to hosts the caller names, so they are limited per IP (they
 * could otherwise probe a network). Pre-install there are no settings to tune them in.
 */
export const INSTALL_PROBE_RULE: RateRule = { name: 'install:probe', max: 20, windowMs: 10 * 60_000 };
export const INSTALL_RULE: RateRule = { name: 'install:install', max: 20, windowMs: 10 * 60_000 };

/** The form's database, refusing SQLite files outside DATA_DIR (the web is not a shell). */
function webDbConfig(input: Parameters<typeof resolveDbConfig>[0], ctx: AppContext): DbConfig {
  const config = resolveDbConfig(input, ctx.config.dataDir);
  if (config.type === 'sqlite' && !isAllowedWebSqliteFile(config.file, ctx.config.dataDir)) {
    throw errors.validation({ 'db.database': 'install.validation.sqlitePathInvalid' });
  }
  return config;
}

export const installRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const refuseOnceInstalled = () => {
    if (ctx.state.installed) throw errors.alreadyInstalled();
  };

  app.get('/install/status', async () => {
    refuseOnceInstalled();
    // `databaseFixed`: the operator set the database (DATABASE_URL); the page skips that step.
    return ok({ installed: ctx.state.installed, databaseFixed: ctx.config.database !== null, databaseType: ctx.config.database?.type ?? null });
  });

  app.post('/install/test_db_connection', async (request) => {
    refuseOnceInstalled();
    await ctx.limiter.consume(INSTALL_PROBE_RULE, clientKey(request.ip));
    const input = parseInput(installDbSchema, request.body);
    await testConnection(webDbConfig(input, ctx));
    return ok({ ok: true });
  });

  app.post('/install/install', async (request) => {
    refuseOnceInstalled();
    await ctx.limiter.consume(INSTALL_RULE, clientKey(request.ip));
    let database: DbConfig;
    let input;
    if (ctx.config.database) {
      // DATABASE_URL (or a pre-written config.json) fixes the database; the form's is ignored.
      input = parseInput(installWithFixedDbSchema, request.body);
      database = ctx.config.database;
    } else {
      const full = parseInput(installSchema, request.body);
      database = webDbConfig(full.db, ctx);
      input = full;
    }
    const outcome = await installForum(
      {
        database,
        siteTitle: input.siteTitle,
        siteDescription: input.siteDescription,
        language: input.language,
        adminUsername: input.adminUsername,
        adminPassword: input.adminPassword,
        adminEmail: input.adminEmail ?? null,
        siteUrl: ctx.config.publicUrl ?? `${request.protocol}://${request.host}`,
      },
      {
        dataDir: ctx.config.dataDir,
        now: () => ctx.clock.now(),
        log: request.log,
        isInstalled: () => ctx.state.installed,
        activate: ({ db }) => {
          ctx.state.db = db;
          ctx.state.installed = true;
          // As after a restart: the database names the forum (its Redis namespace among others).
          ctx.config.database = database;
          ctx.settings.invalidate();
          ctx.config.publicUrl ??= `${request.protocol}://${request.host}`;
        },
      },
    );
    return ok({ installed: true, adopted: outcome.adopted });
  });
};
