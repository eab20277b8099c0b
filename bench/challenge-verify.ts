/**
 * What checking a proof-of-work solution costs the server (issue 28): the challenge feature's own
 * check (`checkSolution`: payload parsed, expiry, the challenge's HMAC signature, the derived key's
 * HMAC — deterministic mode, no key derivation), per verification, and what making a challenge
 * costs (one key derivation at the chosen counter and cost). Solutions are made once with
 * altcha-lib's solver (as the widget's worker does). No database: the spent-solution insert is
 * one primary-key insert on top.
 *
 *   npx tsx bench/challenge-verify.ts [verifications=2000]
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import { checkSolution, makeChallenge, type ChallengeSecrets } from '../server/modules/challenge/challenge.service';

const count = Number(process.argv[2] ?? 2000);
const secrets: ChallengeSecrets = { signature: 'bench-signature-secret-0123456789abcdef', key: 'bench-signature-secret-0123456789abcdef:key' };

const now = Date.now();
const makeStart = performance.now();
const challenges = [];
for (let i = 0; i < 50; i++) challenges.push(await makeChallenge(secrets, now));
const makeUs = ((performance.now() - makeStart) / 50) * 1000;

const payloads: string[] = [];
const solveStart = performance.now();
for (const challenge of challenges.slice(0, 20)) {
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  payloads.push(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
}
const solveMs = (performance.now() - solveStart) / 20;

// Warm up, then time.
for (let i = 0; i < 200; i++) await checkSolution(secrets, payloads[i % payloads.length], now);
const start = performance.now();
let ok = 0;
for (let i = 0; i < count; i++) if ((await checkSolution(secrets, payloads[i % payloads.length], now)).verdict === 'ok') ok++;
const perVerify = ((performance.now() - start) / count) * 1000;
if (ok !== count) throw new Error(`only ${ok} of ${count} verified`);

console.log(`make a challenge: ${makeUs.toFixed(0)} µs`);
console.log(`solve (Node, one thread, altcha-lib's solver): ${solveMs.toFixed(0)} ms mean of 20`);
console.log(`verify a solution: ${perVerify.toFixed(1)} µs (${count} verifications)`);
