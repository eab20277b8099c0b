/**
 * A database outage, as the app lives through it (issue 19: an outage answered 500, and logged
 * a line per request). The first error that says the database is unreachable
 * (db/availability.ts) starts the outage: one log line, then every request that needs the
 * database is answered 503 with Retry-After, pages the cache holds are still served, pages it
 * does not hold get the "temporarily unavailable" page without rendering, and the settings are
 * served from their last reading. A probe (`select 1`, one at a time, every second) ends it: one
 * more line, with how long it lasted and how many answers were 503.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../infra/clock';
import { describeDbError, isDbUnavailable } from './availability';

/** What a 503 asks clients to wait: about how long a database restart takes. */
export const DB_RETRY_AFTER_S = 5;
const PROBE_EVERY_MS = 1_000;

export interface DbOutageOptions {
  log: FastifyBaseLogger;
  clock: Clock;
  /** Resolves when the database answers (a trivial query); rejects otherwise. */
  probe(): Promise<void>;
}

export class DbOutage {
  private since: number | null = null;
  private refused = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: DbOutageOptions) {}

  /** True from the outage's first error until the probe reaches the database again. */
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
      this.refused = 0;
      this.options.log.error({ cause: describeDbError(error) }, 'database unreachable: answering 503 until it is back');
      this.scheduleProbe();
    }
    return true;
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
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.probe(), PROBE_EVERY_MS);
    this.timer.unref();
  }

  private async probe(): Promise<void> {
    try {
      await this.options.probe();
    } catch {
      this.scheduleProbe();
      return;
    }
    this.end();
  }

  private end(): void {
    if (this.since === null) return;
    const downMs = this.options.clock.now() - this.since;
    this.options.log.warn({ downMs, answered503: this.refused }, 'database reachable again');
    this.since = null;
    this.timer = null;
  }
}
