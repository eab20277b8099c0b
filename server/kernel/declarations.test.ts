/**
 * What every declaration of the app says (ADR 0021), read from the registry of a running app:
 * each mutating action is rate-limited or says why not; each limit names at least one rule;
 * each route a declaration names is served, and only by it. (Who may call each, and what a ban
 * does, is server/http/ban-coverage.test.ts's; the answers' shapes are checked by every HTTP test.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { isUnlimited, type AnyAction } from './actions';

describe('the declarations', () => {
  let t: TestApp;
  let actions: AnyAction[];

  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
    actions = t.ctx.actions.all().map(({ action }) => action);
  });
  afterAll(() => t.close());

  it('every mutating action is limited, or says why it need not be', () => {
    const mutating = actions.filter((action) => action.write || action.contract.method === 'POST');
    expect(mutating.length).toBeGreaterThan(60);
    const silent = mutating.filter((action) => {
      const limit = action.limit;
      if (!limit) return true;
      return isUnlimited(limit) ? limit.none.trim().length < 10 : limit.rules.length === 0;
    });
    expect(silent.map((action) => action.contract.name)).toEqual([]);
  });

  it('every limit a read declares names a rule', () => {
    const empty = actions.filter((action) => action.limit && !isUnlimited(action.limit) && action.limit.rules.length === 0);
    expect(empty.map((action) => action.contract.name)).toEqual([]);
  });

  it('every declared route is served, by the declaration’s own method', () => {
    for (const { action } of t.ctx.actions.routed()) {
      const { method, path } = action.contract;
      expect(t.app.hasRoute({ method: method!, url: path! }), action.contract.name).toBe(true);
    }
  });

  it('names each action once, feature by feature (`feature.verb`)', () => {
    const names = actions.map((action) => action.contract.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => !/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/.test(name))).toEqual([]);
  });
});
