/**
 * Screening a post against the forbidden words (issue 16), per app (`ctx.words`). The list is
 * read from the database at most every CACHE_TTL_MS (dropped at once in the process that changed
 * it; other processes follow within the TTL). Texts and words are width- and case-folded (NFKC,
 * lower case): plain words are looked for as substrings here, in microseconds; regular
 * expressions run in a worker thread under a time limit (words.runner.ts). A post a pattern did
 * not finish on in time is held for review, never published unread nor refused for it. An admin's
 * new pattern is tried in a second worker of its own (`probePattern`), so its check never waits
 * behind members' posts nor for a thread their slow patterns had to end (issue 30: 3–30 s).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { foldText, type WordAction, type WordKind } from '../../../common/validation/words';
import type { DB, ForbiddenWordRow } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { findAllWords } from './words.repository';
import { RegexRunner } from './words.runner';

const CACHE_TTL_MS = 2_000;
/** How long all of a post's regular expressions may take together before the post is held. */
export const MATCH_TIMEOUT_MS = 250;

export interface WordHit {
  id: number;
  pattern: string;
  kind: WordKind;
  action: WordAction;
  /** The field it was found in. */
  field: string;
}

export type Verdict =
  | { action: 'publish' }
  | { action: 'review'; hits: WordHit[]; timedOut: boolean }
  | { action: 'refuse'; hit: WordHit };

/** The worker module beside this one: `.ts` in the sources, `.js` in the build (scripts/build-server.mjs). */
function workerFile(): URL {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./words-worker.${ext}`, import.meta.url);
}

interface WordList {
  words: ForbiddenWordRow[];
  regexes: ForbiddenWordRow[];
}

export class WordScreen {
  private cache: { at: number; list: WordList } | null = null;
  private loading: Promise<WordList> | null = null;
  readonly runner: RegexRunner;
  /** Patterns being saved: tried here, apart from the members' posts. */
  private readonly probes: RegexRunner;

  constructor(
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    timeoutMs = MATCH_TIMEOUT_MS,
  ) {
    this.runner = new RegexRunner(workerFile(), timeoutMs);
    this.probes = new RegexRunner(workerFile(), timeoutMs);
  }

  /** Drops the cached list (this process changed it). */
  invalidate(): void {
    this.cache = null;
  }

  private async list(db: Kysely<DB>): Promise<WordList> {
    const now = this.clock.now();
    if (this.cache && now - this.cache.at < CACHE_TTL_MS) return this.cache.list;
    this.loading ??= findAllWords(db)
      .then((rows) => {
        const list = { words: rows.filter((row) => row.kind === 'word'), regexes: rows.filter((row) => row.kind === 'regex') };
        this.cache = { at: now, list };
        return list;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /**
   * What a post with these fields (field name → plain text) gets: refused (a 'refuse' word, the
   * first field it is in), held for review (any other word, or a pattern out of time), or published.
   */
  async screen(db: Kysely<DB>, fields: Readonly<Record<string, string>>): Promise<Verdict> {
    const list = await this.list(db);
    if (list.words.length === 0 && list.regexes.length === 0) return { action: 'publish' };
    const names = Object.keys(fields);
    const texts = names.map((name) => foldText(fields[name] ?? ''));
    const hits: WordHit[] = [];
    const hit = (row: ForbiddenWordRow, at: number): WordHit => ({ id: row.id, pattern: row.pattern, kind: row.kind as WordKind, action: row.action as WordAction, field: names[at]! });
    for (const row of list.words) {
      const at = texts.findIndex((text) => text.includes(row.pattern));
      if (at !== -1) hits.push(hit(row, at));
    }
    let timedOut = false;
    if (list.regexes.length > 0) {
      const outcome = await this.runner.run(
        list.regexes.map((row) => row.pattern),
        texts,
      );
      if (Array.isArray(outcome)) {
        outcome.forEach((at, i) => {
          if (at !== -1) hits.push(hit(list.regexes[i]!, at));
        });
      } else {
        timedOut = true;
        this.log.warn({ outcome, patterns: list.regexes.map((row) => row.id) }, 'forbidden-word patterns did not finish: the post is held for review');
      }
    }
    const refused = hits.find((h) => h.action === 'refuse');
    if (refused) return { action: 'refuse', hit: refused };
    return hits.length > 0 || timedOut ? { action: 'review', hits, timedOut } : { action: 'publish' };
  }

  /** Starts the probe worker ahead of an admin's save (the list is open). */
  warmProbes(): void {
    this.probes.warm();
  }

  /**
   * A pattern an admin is saving, tried on hostile inputs (long runs that make a backtracking
   * pattern show itself) and on `texts`, all within `timeoutMs`: whether it matches each of
   * `texts`, or null when it did not finish in time (or the worker failed).
   */
  async probePattern(pattern: string, texts: readonly string[], timeoutMs: number): Promise<boolean[] | null> {
    const hostile = hostileInputs(pattern);
    const outcome = await this.probes.runEach([pattern], [...hostile, ...texts], timeoutMs);
    return Array.isArray(outcome) ? outcome[0]!.slice(hostile.length) : null;
  }

  async close(): Promise<void> {
    await Promise.all([this.runner.close(), this.probes.close()]);
  }
}

/**
 * Texts that make a backtracking pattern show itself: long runs of each literal character the
 * pattern names, and of common classes, each followed by a character that makes the match fail.
 */
function hostileInputs(pattern: string): string[] {
  const chars = new Set<string>(['a', '1', ' ', '-', 'ก', '中']);
  for (const ch of pattern.replace(/\\./g, '')) if (/[\p{L}\p{N}]/u.test(ch)) chars.add(ch.toLowerCase());
  const inputs: string[] = [];
  for (const ch of [...chars].slice(0, 12)) {
    for (const tail of ['!', '\u0000']) inputs.push(ch.repeat(3000) + tail);
  }
  inputs.push([...chars].join('').repeat(500) + '!');
  return inputs;
}
