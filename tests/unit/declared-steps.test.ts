/**
 * Steps are declared, not written by hand (ADR 0021): outside the kernel (and the policy it asks),
 * no file of server/ authorizes, checks a writer, spends a rate limit or opens a transaction.
 * The runner does each from the action's declaration, in one place. A few domain rules that are
 * more than a rate limit, and the work jobs do outside any request, are named below with why.
 * Test files are left out: a test may set up whatever it needs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'server');

/** The calls a route or use case must not make: the declaration says them. */
const STEPS: ReadonlyArray<{ step: string; pattern: RegExp }> = [
  { step: 'authorize', pattern: /\b(?:authorize|requireWriter|requireVerifiedWriter)\(/ },
  { step: 'limit', pattern: /\blimiter\.(?:consume|hit|release|reset)\(|\bwithAllowance\(/ },
  { step: 'transaction', pattern: /\.transaction\(\)/ },
  { step: 'write', pattern: /\brunWrite\(/ },
];

/** Files that take a step by hand, and why it is not a declaration's. */
const BY_HAND: Record<string, string> = {
  'modules/auth/signin-guard.ts limit': 'failed sign-ins per account slow down, then refuse, then alert its owner: a rule of accounts, on counts, not a rate limit',
  'modules/auth/auth.jobs.ts limit': 'the reset mail job skips a recipient who had too many, silently (the answer was given before it ran)',
  'modules/jobs/jobs.runner.ts write': 'the job runner records a job’s outcome: work outside any request',
  'modules/vip/vip.reminders.ts write': 'the hourly reminder job records each member’s reminder: work outside any request',
  'modules/identities/identities.usecases.ts write': 'a provider sends the browser back with a GET, so the callback is declared a read: its code exchange runs outside any transaction, then one runWrite signs in, links or creates the account',
  'modules/account-data/account-data.jobs.ts write': 'the archive job records the ready archive with its site message: work outside any request',
  'modules/account-data/account-data.service.ts write': 'the erasure schedule erases each due member in a transaction of its own: work outside any request',
  'modules/digest/digest.run.ts write': 'the hourly digest run claims a batch of members’ periods with their mail jobs: work outside any request',
};

/** Where the steps themselves live. */
const HOME = ['kernel/', 'policy/', 'infra/rate-limiter.ts'];

function sources(): string[] {
  return readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !HOME.some((home) => file.startsWith(home)));
}

/** Every `file step` of server/ that takes a step by hand; comments are left out. */
function stepsByHand(): string[] {
  const found = new Set<string>();
  for (const file of sources()) {
    const code = readFileSync(path.join(SERVER, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const { step, pattern } of STEPS) if (pattern.test(code)) found.add(`${file} ${step}`);
  }
  return [...found].sort();
}

describe('steps are declared, not written by hand', () => {
  const found = stepsByHand();

  it('no route or use case authorizes, limits or opens a transaction itself', () => {
    expect(found.filter((entry) => !(entry in BY_HAND))).toEqual([]);
  });

  it('every step taken by hand is still there, and says why', () => {
    expect(Object.keys(BY_HAND).filter((entry) => !found.includes(entry))).toEqual([]);
    expect(Object.values(BY_HAND).filter((why) => why.length < 20)).toEqual([]);
  });

  it('sees each step where it is written', () => {
    expect(sources().length).toBeGreaterThan(100);
    expect(STEPS.find(({ step }) => step === 'authorize')!.pattern.test("authorize(user, 'content:delete')")).toBe(true);
    expect(STEPS.find(({ step }) => step === 'transaction')!.pattern.test('db.transaction().execute(work)')).toBe(true);
    expect(STEPS.find(({ step }) => step === 'limit')!.pattern.test('await ctx.limiter.consume(rule, key)')).toBe(true);
  });
});
