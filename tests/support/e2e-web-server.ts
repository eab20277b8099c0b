/**
 * Playwright's webServer: builds the site and the server once for the whole run (`npm run
 * build`: `react-router build`, then scripts/build-server.mjs), then keeps one installed
 * server on E2E_PORT for journeys that do not need a fresh one. Journeys
 * that do (installer, sign-up…) call `startServer()` from ./e2e-server.ts themselves.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, startServer } from './e2e-server';

const port = Number(process.env.E2E_PORT ?? 4173);

if (process.env.E2E_SKIP_BUILD !== '1') {
  const site = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'react-router'), ['build'], { cwd: ROOT, stdio: 'inherit' });
  if (site.status !== 0) process.exit(site.status ?? 1);
  const serverBuild = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (serverBuild.status !== 0) process.exit(serverBuild.status ?? 1);
}

const server = await startServer({ installed: true, port });
console.log(`e2e server ready at ${server.url} (DATA_DIR ${server.dataDir})`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await server.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
