/**
 * Two builds side by side (issue 32): the same pages asked of a server from build A and one from
 * build B, on the same forum, in alternating short rounds, so that the load of the rest of the
 * machine weighs on both alike. Prints per build and page: requests/s, the server's CPU per
 * request, bytes per answer on the wire (headers included) and peak RSS; and, for the random
 * topic pages, page-cache hits on 100 more random pages after every topic page was read once.
 *
 *   npx tsx bench/pages-ab.ts --a build-before --b build --data-dir DIR
 *                             [--rounds 3] [--duration 5] [--connections 10] [--only topic,topic-random,topic-uncached,article-uncached,home-anon,topic-data,articles-json,home-signed,topic-signed,topic-random-signed,article-signed]
 *
 * A signed-in view (`*-signed`) is two requests, as the browser makes them: the page's shared HTML
 * and then the member's own parts, whichever way the build asks them (`GET /api/viewer/parts` when
 * the server answers it, else React Router's `.data` revalidation of the page's loaders); its
 * figures are per view (the pair), not per request.
 *
 * DIR is a forum `bench/pages.ts --data-dir DIR` seeded (e.g. `--topics 2000 --comments 10000
 * --articles 200 --article-comments 1000`). Each build is `npm run build` with SABAI_BUILD_DIR.
 * Asks as a browser does (Accept-Encoding: gzip, deflate, br).
 */
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BENCH_PASSWORD } from './seed';
import { arg, autocannon, cpuMsOf, freePort, memoryOf, spawnServer, stopServer, waitForServer, type BenchServer, type CannonOptions, BROWSER_HEADERS } from './lib';

const ROOT = path.resolve(import.meta.dirname, '..');

const dataDir = arg('data-dir');
const builds = { a: arg('a') ?? 'build-before', b: arg('b') ?? 'build' };
const rounds = Number(arg('rounds') ?? 3);
const duration = Number(arg('duration') ?? 5);
const connections = Number(arg('connections') ?? 10);
const only = arg('only')?.split(',');
if (!dataDir) throw new Error('--data-dir DIR: a forum seeded by bench/pages.ts');

const db = new Database(path.join(dataDir, 'sabai.db'), { readonly: true });
const topicCount = (db.prepare('select count(*) as n from topics').get() as { n: number }).n;
const articleCount = (db.prepare('select count(*) as n from articles').get() as { n: number }).n;
/**
 * What an item page's viewer-parts read names: its first page of top-level comments (20) and the
 * first three replies of each, as the page lists them; and whether a topic has hidden content.
 */
const topLevel = db.prepare("select id from comments where entity_type = ? and entity_id = ? and parent_id is null and status = 0 order by id limit 20");
const repliesOf = db.prepare('select id from comments where parent_id = ? and status = 0 order by id limit 3');
const hiddenOf = db.prepare("select hide_content != '' as hidden from topics where id = ?");
function partsQueryOf(type: 'topic' | 'article', id: number): string {
  const ids = (topLevel.all(type, id) as Array<{ id: number }>).flatMap((row) => [row.id, ...(repliesOf.all(row.id) as Array<{ id: number }>).map((reply) => reply.id)]);
  const hidden = type === 'topic' && (hiddenOf.get(id) as { hidden: number } | undefined)?.hidden === 1;
  return `itemType=${type}&itemId=${id}&comments=${ids.join(',')}&hidden=${hidden}`;
}
const partsQueries = new Map<string, string>();
for (let id = 1; id <= topicCount; id += 1) partsQueries.set(`topic:${id}`, partsQueryOf('topic', id));
for (let id = 1; id <= articleCount; id += 1) partsQueries.set(`article:${id}`, partsQueryOf('article', id));
db.close();

interface Side {
  name: string;
  build: string;
  url: string;
  bench: BenchServer;
  /** A signed-in member's cookie, and how this build's browser asks for the member's own parts. */
  member: Record<string, string>;
  parts: 'read' | 'data';
}
const sides: Side[] = [];
for (const [name, build] of Object.entries(builds)) {
  const port = await freePort();
  const main = path.join(path.resolve(ROOT, build), 'server-app', 'main.js');
  const bench = spawnServer({ dataDir, port, env: { SABAI_BUILD_DIR: build }, command: ['--enable-source-maps', main] });
  sides.push({ name, build, url: `http://127.0.0.1:${port}`, bench, member: {}, parts: 'data' });
}

/** Signs the bench member in on a side, and learns whether the build answers `GET /api/viewer/parts`. */
async function signIn(side: Side): Promise<void> {
  const answer = await fetch(`${side.url}/api/login/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench2@example.com', password: BENCH_PASSWORD }),
  });
  const token = ((await answer.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`bench sign-in failed on ${side.name} (${answer.status})`);
  side.member = { ...BROWSER_HEADERS, cookie: `sabai_token=${token}` };
  side.parts = (await fetch(`${side.url}/api/viewer/parts`, { headers: side.member })).status === 200 ? 'read' : 'data';
}

/** The member's own parts of a page, as this build's browser asks them after the shared HTML. */
function partsPath(side: Side, page: { type: 'home' } | { type: 'topic' | 'article'; id: number }): string {
  if (page.type === 'home') return side.parts === 'read' ? '/api/viewer/parts' : '/_root.data?_routes=root';
  return side.parts === 'read' ? `/api/viewer/parts?${partsQueries.get(`${page.type}:${page.id}`)}` : `/${page.type}/${page.id}.data`;
}

try {
  // Two servers starting at once on a busy machine: give them longer than one.
  for (const side of sides) await waitForServer(side.url, side.bench.output, 240_000);
  const anyTopic = Math.max(1, Math.floor(topicCount / 2));
  const anyArticle = Math.max(1, Math.floor(articleCount / 2));
  let miss = 0;
  const random = () => `/topic/${1 + Math.floor(Math.random() * topicCount)}`;
  for (const side of sides) await signIn(side);
  /** A signed-in view: the page's HTML, then its parts (autocannon runs the two in turn on each connection). */
  const signedView = (side: Side, page: (context: Record<string, unknown>) => { type: 'home' } | { type: 'topic' | 'article'; id: number }): CannonOptions => ({
    url: side.url,
    connections,
    duration,
    headers: side.member,
    requests: [
      {
        method: 'GET',
        path: '/',
        setupRequest: (request, context) => {
          const shown = page(context);
          context.shown = shown;
          return { ...request, path: shown.type === 'home' ? '/' : `/${shown.type}/${shown.id}` };
        },
      },
      { method: 'GET', path: '/', setupRequest: (request, context) => ({ ...request, path: partsPath(side, context.shown as Parameters<typeof partsPath>[1]) }) },
    ],
  });
  const pages: Array<{ key: string; name: string; options: (url: string, side: Side) => CannonOptions; perView?: number }> = [
    { key: 'home-anon', name: 'home /, anonymous', options: (url) => ({ url: `${url}/`, connections, duration, headers: BROWSER_HEADERS }) },
    { key: 'topic', name: `topic /topic/${anyTopic}, anonymous`, options: (url) => ({ url: `${url}/topic/${anyTopic}`, connections, duration, headers: BROWSER_HEADERS }) },
    {
      key: 'topic-random',
      name: `random topic pages of ${topicCount}, warm`,
      options: (url) => ({ url, connections, duration, headers: BROWSER_HEADERS, requests: [{ method: 'GET', path: '/topic/1', setupRequest: (request) => ({ ...request, path: random() }) }] }),
    },
    // A page-cache miss each time (the cache keys on the full URL): the render's own cost (issue 32).
    {
      key: 'topic-uncached',
      name: `topic /topic/${anyTopic}, never cached`,
      options: (url) => ({ url, connections, duration, headers: BROWSER_HEADERS, requests: [{ method: 'GET', path: '/', setupRequest: (request) => ({ ...request, path: `/topic/${anyTopic}?r=${++miss}` }) }] }),
    },
    {
      key: 'article-uncached',
      name: `article /article/${anyArticle}, never cached`,
      options: (url) => ({ url, connections, duration, headers: BROWSER_HEADERS, requests: [{ method: 'GET', path: '/', setupRequest: (request) => ({ ...request, path: `/article/${anyArticle}?r=${++miss}` }) }] }),
    },
    { key: 'topic-data', name: `topic data /topic/${anyTopic}.data, anonymous`, options: (url) => ({ url: `${url}/topic/${anyTopic}.data`, connections, duration, headers: BROWSER_HEADERS }) },
    { key: 'articles-json', name: 'article feed JSON, anonymous', options: (url) => ({ url: `${url}/api/article/articles`, connections, duration, headers: { ...BROWSER_HEADERS, accept: 'application/json' } }) },
    { key: 'home-signed', name: 'home /, signed in (HTML + parts)', perView: 2, options: (_url, side) => signedView(side, () => ({ type: 'home' })) },
    { key: 'topic-signed', name: `topic /topic/${anyTopic}, signed in (HTML + parts)`, perView: 2, options: (_url, side) => signedView(side, () => ({ type: 'topic', id: anyTopic })) },
    {
      key: 'topic-random-signed',
      name: `random topics of ${topicCount}, signed in (HTML + parts)`,
      perView: 2,
      options: (_url, side) => signedView(side, () => ({ type: 'topic', id: 1 + Math.floor(Math.random() * topicCount) })),
    },
    { key: 'article-signed', name: `article /article/${anyArticle}, signed in (HTML + parts)`, perView: 2, options: (_url, side) => signedView(side, () => ({ type: 'article', id: anyArticle })) },
  ];
  const chosen = pages.filter((page) => !only || only.includes(page.key));

  /** Page-cache hits on 100 random topic pages, and the server's peak RSS so far. */
  const hitsOf = async (side: Side) => {
    const answers = await Promise.all(Array.from({ length: 100 }, async () => (await fetch(side.url + random(), { headers: BROWSER_HEADERS })).headers.get('x-page-cache')));
    const m = memoryOf(side.bench.server.pid!);
    return `${answers.filter((answer) => answer === 'hit').length} page-cache hits on 100 random topic pages; peak RSS ${m ? m.peakMb.toFixed(0) : '?'} MB`;
  };
  // Warm both sides at once: every topic page once (what a warm forum's cache holds), then JIT.
  // Only the random run needs it: the never-cached runs miss by design.
  const warmAll = chosen.some((page) => page.key === 'topic-random');
  await Promise.all(
    sides.map(async (side) => {
      if (!warmAll) return;
      let next = 0;
      const started = Date.now();
      await autocannon({ url: side.url, connections, duration: 900, amount: topicCount, headers: BROWSER_HEADERS, requests: [{ method: 'GET', path: '/topic/1', setupRequest: (request) => ({ ...request, path: `/topic/${1 + (next++ % topicCount)}` }) }] });
      console.log(`${side.name} (${side.build}): every topic page read once in ${((Date.now() - started) / 1000).toFixed(1)} s; then ${await hitsOf(side)}`);
    }),
  );
  for (const side of sides) for (const page of chosen) await autocannon({ ...page.options(side.url, side), duration: 2 });

  console.log(`load average before: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}; ${rounds} rounds of ${duration} s per page and build, alternating; ${connections} connections; Node ${process.version}, ${os.cpus().length} CPUs`);
  const totals = new Map<string, { requests: number; seconds: number; cpuMs: number; bytes: number }>();
  for (let round = 0; round < rounds; round += 1) {
    for (const page of chosen) {
      for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
        const pid = side.bench.server.pid!;
        const cpu = cpuMsOf(pid);
        const result = await autocannon(page.options(side.url, side));
        const key = `${page.key}|${side.name}`;
        const sum = totals.get(key) ?? { requests: 0, seconds: 0, cpuMs: 0, bytes: 0 };
        // A signed-in view is its requests together: figures per view.
        sum.requests += result.requests.total / (page.perView ?? 1);
        sum.seconds += duration;
        sum.cpuMs += cpuMsOf(pid) - cpu;
        sum.bytes += result.throughput.total;
        totals.set(key, sum);
        if (result.non2xx > 0 || result.errors > 0) console.warn(`  warning: ${page.name} on ${side.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      }
    }
  }
  console.log(`load average after: ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  for (const page of chosen) {
    for (const side of sides) {
      const sum = totals.get(`${page.key}|${side.name}`)!;
      console.log(
        [
          `${page.name.padEnd(40)} ${side.name} ${side.build.padEnd(13)}`,
          `${(sum.requests / sum.seconds).toFixed(0).padStart(5)} ${page.perView ? 'views' : 'req'}/s`,
          `server CPU ${(sum.cpuMs / Math.max(1, sum.requests)).toFixed(2)} ms/${page.perView ? 'view' : 'req'}`,
          `${(sum.bytes / Math.max(1, sum.requests) / 1024).toFixed(1)} KB/${page.perView ? 'view' : 'resp'}`,
        ].join('  '),
      );
    }
  }
  for (const side of sides) console.log(`${side.name} (${side.build}) after the rounds: ${warmAll ? `${await hitsOf(side)}; ` : ''}member parts by ${side.parts === 'read' ? 'GET /api/viewer/parts' : '.data revalidation'}`);
} finally {
  for (const side of sides) await stopServer(side.bench.server);
}
