/**
 * Declared actions (ADR 0021, DESIGN convention 4). Every route and every page read is one
 * declaration: its contract (name, method, path, input; common/actions), who may call it, its
 * rate limit, the schema its answer must match, whether it writes, and the use case it runs.
 * The runner (action-runner.ts) carries out the steps in one order for every action, whichever
 * door the call comes through (the JSON API, a page loader); the HTTP binding registers routes
 * from the declarations; the OpenAPI document, the authorization matrix, the ban coverage and the
 * limits test read them. A declaration holds no steps of its own: the rules it names live once,
 * here (gates, limits) or in `common/policies/can.ts` (roles and owners).
 */
import type { Readable } from 'node:stream';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Action, Resource } from '../../common/policies/can';
import type { AnyContract, OutputOf, ParsedInputOf } from '../../common/actions/contract';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import type { RateRule } from '../infra/rate-limiter';
import type { Caller } from './caller';
import type { WriteScope } from './events';

/** The site settings, as every feature reads them (the settings store's shape). */
export type SiteSettings = Awaited<ReturnType<AppContext['settings']['get']>>;

// ---------------------------------------------------------------------------------------------
// Who may call

/**
 * The gate every call passes first. `anyone`: no account needed. `member`: signed in (a ban does
 * not close it). `writer`: signed in and not banned. `verifiedWriter`: a writer with a verified
 * e-mail (moderators need none).
 */
export type Gate = 'anyone' | 'member' | 'writer' | 'verifiedWriter';

export interface Who {
  readonly gate: Gate;
  /** A rule of the shared table (`common/policies/can.ts`) the caller must pass, after the gate. */
  readonly can?: Action;
  /** `verifiedWriter` only while this setting asks for it (a writer otherwise). */
  readonly verifiedWhen?: (settings: SiteSettings) => boolean;
  /** The message a missing verification answers with (403, errorCode 4). */
  readonly verifyMessage?: string;
  /**
   * Why a banned member may still make this write (the ban coverage test reads it). Every
   * mutating action that a ban does not refuse says why; staff-only actions refuse by role.
   */
  readonly bannedMay?: string;
}

export const who = {
  /** No account needed. A write open to everyone says why a ban does not close it. */
  anyone: (bannedMay?: string): Who => ({ gate: 'anyone', bannedMay }),
  /** Signed in; a ban does not close it (one's inbox, one's account security): say why. */
  member: (bannedMay: string): Who => ({ gate: 'member', bannedMay }),
  /** Signed in, reading what is one's own (a ban closes no reading). */
  reader: (): Who => ({ gate: 'member', bannedMay: 'a read: a ban closes no reading' }),
  /** Signed in and not banned; `can`: a rule of the shared table besides. */
  writer: (options: { can?: Action; verifiedWhen?: (settings: SiteSettings) => boolean; verifyMessage?: string } = {}): Who => ({ gate: 'writer', ...options }),
  /** A writer with a verified e-mail (moderators need none). */
  verifiedWriter: (verifyMessage?: string): Who => ({ gate: 'verifiedWriter', verifyMessage }),
  /** The back office: a rule of the shared table decides by role (401 for nobody, 403 for others). */
  staff: (can: Action): Who => ({ gate: 'member', can }),
};

/**
 * What a feature asks of a moderator or admin before any action only staff may take (a `who.can`
 * rule no plain member passes): throws the refusal (403) when they may not yet. Features add
 * theirs to `ctx.staffChecks` in their setup (the second factor a site may require, issue 29).
 */
export type StaffCheck = (call: { db: Kysely<DB>; caller: Caller; settings: SiteSettings }) => Promise<void>;

/**
 * An item-level rule (an owner or a moderator): the target is loaded (inside the write's
 * transaction, locked), then the shared table decides on it.
 */
export interface TargetRule<I, T> {
  load(db: Kysely<DB>, input: I, caller: Caller, options: { lock: boolean }): Promise<T>;
  /** The rule of the shared table, and what of the target it judges. */
  can?: readonly [Action, (target: T) => Resource];
}

/**
 * A precondition checked after the gate and before the input (a module switched off answers 403
 * before any field error, a cross-site sign-in before its limit is spent): a named function of
 * the feature, given the raw input and the request's headers (empty for a page read).
 */
export type Guard = (
  ctx: AppContext,
  settings: SiteSettings,
  raw: Record<string, unknown>,
  request: { readonly headers: ReadCall<unknown, unknown>['headers'] },
) => void | Promise<void>;

// ---------------------------------------------------------------------------------------------
// Rate limits

/** Whose count a rule spends: the client's address, the member's id, or a key of the call's own. */
export type LimitKey = 'ip' | 'user' | ((call: { caller: Caller; input: unknown }) => string | null);

export interface LimitRule {
  readonly rule: RateRule | ((settings: SiteSettings) => RateRule);
  readonly key: LimitKey;
}

export interface Limit {
  readonly rules: readonly LimitRule[];
  /** Spent before the input is read (every attempt counts) or after it is valid (a 400 costs nothing). */
  readonly stage: 'beforeInput' | 'afterInput';
  /** Moderators and admins spend nothing (they post without an allowance). */
  readonly staffExempt: boolean;
  /** Refusals (HTTP statuses) that give the spent hits back: the poster's mistake, not a post. */
  readonly refundOn: readonly number[];
  /** On success: keep the hits, give them back (count failures only), or clear the count. */
  readonly onSuccess: 'keep' | 'release' | 'reset';
  /** Spent on page reads too (the search page); otherwise only API calls spend. */
  readonly onPages: boolean;
}

/** An action no rate rule limits, and why (the limits test requires the reason on writes). */
export interface Unlimited {
  readonly none: string;
}

type LimitOptions = Partial<Omit<Limit, 'rules'>>;

function limitOf(rules: LimitRule[], options: LimitOptions): Limit {
  return { rules, stage: 'afterInput', staffExempt: false, refundOn: [], onSuccess: 'keep', onPages: false, ...options };
}

export const limit = {
  /**
   * A posting allowance: one hit of the member's and of the address's counter of a family
   * (topics, comments…), given back when the write is refused with `refundOn`; staff are exempt.
   */
  allowance: (family: string, limits: (settings: SiteSettings) => { perUser: Omit<RateRule, 'name'>; perIp: Omit<RateRule, 'name'> }, refundOn: readonly number[]): Limit =>
    limitOf(
      [
        { rule: (s) => ({ name: `${family}:user`, ...limits(s).perUser }), key: 'user' },
        { rule: (s) => ({ name: `${family}:ip`, ...limits(s).perIp }), key: 'ip' },
      ],
      { staffExempt: true, refundOn },
    ),
  /** One rule per client address. */
  perIp: (rule: LimitRule['rule'], options: LimitOptions = {}): Limit => limitOf([{ rule, key: 'ip' }], options),
  /** One rule per member. */
  perUser: (rule: LimitRule['rule'], options: LimitOptions = {}): Limit => limitOf([{ rule, key: 'user' }], options),
  /** Several rules, spent in order (the first refusal stops, and gives back what was spent). */
  rules: (rules: LimitRule[], options: LimitOptions = {}): Limit => limitOf(rules, options),
  /** No rate rule, and why. */
  none: (reason: string): Unlimited => ({ none: reason }),
};

// ---------------------------------------------------------------------------------------------
// What a use case is handed

/** A read: the caller, the parsed input, the loaded target, the database. */
export interface ReadCall<I, T> {
  readonly ctx: AppContext;
  readonly caller: Caller;
  readonly input: I;
  readonly target: T;
  readonly db: Kysely<DB>;
  readonly settings: SiteSettings;
  /** Through which door: the JSON API, or a page loader. */
  readonly via: 'api' | 'page';
  /** The request's headers (conditional requests of files); empty for a page read. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** A multipart request's file part (uploads); absent for any other call. */
  readonly upload?: UploadSource;
  /**
   * The origin the request was addressed to (`https://host`, as Fastify reads it: behind a
   * trusted proxy, its forwarded protocol and host); absent for a page read. Only the installer
   * keeps it (the site's address when PUBLIC_URL is unset): every other absolute link is made
   * from the configured address (http/site-address.ts), never from what a request claims.
   */
  readonly requestedOrigin?: () => string;
}

/** The one file part of a multipart request, read whole within a size limit. */
export interface UploadSource {
  readonly isMultipart: boolean;
  /**
   * The part named by the contract's `upload` field: past `maxBytes` (else the transport's own
   * limit) it is 413 and never read whole; missing, empty or malformed, 400 naming the field.
   */
  read(limit?: { maxBytes: number; mb: number }): Promise<{ buffer: Buffer; filename: string | undefined }>;
}

/** A write: as a read, inside one transaction (`scope`, retried whole), its facts recorded there. */
export interface WriteCall<I, T, P = undefined> extends ReadCall<I, T> {
  readonly scope: WriteScope;
  /** What the declaration's `prepare` made before the transaction (undefined without one). */
  readonly prepared: P;
}

/** A document answered as it is (XML, text, a file): its body, type and headers. */
export interface MediaAnswer {
  readonly status?: number;
  readonly type?: string;
  readonly headers?: Readonly<Record<string, string | number>>;
  readonly body?: string | Buffer | Readable;
}

/** A live stream (Server-Sent Events): the binding hands it the raw response. */
export interface StreamAnswer {
  open(response: ServerResponse): void;
}

/** A JSON answer made ahead (a cached feed's envelope for nobody): sent as it is. */
export class Serialized<T> {
  /**
   * The envelope's JSON text, and (when the feed cache made one) that text gzip-compressed once
   * for every reader who takes gzip.
   */
  constructor(
    readonly json: string,
    readonly gzip?: Buffer,
  ) {}
  /** Only for the type: what `json`'s data is. */
  declare readonly _type?: T;
}

/**
 * An HTTP-only finishing step named by the declaration (set or clear the session cookie, mark an
 * answer personal): it gets the request and reply, and the answer to send.
 */
export type Responder<R, O> = (result: R, http: { request: FastifyRequest; reply: FastifyReply; ctx: AppContext }) => O | Promise<O>;

/** What the declaration promises the answer is: a schema (JSON), or a media document or stream. */
export type AnswerSchema<O> = z.ZodType<O> | { readonly media: string; readonly stream?: boolean };

// ---------------------------------------------------------------------------------------------
// The declaration

interface Common<C extends AnyContract, T> {
  readonly contract: C;
  readonly who: Who;
  readonly guards?: readonly Guard[];
  /** Reads may go unlimited without a word; every write names its limit or why it has none. */
  readonly limit?: Limit | Unlimited;
  readonly answer: AnswerSchema<OutputOf<C>>;
  readonly target?: TargetRule<ParsedInputOf<C>, T>;
  /** Reachable before install (the installer, the site configuration). */
  readonly beforeInstall?: boolean;
  /** Answers differ per reader: `Cache-Control: private, no-store`. */
  readonly personal?: boolean;
}

export interface ReadDeclaration<C extends AnyContract, T, R> extends Common<C, T> {
  readonly write: false;
  run(call: ReadCall<ParsedInputOf<C>, T>): Promise<R>;
  /** HTTP only: what is sent, made from the answer (a header, a cookie); checked against `answer`. */
  respond?: Responder<R, unknown>;
}

export interface WriteDeclaration<C extends AnyContract, T, R, P = undefined> extends Common<C, T> {
  readonly write: true;
  readonly limit: Limit | Unlimited;
  /**
   * Before the transaction, after the input: work that must not hold it open (an upload read and
   * decoded, a password hashed or checked); `run` gets what it made as `call.prepared`. A
   * transaction waits for nothing slow — on SQLite every other query waits with it — and a
   * retried one would find the request's body already read.
   */
  prepare?(call: ReadCall<ParsedInputOf<C>, undefined>): Promise<P>;
  /** Inside the transaction: the target (locked), the rules, the write. */
  run(call: WriteCall<ParsedInputOf<C>, T, P>): Promise<R>;
  /** After the commit: what the caller is answered, made from what was written. */
  present?(call: ReadCall<ParsedInputOf<C>, T>, written: R): Promise<unknown>;
  /** HTTP only: what is sent, made from the answer (set the session cookie…). */
  respond?: Responder<unknown, unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds declarations of every contract, target and answer type; each is checked where it is declared
export type AnyAction = ReadDeclaration<AnyContract, any, any> | WriteDeclaration<AnyContract, any, any, any>;

/** What a read may answer: the contract's value, its envelope made ahead, a document or a stream. */
export type ReadAnswer<C extends AnyContract> = OutputOf<C> | Serialized<OutputOf<C>> | MediaAnswer | StreamAnswer;

/**
 * The answer's type is the contract's, wherever it is made: by `run` when nothing follows it, by
 * `present` after the commit, or by `respond` at the door.
 */
type Answering<C extends AnyContract, T, R> =
  | { present(call: ReadCall<ParsedInputOf<C>, T>, written: R): Promise<OutputOf<C>>; respond?: Responder<OutputOf<C>, OutputOf<C>> }
  | { present?: undefined; respond: Responder<R, OutputOf<C>> }
  | ([R] extends [OutputOf<C>] ? { present?: undefined; respond?: undefined } : never);

/** A read (GET, or a read only the pages make). */
export function readAction<C extends AnyContract, T = undefined, R extends ReadAnswer<C> = ReadAnswer<C>>(
  contract: C,
  declaration: Omit<ReadDeclaration<C, T, R>, 'contract' | 'write' | 'respond'> & { respond?: Responder<R, OutputOf<C>> },
): ReadDeclaration<C, T, R> {
  return { ...declaration, contract, write: false } as ReadDeclaration<C, T, R>;
}

/** A write: one transaction through `runWrite`, its side effects handlers of the facts it records. */
export function writeAction<C extends AnyContract, T = undefined, R = OutputOf<C>, P = undefined>(
  contract: C,
  declaration: Omit<WriteDeclaration<C, T, R, P>, 'contract' | 'write' | 'present' | 'respond'> & Answering<C, T, R>,
): WriteDeclaration<C, T, R, P> {
  return { ...declaration, contract, write: true } as WriteDeclaration<C, T, R, P>;
}

export function isUnlimited(limit: Limit | Unlimited | undefined): limit is Unlimited | undefined {
  return !limit || 'none' in limit;
}
