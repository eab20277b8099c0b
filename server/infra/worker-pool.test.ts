/** The worker pool's rules: size, bounded queue, failures as data, a dead worker replaced, close. */
import { afterEach, describe, expect, it } from 'vitest';
import { PoolBusyError, WorkerPool, WorkerTaskError } from './worker-pool';

interface EchoTask {
  wait?: number;
  value?: string;
  fail?: string;
  crash?: boolean;
}

const ECHO = new URL('../../tests/support/echo-worker.ts', import.meta.url);

describe('WorkerPool', () => {
  let pool: WorkerPool<EchoTask, string>;
  afterEach(() => pool.close());

  it('runs `size` tasks at once, queues up to `maxQueue`, and refuses the rest at once', async () => {
    pool = new WorkerPool({ file: ECHO, size: 2, maxQueue: 1 });
    const running = [pool.run({ wait: 300, value: 'a' }), pool.run({ wait: 300, value: 'b' }), pool.run({ value: 'c' })];
    expect(pool.load).toEqual({ running: 2, queued: 1 });
    await expect(pool.run({ value: 'd' })).rejects.toBeInstanceOf(PoolBusyError);
    expect(await Promise.all(running)).toEqual(['a', 'b', 'c']);
    expect(pool.load).toEqual({ running: 0, queued: 0 });
    expect(await pool.run({ value: 'e' })).toBe('e');
  });

  it("hands back the worker's refusal as data", async () => {
    pool = new WorkerPool({ file: ECHO, size: 1, maxQueue: 0 });
    const error = await pool.run({ fail: 'tooWide' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect((error as WorkerTaskError).data).toEqual({ reason: 'tooWide' });
  });

  it('fails the task of a worker that dies, and goes on with a new one', async () => {
    pool = new WorkerPool({ file: ECHO, size: 1, maxQueue: 2 });
    const lost = pool.run({ crash: true });
    const next = pool.run({ value: 'after' });
    await expect(lost).rejects.toThrow(/exited with code 3/);
    expect(await next).toBe('after');
  });

  it('fails what is queued or running when closed', async () => {
    pool = new WorkerPool({ file: ECHO, size: 1, maxQueue: 1 });
    const running = pool.run({ wait: 5_000 }).catch((error: unknown) => error);
    const queued = pool.run({ value: 'x' }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pool.close();
    expect(String(await running)).toMatch(/closed/);
    expect(String(await queued)).toMatch(/closed/);
    await expect(pool.run({ value: 'y' })).rejects.toThrow(/closed/);
  });
});
