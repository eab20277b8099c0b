/**
 * Home page benchmark (issue 3): anonymous GET / — the whole SSR path (Fastify hooks, root
 * loader, React streaming render) — under autocannon, 10 connections for 15 s. Prints req/s,
 * latency p50/p99 and the JS + CSS bytes (gzip) of the first load. Figures are printed, not
 * asserted.
 *
 *   npx tsx bench/home.ts [--duration 15] [--connections 10] [--path /about]
 *
 * Uses the existing site build (run `npm run build` first) and a fresh installed server on
 * SQLite in a temporary DATA_DIR (tests/support/e2e-server.ts).
 */
import { parseArgs } from 'node:util';
import { startServer } from '../tests/support/e2e-server';
import { firstLoadBytes } from './first-load';
import { autocannon } from './lib';


const { values } = parseArgs({ options: { duration: { type: 'string', default: '15' }, connections: { type: 'string', default: '10' }, path: { type: 'string', default: '/' } } });
const duration = Number(values.duration);
const connections = Number(values.connections);

const server = await startServer({ installed: true, env: { LOG_LEVEL: 'warn' } });
try {
  const url = `${server.url}${values.path}`;
  // A browser's user agent: bots are served differently (complete render before the first byte).
  const headers = {
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    accept: 'text/html',
  };
  const warm = await fetch(url, { headers });
  if (warm.status !== 200) throw new Error(`GET / answered ${warm.status}`);
  await autocannon({ url, connections, duration: 2, headers }); // warm-up (JIT, caches)
  const result = await autocannon({ url, connections, duration, headers });
  const bytes = await firstLoadBytes(url);
  console.log(`anonymous ${values.path} HTML, ${connections} connections, ${duration} s:`);
  console.log(`  ${result.requests.average.toFixed(0)} req/s (${result.requests.total} requests), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
  console.log(`  non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}, ${(result.throughput.average / 1024 / 1024).toFixed(1)} MB/s`);
  console.log(
    `first load of ${values.path}: ${bytes.files.length} JS/CSS files, ${(bytes.gzip / 1024).toFixed(1)} KB gzip (${(bytes.raw / 1024).toFixed(1)} KB raw); budget 150 KB`,
  );
} finally {
  await server.stop();
}
