/**
 * Mentions benchmark (issue 27): what finding and resolving the @-mentions of a 10 KB post
 * costs, the work the mentions feature adds to every post and comment written.
 *
 *   npx tsx bench/mentions.ts [--iterations 500] [--mentions 30]
 *   TEST_DATABASES=sqlite,postgres npx tsx bench/mentions.ts
 *
 * For each engine (the test harness's fresh database): 200 members with usernames; then a post
 * of about 10 KB of sanitized HTML (paragraphs of text, `--mentions` mentions: half profile links
 * as the rich-text editor writes them, half `@username` as Markdown leaves them, a few unknown
 * names, a quote) and the same post with no mention at all. Prints, per 10 KB post: the pure scan
 * (mentions.parser `scanContent`), the full resolve (`resolveContent`: scan, the members looked
 * up in at most two queries, the HTML decorated) and the resolve of a post without mentions.
 */
import { performance } from 'node:perf_hooks';
import { requireDb } from '../server/context';
import { resolveContent, scanContent } from '../server/modules/mentions/mentions.api';
import { renderHtml } from '../server/modules/content/content.api';
import { testDatabases } from '../tests/support/databases';
import { createUser, type CreatedUser } from '../tests/support/factories';
import { createTestApp } from '../tests/support/test-app';
import { arg } from './lib';

const ITERATIONS = Number(arg('iterations') ?? 500);
const MENTIONS = Number(arg('mentions') ?? 30);
const TARGET_BYTES = 10 * 1024;

const FILLER =
  'Khao soi at the night market was better than last year, with a deeper curry and crispier noodles on top. ' +
  'The stall near the temple opens at five and sells out by eight, so go early and bring small notes. ';

/** About 10 KB of sanitized HTML with `count` mentions spread through it. */
function post(members: readonly CreatedUser[], count: number): string {
  const parts: string[] = ['<blockquote><p>Go early.</p><p>— <a href="/topic/1#comment-1">Someone</a></p></blockquote>'];
  let i = 0;
  while (parts.join('').length < TARGET_BYTES) {
    const member = members[i % members.length]!;
    const mention = i >= count ? '' : i % 5 === 4 ? ' @nobody_here' : i % 2 === 0 ? ` <a href="/user/${member.user.id}">@${member.user.nickname}</a>` : ` @${member.user.username}`;
    parts.push(`<p>${FILLER}${mention}</p>`);
    i++;
  }
  // Sanitized as a write stores it, so the figures are for what the listener reads.
  return renderHtml(parts.join(''), 'html');
}

function measure(label: string, bytes: number, run: () => unknown): void {
  for (let i = 0; i < Math.min(50, ITERATIONS); i++) run();
  const start = performance.now();
  for (let i = 0; i < ITERATIONS; i++) run();
  const ms = (performance.now() - start) / ITERATIONS;
  console.log(`  ${label.padEnd(42)} ${((ms * TARGET_BYTES) / bytes).toFixed(3)} ms per 10 KB post (${ms.toFixed(3)} ms for ${bytes} bytes)`);
}

async function measureAsync(label: string, bytes: number, run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < Math.min(50, ITERATIONS); i++) await run();
  const start = performance.now();
  for (let i = 0; i < ITERATIONS; i++) await run();
  const ms = (performance.now() - start) / ITERATIONS;
  console.log(`  ${label.padEnd(42)} ${((ms * TARGET_BYTES) / bytes).toFixed(3)} ms per 10 KB post (${ms.toFixed(3)} ms for ${bytes} bytes)`);
}

for (const dialect of await testDatabases()) {
  const t = await createTestApp({ dialect });
  try {
    const db = requireDb(t.ctx);
    const members: CreatedUser[] = [];
    for (let i = 0; i < 200; i++) members.push(await createUser(t, { username: `bench${String(i).padStart(4, '0')}`, password: null }));
    const withMentions = post(members, MENTIONS);
    const without = post(members, 0);
    const resolved = await resolveContent(db, withMentions);
    console.log(`\n[${dialect}] ${ITERATIONS} runs; ${scanContent(withMentions).mentions.length} mention candidates, ${resolved.mentioned.length} members marked (cap 10)`);
    measure('scan only (pure parser)', withMentions.length, () => scanContent(withMentions));
    await measureAsync(`resolve, ${MENTIONS} mentions (2 queries)`, withMentions.length, () => resolveContent(db, withMentions));
    await measureAsync('resolve, no mention (no query)', without.length, () => resolveContent(db, without));
  } finally {
    await t.close();
  }
}
