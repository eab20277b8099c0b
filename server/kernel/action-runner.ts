/**
 * Carries out a declared action (actions.ts), the same steps in the same order whichever door
 * the call came through — the JSON API (http/actions-http.ts) or a page loader (`context.read`):
 *
 *   1. the database (428 before install, unless the action is the installer's)
 *   2. who: the gate (401, 403 banned, 403 unverified), then the role rule of the shared table
 *   3. guards: a module switched off answers 403 before any field error
 *   4. limits spent before the input (every attempt counts)
 *   5. the input: a path parameter naming nothing is 404, a bad field 400 naming it
 *   6. limits spent after the input (a 400 costs nothing)
 *   7. a write's `prepare`, before its transaction (an upload read and decoded)
 *   8. the target loaded (locked, inside the transaction, for a write), its rule (403)
 *   9. the use case: in one transaction through `runWrite` for a write; then `present`
 *  10. limits given back on a refusal the declaration names, or on success (count failures only)
 *  11. under test, the answer checked against the declared schema: a drifting answer fails
 */
import type { ZodObject, ZodType } from 'zod';
import { pathParams, type AnyContract } from '../../common/actions/contract';
import { requireDb, type AppContext } from '../context';
import { AppError, errors } from '../infra/errors';
import { clientKey, type RateRule } from '../infra/rate-limiter';
import { parseInput } from './input';
import { authorize, isModerator, requireVerifiedWriter, requireWriter } from '../policy/permissions';
import type { AnyAction, Limit, LimitRule, ReadCall, SiteSettings, Who } from './actions';
import { isUnlimited, Serialized } from './actions';
import type { Caller } from './caller';
import { runWrite } from './write';

/** A call as a door hands it over. */
export interface ActionRequest {
  caller: Caller;
  /** Path parameters (HTTP), kept apart: one that names nothing is a 404, not a field error. */
  params: Record<string, unknown>;
  /** The query of a GET, the body of a POST, or a page loader's input (its params among them). */
  fields: unknown;
  via: 'api' | 'page';
  headers?: ReadCall<unknown, unknown>['headers'];
  /** A multipart request's file part reader (HTTP only). */
  upload?: ReadCall<unknown, unknown>['upload'];
  /** The origin the request was addressed to (HTTP only). */
  requestedOrigin?: string;
}

/** The gate, then the role rule: 401, 403 (errorCode 3 banned, 4 unverified, 2 by role). */
export function checkWho(who: Who, caller: Caller, settings: SiteSettings): void {
  const user = caller.viewer;
  switch (who.gate) {
    case 'anyone':
      break;
    case 'member':
      if (!user) throw errors.notSignedIn();
      break;
    case 'writer':
      if (who.verifiedWhen?.(settings)) requireVerifiedWriter(user, caller.now, who.verifyMessage);
      else requireWriter(user, caller.now);
      break;
    case 'verifiedWriter':
      requireVerifiedWriter(user, caller.now, who.verifyMessage);
      break;
  }
  if (who.can) authorize(user, who.can);
}

function ruleOf(rule: LimitRule['rule'], settings: SiteSettings): RateRule {
  return typeof rule === 'function' ? rule(settings) : rule;
}

function keyOf(rule: LimitRule, caller: Caller, input: unknown): string | null {
  if (rule.key === 'ip') return clientKey(caller.origin.ip);
  if (rule.key === 'user') return caller.viewer ? String(caller.viewer.id) : null;
  return rule.key({ caller, input });
}

/** The hits a call has spent, to give back on a refusal or a success. */
type Spent = Array<{ rule: RateRule; key: string }>;

async function spend(ctx: AppContext, limit: Limit, caller: Caller, input: unknown, settings: SiteSettings, spent: Spent): Promise<void> {
  if (limit.staffExempt && caller.viewer && isModerator(caller.viewer)) return;
  for (const entry of limit.rules) {
    const key = keyOf(entry, caller, input);
    if (key === null) continue;
    const rule = ruleOf(entry.rule, settings);
    try {
      await ctx.limiter.consume(rule, key);
    } catch (error) {
      // A later rule refusing gives back what the earlier ones took: a refused call costs nothing.
      await giveBack(ctx, spent);
      spent.length = 0;
      throw error;
    }
    spent.push({ rule, key });
  }
}

async function giveBack(ctx: AppContext, spent: Spent): Promise<void> {
  for (const { rule, key } of spent) await ctx.limiter.release(rule, key);
}

async function settle(ctx: AppContext, limit: Limit | null, spent: Spent, outcome: { ok: true } | { ok: false; error: unknown }): Promise<void> {
  if (!limit || spent.length === 0) return;
  if (outcome.ok) {
    if (limit.onSuccess === 'release') await giveBack(ctx, spent);
    if (limit.onSuccess === 'reset') for (const { rule, key } of spent) await ctx.limiter.reset(rule, key);
    return;
  }
  const { error } = outcome;
  if (error instanceof AppError && limit.refundOn.includes(error.status)) await giveBack(ctx, spent);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The input: each path parameter checked first (one that names nothing is 404 with the
 * contract's message), then every field with the contract's schema (400 naming each bad one).
 */
export function parseActionInput(contract: AnyContract, params: Record<string, unknown>, fields: unknown): unknown {
  const names = contract.path ? pathParams(contract.path) : [];
  const merged = names.length === 0 && Object.keys(params).length === 0 ? (fields ?? {}) : { ...(isRecord(fields) ? fields : {}), ...params };
  if (names.length > 0) {
    const shape = (contract.input as unknown as ZodObject).shape as Record<string, ZodType> | undefined;
    for (const name of names) {
      const field = shape?.[name];
      const value = (merged as Record<string, unknown>)[name];
      if (!field || !field.safeParse(value).success) throw errors.notFound(contract.notFound);
    }
  }
  return parseInput(contract.input, merged);
}

function limitOf(action: AnyAction, via: 'api' | 'page'): Limit | null {
  const limit = action.limit;
  if (isUnlimited(limit)) return null;
  return via === 'api' || limit.onPages ? limit : null;
}

/** Under test: the answer must be what the declaration says, field for field. */
function checkAnswer(ctx: AppContext, action: AnyAction, value: unknown): void {
  if (!ctx.config.checkAnswers) return;
  const answer = action.answer;
  if (!('safeParse' in answer)) return;
  const data = value instanceof Serialized ? (JSON.parse(value.json) as { data: unknown }).data : value;
  const result = (answer as ZodType).safeParse(data);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`).join('; ');
    throw new Error(`${action.contract.name} answered outside its declared schema: ${issues}`);
  }
}

/** Runs the action's steps; the answer before any HTTP finishing step (`respond`). */
export async function performAction(ctx: AppContext, action: AnyAction, request: ActionRequest): Promise<unknown> {
  const db = action.beforeInstall ? ctx.state.db : requireDb(ctx);
  const settings = await ctx.settings.get(ctx.state.installed ? db : null);
  const { caller, via } = request;
  checkWho(action.who, caller, settings);
  for (const guard of action.guards ?? []) await guard(ctx, settings, isRecord(request.fields) ? request.fields : {}, { headers: request.headers ?? {} });
  const limit = limitOf(action, via);
  const spent: Spent = [];
  if (limit?.stage === 'beforeInput') await spend(ctx, limit, caller, request.fields, settings, spent);
  try {
    const input = parseActionInput(action.contract, request.params, request.fields);
    if (limit?.stage === 'afterInput') await spend(ctx, limit, caller, input, settings, spent);
    const base = { ctx, caller, input, settings, via, headers: request.headers ?? {}, upload: request.upload, requestedOrigin: request.requestedOrigin };
    let value: unknown;
    if (action.write) {
      // A write's slow work (an upload read and decoded, a password hashed) is done before its transaction opens.
      const prepared: unknown = action.prepare ? await action.prepare({ ...base, db: requireDb(ctx), target: undefined }) : undefined;
      const { target, written } = await runWrite(
        ctx,
        async (scope) => {
          const target = await loadTarget(action, scope.db, input, caller, true);
          return { target, written: await action.run({ ...base, db: scope.db, target, scope, prepared }) };
        },
        { now: caller.now },
      );
      value = action.present ? await action.present({ ...base, db: requireDb(ctx), target }, written) : written;
    } else {
      const target = db ? await loadTarget(action, db, input, caller, false) : undefined;
      // Before install (the installer's own reads) there is no database: asking for it is 428.
      const call: ReadCall<unknown, unknown> = db ? { ...base, db, target } : Object.defineProperty({ ...base, target } as ReadCall<unknown, unknown>, 'db', { get: () => requireDb(ctx) });
      value = await action.run(call);
    }
    await settle(ctx, limit, spent, { ok: true });
    return value;
  } catch (error) {
    await settle(ctx, limit, spent, { ok: false, error });
    throw error;
  }
}

async function loadTarget(action: AnyAction, db: ReadCall<unknown, unknown>['db'], input: unknown, caller: Caller, lock: boolean): Promise<unknown> {
  if (!action.target) return undefined;
  const target = await action.target.load(db, input, caller, { lock });
  if (action.target.can) {
    const [rule, resource] = action.target.can;
    authorize(caller.viewer, rule, resource(target));
  }
  return target;
}

/** The answer checked (under test) — the runner's last step, after any HTTP finishing step. */
export function answered(ctx: AppContext, action: AnyAction, value: unknown): unknown {
  checkAnswer(ctx, action, value);
  return value;
}
