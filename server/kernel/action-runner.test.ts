/**
 * The runner of declared actions (ADR 0021): the one order of steps every action takes, the
 * limits' spending and giving back, a write's transaction, a page's read, and the answer held to
 * its declared schema. The actions here are made up for the test and run on a real app and
 * database (SQLite: the runner is the same on every engine).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, returns } from '../../common/actions/contract';
import { idField } from '../../common/validation/fields';
import { createUser, type CreatedUser } from '../../tests/support/factories';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { requireDb } from '../context';
import { AppError, errors } from '../infra/errors';
import { ActionRegistry } from './action-registry';
import { performAction, type ActionRequest } from './action-runner';
import { limit, readAction, who, writeAction, type AnyAction } from './actions';
import { callerFrom } from './caller';

const counter = z.strictObject({ n: z.number() });

const echo = contract({ name: 'test.echo', method: 'GET', path: '/api/test/echo/:id', input: z.object({ id: idField, word: z.string().max(5, 'validation.invalid') }), output: returns<{ n: number }>(), summary: 'echo', notFound: 'topic.errors.notFound' });
const note = contract({ name: 'test.note', method: 'POST', path: '/api/test/note', input: z.object({ text: z.string().min(1, 'validation.invalid') }), output: returns<{ n: number }>(), summary: 'note' });

describe('the action runner', () => {
  let t: TestApp;
  let member: CreatedUser;
  let banned: CreatedUser;
  let moderator: CreatedUser;
  const steps: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite', env: { RATE_LIMITS: 'on' } });
    member = await createUser(t);
    banned = await createUser(t, { banned: true });
    moderator = await createUser(t, { role: 'moderator' });
  });
  afterAll(() => t.close());

  function request(user: CreatedUser | null, fields: unknown, params: Record<string, unknown> = {}): ActionRequest {
    return { caller: callerFrom(t.ctx, { user: user?.user ?? null, locale: 'en-US', ip: '203.0.113.9', userAgent: 'test' }), params, fields, via: 'api' };
  }

  async function refusal(run: Promise<unknown>): Promise<[number, number]> {
    const error = await run.then(
      () => null,
      (failure: unknown) => failure,
    );
    if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
    return [error.status, error.errorCode];
  }

  it('takes its steps in one order: who, guards, the input (path 404, then fields 400), the target, the use case', async () => {
    const action = readAction(echo, {
      who: who.writer(),
      guards: [() => void steps.push('guard')],
      answer: counter,
      target: {
        load: async (_db, input) => {
          steps.push(`target ${input.id}`);
          if (input.id === 404) throw errors.notFound();
          return input.id;
        },
      },
      run: async ({ target }) => {
        steps.push('run');
        return { n: target };
      },
    });
    const perform = (user: CreatedUser | null, id: unknown, word: unknown) => performAction(t.ctx, action, request(user, { word }, { id }));
    steps.length = 0;
    expect(await refusal(perform(null, 'x', 'too long'))).toEqual([401, 1]);
    expect(await refusal(perform(banned, 'x', 'too long'))).toEqual([403, 3]);
    expect(steps).toEqual([]);
    expect(await refusal(perform(member, 'x', 'too long'))).toEqual([404, 6]);
    expect(await refusal(perform(member, '7', 'too long'))).toEqual([400, 5]);
    expect(steps).toEqual(['guard', 'guard']);
    steps.length = 0;
    expect(await refusal(perform(member, '404', 'ok'))).toEqual([404, 6]);
    expect(await perform(member, '7', 'ok')).toEqual({ n: 7 });
    expect(steps).toEqual(['guard', 'target 404', 'guard', 'target 7', 'run']);
  });

  it('hands a guard the request’s headers, before any limit is spent', async () => {
    const action = writeAction(note, {
      who: who.anyone('a test'),
      guards: [(_ctx, _settings, _raw, { headers }) => {
        if (headers['sec-fetch-site'] === 'cross-site') throw errors.forbidden('errors.crossOrigin');
      }],
      limit: limit.perIp({ name: 'test:guarded', max: 1, windowMs: 60_000 }, { stage: 'beforeInput' }),
      answer: counter,
      run: async () => ({ n: 1 }),
    });
    const call = (site: string) => performAction(t.ctx, action, { ...request(null, { text: 'x' }), headers: { 'sec-fetch-site': site } });
    expect(await refusal(call('cross-site'))).toEqual([403, 2]);
    expect(await call('same-origin')).toEqual({ n: 1 });
  });

  it('answers a path parameter that names nothing with the contract’s own message', async () => {
    const action = readAction(echo, { who: who.anyone(), answer: counter, run: async ({ input }) => ({ n: input.id }) });
    const failure = await performAction(t.ctx, action, request(null, { word: 'a' }, { id: '0x10' })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).messageKey).toBe('topic.errors.notFound');
  });

  it('spends an allowance after a valid input, gives it back on the refusals it names, and exempts staff', async () => {
    const rule = { perUser: { max: 2, windowMs: 60_000 }, perIp: { max: 100, windowMs: 60_000 } };
    let refuse: AppError | null = null;
    const action = writeAction(note, {
      who: who.writer(),
      limit: limit.allowance(`note${Date.now()}`, () => rule, [404]),
      answer: counter,
      run: async ({ input }) => {
        if (refuse) throw refuse;
        return { n: input.text.length };
      },
    });
    const post = (user: CreatedUser, text: string) => performAction(t.ctx, action, request(user, { text }));
    // A bad field costs nothing.
    for (let i = 0; i < 3; i++) expect(await refusal(post(member, ''))).toEqual([400, 5]);
    // A refusal the declaration names gives the hit back; another keeps it.
    refuse = errors.notFound();
    for (let i = 0; i < 3; i++) expect(await refusal(post(member, 'gone'))).toEqual([404, 6]);
    refuse = errors.conflict();
    expect(await refusal(post(member, 'clash'))).toEqual([409, 9]);
    refuse = null;
    expect(await post(member, 'one')).toEqual({ n: 3 });
    expect(await refusal(post(member, 'two'))).toEqual([429, 7]);
    // Moderators post without an allowance.
    for (let i = 0; i < 4; i++) expect(await post(moderator, 'mod')).toEqual({ n: 3 });
  });

  it('gives a rule’s hit back on success when it counts failures only', async () => {
    const rule = { name: `fail${Date.now()}`, max: 1, windowMs: 60_000 };
    let fail = true;
    const action = writeAction(note, {
      who: who.anyone('a test'),
      limit: limit.perIp(rule, { stage: 'beforeInput', onSuccess: 'release' }),
      answer: counter,
      run: async () => {
        if (fail) throw errors.forbidden();
        return { n: 1 };
      },
    });
    fail = false;
    for (let i = 0; i < 3; i++) expect(await performAction(t.ctx, action, request(null, { text: 'x' }))).toEqual({ n: 1 });
    fail = true;
    expect(await refusal(performAction(t.ctx, action, request(null, { text: 'x' })))).toEqual([403, 2]);
    // Spent before the input: even a malformed attempt now counts, and the one failure filled the rule.
    expect(await refusal(performAction(t.ctx, action, request(null, {})))).toEqual([429, 7]);
  });

  it('writes in one transaction: a refusal after a row was written leaves nothing behind', async () => {
    const db = requireDb(t.ctx);
    const marker = `runner-${Date.now()}`;
    const action = writeAction(note, {
      who: who.writer(),
      limit: limit.none('a test'),
      answer: counter,
      run: async ({ scope, input }) => {
        await scope.db.insertInto('settings').values({ key: marker, value: input.text, create_time: scope.now, update_time: scope.now }).execute();
        if (input.text === 'refuse') throw errors.conflict();
        return { n: 1 };
      },
    });
    expect(await refusal(performAction(t.ctx, action, request(member, { text: 'refuse' })))).toEqual([409, 9]);
    expect(await db.selectFrom('settings').select('key').where('key', '=', marker).execute()).toEqual([]);
    await performAction(t.ctx, action, request(member, { text: 'keep' }));
    expect(await db.selectFrom('settings').select('value').where('key', '=', marker).execute()).toEqual([{ value: 'keep' }]);
  });

  it('prepares a write before its transaction: the slow part outside it, once, and the write gets what it made', async () => {
    const db = requireDb(t.ctx);
    const seen: string[] = [];
    const action = writeAction(note, {
      who: who.writer(),
      limit: limit.none('a test'),
      answer: counter,
      prepare: async ({ input, db: prepareDb }) => {
        seen.push(`prepare ${input.text} ${prepareDb === db ? 'outside' : 'inside'}`);
        if (input.text === 'bad') throw errors.validation({ text: 'validation.invalid' });
        return input.text.toUpperCase();
      },
      run: async ({ prepared, db: runDb }) => {
        seen.push(`run ${prepared} ${runDb === db ? 'outside' : 'inside'}`);
        return { n: prepared.length };
      },
    });
    expect(await performAction(t.ctx, action, request(member, { text: 'abc' }))).toEqual({ n: 3 });
    expect(await refusal(performAction(t.ctx, action, request(member, { text: 'bad' })))).toEqual([400, 5]);
    expect(seen).toEqual(['prepare abc outside', 'run ABC inside', 'prepare bad outside']);
  });

  it('holds every answer to its declared schema under test: a field too many or missing fails', async () => {
    const drifting = (answer: unknown) => readAction(echo, { who: who.anyone(), answer: counter, run: async () => answer as { n: number } });
    const registry = new ActionRegistry();
    const extra = drifting({ n: 1, password: 'hash' });
    registry.register('test', [extra]);
    const reader = callerFrom(t.ctx, { user: null, locale: 'en-US', ip: '', userAgent: '' });
    await expect(registry.read(t.ctx, echo, reader, { id: 1, word: 'a' })).rejects.toThrow(/test\.echo answered outside its declared schema: \(answer\): Unrecognized key/);
    const missing = new ActionRegistry();
    missing.register('test', [drifting({})]);
    await expect(missing.read(t.ctx, echo, reader, { id: 1, word: 'a' })).rejects.toThrow(/n: /);
  });

  it('lets the pages read, never write, and answers their refusals as values in the reader’s language', async () => {
    const registry = new ActionRegistry();
    registry.register('test', [readAction(echo, { who: who.writer(), answer: counter, run: async ({ input }) => ({ n: input.id }) }), writeAction(note, { who: who.writer(), limit: limit.none('a test'), answer: counter, run: async () => ({ n: 1 }) })]);
    const reader = (user: CreatedUser | null) => callerFrom(t.ctx, { user: user?.user ?? null, locale: 'zh-CN', ip: '', userAgent: '' });
    expect(await registry.read(t.ctx, echo, reader(member), { id: 3, word: 'a' })).toEqual({ ok: true, data: { n: 3 } });
    expect(await registry.read(t.ctx, echo, reader(null), { id: 3, word: 'a' })).toEqual({ ok: false, status: 401, message: '请先登录' });
    expect(() => registry.read(t.ctx, note as never, reader(member), { text: 'x' })).toThrow(/pages only read/);
  });

  it('refuses a declaration twice over: the same name, the same route, or a write that is not a POST', () => {
    const registry = new ActionRegistry();
    const read = readAction(echo, { who: who.anyone(), answer: counter, run: async () => ({ n: 1 }) });
    registry.register('a', [read]);
    expect(() => registry.register('b', [read])).toThrow(/declared by both a and b/);
    const sameRoute = contract({ ...echo, name: 'test.other', path: '/api/test/echo/:other' });
    expect(() => registry.register('b', [readAction(sameRoute, { who: who.anyone(), answer: counter, run: async () => ({ n: 1 }) })])).toThrow(/both answer GET/);
    const getWrite = contract({ ...note, name: 'test.getWrite', method: 'GET' as const, path: '/api/test/get-write' });
    const bad: AnyAction = { ...writeAction(note, { who: who.writer(), limit: limit.none('t'), answer: counter, run: async () => ({ n: 1 }) }), contract: getWrite };
    expect(() => registry.register('c', [bad])).toThrow(/a write is a POST/);
  });
});
