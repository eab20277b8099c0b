/**
 * `npm run bench [-- name …]`: runs the benchmark scripts one after another and prints their
 * figures (nothing is asserted). Without names: content, auth, signin-attack, home, topics, pages, comments, held-comments, mentions, scores, follows, cold-start, shutdown, drain, db-outage;
 * `hostile-input` (5xx answers to bad input, per engine), `search` (seeds and indexes a forum
 * on every engine: minutes) and `lighthouse` (Lighthouse's four scores of five pages in every
 * language, in Chromium: minutes) run only when named. Each
 * script also runs on its own (`npx tsx bench/<name>.ts --help` style flags in its header).
 * Run `npm run build` first: the page benchmarks serve the production build.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ALL = ['content', 'auth', 'signin-attack', 'home', 'topics', 'pages', 'comments', 'held-comments', 'mentions', 'scores', 'follows', 'cold-start', 'shutdown', 'drain', 'db-outage'] as const;
/**
 * Run only when named: `hostile-input` counts 5xx answers to bad input on every engine, it
 * measures no speed; `search` seeds and indexes a forum on every engine, which takes minutes;
 * `lighthouse` runs Lighthouse 4 categories × 5 pages × every language (about 15 s a run).
 */
const ON_REQUEST = ['hostile-input', 'search', 'lighthouse'] as const;
const KNOWN: readonly string[] = [...ALL, ...ON_REQUEST];
const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const selected = names.length > 0 ? names : [...ALL];
const unknown = selected.filter((n) => !KNOWN.includes(n));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')} (known: ${KNOWN.join(', ')})`);
  process.exit(2);
}

const tsx = path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx');
let failed = 0;
for (const name of selected) {
  console.log(`\n=== bench/${name}.ts ===`);
  const result = spawnSync(tsx, [path.join(import.meta.dirname, `${name}.ts`)], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
