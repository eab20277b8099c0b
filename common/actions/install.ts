/** The installer (API.md "Site and installer"): the contracts of the install feature's actions, reachable only before install. */
import { z } from '../zod';
import { installDbSchema, installRequestSchema } from '../validation/install';
import type { ConnectionTested, Installed, InstallStatus } from '../views/install';
import { contract, returns } from './contract';

export const installActions = {
  status: contract({
    name: 'install.status',
    method: 'GET',
    path: '/api/install/status',
    input: z.object({}),
    output: returns<InstallStatus>(),
    summary: 'Whether the forum is installed, and whether the operator fixed its database (DATABASE_URL). Before install only.',
  }),
  testDbConnection: contract({
    name: 'install.testDbConnection',
    method: 'POST',
    path: '/api/install/test_db_connection',
    input: installDbSchema,
    output: returns<ConnectionTested>(),
    summary: 'Connects to the database the form names and creates nothing; a failure answers the driver’s reason. Before install only.',
  }),
  install: contract({
    name: 'install.install',
    method: 'POST',
    path: '/api/install/install',
    input: installRequestSchema,
    output: returns<Installed>(),
    summary: 'Installs the forum: schema, settings, the admin, config.json; live at once. Before install only.',
  }),
};
