/** Process entry: read config, build the app (opening and migrating the database), listen. */
import { loadConfig } from './config';
import { buildApp } from './app';
import { siteHandler } from './http/ssr';
import { hasSetupEnv, runSetup } from './modules/install/install.api';
import { geoIpCountries } from './infra/geoip-country';

const dev = process.argv.includes('--dev');
let config = loadConfig(process.env, dev ? { env: 'development' } : {});
// Headless first start: SABAI_SITE_TITLE, SABAI_ADMIN_USERNAME and SABAI_ADMIN_PASSWORD install
// the forum as `npm run setup` would (modules/install/setup.ts).
if (!config.installed && hasSetupEnv(process.env)) {
  const io = { out: (line: string) => process.stdout.write(`${line}\n`), err: (line: string) => process.stderr.write(`${line}\n`) };
  if ((await runSetup([], process.env, io)) !== 0) process.exit(1);
  config = loadConfig(process.env, dev ? { env: 'development' } : {});
}
// The site build loads while the app is built (the database opened, the features set up): the
// start overlaps the two (issue 32). A failed import fails the start where buildApp awaits it.
const site = siteHandler({ dev });
site.catch(() => undefined);
const app = await buildApp(config, { site });

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
// but not before the first answer has left plus a moment: on a busy machine the first page comes
// later than 3 s after listening, and it must not wait for the table (cold start, issue 32).
app.server.once('request', (_request, response) => {
  response.once('close', () => setTimeout(() => geoIpCountries.preload(), 3_000).unref());
});
