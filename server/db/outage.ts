/**
 * A database outage, as the app lives through it (issue 19: an outage answered 500, and logged
 * a line per request). The first error that says the database is unreachable
 * (db/availability.ts) starts the outage: one log line, then every request that needs the
 * database is answered 503 with Retry-After, pages the cache holds are still served, pages it
 * does not hold get the "temporarily unavailable" page without rendering, and the settings are
 * served from their last reading. It ends the moment the database answers again (issue 30: pages
 * came back up to a second and more after it did): at the first query that succeeds having begun
 * after the outage did (`noteSuccess`, told by the database handle about every query), or at the
 * probe's (`select 1`, one at a time, every quarter second) for a forum nobody writes to while
 * the cache serves its readers. One more line then, with how long it lasted and how many answers
 * were 503.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../infra/clock';
import { describeDbError, isDbUnavailable } from './availability';

/** What a 503 asks clients to wait: about how long a database restart takes. */
export const DB_RETRY_AFTER_S = 5;
/** Short: while it is on, pages that are not cached are refused until it ends. One query is cheap. */
export const PROBE_EVERY_MS = 250;

export interface DbOutageOptions {
  log: FastifyBaseLogger;
  clock: Clock;
  /** Resolves when the database answers (a trivial query); rejects otherwise. */
  probe(): Promise<void>;
}

export class DbOutage {
  private since: number | null = null;
  /** When it began on the monotonic clock (performance.now()): queries that began before say nothing. */
  private sinceMono = 0;
  private refused = 0;
  private timer: NodeJS.Timeout | null = null;
  private probing = false;
  private stopped = false;

  constructor(private readonly options: DbOutageOptions) {}

  /** True from the outage's first error until the database answers again. */
  get down(): boolean {
    return this.since !== null;
  }

  /**
   * Looks at a failure: true when it is the database being unreachable (the caller answers
   * 503), which starts an outage if none is on. Any other error: false, and nothing happens.
   */
  noteFailure(error: unknown): boolean {
    if (!isDbUnavailable(error)) return false;
    if (this.since === null && !this.stopped) {
      this.since = this.options.clock.now();
      this.sinceMono = performance.now();
      this.refused = 0;
      this.options.log.error({ cause: describeDbError(error) }, 'database unreachable: answering 503 until it is back');
      this.scheduleProbe();
    }
    return true;
  }

  /**
   * A query succeeded, `durationMs` after it began: the database answers, so the outage (if one
   * is on) ends now rather than at the next probe. A query that began before the outage did
   * (a slow one, finishing on a connection the outage has not reached yet) proves nothing.
   */
  noteSuccess(durationMs: number): void {
    if (this.since === null || performance.now() - durationMs < this.sinceMono) return;
    this.end();
  }

  /** Counts an answer given 503 because of the outage (for the closing line). */
  countRefused(): void {
    this.refused += 1;
  }

  /** Stops probing (the app is closing). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private scheduleProbe(): void {
    if (this.stopped || this.timer || this.probing) return;
    this.timer = setTimeout(() => void this.probe(), PROBE_EVERY_MS);
    this.timer.unref();
  }

  private async probe(): Promise<void> {
    this.timer = null;
    this.probing = true;
    const began = performance.now();
    try {
      await this.options.probe();
    } catch {
      this.probing = false;
      if (this.since !== null) this.scheduleProbe();
      return;
    }
    this.probing = false;
    this.noteSuccess(performance.now() - began);
    // An outage that began while this probe was out is not ended by it: the next one's turn.
    if (this.since !== null) this.scheduleProbe();
  }

  private end(): void {
    if (this.since === null) return;
    const downMs = this.options.clock.now() - this.since;
    this.options.log.warn({ downMs, answered503: this.refused }, 'database reachable again');
    this.since = null;
    // A probe may be waiting (the outage ended by a query): it has nothing left to do.
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
