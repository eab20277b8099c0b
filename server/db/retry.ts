/**
 * Retrying a whole transaction when the engine gave up on it for a reason that a second try
 * cures: a deadlock (MySQL 1213, PostgreSQL 40P01), a serialization failure (40001), a lock wait
 * timeout (MySQL 1205) or a busy SQLite file shared by several processes. The callback must be
 * a whole transaction and keep no state between attempts.
 */

export function isTransientDbError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; errno?: unknown };
  return (
    e.errno === 1213 ||
    e.errno === 1205 ||
    e.code === 'ER_LOCK_DEADLOCK' ||
    e.code === 'ER_LOCK_WAIT_TIMEOUT' ||
    e.code === '40P01' ||
    e.code === '40001' ||
    e.code === 'SQLITE_BUSY' ||
    e.code === 'SQLITE_BUSY_SNAPSHOT'
  );
}

export async function withRetry<T>(attempt: () => Promise<T>, tries = 6): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= tries || !isTransientDbError(error)) throw error;
      // Jittered backoff: 5–15 ms, then 10–30 ms, …, so the contenders do not collide again.
      const base = 5 * 2 ** (n - 1);
      await new Promise((resolve) => setTimeout(resolve, base + Math.random() * base * 2));
    }
  }
}
