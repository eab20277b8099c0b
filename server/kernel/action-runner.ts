/**
 * Carries out a declared action (actions.ts), the same steps in the same order whichever door
 * the call came through — the JSON API (http/actions-http.ts) or a page loader (`context.read`):
 *
 *   1. the database (428 before install, unless the action is the installer's)
 *   2. who: the gate (401, 403 banned, 403 unverified), then the role rule of the shared table;
 *      on a staff-only rule, what features ask of staff (`ctx.staffChecks`: a second factor);
 *      a call that is not a GET from a banned address (IP bans): 403
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
import { parseInput, parseScreened } from './input';
import { authorize, isModerator, requireVerifiedWriter, requireWriter } from '../policy/permissions';
import { can as sharedCan } from '../../common/policies/can';
import type { AnyAction, Limit, LimitRule, ReadCall, ReadDeclaration, SiteSettings, Who, WriteDeclaration } from './actions';
import type { Database } from '../db/database';
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
  /** The request's text was screened for unsafe characters already (the HTTP text guard). */
  screened?: boolean;
  /** The origin the request was addressed to (HTTP only). */
  requestedOrigin?: () => string;
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
  // RATE_LIMITS=off (load tests): nothing is counted, so no key is made either.
  if (!ctx.limiter.enabled) return;
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
/** What the runner reads of a contract's input once: its path parameters, and whether it takes no field at all. */
interface InputShape {
  names: readonly string[];
  empty: boolean;
}

const INPUT_SHAPES = new WeakMap<AnyContract, InputShape>();

function inputShapeOf(contract: AnyContract): InputShape {
  let shape = INPUT_SHAPES.get(contract);
  if (!shape) {
    const object = contract.input as unknown as Partial<ZodObject>;
    const fields = object.shape as Record<string, unknown> | undefined;
    // A plain object of no field (not a strict one, which refuses extra keys): any object parses to {}.
    const plain = object._zod?.def.catchall === undefined;
    shape = { names: contract.path ? pathParams(contract.path) : [], empty: fields !== undefined && Object.keys(fields).length === 0 && plain };
    INPUT_SHAPES.set(contract, shape);
  }
  return shape;
}

/**
 * `screened`: the text guard already refused unsafe text in the request's path, query and body
 * (http/validate.ts, every HTTP request): it is not scanned twice. A page's input is scanned here.
 */
export function parseActionInput(contract: AnyContract, params: Record<string, unknown>, fields: unknown, screened = false): unknown {
  const { names, empty } = inputShapeOf(contract);
  // An input of no field takes any object (its keys are dropped, as zod's object would): no parse.
  if (empty && screened && (fields === undefined || fields === null || isRecord(fields))) return {};
  const merged = names.length === 0 && Object.keys(params).length === 0 ? (fields ?? {}) : { ...(isRecord(fields) ? fields : {}), ...params };
  if (names.length > 0) {
    const shape = (contract.input as unknown as ZodObject).shape as Record<string, ZodType> | undefined;
    for (const name of names) {
      const field = shape?.[name];
      const value = (merged as Record<string, unknown>)[name];
      if (!field || !field.safeParse(value).success) throw errors.notFound(contract.notFound);
    }
  }
  return screened ? parseScreened(contract.input, merged) : parseInput(contract.input, merged);
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

/**
 * Runs the action's steps; the answer before any HTTP finishing step (`respond`). Written for the
 * common case, which runs on every request: a read with nothing to count makes no promise of its
 * own (the settings at hand, no limit to settle), only the use case's.
 */
export function performAction(ctx: AppContext, action: AnyAction, request: ActionRequest): Promise<unknown> {
  try {
    const db = action.beforeInstall ? ctx.state.db : requireDb(ctx);
    const installedDb = ctx.state.installed ? db : null;
    const settings = ctx.settings.peek(installedDb);
    if (settings) return performWith(ctx, action, request, db, settings);
    return ctx.settings.get(installedDb).then((read) => performWith(ctx, action, request, db, read));
  } catch (error) {
    // A refusal before any promise (who, the input) is the promise's, as for every other step.
    return Promise.reject(error);
  }
}

function performWith(ctx: AppContext, action: AnyAction, request: ActionRequest, db: Database | null, settings: SiteSettings): Promise<unknown> {
  checkWho(action.who, request.caller, settings);
  if (db && ctx.staffChecks.length > 0 && isStaffOnly(action.who)) {
    const call = { db, caller: request.caller, settings };
    return ctx.staffChecks.reduce<Promise<void>>((previous, check) => previous.then(() => check(call)), Promise.resolve()).then(() => performAfterStaff(ctx, action, request, db, settings));
  }
  return performAfterStaff(ctx, action, request, db, settings);
}

/** A rule no plain member passes (the back office, moderation): what `ctx.staffChecks` guard. */
function isStaffOnly(who: Who): boolean {
  return who.can !== undefined && !sharedCan({ id: 0, role: 'member' }, who.can);
}

function performAfterStaff(ctx: AppContext, action: AnyAction, request: ActionRequest, db: Database | null, settings: SiteSettings): Promise<unknown> {
  // A banned address (IP and network bans, issue 28) makes no write: every call but a GET is
  // refused, signing up and in among them; reading stays open (ADR 0027).
  if (db && ctx.state.installed && action.contract.method !== 'GET' && request.via === 'api') {
    return ctx.ipBans.banOf(db, request.caller.origin.ip, request.caller.now).then((ban) => {
      if (ban !== null) throw errors.forbidden('defences.ipBanned');
      return performChecked(ctx, action, request, db, settings);
    });
  }
  return performChecked(ctx, action, request, db, settings);
}

/** The steps after who and the address: guards, limits, the input, the use case. */
function performChecked(ctx: AppContext, action: AnyAction, request: ActionRequest, db: Database | null, settings: SiteSettings): Promise<unknown> {
  const limit = limitOf(action, request.via);
  if (!action.guards && !limit) {
    const input = parseActionInput(action.contract, request.params, request.fields, request.screened === true);
    return action.write ? performWrite(ctx, action, request, input, settings) : performRead(ctx, action, request, input, settings, db);
  }
  return performGuardedAndLimited(ctx, action, request, db, settings, limit);
}

/** The steps around the use case when there are guards to pass or a limit to spend and settle. */
async function performGuardedAndLimited(ctx: AppContext, action: AnyAction, request: ActionRequest, db: Database | null, settings: SiteSettings, limit: Limit | null): Promise<unknown> {
  const { caller } = request;
  if (action.guards) {
    const raw = isRecord(request.fields) ? request.fields : {};
    const seen = { headers: request.headers ?? NO_HEADERS };
    for (const guard of action.guards) await guard(ctx, settings, raw, seen);
  }
  const spent: Spent = [];
  if (limit?.stage === 'beforeInput') await spend(ctx, limit, caller, request.fields, settings, spent);
  try {
    const input = parseActionInput(action.contract, request.params, request.fields, request.screened === true);
    if (limit?.stage === 'afterInput') await spend(ctx, limit, caller, input, settings, spent);
    const value = action.write ? await performWrite(ctx, action, request, input, settings) : await performRead(ctx, action, request, input, settings, db);
    if (spent.length > 0) await settle(ctx, limit, spent, { ok: true });
    return value;
  } catch (error) {
    if (spent.length > 0) await settle(ctx, limit, spent, { ok: false, error });
    throw error;
  }
}

/** A page read carries no request headers. */
const NO_HEADERS: ReadCall<unknown, unknown>['headers'] = Object.freeze({});

/** What every call of a request hands its use case, besides the database and the target. */
function callOf(ctx: AppContext, request: ActionRequest, input: unknown, settings: SiteSettings) {
  const { caller, via, headers = NO_HEADERS, upload, requestedOrigin } = request;
  return { ctx, caller, input, settings, via, headers, upload, requestedOrigin };
}

function performRead(ctx: AppContext, action: ReadDeclaration<AnyContract, unknown, unknown>, request: ActionRequest, input: unknown, settings: SiteSettings, db: Database | null): Promise<unknown> {
  const { caller, via, headers = NO_HEADERS, upload, requestedOrigin } = request;
  if (db && action.target) return loadTarget(action, db, input, caller, false).then((target) => action.run({ ctx, caller, input, settings, via, headers, upload, requestedOrigin, db, target }));
  if (db) return action.run({ ctx, caller, input, settings, via, headers, upload, requestedOrigin, db, target: undefined });
  // Before install (the installer's own reads) there is no database: asking for it is 428.
  const call = { ctx, caller, input, settings, via, headers, upload, requestedOrigin, target: undefined } as Omit<ReadCall<unknown, unknown>, 'db'>;
  return action.run(Object.defineProperty(call, 'db', { get: () => requireDb(ctx), enumerable: true }) as ReadCall<unknown, unknown>);
}

async function performWrite(ctx: AppContext, action: WriteDeclaration<AnyContract, unknown, unknown, unknown>, request: ActionRequest, input: unknown, settings: SiteSettings): Promise<unknown> {
  const base = callOf(ctx, request, input, settings);
  // A write's slow work (an upload read and decoded, a password hashed) is done before its transaction opens.
  const prepared: unknown = action.prepare ? await action.prepare({ ...base, db: requireDb(ctx), target: undefined }) : undefined;
  const { target, written } = await runWrite(
    ctx,
    async (scope) => {
      const target = await loadTarget(action, scope.db, input, request.caller, true);
      return { target, written: await action.run({ ...base, db: scope.db, target, scope, prepared }) };
    },
    { now: request.caller.now },
  );
  return action.present ? action.present({ ...base, db: requireDb(ctx), target }, written) : written;
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
