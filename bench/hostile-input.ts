/**
 * Bad-input run (issue 19): thousands of hostile requests against every text input of the API,
 * on each database engine, over real HTTP; prints the answers by status and every 5xx (the
 * target is none). Each field of each route gets each hostile value, as JSON and as a form
 * body; every query parameter and path parameter gets each hostile spelling raw in the URL.
 *
 *   npx tsx bench/hostile-input.ts                       # sqlite, mysql, postgres (the reachable ones)
 *   TEST_DATABASES=postgres npx tsx bench/hostile-input.ts
 *
 * The app is the test harness's (tests/support/test-app.ts: a fresh database per engine,
 * RATE_LIMITS=off so every request reaches validation and the database), listening on a port.
 */
import type { AddressInfo } from 'node:net';
import { testDatabases } from '../tests/support/databases';
import { createTopic, createUser } from '../tests/support/factories';
import { createTestApp, type TestApp } from '../tests/support/test-app';

/** Values a field may receive from someone who means harm, as parsed JSON values. */
const HOSTILE_VALUES: unknown[] = [
  '\u0000',
  'a\u0000b',
  'x'.repeat(50) + '\u0000',
  '\u0001\u0002\u0003\u001b[2J',
  '\u0008\u000b\u000c\u007f',
  '\ud800',
  'a\udc00b',
  '\udbff\udfff\ud800',
  '\ufffe',
  '\uffff',
  '\ufdd0\ufdef',
  String.fromCodePoint(0x1fffe),
  String.fromCodePoint(0x10ffff),
  '\u202enimda\u200b',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '\\',
  '%00',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '😀'.repeat(1000),
  'x'.repeat(100_000),
  '',
  ' ',
  0,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  null,
  [],
  ['\u0000'],
  {},
  { $ne: 1 },
  { __proto__: { admin: true } },
];

/** Hostile spellings of a value inside a URL (query or path), percent-encoded or not. */
const HOSTILE_URL_VALUES = [
  '%00',
  'a%00b',
  '%01%1B',
  '%EF%BF%BE',
  '%EF%BF%BF',
  '%ED%A0%80',
  '%C0%80',
  '%F4%8F%BF%BF',
  '%FF',
  '%E0%A4%A',
  '%',
  '%%',
  '0x10',
  '-1',
  '1e400',
  '99999999999999999999999',
  '%27%20OR%201%3D1',
  '%5B%5D',
  'x'.repeat(4000),
];

interface Probe {
  method: 'GET' | 'POST';
  path: string;
  /** Fields of a valid body; each is replaced in turn by each hostile value. */
  fields?: Record<string, unknown>;
  /** Send the member's token. */
  signedIn?: boolean;
}

function probesFor(ids: { topicId: number; userId: number; tagId: number }): Probe[] {
  const topic = { title: 'A title', content: '<p>body</p>', contentType: 'html', hideContent: '', tags: ['one'], imageList: [], nodeId: 1, type: 0 };
  return [
    { method: 'POST', path: '/api/login/signin', fields: { username: 'someone@example.com', password: 'secret1' } },
    { method: 'POST', path: '/api/login/signup', fields: { nickname: 'Nick', email: 'new@example.com', password: 'secret1', rePassword: 'secret1', redirect: '/' } },
    { method: 'POST', path: '/api/login/send_reset_password_email', fields: { email: 'someone@example.com' } },
    { method: 'POST', path: '/api/login/reset_password', fields: { token: 'abc', password: 'secret1', rePassword: 'secret1' } },
    { method: 'POST', path: '/api/user/verify_email', fields: { token: 'abc' } },
    { method: 'POST', path: '/api/tag/autocomplete', fields: { input: 'on' } },
    { method: 'POST', path: '/api/topic/create', fields: topic, signedIn: true },
    { method: 'POST', path: `/api/topic/edit/${ids.topicId}`, fields: topic, signedIn: true },
    { method: 'POST', path: '/api/comment/create', fields: { entityType: 'topic', entityId: ids.topicId, content: 'hi', contentType: 'text', imageList: [], quoteId: 0 }, signedIn: true },
    { method: 'POST', path: '/api/content/preview', fields: { content: '# hi', contentType: 'markdown' }, signedIn: true },
    { method: 'POST', path: '/api/user/update', fields: { nickname: 'Nick', signature: 'sig', homePage: 'https://example.com' }, signedIn: true },
    { method: 'POST', path: '/api/user/set_username', fields: { username: 'someone' }, signedIn: true },
    { method: 'POST', path: '/api/user/set_email', fields: { email: 'x@example.com' }, signedIn: true },
    { method: 'POST', path: '/api/user/settings', fields: { replyMail: true }, signedIn: true },
    { method: 'POST', path: '/api/like/like', fields: { entityType: 'topic', entityId: ids.topicId }, signedIn: true },
    { method: 'POST', path: '/api/favorite/add', fields: { entityType: 'topic', entityId: ids.topicId }, signedIn: true },
  ];
}

/** URLs with a `{}` where each hostile spelling goes. */
function urlTemplates(ids: { topicId: number; userId: number; tagId: number }): string[] {
  return [
    '/api/topic/topics?cursor={}',
    '/api/topic/topics?nodeId={}',
    `/api/topic/tag/topics?tagId=${ids.tagId}&cursor={}`,
    '/api/topic/tag/topics?tagId={}',
    '/api/topic/user_topics?userId={}',
    `/api/comment/comments?entityType=topic&entityId=${ids.topicId}&cursor={}`,
    '/api/comment/comments?entityType={}&entityId=1',
    '/api/comment/replies?commentId={}',
    '/api/tag/tags?cursor={}',
    '/api/topic/hide_content?topicId={}',
    '/api/topic/{}',
    '/api/topic/edit/{}',
    '/api/user/{}',
    '/api/tag/{}',
    '/api/user/messages?cursor={}',
    '/api/user/favorites?cursor={}',
    '/uploads/{}',
    '/api/{}',
  ];
}

interface Outcome {
  statuses: Map<number, number>;
  failures: string[];
}

/** Form bodies carry strings only: other values go as their JSON text. */
function formValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? '';
}

/** The requests of one run, as fetch arguments. */
function requestsOf(base: string, token: string, ids: { topicId: number; userId: number; tagId: number }): Array<{ url: string; init: RequestInit }> {
  const out: Array<{ url: string; init: RequestInit }> = [];
  for (const probe of probesFor(ids)) {
    const auth: Record<string, string> = probe.signedIn ? { 'x-user-token': token } : {};
    for (const field of Object.keys(probe.fields ?? {})) {
      for (const value of HOSTILE_VALUES) {
        const body = { ...probe.fields, [field]: value };
        out.push({ url: base + probe.path, init: { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) } });
        const form = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, formValue(v)]));
        out.push({ url: base + probe.path, init: { method: 'POST', headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() } });
      }
    }
    // Whole bodies that are not objects, or nested past reason.
    for (const raw of ['"\\u0000"', '[]', 'null', '1', '{"a":' + '['.repeat(50_000) + ']'.repeat(50_000) + '}', '{"__proto__":{"x":1}}', '{"a\\u0000":1}']) {
      out.push({ url: base + probe.path, init: { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: raw } });
    }
  }
  for (const template of urlTemplates(ids)) {
    for (const value of HOSTILE_URL_VALUES) {
      const anonymous: Record<string, string> = {};
      for (const auth of [anonymous, { 'x-user-token': token }]) out.push({ url: base + template.replace('{}', value), init: { method: 'GET', headers: auth } });
    }
  }
  return out;
}

async function runAll(requests: Array<{ url: string; init: RequestInit }>, concurrency: number): Promise<Outcome> {
  const outcome: Outcome = { statuses: new Map(), failures: [] };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const { url, init } = requests[next++]!;
      let status: number;
      let text = '';
      try {
        const res = await fetch(url, init);
        status = res.status;
        text = await res.text();
      } catch (error) {
        status = 0;
        text = error instanceof Error ? error.message : String(error);
      }
      outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1);
      if (status >= 500 || status === 0) outcome.failures.push(`${status} ${init.method} ${url.slice(0, 160)} ${String(init.body ?? '').slice(0, 120)} → ${text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcome;
}

async function runEngine(dialect: Awaited<ReturnType<typeof testDatabases>>[number]): Promise<number> {
  const t: TestApp = await createTestApp({ dialect, env: { RATE_LIMITS: 'off' } });
  try {
    const member = await createUser(t);
    const topicId = await createTopic(t, member.user, { tags: ['one'] });
    const tagId = (await t.get<{ results: Array<{ id: number }> }>('/api/tag/tags')).body.data!.results[0]!.id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const requests = requestsOf(base, member.token, { topicId, userId: member.user.id, tagId });
    const started = Date.now();
    const outcome = await runAll(requests, 8);
    const by = [...outcome.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
    const fives = outcome.failures.length;
    console.log(`${dialect.padEnd(8)} ${requests.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s: ${by}; 5xx or no answer: ${fives}`);
    for (const line of outcome.failures.slice(0, 20)) console.log(`  ${line}`);
    return fives;
  } finally {
    await t.close();
  }
}

let total = 0;
for (const dialect of await testDatabases()) total += await runEngine(dialect);
console.log(total === 0 ? 'no 5xx' : `${total} requests answered 5xx or not at all`);
process.exit(total === 0 ? 0 : 1);
