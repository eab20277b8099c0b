/**
 * Pages benchmark (issues 4 and 12): server-rendered HTML under load on a seeded forum — home
 * anonymous and signed in, one topic page (cached, and never cached: a full render each time),
 * random topic pages (views counted), a node page; one article page (cached and never cached)
 * and the article feed's JSON (`article/articles`), beside the topic page in the same run.
 *
 *   npx tsx bench/pages.ts [--data-dir DIR] [--duration 15] [--connections 10]
 *                          [--topics 100000] [--comments 1000000] [--articles 10000] [--article-comments 100000]
 *                          [--only home-anon,topic,topic-uncached,article,articles-json] [--cpu-prof DIR]
 *
 * Without --data-dir it seeds a fresh SQLite forum first (bench/seed.ts) and removes it after; a
 * forum without articles gets them seeded (`seedArticles`).
 * Starts the real server as `npm start` does (the compiled `build/server-app/main.js`,
 * NODE_ENV=production, RATE_LIMITS=off) as its own process serving the production build
 * (`npm run build` first; SABAI_BUILD_DIR is honoured),
 * drives each page with autocannon as a browser would ask (browser user agent, Accept:
 * text/html, Accept-Encoding: gzip, deflate, br) and prints requests/s, latency p50/p99, the
 * server's CPU per request, the bytes on the wire per answer (headers included) and its peak RSS
 * (VmHWM). A first "baseline" run (GET /api/config/configs) shows the machine's ceiling.
 * Pages go through the shared page cache (server/http/page-cache.ts), as in production; the
 * random-topic run mostly misses it. A signed-in reader's HTML comes from the same cache; their own
 * parts come after load in one small read (`GET /api/viewer/parts`, issue 32; a build without it:
 * one `.data` request), measured by the `*-signed-data` runs. Targets of the issue (printed, not asserted): anonymous ≥ 2,000 req/s,
 * signed-in ≥ 500 req/s, p99 < 25 ms.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arg, autocannon, cpuMsOf, freePort, memoryOf, waitForServer, type CannonOptions, spawnServer, stopServer, BROWSER_HEADERS } from './lib';
import { BENCH_PASSWORD, openBenchDatabase, seed, seedArticles } from './seed';

const ROOT = path.resolve(import.meta.dirname, '..');

async function count(db: Awaited<ReturnType<typeof openBenchDatabase>>['db'], table: 'topics' | 'comments' | 'articles'): Promise<number> {
  return Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

const duration = Number(arg('duration') ?? 15);
const connections = Number(arg('connections') ?? 10);
const only = arg('only')?.split(',');
const givenDir = arg('data-dir');
const dataDir = givenDir ?? mkdtempSync(path.join(os.tmpdir(), 'sabai-bench-pages-'));

let topicCount: number;
let articleCount: number;
{
  const { db, config } = await openBenchDatabase(dataDir);
  try {
    if ((await count(db, 'topics')) === 0) {
      const topics = Number(arg('topics') ?? 100_000);
      const comments = Number(arg('comments') ?? 1_000_000);
      console.log(`seeding ${topics} topics and ${comments} comments on ${config.type}…`);
      const result = await seed(db, { topics, comments, users: 1000, log: (line) => process.stdout.write(`\r${line}          `) });
      console.log(`\nseeded in ${result.seconds.toFixed(1)} s`);
    }
    if ((await count(db, 'articles')) === 0) {
      const articles = await seedArticles(db, { count: Number(arg('articles') ?? 10_000), comments: Number(arg('article-comments') ?? 100_000) });
      console.log(`seeded ${articles.articles} articles and ${articles.comments} comments on them`);
    }
    topicCount = await count(db, 'topics');
    articleCount = await count(db, 'articles');
    console.log(`database: ${config.type}, ${topicCount} topics, ${articleCount} articles, ${await count(db, 'comments')} comments`);
  } finally {
    await db.destroy();
  }
}

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
// --cpu-prof DIR: the server writes a V8 CPU profile (.cpuprofile, open in Chrome DevTools) there on exit.
const cpuProf = arg('cpu-prof');
const profFlags = cpuProf ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(cpuProf)] : [];
// The compiled server, as `npm start` runs it (scripts/build-server.mjs).
const compiled = path.join(path.resolve(ROOT, process.env.SABAI_BUILD_DIR || 'build'), 'server-app', 'main.js');
if (!existsSync(compiled)) throw new Error(`${compiled} is missing: run \`npm run build\` first`);
const { server, output } = spawnServer({ dataDir, port, command: [...profFlags, '--enable-source-maps', compiled] });

try {
  await waitForServer(url, output);
  const signin = await fetch(`${url}/api/login/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench2@example.com', password: BENCH_PASSWORD }),
  });
  const token = ((await signin.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`bench sign-in failed (${signin.status})`);
  const signedIn = { ...BROWSER_HEADERS, cookie: `sabai_token=${token}` };

  // A topic with comments, so the topic page renders its first page of comments too.
  const anyTopic = Math.max(1, Math.floor(topicCount / 2));
  const anyArticle = Math.max(1, Math.floor(articleCount / 2));
  const samples: Array<[string, string]> = [
    ['home', '/'],
    ['topic', `/topic/${anyTopic}`],
    ['article', `/article/${anyArticle}`],
  ];
  /** The comment ids an item page lists (its first comments and their first replies): what its viewer-parts read names. */
  const listed = new Map<string, string>();
  for (const [name, page] of samples) {
    const res = await fetch(url + page, { headers: BROWSER_HEADERS });
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
    listed.set(page, [...html.matchAll(/data-comment-id="(\d+)"/g)].map((match) => match[1]).join(','));
    console.log(`${name.padEnd(6)} ${page}: ${(html.length / 1024).toFixed(0)} KB of HTML, ${(html.match(/data-testid="topic-item"/g) ?? []).length} feed items`);
  }
  // A build with `GET /api/viewer/parts` (issue 32) fills a member's parts with it; an older one revalidates the page's loaders (`.data`).
  const partsRead = (await fetch(`${url}/api/viewer/parts`, { headers: signedIn })).status === 200;
  const homeParts = partsRead ? '/api/viewer/parts' : '/_root.data?_routes=root';
  const topicParts = partsRead ? `/api/viewer/parts?itemType=topic&itemId=${anyTopic}&comments=${listed.get(`/topic/${anyTopic}`)}&hidden=false` : `/topic/${anyTopic}.data`;
  const articleParts = partsRead ? `/api/viewer/parts?itemType=article&itemId=${anyArticle}&comments=${listed.get(`/article/${anyArticle}`)}` : `/article/${anyArticle}.data`;
  const randomTopic = (request: { path: string }) => ({ ...request, path: `/topic/${1 + Math.floor(Math.random() * topicCount)}` });
  // Every topic once, in order: what a warm forum has in its page cache before the random run.
  let warmed = 0;
  const everyTopic = (request: { path: string }) => ({ ...request, path: `/topic/${1 + (warmed++ % topicCount)}` });
  // The anonymous page cache keys on the full URL: a query string of its own makes every request a miss.
  let miss = 0;
  const uncachedTopic = (request: { path: string }) => ({ ...request, path: `/topic/${anyTopic}?r=${++miss}` });
  const uncachedArticle = (request: { path: string }) => ({ ...request, path: `/article/${anyArticle}?r=${++miss}` });

  const runs: Array<{ key: string; name: string; options: CannonOptions; warm?: CannonOptions; hitsOf?: () => string }> = [
    // The lightest route there is (settings from memory, tiny JSON): this machine's ceiling for any page.
    { key: 'baseline', name: 'baseline GET /api/config/configs', options: { url: `${url}/api/config/configs`, connections, duration, headers: BROWSER_HEADERS } },
    { key: 'home-anon', name: 'home /, anonymous', options: { url: `${url}/`, connections, duration, headers: BROWSER_HEADERS } },
    { key: 'home-signed', name: 'home /, signed in', options: { url: `${url}/`, connections, duration, headers: signedIn } },
    // What a signed-in reader's browser asks right after the shared HTML: their own parts.
    { key: 'home-signed-data', name: `home viewer parts ${homeParts.split('?')[0]}, signed in`, options: { url: `${url}${homeParts}`, connections, duration, headers: signedIn } },
    { key: 'topic', name: `topic page /topic/${anyTopic}, anonymous`, options: { url: `${url}/topic/${anyTopic}`, connections, duration, headers: BROWSER_HEADERS } },
    { key: 'topic-signed', name: `topic page /topic/${anyTopic}, signed in`, options: { url: `${url}/topic/${anyTopic}`, connections, duration, headers: signedIn } },
    {
      key: 'topic-signed-data',
      name: `topic viewer parts ${topicParts.split('?')[0]}, signed in`,
      options: { url: `${url}${topicParts}`, connections, duration, headers: signedIn },
    },
    {
      key: 'topic-uncached',
      name: `topic page /topic/${anyTopic}, anonymous, never cached`,
      options: { url, connections, duration, headers: BROWSER_HEADERS, requests: [{ method: 'GET', path: `/topic/${anyTopic}`, setupRequest: uncachedTopic }] },
    },
    {
      key: 'topic-random',
      name: 'random topic pages, anonymous (views counted)',
      options: { url, connections, duration, headers: BROWSER_HEADERS, requests: [{ method: 'GET', path: '/topic/1', setupRequest: randomTopic }] },
      // Issue 32: once warm, every topic page should be a page-cache hit (the cache holds them all).
      warm: { url, connections, duration: 600, amount: topicCount, headers: BROWSER_HEADERS, requests: [{ method: 'GET', path: '/topic/1', setupRequest: everyTopic }] },
      hitsOf: () => `/topic/${1 + Math.floor(Math.random() * topicCount)}`,
    },
    { key: 'node', name: 'node page /topics/node/2, anonymous', options: { url: `${url}/topics/node/2`, connections, duration, headers: BROWSER_HEADERS } },
    { key: 'article', name: `article page /article/${anyArticle}, anonymous`, options: { url: `${url}/article/${anyArticle}`, connections, duration, headers: BROWSER_HEADERS } },
    { key: 'article-signed', name: `article page /article/${anyArticle}, signed in`, options: { url: `${url}/article/${anyArticle}`, connections, duration, headers: signedIn } },
    { key: 'article-signed-data', name: `article viewer parts ${articleParts.split('?')[0]}, signed in`, options: { url: `${url}${articleParts}`, connections, duration, headers: signedIn } },
    {
      key: 'article-uncached',
      name: `article page /article/${anyArticle}, anonymous, never cached`,
      options: { url, connections, duration, headers: BROWSER_HEADERS, requests: [{ method: 'GET', path: `/article/${anyArticle}`, setupRequest: uncachedArticle }] },
    },
    // The feed's JSON as the browser's "Load more" and outside clients ask it (anonymous: the cached envelope).
    { key: 'articles-json', name: 'article feed JSON /api/article/articles, anonymous', options: { url: `${url}/api/article/articles`, connections, duration, headers: { ...BROWSER_HEADERS, accept: 'application/json' } } },
  ];

  const idle = memoryOf(server.pid!);
  console.log(`load average before: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} (other work on this machine skews every figure)`);
  console.log(`Sabai pages benchmark: ${connections} connections, ${duration} s per page, RATE_LIMITS=off, Node ${process.version}, ${os.cpus().length} CPUs`);
  console.log(`server idle RSS: ${idle ? idle.rssMb.toFixed(0) : '?'} MB`);
  for (const run of runs) {
    if (only && !only.includes(run.key)) continue;
    if (run.warm) {
      const started = Date.now();
      await autocannon(run.warm);
      console.log(`  warmed: ${run.warm.amount} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await autocannon({ ...run.options, duration: 3 }); // warm-up (JIT, caches)
    const cpuBefore = cpuMsOf(server.pid!);
    const result = await autocannon(run.options);
    const cpuPerRequest = (cpuMsOf(server.pid!) - cpuBefore) / Math.max(1, result.requests.total);
    const m = memoryOf(server.pid!);
    console.log(
      [
        run.name.padEnd(48),
        `${result.requests.average.toFixed(0).padStart(6)} req/s`,
        `p50 ${String(result.latency.p50).padStart(3)} ms`,
        `p99 ${String(result.latency.p99).padStart(3)} ms`,
        `server CPU ${cpuPerRequest.toFixed(2)} ms/req`,
        `${(result.throughput.average / 1024 / 1024).toFixed(1)} MB/s`,
        // Bytes on the wire per answer, headers included (autocannon counts what the socket read).
        `${(result.throughput.total / Math.max(1, result.requests.total) / 1024).toFixed(1)} KB/resp`,
        `(${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors)`,
        `peak RSS ${m ? m.peakMb.toFixed(0) : '?'} MB`,
      ].join('  '),
    );
    if (result.non2xx > 0 || result.errors > 0) console.warn(`  warning: ${run.name} had failures`);
    if (run.hitsOf) {
      const answers = await Promise.all(Array.from({ length: 100 }, async () => (await fetch(url + run.hitsOf!(), { headers: BROWSER_HEADERS })).headers.get('x-page-cache')));
      console.log(`  page cache after the run, 100 more random pages: ${answers.filter((answer) => answer === 'hit').length} hits`);
    }
  }
  const final = memoryOf(server.pid!);
  console.log(`server peak RSS: ${final ? final.peakMb.toFixed(0) : '?'} MB`);
} finally {
  await stopServer(server);
  if (!givenDir) rmSync(dataDir, { recursive: true, force: true });
}
