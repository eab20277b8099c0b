/**
 * A write the engine keeps refusing for contention (issue 30): retried whole, then answered 503
 * with Retry-After, never 500; any other error passes through untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { AppError } from '../infra/errors';
import { runWrite, WRITE_RETRY_AFTER_S } from './write';

describe('runWrite under contention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
  });
  afterAll(() => t.close());

  it('retries a deadlock, then gives up with 503 and Retry-After', async () => {
    let tries = 0;
    const failure = await runWrite(t.ctx, async () => {
      tries += 1;
      throw Object.assign(new Error('Deadlock found when trying to get lock'), { code: 'ER_LOCK_DEADLOCK', errno: 1213 });
    }).catch((error: unknown) => error);
    expect(tries).toBe(6);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 503, messageKey: 'errors.unavailable', headers: { 'retry-after': String(WRITE_RETRY_AFTER_S) } });
  });

  it('a deadlock cured by a second try is the write’s answer', async () => {
    let tries = 0;
    const answer = await runWrite(t.ctx, async () => {
      tries += 1;
      if (tries === 1) throw Object.assign(new Error('Deadlock'), { code: '40P01' });
      return 'written';
    });
    expect([answer, tries]).toEqual(['written', 2]);
  });

  it('any other error is thrown as it was, once', async () => {
    let tries = 0;
    const boom = new Error('boom');
    await expect(
      runWrite(t.ctx, async () => {
        tries += 1;
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(tries).toBe(1);
  });
});
