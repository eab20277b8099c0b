/** Process entry: read config, build the app (opening and migrating the database), listen. */
import { loadConfig } from './config';
import { buildApp } from './app';
import { siteHandler } from './http/ssr';
import { hasSetupEnv, runSetup } from './modules/install/install.api';
import { geoIpCountries } from './infra/geoip-country';
import { NewerSchemaError } from './db/migrate';
import { tuneHeap } from './infra/heap-tuning';

// The first thing the process does once its modules are loaded: the heap's growth between full collections (issue 32).
tuneHeap();

/**
 * Exit status when the database was upgraded by a newer Sabai (ADR 0043): EX_CONFIG from
 * sysexits.h, distinct from a crash's 1 so a supervisor can be told not to restart in a loop
 * (systemd: RestartPreventExitStatus=78).
 */
const EXIT_NEWER_SCHEMA = 78;

/** Builds the app, or exits with the refusal's own message when the schema is ahead of this code. */
async function buildAppOrRefuse(...args: Parameters<typeof buildApp>): ReturnType<typeof buildApp> {
  try {
    return await buildApp(...args);
  } catch (error) {
    if (!(error instanceof NewerSchemaError)) throw error;
    process.stderr.write(`Sabai cannot start: ${error.message}\n`);
    process.exit(EXIT_NEWER_SCHEMA);
  }
}

const dev = process.argv.includes('--dev');
let config = loadConfig(process.env, dev ? { env: 'development' } : {});
// Headless first start: SABAI_SITE_TITLE, SABAI_ADMIN_USERNAME and SABAI_ADMIN_PASSWORD install
// the forum as `npm run setup` would (modules/install/setup.ts).
if (!config.installed && hasSetupEnv(process.env)) {
  const io = { out: (line: string) => process.stdout.write(`${line}\n`), err: (line: string) => process.stderr.write(`${line}\n`) };
  if ((await runSetup([], process.env, io)) !== 0) process.exit(1);
  config = loadConfig(process.env, dev ? { env: 'development' } : {});
}
const app = await buildAppOrRefuse(config, { site: await siteHandler({ dev }) });

// Drain on the first signal (http/drain.ts); a second one does not wait for the grace.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    const started = performance.now();
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    void app.drain(config.shutdownGraceMs).then((outcome) => {
      app.log.info({ outcome, ms: Math.round(performance.now() - started) }, 'shut down');
      process.exit(outcome === 'drained' ? 0 : 1);
    });
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(config.installed ? 'Sabai is running' : `Sabai is not installed yet: open http://localhost:${config.port}/install`);
// Load the IP → country table soon rather than on the first post (≈0.25 s of parsing, once),
// but not right after listening, where it would hold up the first requests (cold start).
setTimeout(() => geoIpCountries.preload(), 3_000).unref();
