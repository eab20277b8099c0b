/**
 * The installer's actions (ADR 0021): who may call each, its limit, its answer and the use case
 * it runs. Reachable before install only: the core gate already limits the API to config/configs
 * and install/* before install and answers 403 for install/* after it; each action refuses on its
 * own too (`refuseOnceInstalled`, defence in depth: these actions open connections to hosts the
 * caller names), and the install itself re-checks under its lock, so concurrent requests cannot
 * both install. Declared reads though two are POSTs: there is no database yet to write in a
 * transaction (the install creates its own).
 */
import { installActions } from '../../../common/actions/install';
import { connectionTestedSchema, installedSchema, installStatusSchema } from '../../../common/views/install';
import type { AppContext } from '../../context';
import { errors } from '../../infra/errors';
import type { RateRule } from '../../infra/rate-limiter';
import { limit, readAction, who } from '../../kernel/actions';
import { installStatus, installTheForum, testDbConnection } from './install.usecases';

/**
 * Both writes open connections to hosts the caller names, so they are limited per IP (they could
 * otherwise probe a network), every attempt counted. Pre-install there are no settings to tune them in.
 */
export const INSTALL_PROBE_RULE: RateRule = { name: 'install:probe', max: 20, windowMs: 10 * 60_000 };
export const INSTALL_RULE: RateRule = { name: 'install:install', max: 20, windowMs: 10 * 60_000 };

/** 403 once the forum is installed, before anything else is looked at. */
function refuseOnceInstalled(ctx: AppContext): void {
  if (ctx.state.installed) throw errors.alreadyInstalled();
}

const NO_MEMBERS_YET = 'the installer: no members yet (refused once installed)';

export const installActionList = [
  readAction(installActions.status, {
    who: who.anyone(),
    beforeInstall: true,
    guards: [refuseOnceInstalled],
    answer: installStatusSchema,
    run: installStatus,
  }),
  readAction(installActions.testDbConnection, {
    who: who.anyone(NO_MEMBERS_YET),
    beforeInstall: true,
    guards: [refuseOnceInstalled],
    limit: limit.perIp(INSTALL_PROBE_RULE, { stage: 'beforeInput' }),
    answer: connectionTestedSchema,
    run: testDbConnection,
  }),
  readAction(installActions.install, {
    who: who.anyone(NO_MEMBERS_YET),
    beforeInstall: true,
    guards: [refuseOnceInstalled],
    limit: limit.perIp(INSTALL_RULE, { stage: 'beforeInput' }),
    answer: installedSchema,
    run: installTheForum,
  }),
];
