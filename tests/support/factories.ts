/**
 * Small factories for tests that need users. Two ways in:
 *  - `createUser(t, {...})` writes the user straight through the repositories (fast: the default
 *    password's hash is computed once) and issues a session token: for tests ABOUT something else.
 *  - `signUp(t, ...)` / `signIn(t, ...)` go through the real HTTP routes: for tests of accounts.
 * Every call makes unique e-mails and nicknames, so one database can hold many.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '../../common/constants';
import { requireDb } from '../../server/context';
import type { UserRow } from '../../server/db/schema';
import { hashPassword } from '../../server/modules/auth/password';
import { issueToken } from '../../server/modules/auth/tokens.service';
import { findUserById, insertUser } from '../../server/modules/users/users.repository';
import { newUserValues } from '../../server/modules/users/users.service';
import type { CurrentUser } from '../../server/modules/users/users.presenter';
import type { TestApp } from './test-app';

export const DEFAULT_PASSWORD = 'correct horse 42';

let defaultHash: Promise<string> | null = null;
function hashFor(password: string): Promise<string> {
  if (password !== DEFAULT_PASSWORD) return hashPassword(password);
  defaultHash ??= hashPassword(DEFAULT_PASSWORD);
  return defaultHash;
}

/** A short unique suffix: letters and digits. */
export function uniq(): string {
  return randomBytes(4).toString('hex');
}

export function uniqueEmail(label = 'user'): string {
  return `${label}.${uniq()}@example.com`;
}

export interface CreateUserOptions {
  role?: Role;
  /** E-mail verified (default true: most features need a verified writer). */
  verified?: boolean;
  /** true = banned for 7 days from the app clock, -1 = forever, a number = ban end (epoch ms). */
  banned?: boolean | number;
  /** Default DEFAULT_PASSWORD; null = an account without a password. */
  password?: string | null;
  username?: string | null;
  /** Default a unique address; null = no e-mail. */
  email?: string | null;
  nickname?: string;
}

export interface CreatedUser {
  user: UserRow;
  /** A valid session token (send as `token` in request options). */
  token: string;
  password: string | null;
  email: string | null;
}

/** Inserts a user directly (no HTTP) and issues a token for them. */
export async function createUser(t: TestApp, options: CreateUserOptions = {}): Promise<CreatedUser> {
  const db = requireDb(t.ctx);
  const now = t.ctx.clock.now();
  const password = options.password === undefined ? DEFAULT_PASSWORD : options.password;
  const email = options.email === undefined ? uniqueEmail(options.role ?? 'member') : options.email;
  const banned = options.banned;
  const forbiddenUntil = banned === true ? now + 7 * 86_400_000 : typeof banned === 'number' ? banned : 0;
  const id = await insertUser(
    db,
    newUserValues(
      {
        nickname: options.nickname ?? `User ${uniq()}`,
        username: options.username ?? null,
        email: email ? email.toLowerCase() : null,
        email_verified: options.verified === false || !email ? 0 : 1,
        password_hash: password === null ? null : await hashFor(password),
        role: options.role ?? 'member',
        forbidden_until: forbiddenUntil,
        // Seen just now, as a member who just signed in: their first request within the hour
        // notes no visit (a query-count test measures the request, not that once-an-hour write).
        last_seen_time: now,
      },
      now,
    ),
  );
  const user = await findUserById(db, id);
  if (!user) throw new Error('createUser: row not found after insert');
  const { token } = await issueToken(db, id, { now, expireDays: 30, userAgent: 'factories', ip: '127.0.0.1' });
  return { user, token, password, email: user.email };
}

/** Several users at once, by name: `createUsers(t, { member: {}, moderator: { role: 'moderator' } })`. */
export async function createUsers<K extends string>(t: TestApp, specs: Record<K, CreateUserOptions>): Promise<Record<K, CreatedUser>> {
  const users = {} as Record<K, CreatedUser>;
  for (const name of Object.keys(specs) as K[]) users[name] = await createUser(t, specs[name]);
  return users;
}

export interface SessionAnswer {
  user: CurrentUser;
  token: string;
  redirect: string;
}

export interface SignUpFields {
  nickname?: string;
  email?: string;
  password?: string;
  rePassword?: string;
  redirect?: string;
}

/** Signs up through POST /api/login/signup; throws unless it succeeds. */
export async function signUp(t: TestApp, overrides: SignUpFields = {}, options: { remoteAddress?: string } = {}): Promise<SessionAnswer & { password: string; email: string }> {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const fields = {
    nickname: overrides.nickname ?? `Newcomer ${uniq()}`,
    email: overrides.email ?? uniqueEmail('signup'),
    password,
    rePassword: overrides.rePassword ?? password,
    ...(overrides.redirect !== undefined ? { redirect: overrides.redirect } : {}),
  };
  const res = await t.post<SessionAnswer>('/api/login/signup', fields, { remoteAddress: options.remoteAddress ?? randomIp() });
  if (res.status !== 200 || !res.body.data) throw new Error(`signUp failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...res.body.data, password, email: fields.email.toLowerCase() };
}

/** Signs in through POST /api/login/signin (username or e-mail); throws unless it succeeds. */
export async function signIn(t: TestApp, username: string, password: string = DEFAULT_PASSWORD, options: { remoteAddress?: string } = {}): Promise<SessionAnswer> {
  const res = await t.post<SessionAnswer>('/api/login/signin', { username, password }, { remoteAddress: options.remoteAddress ?? randomIp() });
  if (res.status !== 200 || !res.body.data) throw new Error(`signIn failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A random private IPv4 address, so per-IP rate limits of one test do not touch another's. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** Topics (issue 4): see topic-factories.ts. */
export { createTopic, postTopic, type TopicFields } from './topic-factories';

/** Comments (issue 6): see comment-factories.ts. */
export { createComment, type CommentFields } from './comment-factories';
