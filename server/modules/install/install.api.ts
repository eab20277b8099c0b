/**
 * The install feature's public surface (DESIGN convention 13): what the rest of the server may
 * use of it — the headless install the process entry runs when setup variables are given.
 */
export { hasSetupEnv, runSetup } from './setup';
